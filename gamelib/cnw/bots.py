"""Bots for CNW: the uniform random baseline, and two rule-of-thumb players."""

from __future__ import annotations

import importlib
from typing import Any

from gamelib.bots import RandomBot as _BaseRandomBot


class RandomBot(_BaseRandomBot):
    """A uniformly random legal action each time, from its own seeded generator: the baseline
    every other bot must beat. ``game`` is the :mod:`gamelib.cnw` package (looked up on first
    use, since the package imports this module)."""

    _game: Any = None

    @property
    def game(self) -> Any:
        if self._game is None:
            self._game = importlib.import_module("gamelib.cnw")
        return self._game

    @game.setter
    def game(self, value: Any) -> None:
        self._game = value
