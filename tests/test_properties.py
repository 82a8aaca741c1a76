"""Property tests (Hypothesis) over the four games, the same properties for each.

(a) Any sequence of legal actions, chosen by Hypothesis from ``legal_actions`` after a seeded
    random opening (so positions deep in a game are reached too), keeps the game's
    ``check_state`` true after every action, never changes the input state, and round-trips
    through JSON equal.
(b) Any damage to a saved game (a changed number, a removed key, a wrong type, a truncated or
    huge file, random bytes) is either refused with ``SaveFormatError`` and its code, or loads
    a game that passes ``check_state`` *and goes on*: its legal actions apply. Never another
    exception, never a half-loaded game.

Settings keep the module well under a minute on 2 cores: few examples per property,
``deadline=None`` (a shared CI machine has slow moments), ``derandomize=True`` so a CI run is
reproducible (the same examples every time) and no example database is written. Set
``HYPOTHESIS_PROFILE=deep`` for 400 random examples per property (minutes, by hand).
"""

from __future__ import annotations

import importlib
import json
import os
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib.core import MAX_SAVE_BYTES, REFUSAL_CODE, SaveFormatError, dump_save
from tests.savekit import leaf_paths, parent_of

GAMES = ("rails", "airwar", "logiquo", "cnw")
OPENING = {"rails": 250, "airwar": 400, "logiquo": 150, "cnw": 250}  # random actions, at most

# "ci" (the default) keeps the module near half a minute; HYPOTHESIS_PROFILE=deep hunts longer
# (random, not derandomized) before a release or after a rules change.
_COMMON = {
    "deadline": None,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
settings.register_profile("ci", max_examples=25, derandomize=True, **_COMMON)
settings.register_profile("deep", max_examples=400, **_COMMON)
SETTINGS = settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def game(name: str) -> Any:
    return importlib.import_module(f"gamelib.{name}")


def checker(g: Any) -> Callable[[Any], str | None]:
    """The package's ``check_state`` (CNW's may still live in its rules module)."""
    found = getattr(g, "check_state", None)
    return found if found is not None else g.rules.check_state


def setups(name: str) -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
    """Every player count and option of ``new_game`` (docs/rules/<game>.md)."""
    if name == "rails":
        return st.tuples(st.integers(2, 5), st.just({}))
    if name == "airwar":
        return st.just((2, {}))
    if name == "logiquo":
        return st.integers(2, 12).flatmap(
            lambda n: st.tuples(
                st.just(n),
                st.fixed_dictionaries(
                    {
                        "ending": st.sampled_from(["first_zero", "deck_out"]),
                        "merged_decks": st.just(True) if n > 6 else st.booleans(),
                        "first_player": st.sampled_from([0, n - 1, "random"]),
                    }
                ),
            )
        )
    return st.integers(3, 6).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.fixed_dictionaries(
                {
                    "fiera": st.booleans(),
                    "realismo_alto": st.booleans(),
                    "diplomazia": st.booleans(),
                    "team_building": st.booleans() if n >= 4 else st.just(False),
                    "turn_cap": st.integers(2, 8),
                }
            ),
        )
    )


def opening(name: str, players: int, options: dict[str, Any], seed: int, steps: int) -> Any:
    """A seeded game after up to ``steps`` uniformly random legal actions."""
    g = game(name)
    state = g.new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over(state):
            break
        state = g.apply(state, rng.choice(g.legal_actions(state)))
    return state


positions = st.tuples(st.integers(0, 2**31), st.floats(0, 1))


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_legal_play_keeps_the_invariants(name: str, data: st.DataObject) -> None:
    """(a) check_state after every action; the input never changed; JSON round trip equal."""
    g = game(name)
    check = checker(g)
    players, options = data.draw(setups(name), label="setup")
    seed, depth = data.draw(positions, label="seed, depth")
    state = opening(name, players, options, seed, int(depth * OPENING[name]))
    assert check(state) is None
    for _ in range(data.draw(st.integers(1, 25), label="actions")):
        if g.is_over(state):
            break
        legal = g.legal_actions(state)
        assert legal, "no legal action while the game goes on"
        action = data.draw(st.sampled_from(legal), label="action")
        frozen = pickle.dumps(state)
        new = g.apply(state, action)
        assert pickle.dumps(state) == frozen, f"apply({action}) changed its input"
        problem = check(new)
        assert problem is None, f"after {action}: {problem}"
        assert g.from_json(g.to_json(new)) == new
        state = new


# --------------------------------------------------------------------------------------------
# (b) damaged saves


