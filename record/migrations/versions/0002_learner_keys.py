"""A learner may have several browser keys: learner_keys, one row a key (resume on another device).

Every learner's one key moves from ``learners.key_hash`` into ``learner_keys`` (seen when the
learner was), then the column is dropped. SQLite cannot drop a UNIQUE column in place, so
``learners`` is rebuilt in batch mode; ``record.migrate.upgrade`` turns SQLite's foreign keys
off around the migration so that rebuilding it does not cascade into the rows that refer to it.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

import hashlib
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

# The two tables as this step reads and writes them (not record.schema: that is the head's).
_learners = sa.table(
    "learners",
    sa.column("id", _Id),
    sa.column("key_hash", sa.String(64)),
    sa.column("created_at", sa.DateTime()),
    sa.column("seen_at", sa.DateTime()),
)
_keys = sa.table(
    "learner_keys",
    sa.column("key_hash", sa.String(64)),
    sa.column("learner_id", _Id),
    sa.column("created_at", sa.DateTime()),
    sa.column("seen_at", sa.DateTime()),
)


def upgrade() -> None:
    op.create_table(
        "learner_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column(
            "learner_id",
            _Id,
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("seen_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_learner_keys_learner_id", "learner_keys", ["learner_id"])
    columns = ["key_hash", "learner_id", "created_at", "seen_at"]
    op.execute(
        _keys.insert().from_select(
            columns,
            sa.select(
                _learners.c.key_hash,
                _learners.c.id,
                _learners.c.created_at,
                _learners.c.seen_at,
            ),
        )
    )
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("key_hash")


def downgrade() -> None:
    """Back to one key a learner: the most recently seen one is kept, the others stop working
    (a learner left with no key gets a hash no key has, so only the code finds them)."""
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("key_hash", sa.String(64), nullable=True))
    conn = op.get_bind()
    kept: dict[int, str] = {}
    rows = conn.execute(
        sa.select(_keys.c.learner_id, _keys.c.key_hash).order_by(
            _keys.c.learner_id, _keys.c.seen_at, _keys.c.created_at
        )
    )
    for learner_id, key_hash in rows:
        kept[learner_id] = key_hash  # the last of each learner's is their newest
    for (learner_id,) in conn.execute(sa.select(_learners.c.id)).all():
        digest = kept.get(learner_id) or hashlib.sha256(secrets.token_bytes(32)).hexdigest()
        conn.execute(_learners.update().where(_learners.c.id == learner_id).values(key_hash=digest))
    with op.batch_alter_table("learners") as batch:
        batch.alter_column("key_hash", existing_type=sa.String(64), nullable=False)
        batch.create_unique_constraint("uq_learners_key_hash", ["key_hash"])
    op.drop_index("ix_learner_keys_learner_id", "learner_keys")
    op.drop_table("learner_keys")
