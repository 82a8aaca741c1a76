"""The learner's record and class play: what learners did, kept behind one small API.

A layer beside ``gamelib``: it knows no game rule, no widget and no language (it returns codes
and data; the widgets word them). No name, e-mail or address is stored: a learner is a random
key in each of their browsers and a resume code on paper, all kept only as hashes, with an
optional nickname. Records expire a year after a learner was last seen; a learner can take a copy
(export), bring it back (import) and be forgotten. ``docs/record.md`` says what is stored where.
"""

from typing import Any

from record.errors import CODES, RecordError

_STORE_NAMES = ("Event", "Learner", "Store", "default_data_dir", "open_store")


def __getattr__(name: str) -> Any:
    """The store's names, imported when first asked for: ``record.errors`` and
    ``record.writer`` must import without SQLAlchemy (a browser's Python has none)."""
    if name in _STORE_NAMES:
        from record import store

        return getattr(store, name)
    raise AttributeError(f"module 'record' has no attribute {name!r}")


__all__ = [
    "CODES",
    "Event",
    "Learner",
    "RecordError",
    "Store",
    "default_data_dir",
    "open_store",
]
