"""Bots shared by every game: the uniform random player, the baseline every other bot must beat."""

from __future__ import annotations

import random
from typing import Any

from gamelib.core import GameModule


class RandomBot:
    """Plays a uniformly random legal action, from its own seeded generator (never the game's)."""

    game: GameModule

    def __init__(self, seed: int | None = None, game: GameModule | None = None) -> None:
        if game is not None:
            self.game = game
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        actions = self.game.legal_actions(state)
        if not actions:
            raise ValueError("no legal action: the game is over or waiting on nobody")
        return self.rng.choice(actions)
