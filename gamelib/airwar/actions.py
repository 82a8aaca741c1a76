"""The decisions a player makes, one small frozen dataclass each, with a readable ``str``.

Building a mission or an intercept hand is a sequence of one-card actions ended by a "done"
action, so legal-action lists stay short (a random bot and a widget list them directly) instead
of enumerating every subset of the hand.
"""

from __future__ import annotations

from typing import Any

from gamelib import actions
from gamelib.core import ActionCodec

from .cards import by_id

# The fields that hold a card id: they read as the card's name and id.
_CARD_FIELDS = frozenset({"card", "base", "target", "interceptor"})


def _n(card_id: str) -> str:
    card = by_id().get(card_id)
    return f"{card.name} [{card_id}]" if card else repr(card_id)


class Action(actions.Action):
    """An AirWar decision (:class:`gamelib.actions.Action`); a card id reads as its card."""

    def said(self, name: str, value: Any) -> Any:
        return _n(value) if name in _CARD_FIELDS else value


class Mobilise(Action):
    """§Stadio Mobilitazione: put an airbase, carrier or War card into play (War: on ``base``)."""

    card: str
    base: str = ""

    def __str__(self) -> str:
        return f"mobilise {_n(self.card)}" + (f" on {_n(self.base)}" if self.base else "")


class EndMobilisation(Action):
    """§Stadio Mobilitazione: done mobilising; the Airbase stage begins."""

    TEXT = "end mobilisation"


class Attack(Action):
    """§Fase Attacco: announce the target: ``"resources"`` or an enemy airbase/carrier id."""

    target: str

    def __str__(self) -> str:
        return "attack " + ("the resources" if self.target == "resources" else _n(self.target))


class PassStage(Action):
    """§Fase Attacco: launch no attack in this stage."""

    TEXT = "pass (no attack this stage)"


class AddToMission(Action):
    """§Fase Attacco: put one aircraft from the hand into the face-down mission."""

    TEXT = "add {card} to the mission"
    card: str


class SendMission(Action):
    """§Fase Attacco: the mission is complete; its cards are shuffled face down and it flies."""

    TEXT = "send the mission"


class AddInterceptor(Action):
    """§Fase Intercetto: put one aircraft from the hand into the intercept hand."""

    TEXT = "scramble {card}"
    card: str


class ScrambleDone(Action):
    """§Fase Intercetto: the intercept hand is complete (empty = let the raid through)."""

    TEXT = "interceptors ready"


class Intercept(Action):
    """§Fase Intercetto / §Fase Combattimento: reveal ``interceptor`` and blindly pick the
    face-down mission card at ``position`` (the engine shuffled them: a chance outcome)."""

    interceptor: str
    position: int

    def __str__(self) -> str:
        return f"{_n(self.interceptor)} intercepts face-down card #{self.position + 1}"


class Strike(Action):
    """§Fase Combattimento: play the new card ``card`` against the exposed enemy ``target``
    (which fights at -1 Defense)."""

    TEXT = "{card} strikes exposed {target}"
    card: str
    target: str


class Disengage(Action):
    """§Fase Combattimento: pass. The defender ends the combat; the attacker hands the
    initiative back to the defender."""

    TEXT = "pass (disengage)"


class PlayBattle(Action):
    """§Fase Combattimento: play a Battle card from the hand on the current duel."""

    TEXT = "play {card}"
    card: str


class PassBattle(Action):
    """§Fase Combattimento: play no (more) Battle card in this duel."""

    TEXT = "no Battle card"


class Allot(Action):
    """§Fase di Assegnazione dei Danni: send an arrived aircraft's damage to ``"industry"``
    (its Bombing) or ``"convoy"`` (its Convoy attack)."""

    TEXT = "{card} hits the {to}"
    card: str
    to: str


class Sacrifice(Action):
    """§Basi Aeree / §Portaerei: choose the grounded aircraft lost with a destroyed base/carrier."""

    TEXT = "lose {card} with the destroyed base"
    card: str


class ConvoyDiscard(Action):
    """§Carta Convoglio: discard one card (hand, base/carrier in play, grounded aircraft)."""

    TEXT = "discard {card} (convoy lost)"
    card: str


ACTION_CLASSES: tuple[type[Action], ...] = tuple(Action.__subclasses__())
CODEC = ActionCodec(ACTION_CLASSES)
