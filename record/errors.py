"""The one error of the record layer: a code and plain values, never a sentence.

The record layer knows no language (like ``gamelib``'s ``IllegalAction``): the widgets turn a
code into words in the learner's language, and tests compare codes.
"""

from __future__ import annotations

from typing import Any

# Every code a RecordError can carry, so that a widget's catalog can be checked against it.
CODES = (
    "record.not_found",  # no such learner (a forgotten or expired one included)
    "record.throttled",  # too many failed resume-code guesses from this client: retry_after=s
    "record.nickname_invalid",  # reason=length|character
    "record.invalid",  # a field of the wrong type or shape: field=, reason=
    "record.too_large",  # field=, size=, limit=
    "record.corrupt",  # an import that is not a well-formed record file: reason=, at=
    "record.foreign",  # an import that is some other kind of file
    "record.future_version",  # an import written by a newer version of this code: version=
    "record.db_newer",  # the database's schema is newer than this code knows: revision=
    "record.backend_unsupported",  # a URL for a database other than SQLite or PostgreSQL
    "record.unavailable",  # the database could not be reached or written after bounded retries
)


class RecordError(Exception):
    """A refusal or failure of the record store: ``code`` (one of :data:`CODES`) and the plain
    values (``details``) a message needs."""

    def __init__(self, code: str, **details: Any) -> None:
        assert code in CODES, code
        super().__init__(code, details)
        self.code = code
        self.details = details

    def __str__(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in sorted(self.details.items()))
        return f"{self.code}({values})"
