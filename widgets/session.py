"""A game session for any game of the ``gamelib.core.GameModule`` protocol: the list of states
and the actions between them, with step back and forward, save and load.

Nothing here knows a rule: it asks the game module to apply actions and to read and write saves.
A move made after stepping back replaces the moves that followed (like an editor's undo).

A save comes from a learner's file, so :func:`read_save` checks it in the order a stranger's file
can be wrong (too big, not text, not JSON, not ours, another game, a newer version, a state the
game refuses) and raises :class:`SaveRefused` with a code the table turns into words.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamelib.core import (
    SAVE_FORMAT,
    SAVE_VERSION,
    ActionCodec,
    GameModule,
    IllegalAction,
    SaveFormatError,
)

# The largest save a table reads. The longest games measured save 8-12 KB (a 3,040-move CNW game
# for six: 9.5 KB; Logiquo for six: 11.9 KB), so 1 MiB is about a hundred times any real save
# and small enough that reading and parsing it never stalls the kernel.
MAX_SAVE_BYTES = 1 << 20

# A whole game (first state, actions, move shown) as the learner's record keeps it: a long game
# (3,040 CNW moves) is about 200 KB, so 2 MiB is ten times any real one.
HISTORY_FORMAT = "game-lessons-table"
HISTORY_VERSION = 1
MAX_HISTORY_BYTES = 2 << 20

# Why a save was refused, in the order read_save checks; the table says each in words.
REFUSALS = ("too_big", "not_utf8", "not_json", "not_a_save", "other_game", "newer", "invalid")


class SaveRefused(SaveFormatError):
    """A save that cannot be loaded: ``code`` (one of :data:`REFUSALS`) and the ``values`` the
    message needs (sizes, the other game's name, the version; for ``invalid`` the game's name
    and gamelib's coded :class:`SaveFormatError` as ``error``)."""

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(code, **values)


def read_save(game: GameModule, data: str | bytes | memoryview, limit: int = MAX_SAVE_BYTES) -> Any:
    """The state in a save of ``game``; :class:`SaveRefused` says why not. The size is checked
    before anything is copied, decoded or parsed."""
    raw = memoryview(data.encode("utf-8") if isinstance(data, str) else data).cast("B")
    if raw.nbytes > limit:
        raise SaveRefused("too_big", size=raw.nbytes, limit=limit)
    try:
        text = bytes(raw).decode("utf-8-sig")  # a byte-order mark from a Windows editor is harmless
    except UnicodeDecodeError as e:
        raise SaveRefused("not_utf8", at=e.start) from e
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError) as e:  # deep nesting exhausts the parser's stack
        raise SaveRefused("not_json", reason=str(e)[:200]) from e
    if not isinstance(envelope, dict) or envelope.get("format") != SAVE_FORMAT:
        raise SaveRefused("not_a_save")
    if envelope.get("game") != game.NAME:
        raise SaveRefused("other_game", game=str(envelope.get("game"))[:40])
    version = envelope.get("version")
    if isinstance(version, int) and version > SAVE_VERSION:
        raise SaveRefused("newer", version=version, supported=SAVE_VERSION)
    try:
        return game.from_json(text)
    except SaveFormatError as e:  # damaged or inconsistent: gamelib says why, as a code
        raise SaveRefused("invalid", game=game.NAME, error=e) from e
    except Exception as e:  # noqa: BLE001 - a learner's file must never break the table
        # gamelib promises SaveFormatError; anything else is its bug, refused all the same
        damaged = SaveFormatError("damaged", error=type(e).__name__)
        raise SaveRefused("invalid", game=game.NAME, error=damaged) from e


def game_codec(game: GameModule) -> ActionCodec:
    """The game's action codec: its package's ``CODEC`` (Logiquo keeps it as
    ``actions.codec``)."""
    codec = getattr(game, "CODEC", None) or getattr(game.actions, "codec", None)  # type: ignore[attr-defined]
    if not isinstance(codec, ActionCodec):
        raise TypeError(f"{game.NAME} has no action codec")
    return codec


