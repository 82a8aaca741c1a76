"""The decisions a player makes, one small frozen dataclass each, with a readable ``str``.

Building a mission or an intercept hand is a sequence of one-card actions ended by a "done"
action, so legal-action lists stay short (a random bot and a widget list them directly) instead
of enumerating every subset of the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.core import ActionCodec

from .cards import by_id


def _n(card_id: str) -> str:
    card = by_id().get(card_id)
    return f"{card.name} [{card_id}]" if card else repr(card_id)


@dataclass(frozen=True)
class Mobilise:
    """§Stadio Mobilitazione: put an airbase, carrier or War card into play (War: on ``base``)."""

    card: str
    base: str = ""

    def __str__(self) -> str:
        return f"mobilise {_n(self.card)}" + (f" on {_n(self.base)}" if self.base else "")


@dataclass(frozen=True)
class EndMobilisation:
    """§Stadio Mobilitazione: done mobilising; the Airbase stage begins."""

    def __str__(self) -> str:
        return "end mobilisation"


@dataclass(frozen=True)
class Attack:
    """§Fase Attacco: announce the target: ``"resources"`` or an enemy airbase/carrier id."""

    target: str

    def __str__(self) -> str:
        return "attack " + ("the resources" if self.target == "resources" else _n(self.target))


@dataclass(frozen=True)
class PassStage:
    """§Fase Attacco: launch no attack in this stage."""

    def __str__(self) -> str:
        return "pass (no attack this stage)"


@dataclass(frozen=True)
class AddToMission:
    """§Fase Attacco: put one aircraft from the hand into the face-down mission."""

    card: str

    def __str__(self) -> str:
        return f"add {_n(self.card)} to the mission"


@dataclass(frozen=True)
class SendMission:
    """§Fase Attacco: the mission is complete; its cards are shuffled face down and it flies."""

    def __str__(self) -> str:
        return "send the mission"


@dataclass(frozen=True)
class AddInterceptor:
    """§Fase Intercetto: put one aircraft from the hand into the intercept hand."""

    card: str

    def __str__(self) -> str:
        return f"scramble {_n(self.card)}"


@dataclass(frozen=True)
class ScrambleDone:
    """§Fase Intercetto: the intercept hand is complete (empty = let the raid through)."""

    def __str__(self) -> str:
        return "interceptors ready"


@dataclass(frozen=True)
class Intercept:
    """§Fase Intercetto / §Fase Combattimento: reveal ``interceptor`` and blindly pick the
    face-down mission card at ``position`` (the engine shuffled them: a chance outcome)."""

    interceptor: str
    position: int

    def __str__(self) -> str:
        return f"{_n(self.interceptor)} intercepts face-down card #{self.position + 1}"


@dataclass(frozen=True)
class Strike:
    """§Fase Combattimento: play the new card ``card`` against the exposed enemy ``target``
    (which fights at -1 Defense)."""

    card: str
    target: str

    def __str__(self) -> str:
        return f"{_n(self.card)} strikes exposed {_n(self.target)}"


@dataclass(frozen=True)
class Disengage:
    """§Fase Combattimento: pass. The defender ends the combat; the attacker hands the
    initiative back to the defender."""

    def __str__(self) -> str:
        return "pass (disengage)"


@dataclass(frozen=True)
class PlayBattle:
    """§Fase Combattimento: play a Battle card from the hand on the current duel."""

    card: str

    def __str__(self) -> str:
        return f"play {_n(self.card)}"


@dataclass(frozen=True)
class PassBattle:
    """§Fase Combattimento: play no (more) Battle card in this duel."""

    def __str__(self) -> str:
        return "no Battle card"


@dataclass(frozen=True)
class Allot:
    """§Fase di Assegnazione dei Danni: send an arrived aircraft's damage to ``"industry"``
    (its Bombing) or ``"convoy"`` (its Convoy attack)."""

    card: str
    to: str

    def __str__(self) -> str:
        return f"{_n(self.card)} hits the {self.to}"


@dataclass(frozen=True)
class Sacrifice:
    """§Basi Aeree / §Portaerei: choose the grounded aircraft lost with a destroyed base/carrier."""

    card: str

    def __str__(self) -> str:
        return f"lose {_n(self.card)} with the destroyed base"


@dataclass(frozen=True)
class ConvoyDiscard:
    """§Carta Convoglio: discard one card (hand, base/carrier in play, grounded aircraft)."""

    card: str

    def __str__(self) -> str:
        return f"discard {_n(self.card)} (convoy lost)"


ACTION_CLASSES = (
    Mobilise,
    EndMobilisation,
    Attack,
    PassStage,
    AddToMission,
    SendMission,
    AddInterceptor,
    ScrambleDone,
    Intercept,
    Strike,
    Disengage,
    PlayBattle,
    PassBattle,
    Allot,
    Sacrifice,
    ConvoyDiscard,
)

CODEC = ActionCodec(ACTION_CLASSES)
