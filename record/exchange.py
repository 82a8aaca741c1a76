"""A learner's record as a file they can keep, and the strict check of one coming back.

The file is a versioned JSON object::

    {"format": "game-lessons-record", "version": 1, "exported": "<ISO time>",
     "nickname": str | null,
     "events": [{"lesson", "item", "kind", "payload", "at"}, ...],
     "saves": [{"lesson", "table", "text", "at"}, ...]}

It holds no key, code or id: it says what was done, not who may act as the learner. A file that
comes back is checked whole before anything is written (:func:`parse`): its size first, then
that it is JSON, ours, not newer, and every field's type and length and every list's length.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from record import fields
from record.errors import RecordError
from record.identity import clean_nickname

FORMAT = "game-lessons-record"
VERSION = 1
# A year of a class's lessons exports at about 0.5 MB a learner (docs/record.md,
# benchmarks/record_writes.py); 4 MiB leaves room for more saves and bounds the parse.
MAX_BYTES = 4 * 1024 * 1024
MAX_EVENTS = 50_000
MAX_SAVES = 1_000
_KEYS = {"format", "version", "exported", "nickname", "events", "saves"}
_EVENT_KEYS = {"lesson", "item", "kind", "payload", "at"}
_SAVE_KEYS = {"lesson", "table", "text", "at"}


@dataclass(frozen=True)
class EventRow:
    lesson: str
    item: str
    kind: str
    payload: str  # canonical JSON text (record.fields.payload_text)
    at: datetime  # naive UTC


@dataclass(frozen=True)
class SaveRow:
    lesson: str
    table: str
    text: str
    at: datetime


@dataclass(frozen=True)
class Document:
    nickname: str | None
    events: list[EventRow]
    saves: list[SaveRow]


def document(
    nickname: str | None, exported: datetime, events: list[EventRow], saves: list[SaveRow]
) -> dict[str, Any]:
    """The file's content for a learner's rows (already in their order)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": fields.iso(exported),
        "nickname": nickname,
        "events": [
            {
                "lesson": e.lesson,
                "item": e.item,
                "kind": e.kind,
                "payload": fields.payload_from(e.payload),
                "at": fields.iso(e.at),
            }
            for e in events
        ],
        "saves": [
            {"lesson": s.lesson, "table": s.table, "text": s.text, "at": fields.iso(s.at)}
            for s in saves
        ],
    }


def _corrupt(at: str, reason: str) -> RecordError:
    return RecordError("record.corrupt", at=at, reason=reason)


def _no_constants(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON


def _load(data: dict | str | bytes) -> Any:
    if isinstance(data, dict):
        try:
            text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            raise _corrupt("$", "json") from None
        data = text
    if isinstance(data, str):
        try:
            raw = data.encode("utf-8")
        except UnicodeEncodeError:
            raise _corrupt("$", "utf8") from None
    elif isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
    else:
        raise _corrupt("$", "type")
    if len(raw) > MAX_BYTES:
        raise RecordError("record.too_large", field="file", size=len(raw), limit=MAX_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _corrupt("$", "utf8") from None
    try:
        return json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError):
        raise _corrupt("$", "json") from None


def _time(value: object, at: str) -> datetime:
    if not isinstance(value, str) or len(value) > 40:
        raise _corrupt(at, "time")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise _corrupt(at, "time") from None
    if moment.tzinfo is None:
        raise _corrupt(at, "time")
    return fields.moment(moment)


def _field(check, at: str, *args: object) -> Any:
    try:
        return check(*args)
    except RecordError as exc:
        raise _corrupt(at, exc.code) from None


def _exact_keys(item: object, keys: set[str], at: str) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise _corrupt(at, "type")
    if set(item) != keys:
        raise _corrupt(at, "keys")
    return item


def parse(data: dict | str | bytes) -> Document:
    """The rows of an exported record, or a RecordError: ``record.too_large`` (over
    :data:`MAX_BYTES`), ``record.foreign`` (not this format), ``record.future_version``
    (written by newer code), ``record.corrupt`` (anything else wrong; ``at`` says where)."""
    doc = _load(data)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RecordError("record.foreign")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _corrupt("version", "type")
    if version > VERSION:
        raise RecordError("record.future_version", version=version, known=VERSION)
    _exact_keys(doc, _KEYS, "$")
    _time(doc["exported"], "exported")
    nickname = doc["nickname"]
    if nickname is not None:
        nickname = _field(clean_nickname, "nickname", nickname)
    events, saves = doc["events"], doc["saves"]
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise _corrupt("events", "type" if not isinstance(events, list) else "count")
    if not isinstance(saves, list) or len(saves) > MAX_SAVES:
        raise _corrupt("saves", "type" if not isinstance(saves, list) else "count")
    event_rows = []
    for i, item in enumerate(events):
        at = f"events[{i}]"
        e = _exact_keys(item, _EVENT_KEYS, at)
        event_rows.append(
            EventRow(
                lesson=_field(fields.name, f"{at}.lesson", "lesson", e["lesson"]),
                item=_field(fields.name, f"{at}.item", "item", e["item"]),
                kind=_field(fields.kind, f"{at}.kind", e["kind"]),
                payload=_field(fields.payload_text, f"{at}.payload", e["payload"]),
                at=_time(e["at"], f"{at}.at"),
            )
        )
    save_rows: dict[tuple[str, str], SaveRow] = {}
    for i, item in enumerate(saves):
        at = f"saves[{i}]"
        s = _exact_keys(item, _SAVE_KEYS, at)
        row = SaveRow(
            lesson=_field(fields.name, f"{at}.lesson", "lesson", s["lesson"]),
            table=_field(fields.name, f"{at}.table", "table", s["table"]),
            text=_field(fields.save_text, f"{at}.text", s["text"]),
            at=_time(s["at"], f"{at}.at"),
        )
        if (row.lesson, row.table) in save_rows:
            raise _corrupt(at, "duplicate")
        save_rows[row.lesson, row.table] = row
    return Document(nickname, event_rows, list(save_rows.values()))