@dataclass
class Session:
    """States ``history[0..]``, ``log[i]`` the action from ``history[i]`` to ``history[i + 1]``,
    and ``index`` the state shown now."""

    game: GameModule
    history: list[Any]
    log: list[Any] = field(default_factory=list)
    index: int = 0

    @classmethod
    def start(cls, game: GameModule, state: Any) -> Session:
        return cls(game=game, history=[state])

    @property
    def state(self) -> Any:
        return self.history[self.index]

    def apply(self, action: Any) -> Any:
        """Apply ``action`` to the state shown now; IllegalAction passes through and nothing
        changes. Moves after ``index`` (undone moves) are dropped."""
        new = self.game.apply(self.state, action)
        del self.history[self.index + 1 :]
        del self.log[self.index :]
        self.history.append(new)
        self.log.append(action)
        self.index += 1
        return new

    def can_back(self) -> bool:
        return self.index > 0

    def can_forward(self) -> bool:
        return self.index < len(self.history) - 1

    def back(self) -> None:
        if self.can_back():
            self.index -= 1

    def forward(self) -> None:
        if self.can_forward():
            self.index += 1

    def save(self) -> str:
        """The game's own save of the state shown now."""
        return self.game.to_json(self.state)

    def history_save(self, seats: Sequence[str] = ()) -> str:
        """The whole game as the learner's record keeps it: the first state's save, every
        action since (the game's codec) and the move shown, so that a reload resumes here with
        back and forward; ``seats``: who plays each seat."""
        codec = game_codec(self.game)
        return json.dumps(
            {
                "format": HISTORY_FORMAT,
                "version": HISTORY_VERSION,
                "game": self.game.NAME,
                "start": self.game.to_json(self.history[0]),
                "actions": [codec.to_json(a) for a in self.log],
                "index": self.index,
                "seats": list(seats),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_history(
        cls, game: GameModule, data: str | bytes, limit: int = MAX_HISTORY_BYTES
    ) -> tuple[Session, list[str]]:
        """The session a :meth:`history_save` describes, replayed move by move (the game's
        rules judge every one again), and its seats; :class:`SaveRefused` if it cannot be."""
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        if len(raw) > limit:
            raise SaveRefused("too_big", size=len(raw), limit=limit)
        try:
            envelope = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError) as e:
            raise SaveRefused("not_json", reason=str(e)[:200]) from e
        if not isinstance(envelope, dict) or envelope.get("format") != HISTORY_FORMAT:
            raise SaveRefused("not_a_save")
        if envelope.get("game") != game.NAME:
            raise SaveRefused("other_game", game=str(envelope.get("game"))[:40])
        version = envelope.get("version")
        if not isinstance(version, int) or version > HISTORY_VERSION:
            raise SaveRefused("newer", version=version, supported=HISTORY_VERSION)
        actions, index, seats = (envelope.get(k) for k in ("actions", "index", "seats"))
        if not (
            isinstance(actions, list)
            and isinstance(index, int)
            and 0 <= index <= len(actions)
            and isinstance(seats, list)
            and all(isinstance(x, str) and len(x) <= 40 for x in seats)
        ):
            raise SaveRefused("invalid", game=game.NAME, error=SaveFormatError("history_shape"))
        session = cls.start(game, read_save(game, str(envelope.get("start", "")), limit))
        codec = game_codec(game)
        for n, data_action in enumerate(actions, 1):
            try:
                session.apply(codec.from_json(data_action))
            except IllegalAction as e:  # a move the rules refuse: not this game's history
                error = SaveFormatError("history_move", move=n)
                raise SaveRefused("invalid", game=game.NAME, error=error) from e
        session.index = index
        return session, seats

    @classmethod
    def load(
        cls, game: GameModule, data: str | bytes | memoryview, limit: int = MAX_SAVE_BYTES
    ) -> Session:
        """A new session from a save; :func:`read_save` raises :class:`SaveRefused` on a file it
        cannot load, before anything is replaced."""
        return cls.start(game, read_save(game, data, limit))
