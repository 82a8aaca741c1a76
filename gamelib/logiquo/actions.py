"""Every decision a Logiquo player can take, as a small frozen dataclass.

The acting player is never a field: it is always ``current_player(state)`` (the active player
in the reaction, the floor holder during collaboration, the recipient of a pending offer, the
player who must discard, or the player asked in a Pentaqo window).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import ActionCodec
from gamelib.logiquo.cards import label


def _cards(ids: tuple[int, ...]) -> str:
    return " + ".join(label(c) for c in ids) if ids else "nothing"


@dataclass(frozen=True)
class PlayPentaqo:
    """Play a Pentaqo from your hand and draw 2 control cards (§Carte speciali di Controllo)."""

    card: int

    def __str__(self) -> str:
        return f"play Pentaqo {label(self.card)} and draw 2 controls"


@dataclass(frozen=True)
class PassWindow:
    """Decline to play a Pentaqo in the window opened after a threat is revealed."""

    def __str__(self) -> str:
        return "keep the Pentaqo for later"


@dataclass(frozen=True)
class Neutralise:
    """Play these control cards against the threat on the table (§Struttura.2)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"neutralise the threat with {_cards(self.cards)}"


@dataclass(frozen=True)
class RequestHelp:
    """The active player opens a collaboration round (§Struttura.3)."""

    def __str__(self) -> str:
        return "ask the other players for help"


@dataclass(frozen=True)
class TakeImpact:
    """The active player stops reacting: the threat's impacts apply (§Struttura.4)."""

    def __str__(self) -> str:
        return "do not neutralise: suffer the impacts"


@dataclass(frozen=True)
class OfferCard:
    """Offer one of your control cards to player ``to`` for free (§Struttura.3)."""

    to: int
    card: int

    def __str__(self) -> str:
        return f"offer {label(self.card)} to player {self.to} for free"


@dataclass(frozen=True)
class OfferTrade:
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


@dataclass(frozen=True)
class AcceptOffer:
    """Accept the pending offer; ``card`` is the control card you pay when one is asked."""

    card: int | None = None

    def __str__(self) -> str:
        paying = f", paying {label(self.card)}" if self.card is not None else ""
        return "accept the offer" + paying


@dataclass(frozen=True)
class DeclineOffer:
    def __str__(self) -> str:
        return "decline the offer"


@dataclass(frozen=True)
class EndCollaboration:
    """Give up the floor: the next player may make offers, or the round ends (§Struttura.3)."""

    def __str__(self) -> str:
        return "end my part of the collaboration"


@dataclass(frozen=True)
class ChooseDiscard:
    """Discard these control cards when an impact lets you choose (§Carte Minaccia, Impatti)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"discard {_cards(self.cards)}"


ACTION_CLASSES = (
    PlayPentaqo,
    PassWindow,
    Neutralise,
    RequestHelp,
    TakeImpact,
    OfferCard,
    OfferTrade,
    AcceptOffer,
    DeclineOffer,
    EndCollaboration,
    ChooseDiscard,
)

codec = ActionCodec(ACTION_CLASSES)
