"""The learner's record and class play: what learners did, kept behind one small API.

A layer beside ``gamelib``: it knows no game rule, no widget and no language (it returns codes
and data; the widgets word them). No name, e-mail or address is stored: a learner is a random
key in each of their browsers and a resume code on paper, all kept only as hashes, with an
optional nickname. Records expire a year after a learner was last seen; a learner can take a copy
(export), bring it back (import) and be forgotten. ``docs/record.md`` says what is stored where.
"""

from record.errors import CODES, RecordError
from record.store import Event, Learner, Store, default_data_dir, open_store

__all__ = [
    "CODES",
    "Event",
    "Learner",
    "RecordError",
    "Store",
    "default_data_dir",
    "open_store",
]
