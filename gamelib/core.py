"""What every game shares: illegal-action errors, the seeded RNG kept inside the state,
versioned JSON saves, action (de)serialisation and the game protocol.

Each game lives in its own subpackage (``gamelib.cnw``, ``gamelib.rails`` ...) and exposes, at
package level, the functions of :class:`GameModule`. States are plain data (dataclasses of
ints, strings, lists, dicts and tuples) so that ``to_json``/``from_json`` round-trip exactly and
copies stay cheap; ``apply`` never mutates its input.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

SAVE_FORMAT = "gamelib-save"
SAVE_VERSION = 1
# A real save is tens of kilobytes; anything this big is refused before it is parsed.
MAX_SAVE_BYTES = 8 * 1024 * 1024


REFUSAL_CODE = re.compile(r"^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*$")


class IllegalAction(ValueError):
    """An action the rules forbid. ``rule`` names the rulebook section it breaks (e.g. "§7.1");
    ``code`` names the refusal (``"tris.one_a_turn"``) and ``values`` its particulars, so the
    widgets say it in the learner's language (``<game>.illegal.<code>`` in the catalog): gamelib
    has no words. A module not yet converted passes an English sentence as the code; ``coded``
    tells the two apart.

    Raised before any change is made: the state the caller holds is still the valid game.
    """

    def __init__(self, rule: str, code: str, /, **values: Any) -> None:
        self.rule = rule
        self.code = code
        self.values = values
        super().__init__(f"{code} ({rule})" + (f" {values}" if values else ""))

    def __reduce__(self) -> tuple[Any, ...]:  # a refusal crosses process pools whole
        return (_refusal, (self.rule, self.code, self.values))

    @property
    def coded(self) -> bool:
        return bool(REFUSAL_CODE.match(self.code))

    @property
    def reason(self) -> str:
        """For developers and logs: the code (or the legacy sentence) with its values."""
        return self.code + (f" {self.values}" if self.values else "")


def _refusal(rule: str, code: str, values: dict[str, Any]) -> IllegalAction:
    return IllegalAction(rule, code, **values)


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded: not JSON, not ours, another game, a newer version, or
    a state the game refuses. Like :class:`IllegalAction` it has no words: ``code`` names the
    refusal (``"not_json"``, ``"inconsistent"``, a game's ``"load.saved_game_lacks"``) and
    ``values`` its particulars (an ``inconsistent`` save carries check_state's :class:`Problem`
    as ``problem``); the widgets word it in the learner's language."""

    def __init__(self, code: str, /, **values: Any) -> None:
        self.code = code
        self.values = values
        super().__init__(code + (f" {values}" if values else ""))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_save_error, (type(self), self.code, self.values))


def _save_error(kind: type, code: str, values: dict[str, Any]) -> SaveFormatError:
    return kind(code, **values)


class Problem:
    """What a state breaks, as ``check_state`` reports it: a code (``"cards.cards_do_not_add"``)
    and plain values, never a sentence, so a refused save is said in the learner's language
    (the widgets word ``saves.<game>.<code>``). ``str()`` is for developers and test failures."""

    __slots__ = ("code", "values")

    def __init__(self, code: str, /, **values: Any) -> None:
        self.code = code
        self.values = values

    def __str__(self) -> str:
        return self.code + (f" {self.values}" if self.values else "")

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Problem) and (self.code, self.values) == (other.code, other.values)

    def __hash__(self) -> int:
        return hash(self.code)


# --------------------------------------------------------------------------------------------
# Randomness: one random.Random(seed) per game, its internal state carried inside the game state
# as a tuple, so apply() stays pure and a saved game resumes with exactly the same future rolls.

RngState = tuple


def new_rng_state(seed: int | str | None) -> RngState:
    """The state of a fresh ``random.Random(seed)``; ``None`` draws a seed from the OS."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    return random.Random(seed).getstate()


def rng_from(state: RngState) -> random.Random:
    """A ``random.Random`` positioned where the game's generator stands."""
    rng = random.Random()
    rng.setstate(state)
    return rng


def rng_to_json(state: RngState) -> list:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_from_json(data: Any) -> RngState:
    try:
        version, internal, gauss = data
        restored = (int(version), tuple(int(x) for x in internal), gauss)
        random.Random().setstate(restored)  # validates length and ranges
    except (TypeError, ValueError) as exc:
        raise SaveFormatError("rng_damaged") from exc
    return restored


# --------------------------------------------------------------------------------------------
# Saves.


def dump_save(game: str, payload: dict[str, Any]) -> str:
    """Wrap a game's JSON-ready payload in the versioned save envelope."""
    return json.dumps(
        {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game, "state": payload},
        separators=(",", ":"),
        sort_keys=True,
    )


