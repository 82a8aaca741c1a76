"""Every decision a Logiquo player can take, as a small frozen dataclass.

The acting player is never a field: it is always ``current_player(state)`` (the active player
in the reaction, the floor holder during collaboration, the recipient of a pending offer, the
player who must discard, or the player asked in a Pentaqo window).
"""

from __future__ import annotations

from typing import Any

from gamelib import actions
from gamelib.core import ActionCodec
from gamelib.logiquo.cards import label


def _cards(ids: tuple[int, ...]) -> str:
    return " + ".join(label(c) for c in ids) if ids else "nothing"


class Action(actions.Action):
    """A Logiquo decision (:class:`gamelib.actions.Action`): a ``card`` reads as its label,
    ``cards`` as their labels (or "nothing")."""

    def said(self, name: str, value: Any) -> Any:
        if name == "card":
            return label(value)
        return _cards(value) if name == "cards" else value


class PlayPentaqo(Action):
    """Play a Pentaqo from your hand and draw 2 control cards (§Carte speciali di Controllo)."""

    TEXT = "play Pentaqo {card} and draw 2 controls"
    card: int


class PassWindow(Action):
    """Decline to play a Pentaqo in the window opened after a threat is revealed."""

    TEXT = "keep the Pentaqo for later"


class Neutralise(Action):
    """Play these control cards against the threat on the table (§Struttura.2)."""

    TEXT = "neutralise the threat with {cards}"
    cards: tuple[int, ...]


class RequestHelp(Action):
    """The active player opens a collaboration round (§Struttura.3)."""

    TEXT = "ask the other players for help"


class TakeImpact(Action):
    """The active player stops reacting: the threat's impacts apply (§Struttura.4)."""

    TEXT = "do not neutralise: suffer the impacts"


class OfferCard(Action):
    """Offer one of your control cards to player ``to`` for free (§Struttura.3)."""

    TEXT = "offer {card} to player {to} for free"
    to: int
    card: int


class OfferTrade(Action):
    """Propose an exchange to player ``to`` (§Struttura.3).

    ``give`` is the control card you hand over, or ``None`` to pay with one of your Data cards;
    ``ask`` is what you want back: ``"control"`` (one control card the other player chooses)
    or ``"data"`` (one of their Data cards). A control card always changes hands.
    """

    to: int
    give: int | None
    ask: str

    def __str__(self) -> str:
        giving = "1 Data card" if self.give is None else label(self.give)
        wanted = "a control card of their choice" if self.ask == "control" else "1 Data card"
        return f"offer player {self.to} {giving} for {wanted}"


class AcceptOffer(Action):
    """Accept the pending offer; ``card`` is the control card you pay when one is asked."""

    card: int | None = None

    def __str__(self) -> str:
        paying = f", paying {label(self.card)}" if self.card is not None else ""
        return "accept the offer" + paying


class DeclineOffer(Action):
    """Refuse the pending offer (§Struttura.3)."""

    TEXT = "decline the offer"


class EndCollaboration(Action):
    """Give up the floor: the next player may make offers, or the round ends (§Struttura.3)."""

    TEXT = "end my part of the collaboration"


class ChooseDiscard(Action):
    """Discard these control cards when an impact lets you choose (§Carte Minaccia, Impatti)."""

    TEXT = "discard {cards}"
    cards: tuple[int, ...]


ACTION_CLASSES: tuple[type[Action], ...] = tuple(Action.__subclasses__())

codec = ActionCodec(ACTION_CLASSES)
