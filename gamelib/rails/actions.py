"""The actions of Rails across the USA: frozen dataclasses with a readable ``str``.

A turn of drawing two train cards is two actions (the first draw, then the second), so every
choice a player makes is one action; ``current_player`` stays the same in between.
"""

from __future__ import annotations

from typing import Any

from gamelib import actions
from gamelib.core import ActionCodec


class Action(actions.Action):
    """A Rails decision (:class:`gamelib.actions.Action`); ticket ids read as "1, 5"."""

    def said(self, name: str, value: Any) -> Any:
        return ", ".join(str(t) for t in value) if isinstance(value, tuple) else value


class KeepTickets(Action):
    """Keep these offered destination tickets (ids in increasing order); the rest go back under
    the ticket deck. At setup keep 2 or 3 (§Preparazione), later at least 1
    (§Prendere le carte Destinazione)."""

    TEXT = "keep tickets {tickets}"
    tickets: tuple[int, ...]


class DrawDeck(Action):
    """Take the top train card of the deck, blind (§Prendere carte carro)."""

    TEXT = "draw a train card from the deck"


class DrawFaceUp(Action):
    """Take a face-up train card of this colour ("locomotive" for a locomotive); it is replaced
    from the deck (§Prendere carte carro, §Carte Locomotiva)."""

    TEXT = "take the face-up {color} card"
    color: str


class ClaimRoute(Action):
    """Claim a route paying ``length - locomotives`` cards of ``color`` plus ``locomotives``
    locomotives, all at once (§Occupare le strade). ``color`` is the colour of the non-locomotive
    cards: the route's own colour, any one colour on a grey route, or "locomotive" when the
    whole route is paid with locomotives."""

    route: int
    color: str
    locomotives: int = 0

    def __str__(self) -> str:
        if self.color == "locomotive":
            return f"claim route {self.route} with {self.locomotives} locomotives"
        extra = f" + {self.locomotives} locomotive(s)" if self.locomotives else ""
        return f"claim route {self.route} with {self.color} cards{extra}"


class DrawTickets(Action):
    """Draw 3 destination tickets (fewer if fewer are left) and then keep at least one
    (§Prendere le carte Destinazione)."""

    TEXT = "draw destination tickets"


class Pass(Action):
    """Do nothing: allowed only when no other action is possible (§silent:no-move)."""

    TEXT = "pass (no legal move)"


ACTION_CLASSES: tuple[type[Action], ...] = tuple(Action.__subclasses__())
CODEC = ActionCodec(ACTION_CLASSES)
