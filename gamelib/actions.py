"""The one shape of a player's decision in every game: a frozen dataclass read aloud from a
template, so a game's action class states only its rule (docstring), its words and its fields.

OpenSpiel and boardgame.io declare moves the same way: data, not code. Each game derives its own
base from :class:`Action` (``ACTION_CLASSES = tuple(Base.__subclasses__())`` is then the game's
list for :class:`gamelib.core.ActionCodec`) and says how a field's value reads (``said``): a
card id as the card's name, a tuple as its items. A class whose words depend on its values
(``"attack the resources"`` against ``"attack <card>"``) writes its own ``__str__``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, dataclass_transform


@dataclass_transform(frozen_default=True)
class Action:
    """A player's decision: subclasses become frozen dataclasses (equal by value, hashable, safe
    to share between states and processes) whose ``str`` is ``TEXT`` with the fields filled in,
    each as :meth:`said` reads it."""

    TEXT: ClassVar[str] = ""
    _FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)
        cls._FIELDS = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]

    def said(self, name: str, value: Any) -> Any:
        """How the field ``name`` reads in ``TEXT``: a tuple as its items joined by " + "."""
        return " + ".join(value) if isinstance(value, tuple) else value

    def __str__(self) -> str:
        return self.TEXT.format_map(
            {name: self.said(name, getattr(self, name)) for name in self._FIELDS}
        )
