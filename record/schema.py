"""The tables at the newest revision (``record/migrations/versions``), for the queries.

The migrations create and change the tables; this module only describes what they built, and
``tests/record/test_migrations.py`` checks that the two agree. A later issue adds a table here
and a migration beside the others. Times are naive UTC datetimes; payloads are JSON text.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

# Alembic's own table under a name of ours, so a database shared with another Alembic user
# (JupyterHub's keeps "alembic_version") never mixes the two histories.
VERSION_TABLE = "record_version"

metadata = MetaData()

# SQLite gives a rowid alias only to a column declared exactly INTEGER PRIMARY KEY.
_Id = BigInteger().with_variant(Integer(), "sqlite")

learners = Table(
    "learners",
    metadata,
    Column("id", _Id, primary_key=True, autoincrement=True),
    Column("code_hash", String(64), nullable=False, unique=True),  # scrypt of the resume code
    Column("nickname", String(24), nullable=True),
    Column("created_at", DateTime(), nullable=False),
    Column("seen_at", DateTime(), nullable=False),  # expiry counts from here
    Index("ix_learners_seen_at", "seen_at"),
)

# The browser keys of each learner, one row a device (sha256 of the key; the key itself is
# handed out once). A learner has at most record.store.KEYS_PER_LEARNER of them.
learner_keys = Table(
    "learner_keys",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("learner_id", _Id, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", DateTime(), nullable=False),
    Column("seen_at", DateTime(), nullable=False),  # which key to drop past the cap
    Index("ix_learner_keys_learner_id", "learner_id"),
)

# The append-only history of a learner's lessons: one row a check, hint, note or step.
events = Table(
    "events",
    metadata,
    Column("id", _Id, primary_key=True, autoincrement=True),
    Column("learner_id", _Id, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    Column("lesson", String(120), nullable=False),
    Column("item", String(120), nullable=False),
    Column("kind", String(24), nullable=False),
    Column("payload", Text(), nullable=False),
    Column("at", DateTime(), nullable=False),
    Index("ix_events_learner_lesson", "learner_id", "lesson", "id"),
)

# The latest save of each game table a learner plays: a reload resumes there.
saves = Table(
    "saves",
    metadata,
    Column(
        "learner_id",
        _Id,
        ForeignKey("learners.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("lesson", String(120), primary_key=True),
    Column("game_table", String(120), primary_key=True),
    Column("text", Text(), nullable=False),
    Column("at", DateTime(), nullable=False),
)

# Failed resume-code guesses, one row each, counted per client over a sliding window and
# pruned once older than it; kept in the database so that every process sees the same count.
guesses = Table(
    "guesses",
    metadata,
    Column("id", _Id, primary_key=True, autoincrement=True),
    Column("client_hash", String(64), nullable=False),
    Column("at", DateTime(), nullable=False),
    Index("ix_guesses_client_at", "client_hash", "at"),
)
