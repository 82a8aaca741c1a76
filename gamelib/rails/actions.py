"""The actions of Rails across the USA: frozen dataclasses with a readable ``str``.

A turn of drawing two train cards is two actions (the first draw, then the second), so every
choice a player makes is one action; ``current_player`` stays the same in between.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import ActionCodec


@dataclass(frozen=True)
class KeepTickets:
    """Keep these offered destination tickets (ids in increasing order); the rest go back under
    the ticket deck. At setup keep 2 or 3 (§Preparazione), later at least 1
    (§Prendere le carte Destinazione)."""

    tickets: tuple[int, ...]

    def __str__(self) -> str:
        return f"keep tickets {', '.join(str(t) for t in self.tickets)}"


@dataclass(frozen=True)
class DrawDeck:
    """Take the top train card of the deck, blind (§Prendere carte carro)."""

    def __str__(self) -> str:
        return "draw a train card from the deck"


@dataclass(frozen=True)
class DrawFaceUp:
    """Take a face-up train card of this colour ("locomotive" for a locomotive); it is replaced
    from the deck (§Prendere carte carro, §Carte Locomotiva)."""

    color: str

    def __str__(self) -> str:
        return f"take the face-up {self.color} card"


@dataclass(frozen=True)
class ClaimRoute:
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


@dataclass(frozen=True)
class DrawTickets:
    """Draw 3 destination tickets (fewer if fewer are left) and then keep at least one
    (§Prendere le carte Destinazione)."""

    def __str__(self) -> str:
        return "draw destination tickets"


@dataclass(frozen=True)
class Pass:
    """Do nothing: allowed only when no other action is possible (§silent:no-move)."""

    def __str__(self) -> str:
        return "pass (no legal move)"


Action = KeepTickets | DrawDeck | DrawFaceUp | ClaimRoute | DrawTickets | Pass

CODEC = ActionCodec([KeepTickets, DrawDeck, DrawFaceUp, ClaimRoute, DrawTickets, Pass])