def load_save(text: str | bytes, game: str) -> dict[str, Any]:
    """Unwrap a save made by :func:`dump_save`; raise :class:`SaveFormatError` with its code."""
    if isinstance(text, str | bytes | bytearray) and len(text) > MAX_SAVE_BYTES:
        raise SaveFormatError("too_big", size=len(text), limit=MAX_SAVE_BYTES)
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveFormatError("not_json") from exc
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFormatError("not_a_save")
    if data.get("game") != game:
        raise SaveFormatError("other_game", game=str(data.get("game"))[:40], expected=game)
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise SaveFormatError("bad_version", version=str(version)[:20])
    if version > SAVE_VERSION:
        raise SaveFormatError("newer", version=version, supported=SAVE_VERSION)
    payload = data.get("state")
    if not isinstance(payload, dict):
        raise SaveFormatError("no_state")
    return payload


# What a damaged payload makes ``build`` or ``check`` raise: turned into SaveFormatError.
_DAMAGE = (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError)


def guarded_load(
    game: str,
    text: str | bytes,
    build: Any,
    check: Callable[[Any], Problem | None] | None = None,
) -> Any:
    """Run ``build(payload)`` and then ``check(state)`` (the game's ``check_state``: ``None``
    when sound, else the :class:`Problem`), so a save is either refused with a
    :class:`SaveFormatError` whose code says why, or loads a whole game: never a half-loaded
    one, never another exception."""
    payload = load_save(text, game)
    try:
        state = build(payload)
        problem = check(state) if check is not None else None
    except SaveFormatError:
        raise
    except _DAMAGE as exc:
        raise SaveFormatError("damaged", error=type(exc).__name__) from exc
    if problem is not None:
        raise SaveFormatError("inconsistent", problem=problem)
    return state


# --------------------------------------------------------------------------------------------
# Actions: small frozen dataclasses with a readable str(); a codec turns them into JSON and back.

A = TypeVar("A")


class ActionCodec:
    """JSON for a game's action classes: ``{"type": "Attack", "source": "JFK", ...}``."""

    def __init__(self, classes: Iterable[type]) -> None:
        self.classes = {cls.__name__: cls for cls in classes}

    def to_json(self, action: Any) -> dict[str, Any]:
        name = type(action).__name__
        if self.classes.get(name) is not type(action):
            raise IllegalAction("§actions", "action.foreign", action=repr(action))
        out: dict[str, Any] = {"type": name}
        for field in dataclasses.fields(action):
            value = getattr(action, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else value
        return out

    def from_json(self, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("type") not in self.classes:
            raise IllegalAction("§actions", "action.malformed", data=repr(data))
        cls = self.classes[data["type"]]
        kwargs = {}
        for field in dataclasses.fields(cls):
            if field.name not in data:
                if field.default is dataclasses.MISSING:
                    raise IllegalAction(
                        "§actions", "action.missing", action=cls.__name__, field=field.name
                    )
                continue
            value = data[field.name]
            kwargs[field.name] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)

    def check(self, action: Any) -> None:
        """Reject anything that is not one of this game's action objects (malformed input)."""
        if type(action) not in self.classes.values():
            raise IllegalAction("§actions", "action.foreign", action=repr(action))


# --------------------------------------------------------------------------------------------
# The protocol every game package exposes.


@runtime_checkable
class GameModule(Protocol):
    """The functions each game package offers at package level (OpenSpiel-like, but functional)."""

    NAME: str

    def new_game(self, players: Any, seed: int | None = None, **options: Any) -> Any: ...
    def legal_actions(self, state: Any) -> list[Any]: ...
    def apply(self, state: Any, action: Any) -> Any: ...
    def current_player(self, state: Any) -> int | None: ...
    def is_over(self, state: Any) -> bool: ...
    def winners(self, state: Any) -> list[int]: ...
    def to_json(self, state: Any) -> str: ...
    def from_json(self, text: str | bytes) -> Any: ...
    def observation(self, state: Any, player: int) -> dict[str, Any]: ...


class Bot(Protocol):
    def choose(self, state: Any) -> Any: ...


def play_out(
    game: GameModule,
    state: Any,
    bots: Sequence[Bot] | dict[int, Bot],
    max_actions: int = 100_000,
    on_action: Any = None,
) -> Any:
    """Let bots play from ``state`` until the game ends or ``max_actions`` have been applied.

    ``bots[p]`` chooses for player ``p`` (``current_player`` may be any player: defenders and
    trade partners act during other players' turns). ``on_action(state, action)`` is called after
    every step, for progress bars and logs.
    """
    for _ in range(max_actions):
        if game.is_over(state):
            break
        player = game.current_player(state)
        action = bots[player].choose(state)
        state = game.apply(state, action)
        if on_action is not None:
            on_action(state, action)
    return state
