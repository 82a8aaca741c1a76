"""Balance studies: many seeded bot games of any of the four games, one row per game, and their
summary with 95% intervals (issue #16). The command line is ``python -m gamelib.study``.

A study is the games of ``simulate.run_games`` (seeded chunks, any executor: in this process,
a process pool or a Dask cluster) turned into rows of plain data that every game shares:
``seed``, ``players``, ``bots``, ``winners`` (seats), ``length`` (the game's rounds or turns),
``victory`` (how it ended) and ``first`` (the seat that opened), plus per-game flags a game adds
(Logiquo: ``everyone_survives``). The summary is computed from rows only, so a CSV written
yesterday summarises the same way.

Bots are seeded from the game seed exactly as the strategy labs seed them, so the first 1,000
games of a study with a lab's seed and line-up are that lab's default press.

This package is outside the games' code version on purpose (``gamelib/<game>/`` and
``gamelib/*.py``, see ``widgets.kit.cache``): changing how a study is printed never invalidates a
lab's cached results; the games themselves are decided by ``gamelib/<game>/simulate.py``.
"""

from __future__ import annotations

from typing import Any

from gamelib.study.stats import Interval, mean_interval, projected, summarise, wilson

_GAMES = ("GAMES", "Lineup", "Spec", "rows_of", "run_study")


def __getattr__(name: str) -> Any:
    """The study runner, imported on first use: it loads all four games, which a lesson page
    showing shipped figures (``widgets.kit.intervals``) does not need."""
    if name in _GAMES:
        from gamelib.study import games

        return getattr(games, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GAMES",
    "Interval",
    "Lineup",
    "Spec",
    "mean_interval",
    "projected",
    "rows_of",
    "run_study",
    "summarise",
    "wilson",
]
