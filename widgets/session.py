"""A game session for any game of the ``gamelib.core.GameModule`` protocol: the list of states
and the actions between them, with step back and forward, save and load.

Nothing here knows a rule: it asks the game module to apply actions and to read and write saves.
A move made after stepping back replaces the moves that followed (like an editor's undo).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamelib.core import GameModule


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

    @classmethod
    def load(cls, game: GameModule, text: str | bytes) -> Session:
        """A new session from a save; the game's ``from_json`` raises on a damaged file, before
        anything is replaced."""
        return cls.start(game, game.from_json(text))
