"""Logiquo players: the uniform random baseline and a careful player that follows the
rulebook's strategic advice (§Consigli strategici), with or without a cooperative policy.

CarefulBot decides from ``observation(state, me)`` only (its own hand and public piles; the
part it reads is :func:`view`), so it never peeks at hidden cards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gamelib.bots import RandomBot as _BaseRandomBot
from gamelib.logiquo import actions as A
from gamelib.logiquo import rules as _game
from gamelib.logiquo.cards import DECK_SIZE, by_kind, card
from gamelib.logiquo.controls import in_force
from gamelib.logiquo.helping import useful_payments
from gamelib.logiquo.queries import collaboration_view, offer_view

# Weights of the careful player's value model (hand-tuned, see docs/rules/logiquo.md).
DATA_WEIGHT = 3.0
CARD_WEIGHT = 1.0
PASS_WEIGHT = 0.4
LOGIQUO_VALUE = 15.0
PENTAQO_VALUE = 6.0
CRITICAL = 6.0


class RandomBot(_BaseRandomBot):
    """Uniformly random legal actions from its own seeded generator."""

    game = _game


def threat_severity(threat_id: int) -> float:
    """Expected cost of one threat's impacts for one struck player, in "control card" units:
    a Data card weighs DATA_WEIGHT, a lost control CARD_WEIGHT, a passed card PASS_WEIGHT."""
    total = 0.0
    for e in card(threat_id).impacts:
        n = int(e.get("n", 1))
        op = e["op"]
        if op == "lose_data":
            total += DATA_WEIGHT * n
        elif op in ("discard_random", "discard_choice"):
            total += CARD_WEIGHT * n
        elif op == "discard_category":
            total += CARD_WEIGHT * 1.5
        elif op in ("give_left", "swap_left"):
            total += PASS_WEIGHT * n
    return total


_THREAT_IDS = tuple(c.id for c in by_kind("threat"))
_BASE_SEVERITY = {cid: threat_severity(cid) for cid in _THREAT_IDS}
_THREAT_ID_BY_NUMBER = {card(cid).number: cid for cid in _THREAT_IDS}


# What CarefulBot reads of ``observation``: everything else (the event log, which grows all
# game, and the count of threats left in the deck) cost a third of a simulated game.
VIEW_KEYS = (
    "active",
    "alive",
    "collaboration",
    "copies",
    "data_counts",
    "hand",
    "in_force",
    "offer",
    "phase",
    "rounds_used",
    "threat",
    "threat_discard",
)


def view(state: Any, me: int) -> dict[str, Any]:
    """The part of ``observation(state, me)`` the careful player decides from (``VIEW_KEYS``),
    with the same values (``tests/logiquo/test_bots_speedups.py`` compares them)."""
    s = state
    return {
        "active": s.active,
        "alive": list(s.alive),
        "collaboration": collaboration_view(s),
        "copies": s.copies,
        "data_counts": [len(d) for d in s.data],
        "hand": sorted(s.hands[me]),
        "in_force": in_force(s) if s.threat is not None else None,
        "offer": offer_view(s, me),
        "phase": s.phase,
        "rounds_used": s.rounds_used,
        "threat": s.threat,
        "threat_discard": list(s.threat_discard),
    }


class CarefulBot:
    """Keeps broad countermeasures for severe threats, spends Logiquo and Pentaqo only at
    critical moments (§Consigli strategici) and, when ``cooperative``, gives away the cards
    that can stop the active player's threat during collaboration (§Struttura.3).

    With ``cooperative=False`` it still asks for help and accepts gifts and good deals, but
    never offers a card of its own: the contrast measures what cooperation is worth.
    """

    game = _game

    def __init__(self, seed: int | None = None, cooperative: bool = True) -> None:
        self.rng = random.Random(seed)
        self.cooperative = cooperative
        # the last _remaining: (copies, threat, threat_discard, counts); the public piles
        # change once a turn, the decisions come many times a turn
        self._left: tuple[int, int | None, list[int], Counter] | None = None

    # -- value model -----------------------------------------------------------------------

    def _remaining(self, obs: dict[str, Any]) -> Counter:
        """Threat printings (by card index) still to come: all copies minus the public ones.
        The counts are shared with the callers, who only read them."""
        copies, threat, discard = obs["copies"], obs["threat"], obs["threat_discard"]
        last = self._left
        if last is not None and last[0] == copies and last[1] == threat and last[2] == discard:
            return last[3]
        left: Counter = Counter({cid: copies for cid in _THREAT_IDS})
        seen = list(discard)
        if threat is not None:
            seen.append(threat)
        for cid in seen:
            base = cid % DECK_SIZE
            if base in left:
                left[base] -= 1
        self._left = (copies, threat, discard, left)  # discard: the view's own copy
        return left

    def _value(self, cid: int, remaining: Counter) -> float:
        c = card(cid)
        if c.kind == "logiquo":
            return LOGIQUO_VALUE
        if c.kind == "pentaqo":
            return PENTAQO_VALUE
        total = 0.0
        for number in c.mitigates:
            t = _THREAT_ID_BY_NUMBER[number]
            total += remaining[t] * _BASE_SEVERITY[t]
        return total

    def _severity_for(self, obs: dict[str, Any], me: int) -> float:
        t = obs["threat"]
        sev = _BASE_SEVERITY[t % DECK_SIZE]
        lost = sum(int(e.get("n", 1)) for e in card(t).impacts if e["op"] == "lose_data")
        if lost and obs["data_counts"][me] <= lost:
            sev += 10 * CRITICAL  # this threat would take my last Data card
        if card(t).involvement == "all" and self.cooperative:
            sev += 0.5 * sev * (sum(obs["alive"]) - 1)
        return sev

    # -- decisions -------------------------------------------------------------------------

    def choose(self, state: Any) -> Any:
        if state.phase == "collab":
            # the collaboration's choice reads no legal list (and listing every offer to every
            # player was a fifth of a game); the list is never empty there (EndCollaboration)
            me = _game.current_player(state)
            obs = view(state, me)
            return self._collab(obs, me, [], self._remaining(obs))
        legal = _game.legal_actions(state)
        if not legal:
            raise ValueError("no legal action: the game is over")
        me = _game.current_player(state)
        obs = view(state, me)
        remaining = self._remaining(obs)
        phase = obs["phase"]
        if phase == "window":
            return self._window(obs, me, legal)
        if phase == "reaction":
            return self._reaction(obs, me, legal, remaining)
        if phase == "offer":
            fit = {a.card for a in useful_payments(state)}
            return self._offer(obs, me, legal, remaining, fit)
        if phase == "discard":
            return min(
                (a for a in legal if isinstance(a, A.ChooseDiscard)),
                key=lambda a: sum(self._value(c, remaining) for c in a.cards),
            )
        return legal[0]

    def _window(self, obs: dict[str, Any], me: int, legal: list[Any]) -> Any:
        plays = [a for a in legal if isinstance(a, A.PlayPentaqo)]
        if plays and len(obs["hand"]) <= 1:
            return plays[0]  # critical moment: almost nothing left to defend with
        return A.PassWindow()

    def _reaction(self, obs: dict[str, Any], me: int, legal: list[Any], remaining: Counter) -> Any:
        sev = self._severity_for(obs, me)
        options = [a for a in legal if isinstance(a, A.Neutralise)]
        cheap = [a for a in options if all(card(c).kind != "logiquo" for c in a.cards)]
        can_ask = any(isinstance(a, A.RequestHelp) for a in legal)
        pentaqo = [a for a in legal if isinstance(a, A.PlayPentaqo)]
        if cheap:
            best = min(cheap, key=lambda a: sum(self._value(c, remaining) for c in a.cards))
            if obs["in_force"]["redraw"] or sev >= CARD_WEIGHT * 2:
                return best
            return A.TakeImpact()
        if options and sev >= CRITICAL:
            return options[0]
        if pentaqo and sev >= DATA_WEIGHT:
            return pentaqo[0]
        if can_ask and obs["rounds_used"] == 0:
            return A.RequestHelp()
        if options and sev >= DATA_WEIGHT:
            return options[0]
        return A.TakeImpact()

    def _collab(self, obs: dict[str, Any], me: int, legal: list[Any], remaining: Counter) -> Any:
        active = obs["active"]
        if me == active or not self.cooperative:
            return A.EndCollaboration()
        if obs["collaboration"]["offers_left"] < 2:
            return A.EndCollaboration()  # one gift per round is this bot's share
        threat = obs["threat"]
        t = card(threat)
        sev = _BASE_SEVERITY[threat % DECK_SIZE]
        helpful = []
        for c in obs["hand"]:
            k = card(c).kind
            stops = k == "countermeasure" and t.number in card(c).mitigates
            spare_logiquo = k == "logiquo" and t.special.get("logiquo", True) and sev >= CRITICAL
            if stops or spare_logiquo:
                helpful.append(c)
        if not helpful:
            return A.EndCollaboration()
        gift = min(helpful, key=lambda c: self._value(c, remaining))
        return A.OfferCard(active, gift)

    def _offer(
        self, obs: dict[str, Any], me: int, legal: list[Any], remaining: Counter, fit: set[int]
    ) -> Any:
        """Accept gifts and good deals; pay a trade only with a card that serves the threat
        (``fit``, from :func:`.helping.useful_payments`): one that stops it when the asker
        asks, one that does not when this bot is the asker. Nothing fit to pay: decline."""
        o = obs["offer"]
        accepts = [a for a in legal if isinstance(a, A.AcceptOffer)]
        if not accepts:
            return A.DeclineOffer()
        threat = obs["threat"]
        t = card(threat)
        i_am_active = me == obs["active"]
        given = o["give"]
        helps_me = (
            i_am_active
            and given is not None
            and (
                (card(given).kind == "countermeasure" and t.number in card(given).mitigates)
                or (card(given).kind == "logiquo" and t.special.get("logiquo", True))
            )
        )
        if o["kind"] == "gift":
            return accepts[0]
        if o["ask"] == "data":
            sev = self._severity_for(obs, me)
            return accepts[0] if helps_me and sev >= CRITICAL else A.DeclineOffer()
        # ask == "control": pay only with a card that serves the threat.
        by_value = sorted(
            (a for a in accepts if a.card in fit), key=lambda a: self._value(a.card, remaining)
        )
        if not by_value:
            return A.DeclineOffer()
        if given is None:  # the asker pays a Data card for a control card of my choice
            return by_value[0]
        if helps_me or (self.cooperative and o["from"] == obs["active"]):
            return by_value[0]
        cheapest = self._value(by_value[0].card, remaining)
        return by_value[0] if self._value(given, remaining) > cheapest + 1 else A.DeclineOffer()
