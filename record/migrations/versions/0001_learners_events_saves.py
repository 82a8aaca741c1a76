"""Learners, their events and saves, and failed resume-code guesses (issue #24).

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", _Id, primary_key=True, autoincrement=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("nickname", sa.String(24), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("seen_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_learners_seen_at", "learners", ["seen_at"])
    op.create_table(
        "events",
        sa.Column("id", _Id, primary_key=True, autoincrement=True),
        sa.Column(
            "learner_id",
            _Id,
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("lesson", sa.String(120), nullable=False),
        sa.Column("item", sa.String(120), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_events_learner_lesson", "events", ["learner_id", "lesson", "id"])
    op.create_table(
        "saves",
        sa.Column(
            "learner_id",
            _Id,
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("lesson", sa.String(120), primary_key=True),
        sa.Column("game_table", sa.String(120), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "guesses",
        sa.Column("id", _Id, primary_key=True, autoincrement=True),
        sa.Column("client_hash", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_guesses_client_at", "guesses", ["client_hash", "at"])


def downgrade() -> None:
    op.drop_table("guesses")
    op.drop_table("saves")
    op.drop_index("ix_events_learner_lesson", "events")
    op.drop_table("events")
    op.drop_index("ix_learners_seen_at", "learners")
    op.drop_table("learners")
