"""Soak test: thousands of seeded random games of every game, judged after every action.

    python benchmarks/soak.py                             # 200 games of each (minutes)
    python benchmarks/soak.py --games 10000 --jobs 2      # the long run (hours on 2 cores)
    python benchmarks/soak.py --games 500 --game rails    # one game only
    python benchmarks/soak.py --games 10000 --time-limit 3000   # stop each game kind in time

Game ``i`` of each kind uses seed ``i`` and rotates through every player count and every
variant/option the game's ``new_game`` accepts (see ``SETUPS``). Its actions are drawn
uniformly from ``legal_actions`` by ``random.Random(i)``, so every legal action gets played,
not only what a bot likes. After every action: the game's ``check_state`` holds, ``apply`` did
not change its input (its pickle, every field, is byte for byte the same), someone is to act
until the end; every ``--roundtrip-every``-th action (default 10, and at the end)
``from_json(to_json(s)) == s``: the round trip costs 5x the rest of a step (``to_json`` plus a
checked ``from_json``, about 0.35 ms), so doing it on every action would triple the run. Once per
game, at a random step, one malformed action (a wrong type, an out-of-range value, a foreign
object) must raise ``IllegalAction`` and leave the state unchanged. Any other exception is a
violation too. Reports per game: games, actions, violations (first seeds and reasons), time;
exits with status 1 on any violation.

Caps: CNW games stop after 15 rounds (``turn_cap``, as in its invariant tests) and AirWar
games after 40 turns (as in its invariant tests: random wars are long); Rails and Logiquo
games play to the end.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import itertools
import pickle
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.core import IllegalAction  # noqa: E402

GAMES = ("rails", "airwar", "logiquo", "cnw")
MAX_ACTIONS = 20_000  # a game longer than this is stuck: a violation
AIRWAR_TURNS = 40
CNW_ROUNDS = 15
SHOWN = 5  # violations listed per game


def _rails(i: int) -> tuple[int, dict[str, Any]]:
    """2-5 players; Rails has no options."""
    return 2 + i % 4, {}


def _airwar(i: int) -> tuple[int, dict[str, Any]]:
    """Always 2 players (Axis and Allies); AirWar has no options."""
    return 2, {}


def _logiquo(i: int) -> tuple[int, dict[str, Any]]:
    """2-12 players; both endings; merged decks (required above 6, optional below); the
    default and other hand sizes; a fixed or random first player."""
    players = 2 + i % 11
    cycle = i // 11
    opts: dict[str, Any] = {"ending": ("first_zero", "deck_out")[cycle % 2]}
    copies = 2 if players > 6 or cycle % 3 == 2 else 1
    if copies == 2:
        opts["merged_decks"] = True
    if cycle % 4 == 3:
        opts["hand_size"] = 1 + (i * 7) % (56 * copies // players)
    opts["first_player"] = "random" if cycle % 5 == 4 else i % players
    return players, opts


CNW_VARIANT_NAMES = ("fiera", "realismo_alto", "diplomazia", "team_building")
_CNW_VARIANTS: tuple[dict[str, bool], ...] = tuple(
    {k: True for k, on in zip(CNW_VARIANT_NAMES, bits, strict=True) if on}
    for bits in itertools.product((False, True), repeat=len(CNW_VARIANT_NAMES))
)


def _cnw(i: int) -> tuple[int, dict[str, Any]]:
    """3-6 players crossed with the 16 combinations of the four §12 variants (TEAM BUILDING
    needs 4-6 players: with 3 it is left out)."""
    players = 3 + i % 4
    opts = dict(_CNW_VARIANTS[(i // 4) % len(_CNW_VARIANTS)])
    if players == 3:
        opts.pop("team_building", None)
    opts["turn_cap"] = CNW_ROUNDS
    return players, opts


SETUPS: dict[str, Callable[[int], tuple[int, dict[str, Any]]]] = {
    "rails": _rails,
    "airwar": _airwar,
    "logiquo": _logiquo,
    "cnw": _cnw,
}

# Values no action field should accept: wrong types, out-of-range numbers, unknown names.
GARBAGE: tuple[Any, ...] = (
    -1,
    -(10**9),
    10**18,
    3.5,
    float("nan"),
    True,
    None,
    "",
    "XXX",
    "§",
    (),
    (1, 2),
    ("a", "b"),
    (-5,),
)
FOREIGN: tuple[Any, ...] = ("EndPhase", None, 42, {"type": "Pass"}, (), b"x")


def game_module(name: str) -> Any:
    return importlib.import_module(f"gamelib.{name}")


def checker(module: Any) -> Callable[[Any], str | None]:
    """The game's ``check_state`` (CNW's moves from ``rules`` to the package; either works)."""
    found = getattr(module, "check_state", None)
    return found if found is not None else module.rules.check_state


def codec_of(module: Any) -> Any:
    found = getattr(module, "CODEC", None)
    return found if found is not None else module.actions.codec


def malformed_action(rng: random.Random, codec: Any, legal: list[Any]) -> Any:
    """A random malformed action: a foreign object, or an action class of this game with
    garbage in its fields; never one that happens to be legal."""
    for _ in range(20):
        if rng.random() < 0.2:
            return rng.choice(FOREIGN)
        cls = rng.choice(list(codec.classes.values()))
        fields = dataclasses.fields(cls)
        if not fields:
            continue  # a field-less action is well formed: legal or merely illegal
        kwargs = {f.name: rng.choice(GARBAGE) for f in fields}
        action = cls(**kwargs)
        if not any(action == a for a in legal):
            return action
    return rng.choice(FOREIGN)


def play(name: str, seed: int, roundtrip_every: int) -> dict[str, Any]:
    """One seeded random game with every check; returns counts and the first violation."""
    g = game_module(name)
    check = checker(g)
    codec = codec_of(g)
    players, options = SETUPS[name](seed)
    rng = random.Random(seed)
    out: dict[str, Any] = {
        "seed": seed,
        "setup": f"{players}p {options}",
        "actions": 0,
        "round_trips": 0,
        "malformed": 0,
        "violation": None,
    }

    def fail(step: int, reason: str) -> dict[str, Any]:
        out["violation"] = f"step {step}: {reason}"
        return out

    try:
        state = g.new_game(players, seed=seed, **options)
    except Exception as exc:  # noqa: BLE001 - a soak reports every failure
        return fail(-1, f"new_game raised {exc!r}")
    problem = check(state)
    if problem:
        return fail(0, f"check_state after new_game: {problem}")
    frozen = pickle.dumps(state)  # every field, to prove apply leaves its input alone
    poke_at = rng.randrange(60)
    step = 0
    while not g.is_over(state):
        if step >= MAX_ACTIONS:
            return fail(step, f"no end after {MAX_ACTIONS} actions")
        if name == "airwar" and state.turn > AIRWAR_TURNS:
            break
        legal = g.legal_actions(state)
        if not legal:
            return fail(step, "no legal action while the game goes on")
        if g.current_player(state) is None:
            return fail(step, "nobody to act while the game goes on")
        if step == poke_at:
            problem = poke(g, codec, rng, state, frozen, legal)
            out["malformed"] += 1
            if problem:
                return fail(step, problem)
        action = rng.choice(legal)
        try:
            new = g.apply(state, action)
        except Exception as exc:  # noqa: BLE001
            return fail(step, f"the legal action {action} raised {exc!r}")
        if pickle.dumps(state) != frozen:
            return fail(step, f"apply({action}) changed its input")
        problem = check(new)
        if problem:
            return fail(step, f"after {action}: {problem}")
        step += 1
        if step % roundtrip_every == 0:
            problem = round_trip(g, new)
            out["round_trips"] += 1
            if problem:
                return fail(step, f"after {action}: {problem}")
        state, frozen = new, pickle.dumps(new)
    out["actions"] = step
    if not out["malformed"]:  # a game shorter than poke_at: poke its final position
        problem = poke(g, codec, rng, state, frozen, g.legal_actions(state))
        out["malformed"] += 1
        if problem:
            return fail(step, problem)
    problem = round_trip(g, state)
    out["round_trips"] += 1
    return fail(step, problem) if problem else out


def round_trip(g: Any, state: Any) -> str | None:
    try:
        loaded = g.from_json(g.to_json(state))
    except Exception as exc:  # noqa: BLE001
        return f"its own save does not load: {exc!r}"
    return None if loaded == state else "the JSON round trip changed the state"


def poke(
    g: Any, codec: Any, rng: random.Random, state: Any, frozen: bytes, legal: list
) -> str | None:
    """One malformed action must raise IllegalAction and leave the state as it was."""
    action = malformed_action(rng, codec, legal)
    try:
        g.apply(state, action)
    except IllegalAction:
        pass
    except Exception as exc:  # noqa: BLE001
        return f"malformed {action!r} raised {exc!r}, not IllegalAction"
    else:
        return f"malformed {action!r} was accepted"
    if pickle.dumps(state) != frozen:
        return f"malformed {action!r} changed the state"
    return None


def play_chunk(name: str, seeds: list[int], roundtrip_every: int) -> list[dict[str, Any]]:
    return [play(name, seed, roundtrip_every) for seed in seeds]


def soak(
    name: str, games: int, roundtrip_every: int, jobs: int, chunk: int, limit: float
) -> dict[str, Any]:
    """Play ``games`` seeded games of ``name`` (fewer if ``limit`` seconds run out first: the
    report then says how many) and add up the results."""
    total = {"games": 0, "actions": 0, "round_trips": 0, "malformed": 0, "violations": []}
    start = time.perf_counter()
    deadline = start + limit
    bar = tqdm(total=games, desc=f"{name:8}", unit="game", file=sys.stderr, mininterval=2)

    def add(results: list[dict[str, Any]]) -> None:
        for r in results:
            total["games"] += 1
            for key in ("actions", "round_trips", "malformed"):
                total[key] += r[key]
            if r["violation"]:
                total["violations"].append((r["seed"], r["setup"], r["violation"]))
        bar.update(len(results))
        bar.set_postfix(violations=len(total["violations"]), refresh=False)

    chunks = [list(range(i, min(i + chunk, games))) for i in range(0, games, chunk)]
    if jobs <= 1:
        for seeds in chunks:
            if time.perf_counter() > deadline:
                break
            add(play_chunk(name, seeds, roundtrip_every))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            futures = [pool.submit(play_chunk, name, s, roundtrip_every) for s in chunks]
            for future in as_completed(futures):
                add(future.result())
                if time.perf_counter() > deadline:
                    for waiting in futures:
                        waiting.cancel()
                    break
    bar.close()
    total["seconds"] = time.perf_counter() - start
    total["violations"].sort()
    return total


def report(name: str, t: dict[str, Any], asked: int) -> None:
    if t["games"] < asked:
        print(f"{name:8} stopped by --time-limit after {t['games']} of {asked} games")
    print(
        f"{name:8} games {t['games']:6}  actions {t['actions']:10,}  "
        f"round trips {t['round_trips']:9,}  malformed {t['malformed']:6}  "
        f"violations {len(t['violations']):4}  time {t['seconds']:8.1f} s  "
        f"({t['actions'] / max(t['seconds'], 1e-9):,.0f} actions/s)"
    )
    for seed, setup, reason in t["violations"][:SHOWN]:
        print(f"    seed {seed} ({setup}): {reason}")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per game kind")
    parser.add_argument("--game", choices=GAMES, action="append", help="only this game")
    parser.add_argument(
        "--roundtrip-every", type=int, default=10, help="JSON round trip every k-th action"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--chunk", type=int, default=10, help="games per task")
    parser.add_argument(
        "--time-limit", type=float, default=float("inf"), help="seconds per game kind, at most"
    )
    args = parser.parse_args(argv)
    violations = 0
    for name in args.game or GAMES:
        totals = soak(
            name, args.games, max(1, args.roundtrip_every), args.jobs, args.chunk, args.time_limit
        )
        report(name, totals, args.games)
        violations += len(totals["violations"])
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
