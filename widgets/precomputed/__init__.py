"""Results of every lab's default presses, shipped with the lessons: the read-only first layer
of the shared result cache (``widgets.kit.cache``), so the first press of the day is instant.

:data:`DEFAULTS` lists each lab as its lesson builds it and its default presses (the main
button, the Monte Carlo check). ``make precompute`` (``python -m widgets.precomputed``;
``--all`` plays every one again) plays those whose entry is missing or made by older code and
writes the ``*.json.gz`` entries here. ``tests/widgets/test_cache.py`` fails when an entry no
longer matches the code version of its game (a rules, bot or data change) or a default press
is missing, so they cannot go stale silently.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from widgets.kit import cache

FOLDER = Path(__file__).parent


def _cnw_strategy() -> Any:
    from widgets.cnw.strategy import StrategyLab

    return StrategyLab(games=1000)


def _cnw_sweeps() -> Any:
    """Lesson 6's "compare the variants" and "compare 3-6 players" labs (200 games a setting)."""
    from widgets.cnw.strategy import StrategyLab

    return StrategyLab(games=200)


def _rails_strategy() -> Any:
    from widgets.rails.strategy import StrategyLab

    return StrategyLab(games=1000)


def _logiquo_strategy() -> Any:
    from widgets.logiquo.strategy import StrategyLab

    return StrategyLab(games=1000)


def _logiquo_free_rider() -> Any:
    from widgets.logiquo.free_rider import FreeRiderLab

    return FreeRiderLab(games=1000)


def _logiquo_check_runs(lab: Any) -> None:
    """The logiquo lab's presses that lesson 4's first check reads (the player counts it
    compares), pressed as its "show me" presses them."""
    from widgets.logiquo.checks.lesson4 import COMPARED

    for players in COMPARED:
        lab.players.value = players
        lab.run()


def _airwar_strategy() -> Any:
    from widgets.airwar.strategy import StrategyLab

    return StrategyLab(games=1000)


def _cnw_battle() -> Any:
    from widgets.cnw.battle_lab import BattleLab

    return BattleLab(attackers=3, defenders=3)


def _rails_odds() -> Any:
    from widgets.rails.odds_lab import OddsLab

    return OddsLab()


def _logiquo_odds() -> Any:
    from widgets.logiquo.odds_lab import OddsLab

    return OddsLab()


def _airwar_odds() -> Any:
    from widgets.airwar.odds_lab import OddsLab

    return OddsLab()


def _mc(lab: Any) -> None:
    lab.mc.button.click()


def _press(name: str) -> Callable[[Any], Any]:
    return lambda lab: lab.press(name)


def _rails_check_runs(lab: Any) -> None:
    """The rails lab's runs that lesson 5's checks read (other line-ups and players than the
    default), pressed as their "show me" presses them."""
    from widgets.rails.checks.lesson5 import RUNS, press

    for run in RUNS:
        press(lab, run)()


def _cnw_seed_one(lab: Any) -> None:
    """The cnw lab's run at seed 1 that lesson 9's same-games check reads beside seed 0's."""
    from widgets.cnw.checks.lesson9 import _run_seed

    _run_seed(lab, 1)


def _airwar_against_random(lab: Any) -> None:
    """The airwar lab's presses that lesson 5's planner-against-random check reads (the two
    matchups other than the default), pressed as its "show me" presses them."""
    from widgets.airwar.checks.lesson5 import press

    for matchup in ("planner_random", "random_planner"):
        press(lab, matchup)


# (name, the lab as its lesson builds it, what the lesson asks the student to press)
DEFAULTS: list[tuple[str, Callable[[], Any], list[Callable[[Any], Any]]]] = [
    ("cnw strategy lab (lesson 9)", _cnw_strategy, [_press("run")]),
    ("cnw strategy lab, lesson 9's seed check", _cnw_strategy, [_cnw_seed_one]),
    # the two sweeps lesson 9's checks read ("show me" presses them, and so does the teachers'
    # worksheet page when it prepares the key: 1,600 games, half a minute)
    (
        "cnw sweeps (lesson 9)",
        _cnw_sweeps,
        [_press("compare_variants"), _press("compare_players")],
    ),
    ("rails strategy lab (lesson 5)", _rails_strategy, [_press("run")]),
    ("rails strategy lab, lesson 5's checks", _rails_strategy, [_rails_check_runs]),
    ("logiquo strategy lab (lesson 4)", _logiquo_strategy, [_press("run")]),
    ("logiquo strategy lab, lesson 4's checks", _logiquo_strategy, [_logiquo_check_runs]),
    ("logiquo free-rider lab (lesson 4)", _logiquo_free_rider, [_press("run")]),
    ("airwar strategy lab (lesson 5)", _airwar_strategy, [_press("run")]),
    ("airwar strategy lab, lesson 5's checks", _airwar_strategy, [_airwar_against_random]),
    ("cnw battle lab Monte Carlo (lesson 2)", _cnw_battle, [_mc]),
    ("rails odds lab Monte Carlo (lesson 2)", _rails_odds, [_mc]),
    ("logiquo odds lab Monte Carlo (lesson 2)", _logiquo_odds, [_mc]),
    ("airwar odds lab Monte Carlo (lesson 3)", _airwar_odds, [_mc]),
]


def entries(folder: Path = FOLDER) -> list[Path]:
    """The shipped entry files."""
    return sorted(folder.glob("*" + cache.SUFFIX))


class _Recording(cache.ResultCache):
    """The cache ``regenerate`` writes through: it remembers which entries the defaults use."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, shipped=None, max_entries=10**6, max_bytes=2**40, locking=False)
        self.used: set[str] = set()

    def read(self, key: str, module: str) -> tuple[bool, Any]:
        self.used.add(self.name(key, cache.code_version(module)))
        return super().read(key, module)


def regenerate(
    folder: Path = FOLDER, everything: bool = False, say: Callable[[str], None] = print
) -> list[Path]:
    """Play every default press whose shipped result is missing or made by older code (all of
    them with ``everything``), write the results here and delete the entries no default uses
    any more; the paths of the entries."""
    import time

    if everything:
        for old in entries(folder):
            old.unlink()
    store = _Recording(folder)
    for name, build, presses in DEFAULTS:
        start = time.perf_counter()
        lab = build()
        lab.store = store
        if hasattr(lab, "mc"):
            lab.mc.store = store
        for press in presses:
            press(lab)
        say(f"{name}: {time.perf_counter() - start:.1f} s")
    for old in entries(folder):
        if old.name not in store.used:
            old.unlink()
    written = entries(folder)
    size = sum(p.stat().st_size for p in written)
    say(f"{len(written)} entries, {size / 1024:.0f} KiB in {folder}")
    return written
