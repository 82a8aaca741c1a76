"""The Logiquo recap as a story (issue #26): what happened at the table since the human's last
decision, oldest first, one item a turn, from gamelib's own public log (``State.events``) and the
states before and after each move; nothing here decides a rule.

Cards that change hands in private (a restore, a Pentaqo's draw, cards passed or swapped at
random, the cards of a trade) are named only to the seat they belong to (``viewer``); to the
others they are counted. What a human seat lost and won is derived from its hand and its Data
cards before and after each move, so the story never leaves out a card that moved, and never
names one that did not.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from gamelib import logiquo as game
from gamelib.logiquo.cards import card as card_of
from gamelib.logiquo.cards import label
from gamelib.logiquo.helping import stops_threat, useful_payments
from widgets.i18n import t
from widgets.kit.table import counted
from widgets.logiquo import words

K = "logiquo.play."


def new_events(before: Any, after: Any) -> list[dict[str, Any]]:
    """The events ``apply`` logged in going from ``before`` to ``after`` (the public log keeps its
    latest 60: the new ones are what follows the longest overlap of the two)."""
    old, new = before.events, after.events
    if len(new) > len(old) and new[: len(old)] == old:
        return list(new[len(old) :])
    for m in range(min(len(old), len(new)), -1, -1):
        if new[:m] == old[len(old) - m :]:
            return list(new[m:])
    return list(new)


def hand_change(before: Any, after: Any, p: int) -> tuple[Counter[int], Counter[int]]:
    """The cards seat ``p`` lost and got in one move (multisets of card ids)."""
    b, a = Counter(before.hands[p]), Counter(after.hands[p])
    return b - a, a - b


def covered(s: Any) -> bool:
    """Whether the active player already holds, without a Logiquo, as many cards that count
    against the threat as its rules ask (``help_can_help``'s own measure): nobody needs to help."""
    if s.threat is None:
        return False
    own = sum(1 for c in s.hands[s.active] if stops_threat(s, c) and card_of(c).kind != "logiquo")
    return own >= game.in_force(s)["controls_required"]


def n_cards(n: int) -> str:
    return t(counted(K + "n_cards", n), n=n)


def refs(ids: Sequence[int] | Counter[int]) -> str:
    cards = sorted(ids.elements()) if isinstance(ids, Counter) else list(ids)
    return html.escape(", ".join(words.card_ref(c) for c in cards))


def decline_reason(before: Any, kind: str) -> str:
    """Why a bot of seat kind ``kind`` declined the offer pending in ``before``, in words: the
    facts its choice rests on (``gamelib.logiquo.bots.CarefulBot._offer``), never a guess."""
    o, s = before.offer, before
    threat = html.escape(words.card_ref(s.threat)) if s.threat is not None else ""
    q = o["to"]
    if kind == "random":
        return t(K + "why_random")
    if o["ask"] == "data":
        if q != s.active:
            return t(K + "why_not_facing", threat=threat)
        return t(K + "why_keeps_data", threat=threat)
    if o["ask"] == "control" and not useful_payments(s):
        if o["from"] == s.active:
            return t(K + "why_no_stopper", threat=threat)
        return t(K + "why_not_for_threat", threat=threat)
    if kind == "selfish":
        return t(K + "why_selfish")
    return t(K + "why_not_worth")


class Story:
    """The recap of log entries ``first..end`` of a table's session, told to seat ``viewer``."""

    def __init__(self, table: Any, first: int, end: int, viewer: int | None) -> None:
        self.table, self.first, self.end, self.viewer = table, first, end, viewer
        self.hist, self.log = table.session.history, table.session.log
        self.name: Callable[[Any, int], str] = table._name_in

    def sees(self, *seats: int) -> bool:
        return self.viewer is not None and self.viewer in seats

    def turns(self) -> list[tuple[int, int, list[str]]]:
        """``(turn, active, sentences)`` in the order they happened."""
        out: list[tuple[int, int, list[str]]] = []
        start = self.hist[self.first]
        current: tuple[int, int, list[str]] = (start.turn, start.active, [])
        for i in range(self.first, self.end):
            before, action, after = self.hist[i], self.log[i], self.hist[i + 1]
            said = self.move(i, before, action, after)
            for item in said:
                if isinstance(item, tuple):  # a new turn begins
                    if current[2]:
                        out.append(current)
                    current = (item[0], item[1], [])
                else:
                    current[2].append(item)
        if current[2]:
            out.append(current)
        return out

    # ------------------------------------------------------------------ one move
    def move(self, i: int, before: Any, action: Any, after: Any) -> list[Any]:
        who = game.current_player(before)
        said: list[Any] = []
        for_you = self.table.answered_for(i, before, action)
        if for_you:
            said.append(
                t(
                    K + "ev_for_you",
                    who=self.name(before, who),
                    action=words.describe(action, before.players),
                    why=for_you,
                )
            )
        events = new_events(before, after)
        # cards a seat lost or got that its events do not name (restores, random passes ...)
        rest = {q: list(hand_change(before, after, q)) for q in range(len(before.players))}
        for e in events:
            said.extend(self.event(e, before, action, after, rest))
        return said

    def _take(self, rest: dict[int, list[Counter[int]]], q: int, side: int, n: int) -> Counter[int]:
        """Up to ``n`` of the cards seat ``q`` lost (side 0) or got (side 1) not yet named."""
        pool = rest[q][side]
        picked: Counter[int] = Counter()
        for c in sorted(pool.elements())[:n]:
            picked[c] += 1
        rest[q][side] = pool - picked
        return picked

    def _named(self, rest: dict[int, list[Counter[int]]], q: int, side: int, cids: Sequence[int]):
        rest[q][side] = rest[q][side] - Counter(cids)

    def _cards_for(self, rest, q: int, side: int, n: int) -> str:
        """The cards seat ``q`` lost or got, named to ``q`` and counted to anyone else."""
        picked = self._take(rest, q, side, n)
        if self.sees(q) and picked:
            return refs(picked)
        return n_cards(n)

    def event(self, e: dict[str, Any], before: Any, action: Any, after: Any, rest) -> list[Any]:
        kind, p = e["type"], e.get("player")
        name = (lambda q: self.name(after, q)) if p is not None else None
        if kind == "turn":
            return [(e["turn"], p)]
        if kind == "threat":
            return [t(K + "ev_threat", who=name(p), threat=self._ref(e["card"]))]
        if kind == "anomaly":
            effects = "; ".join(words.effect(x) for x in card_of(e["card"]).effects)
            return [t(K + "ev_anomaly", who=name(p), card=self._ref(e["card"]), effect=effects)]
        if kind == "pentaqo":
            self._named(rest, p, 0, [e["card"]])
            drawn = self._cards_for(rest, p, 1, e["drawn"])
            code = html.escape(label(e["card"]))  # "la Pentaqo P2", not "P2 Pentaqo"
            return [t(K + "ev_pentaqo", who=name(p), card=code, cards=drawn)]
        if kind == "help":
            return [t(K + "ev_help", who=name(p))]
        if kind == "accept":
            return [self._accept(before, action, after, rest)]
        if kind == "decline":
            return [self._decline(before, after)]
        if kind == "neutralised":
            self._named(rest, p, 0, e["cards"])
            return [
                t(
                    K + "ev_neutralised",
                    who=name(p),
                    threat=self._ref(e["threat"]),
                    cards=refs(e["cards"]),
                )
            ]
        if kind == "restore":
            if not e["n"]:
                return [t(K + "ev_restore_none", who=name(p))]
            drawn = self._cards_for(rest, p, 1, e["n"])
            return [t(K + "ev_restore", who=name(p), cards=drawn)]
        if kind == "impact":
            whom = ", ".join(name(q) for q in e["targets"])
            return [t(K + "ev_impact", threat=self._ref(e["card"]), whom=whom)]
        if kind == "protected":
            return [t(K + "ev_protected", who=name(p), category=words.category(e["category"]))]
        if kind == "lose_data":
            n = e["n"]
            if not n:
                return [t(K + "ev_lose_data_none", who=name(p))]
            return [t(counted(K + "ev_lose_data", n), who=name(p), n=n)]
        if kind == "discard":
            self._named(rest, p, 0, e["cards"])
            return [t(K + "ev_discard", who=name(p), cards=refs(e["cards"]))]
        if kind == "swap":
            q = e["other"]
            if self.sees(q):  # told from the other side: what p gave, q got
                gave = self._cards_for(rest, q, 1, e["gave"])
                got = self._cards_for(rest, q, 0, e["got"])
                self._take(rest, p, 0, e["gave"])
                self._take(rest, p, 1, e["got"])
            else:
                gave = self._cards_for(rest, p, 0, e["gave"])
                got = self._cards_for(rest, p, 1, e["got"])
                self._take(rest, q, 0, e["got"])
                self._take(rest, q, 1, e["gave"])
            return [t(K + "ev_swap", who=name(p), other=name(q), gave=gave, got=got)]
        if kind == "give":
            q = e["other"]
            if self.sees(q):
                given = self._cards_for(rest, q, 1, e["n"])
                self._take(rest, p, 0, e["n"])
            else:
                given = self._cards_for(rest, p, 0, e["n"])
                self._take(rest, q, 1, e["n"])
            return [t(K + "ev_give", who=name(p), other=name(q), cards=given)]
        if kind == "burn":
            n = len(e["cards"])
            return [t(counted(K + "ev_burn", n), n=n)]
        if kind == "eliminated":
            return [t(K + "ev_eliminated", who=name(p))]
        return []

    def _ref(self, cid: int) -> str:
        return html.escape(words.card_ref(cid))

    def _accept(self, before: Any, action: Any, after: Any, rest) -> str:
        o = before.offer
        giver, taker = o["from"], o["to"]
        names = {"giver": self.name(before, giver), "taker": self.name(before, taker)}
        seen = self.sees(giver, taker)
        if o["give"] is not None:
            self._named(rest, giver, 0, [o["give"]])
            self._named(rest, taker, 1, [o["give"]])
        if getattr(action, "card", None) is not None:
            self._named(rest, taker, 0, [action.card])
            self._named(rest, giver, 1, [action.card])
        give = self._ref(o["give"]) if seen and o["give"] is not None else None
        if o["ask"] is None:
            if give is None:
                return t(K + "ev_gift", **names)
            return t(K + "ev_gift_seen", card=give, **names)
        data = t(K + "one_data")
        gave = give or (data if o["give"] is None else t(K + "a_control"))
        if o["ask"] == "data":
            paid = data
        elif seen:
            paid = self._ref(action.card)
        else:
            paid = t(K + "a_control")
        return t(K + "ev_trade", gave=gave, paid=paid, **names)

    def _decline(self, before: Any, after: Any) -> str:
        o = before.offer
        giver, taker = o["from"], o["to"]
        names = {"giver": self.name(before, giver), "taker": self.name(before, taker)}
        kind = self.table.kinds[taker] if taker < len(self.table.kinds) else "human"
        if kind == "human":
            return t(K + "ev_decline", **names)
        return t(K + "ev_decline_why", why=decline_reason(before, kind), **names)

    # ------------------------------------------------------------------ the whole recap
    def html(self) -> str:
        turns = self.turns()
        items = []
        for turn, active, said in turns:
            head = t(K + "story_turn", turn=turn, active=self.name(self.hist[self.end], active))
            items.append(f"<li>{head} {' '.join(said)}</li>")
        mine = self.summary()
        if not items and not mine:
            return ""
        # what each human lost and got first: on a phone the recap's box shows its top only
        return (
            f"{mine}<div>{t(K + 'story_head')}</div>"
            f"<ol style='margin:0;padding-left:1.5em'>{''.join(items)}</ol>"
        )

    def summary(self) -> str:
        """Each human seat's losses and gains over the recap, move by move added up: the
        cards (named to that seat only) and the Data cards, before → after."""
        lines = []
        first, last = self.hist[self.first], self.hist[self.end]
        for q, kind in enumerate(self.table.kinds):
            if kind != "human" or q >= len(last.players):
                continue
            lost: Counter[int] = Counter()
            got: Counter[int] = Counter()
            for i in range(self.first, self.end):
                minus, plus = hand_change(self.hist[i], self.hist[i + 1], q)
                lost += minus
                got += plus
            data = (len(first.data[q]), len(last.data[q]))
            if not (lost or got or data[0] != data[1]):
                continue
            parts = []
            if self.sees(q):
                if lost:
                    parts.append(
                        t(K + "you_lost", cards=f"<span class='logiquo-lost'>{refs(lost)}</span>")
                    )
                if got:
                    parts.append(
                        t(K + "you_got", cards=f"<span class='logiquo-got'>{refs(got)}</span>")
                    )
            parts.append(
                t(
                    K + "you_count",
                    data_before=data[0],
                    data_after=data[1],
                    hand_before=len(first.hands[q]),
                    hand_after=len(last.hands[q]),
                )
            )
            out = "" if last.alive[q] or not first.alive[q] else " " + t(K + "you_out")
            lines.append(
                f"<li class='logiquo-recap-you'>{self.name(last, q)}: {'; '.join(parts)}.{out}</li>"
            )
        if not lines:
            return ""
        return f"<ul style='margin:0;padding-left:1.5em'>{''.join(lines)}</ul>"