NUMBERS = st.one_of(st.integers(-3, 150), st.integers(-(2**70), 2**70), st.floats(allow_nan=True))
WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=8),
    st.floats(),
    st.integers(-5, 5),
    st.lists(st.integers(-2, 200), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def change_number(payload: dict, data: st.DataObject) -> None:
    numeric = [
        p for p in leaf_paths(payload) if type(parent_of(payload, p)[0][p[-1]]) in (int, float)
    ]
    if numeric:
        parent, key = parent_of(payload, data.draw(st.sampled_from(numeric), label="number at"))
        parent[key] = data.draw(NUMBERS, label="new number")


def remove_key(payload: dict, data: st.DataObject) -> None:
    keyed = [p for p in leaf_paths(payload) if isinstance(parent_of(payload, p)[0], dict)]
    parent, key = parent_of(payload, data.draw(st.sampled_from(keyed), label="key"))
    del parent[key]


def wrong_type(payload: dict, data: st.DataObject) -> None:
    parent, key = parent_of(payload, data.draw(st.sampled_from(leaf_paths(payload)), label="at"))
    parent[key] = data.draw(WRONG, label="value")


def shuffle_list(payload: dict, data: st.DataObject) -> None:
    """Cards moved between piles or reordered: a list replaced by a sample of another."""
    lists = [p for p in leaf_paths(payload) if isinstance(parent_of(payload, p)[0][p[-1]], list)]
    a, b = (data.draw(st.sampled_from(lists), label=f"list {i}") for i in (1, 2))
    pa, ka = parent_of(payload, a)
    pb, kb = parent_of(payload, b)
    pa[ka], pb[kb] = pb[kb], pa[ka]


MUTATIONS = {
    "number": change_number,
    "key": remove_key,
    "type": wrong_type,
    "lists": shuffle_list,
}


def save_of(name: str, data: st.DataObject) -> tuple[Any, str]:
    players, options = data.draw(setups(name), label="setup")
    seed, depth = data.draw(positions, label="seed, depth")
    state = opening(name, players, options, seed, int(depth * OPENING[name]))
    return state, game(name).to_json(state)


def loads_whole_or_refuses(name: str, text: str | bytes) -> None:
    """The property itself: SaveFormatError with a code, or a sound game that goes on."""
    g = game(name)
    try:
        loaded = g.from_json(text)
    except SaveFormatError as exc:
        assert REFUSAL_CODE.match(exc.code), "a refusal says why, as a code the catalogs word"
        return
    problem = checker(g)(loaded)
    assert problem is None, f"a damaged save loaded a broken game: {problem}"
    if not g.is_over(loaded):
        legal = g.legal_actions(loaded)
        assert legal, "a loaded game with no legal action"
        for action in legal[:3]:
            assert checker(g)(g.apply(loaded, action)) is None


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("how", sorted(MUTATIONS))
@SETTINGS
@given(data=st.data())
def test_damaged_save_is_refused_or_whole(name: str, how: str, data: st.DataObject) -> None:
    """(b) a changed number, a removed key, a wrong type, swapped lists."""
    _, text = save_of(name, data)
    envelope = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        MUTATIONS[how](envelope["state"], data)
    loads_whole_or_refuses(name, dump_save(name, envelope["state"]))


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_truncated_or_garbled_file_is_refused(name: str, data: st.DataObject) -> None:
    """(b) a truncated file, random bytes spliced in, or random bytes alone."""
    _, text = save_of(name, data)
    raw = text.encode()
    kind = data.draw(st.sampled_from(["truncated", "spliced", "random"]), label="kind")
    if kind == "truncated":
        raw = raw[: data.draw(st.integers(0, len(raw) - 1), label="length")]
    elif kind == "spliced":
        at = data.draw(st.integers(0, len(raw)), label="at")
        raw = raw[:at] + data.draw(st.binary(min_size=1, max_size=16), label="bytes") + raw[at:]
    else:
        raw = data.draw(st.binary(max_size=512), label="bytes")
    loads_whole_or_refuses(name, raw)
    if kind == "truncated":
        with pytest.raises(SaveFormatError):
            game(name).from_json(raw)


@pytest.mark.parametrize("name", GAMES)
def test_huge_files_are_refused_or_whole(name: str) -> None:
    """(b) many megabytes: over the limit refused before parsing; under it, junk fields or a
    deep nest are refused or ignored, never a crash."""
    g = game(name)
    state = g.new_game(3 if name in ("cnw", "logiquo") else 2, seed=1)
    payload = json.loads(g.to_json(state))["state"]
    over = dump_save(name, {**payload, "junk": "x" * (MAX_SAVE_BYTES + 1)})
    with pytest.raises(SaveFormatError) as refused:
        g.from_json(over)
    assert refused.value.code == "too_big"
    big_list = dump_save(name, {**payload, "junk": list(range(700_000))})  # ~5 MB
    assert len(big_list) > 4 * 2**20
    loads_whole_or_refuses(name, big_list)
    key = next(k for k, v in payload.items() if isinstance(v, list) and k != "rng")
    deep = dump_save(name, {**payload, key: "PLACEHOLDER"}).replace(
        '"PLACEHOLDER"', "[" * 200_000 + "]" * 200_000
    )
    with pytest.raises(SaveFormatError):
        g.from_json(deep)
