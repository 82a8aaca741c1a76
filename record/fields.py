"""What one event or save may hold: checked before anything is written.

The limits keep one learner's record small and the database safe from a page that writes too
much: a real check's payload is a few hundred bytes and a real game's save 8-12 KB
(``widgets/session.py``), far under the limits here.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

from record.errors import RecordError

NAME_MAX = 120  # a lesson, an item, a game table
KIND = re.compile(r"[a-z_]{1,24}")  # attempt, shown, hint, note, step, new_question, ...
PAYLOAD_MAX = 16 * 1024  # bytes of UTF-8 JSON
SAVE_MAX = 512 * 1024  # bytes of UTF-8 text


def name(field: str, value: object) -> str:
    """A lesson, item or table name: 1-120 printable characters."""
    if not isinstance(value, str) or not value or not value.isprintable():
        raise RecordError("record.invalid", field=field, reason="text")
    if len(value) > NAME_MAX:
        raise RecordError("record.too_large", field=field, size=len(value), limit=NAME_MAX)
    return value


def kind(value: object) -> str:
    if not isinstance(value, str) or not KIND.fullmatch(value):
        raise RecordError("record.invalid", field="kind", reason="pattern")
    return value


def payload_text(payload: object) -> str:
    """The payload as the canonical JSON text stored (sorted keys, so equal dicts store equal
    text and an import can tell an event it already has)."""
    if not isinstance(payload, dict):
        raise RecordError("record.invalid", field="payload", reason="type")
    try:
        text = json.dumps(
            payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False
        )
    except (TypeError, ValueError, RecursionError):
        raise RecordError("record.invalid", field="payload", reason="json") from None
    size = len(text.encode("utf-8"))
    if size > PAYLOAD_MAX:
        raise RecordError("record.too_large", field="payload", size=size, limit=PAYLOAD_MAX)
    return text


def save_text(value: object) -> str:
    if not isinstance(value, str):
        raise RecordError("record.invalid", field="text", reason="type")
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > SAVE_MAX:
        raise RecordError("record.too_large", field="text", size=size, limit=SAVE_MAX)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError("record.invalid", field="text", reason="text") from None
    return value


def moment(value: object, field: str = "at") -> datetime:
    """A time as stored: naive UTC (a naive input is taken as UTC already)."""
    if not isinstance(value, datetime):
        raise RecordError("record.invalid", field=field, reason="type")
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value


def aware(value: datetime) -> datetime:
    """A stored time handed back: aware, in UTC."""
    return value.replace(tzinfo=UTC)


def iso(value: datetime) -> str:
    return aware(value).isoformat(timespec="microseconds")


def payload_from(text: str) -> dict[str, Any]:
    return json.loads(text)
