"""CNW actions in the learner's words (issue #12): gamelib returns codes and data
(``Attack("JFK", "LHR", 3)``), and this module says them with the catalog.

``action_words(action, state)`` is the action from its fields (``cnw.action.<kind>``): gateways
as code and the map's name in the page's language (``LHR · Londra``), counts with agreement
(``1 pedina`` / ``3 pedine``), players by name, tris cards by gateway and service symbol,
shipments by their route. ``describe`` is the same, HTML-safe, for notices, logs and the turn
walkthrough; the table's buttons use ``action_words``.
"""

from __future__ import annotations

import html
import re
from typing import Any

from gamelib import cnw
from gamelib.cnw import board as cnw_board
from gamelib.cnw import cards as cnw_cards
from gamelib.cnw import state as st
from gamelib.cnw.network import CODES
from widgets.i18n import language, t


def gateway(code: str) -> str:
    """A gateway as the map names it: ``JFK · New York`` (``MEX · Città del Messico`` in
    Italian); an unknown code as it is."""
    g = cnw_board.load().gateways.get(code)
    if g is None:
        return str(code)
    return f"{code} · {g.name_it if language() == 'it' else g.name}"


def to_gateway(code: str) -> str:
    """The word "to" and a gateway; in Italian the preposition goes with the city, as a reader
    says it aloud (the code is a label): "ad ANC · Anchorage", "a MXP · Milano", and
    "al CAI · Cairo" for a city named with its article ("Il Cairo")."""
    g = cnw_board.load().gateways.get(code)
    if g is None or language() != "it":
        return t("cnw.words.to", gateway=gateway(code))
    city = g.name_it
    if city.startswith("Il "):
        return t("cnw.words.to_the", gateway=f"{code} · {city.removeprefix('Il ')}")
    if city[:1].lower() in "aeiou":
        return t("cnw.words.to_vowel", gateway=gateway(code))
    return t("cnw.words.to", gateway=gateway(code))


def from_gateway(code: str) -> str:
    """The word "from" and a gateway; in Italian "dal CAI · Cairo" for a city named with its
    article ("Il Cairo"), "da LHR · Londra" otherwise."""
    g = cnw_board.load().gateways.get(code)
    if g is not None and language() == "it" and g.name_it.startswith("Il "):
        return t("cnw.words.from_the", gateway=f"{code} · {g.name_it.removeprefix('Il ')}")
    return t("cnw.words.from", gateway=gateway(code))


def into_gateway(code: str) -> str:
    """The word "into" and a gateway; in Italian "nel CAI · Cairo" for "Il Cairo"."""
    g = cnw_board.load().gateways.get(code)
    if g is not None and language() == "it" and g.name_it.startswith("Il "):
        return t("cnw.words.into_the", gateway=f"{code} · {g.name_it.removeprefix('Il ')}")
    return t("cnw.words.into", gateway=gateway(code))


def on_gateway(code: str) -> str:
    """The word "on" and a gateway; in Italian "sul CAI · Cairo" for "Il Cairo"."""
    g = cnw_board.load().gateways.get(code)
    if g is not None and language() == "it" and g.name_it.startswith("Il "):
        return t("cnw.words.on_the", gateway=f"{code} · {g.name_it.removeprefix('Il ')}")
    return t("cnw.words.on", gateway=gateway(code))


def by_bridge(source: str, target: str) -> bool:
    """An attack with no board line between its ends: only an air bridge reaches (§7.3)."""
    board = cnw_board.load()
    return source in board.gateways and target in board.gateways and not board.link(source, target)


def pawns(n: int) -> str:
    """``n`` pawns with agreement: "1 pawn", "3 pawns"; "1 pedina", "3 pedine"."""
    return t("cnw.action.pawn", n=n) if n == 1 else t("cnw.action.pawns", n=n)


def dice(n: int) -> str:
    return t("cnw.action.die", n=n) if n == 1 else t("cnw.action.dice", n=n)


def symbol(code: str) -> str:
    """A Gateway card's service symbol by the card of ``code``'s gateway."""
    for c in cnw_cards.load().gateway_cards:
        if c.gateway == code:
            return t(f"cnw.cards.symbol.{c.symbol}")
    return ""


def card(code: str) -> str:
    """A Gateway card: its gateway and its service symbol."""
    sym = symbol(code)
    return f"{gateway(code)} ({sym})" if sym else gateway(code)


def shipment(card_id: int) -> str:
    info = cnw.shipment_info(card_id)
    return t(
        "cnw.action.shipment",
        id=card_id,
        origin=gateway(info["origin"]),
        destination=gateway(info["destination"]),
    )


def action_kind(action: Any) -> str:
    """The catalog key's last part: the class in snake case (``obc_reroll``, ``move_in``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(action).__name__).lower()


def _ends(source: str, target: str) -> dict[str, str]:
    """The two gateways of a move (an attack, an occupation, a move-in), as its words name
    them."""
    return {"from_source": from_gateway(source), "target": gateway(target)}


def action_words(action: Any, state: Any = None) -> str:
    """An action in words (plain text, for buttons), from its fields; ``state`` (the state it
    is played in) names the gateways of a move-in and a pact's partner."""
    kind = action_kind(action)
    v: dict[str, Any] = {}
    if isinstance(action, cnw.PlacePawn):
        v["on_gateway"] = on_gateway(action.gateway)
    elif isinstance(action, cnw.RemovePawn):
        v["from_gateway"] = from_gateway(action.gateway)
    elif isinstance(action, cnw.PlayTris):
        v["cards"] = ", ".join(card(c) for c in action.cards)
    elif isinstance(action, cnw.Deploy):
        v |= {"on_gateway": on_gateway(action.gateway), "pawns": pawns(action.count)}
    elif isinstance(action, cnw.Attack):
        v |= _ends(action.source, action.target) | {"dice": dice(action.dice)}
        if by_bridge(action.source, action.target):
            kind = "attack_bridge"  # from the map it looks impossible: say how (§7.3)
    elif isinstance(action, cnw.ObcReroll):
        v["die"] = action.die
    elif isinstance(action, cnw.MoveIn):
        v["pawns"] = pawns(action.count)
        move = getattr(state, "move_in", None)
        if move is not None:
            i, j = move[0], move[1]
            v |= _ends(CODES[i], CODES[j]) | {"into_target": into_gateway(CODES[j])}
            repositioning = state.phase == st.REPOSITION_COUNT
            kind = "move_along" if repositioning else "move_into"
            if repositioning:
                v["to_target"] = to_gateway(CODES[j])
                v["from_source"] = from_gateway(CODES[i])
    elif isinstance(action, cnw.Occupy):
        v |= _ends(action.source, action.target) | {"pawns": pawns(action.count)}
    elif isinstance(action, cnw.Reposition):
        v |= {"from_source": from_gateway(action.source), "to_target": to_gateway(action.target)}
    elif isinstance(action, cnw.Deliver):
        v["shipment"] = shipment(action.shipment)
    elif isinstance(action, cnw.ProposePact):
        names = getattr(state, "names", None)
        ok = names is not None and 0 <= action.partner < len(names)
        v["partner"] = names[action.partner] if ok else t("cnw.action.player", n=action.partner)
    elif not isinstance(action, (cnw.KeepDice, cnw.EndPhase, cnw.AcceptPact, cnw.RejectPact)):
        raise TypeError(f"not a CNW action: {action!r}")
    return t(f"cnw.action.{kind}", **v)


def describe(action: Any, state: Any = None) -> str:
    """The action in words, HTML-safe (notices, logs, the turn walkthrough)."""
    return html.escape(action_words(action, state))


def roll_words(roll: dict[str, Any]) -> str:
    """A finished battle's dice and losses for the log: "[6, 3 vs 5: -0 / -1]"."""
    return t(
        "cnw.action.roll",
        attack=", ".join(str(d) for d in roll["attack"]),
        defend=", ".join(str(d) for d in roll["defend"]),
        a=roll["attacker_losses"],
        d=roll["defender_losses"],
    )


def place(code: str) -> str:
    """A gateway's city in the page's language ("Londra" in Italian)."""
    g = cnw_board.load().gateways[code]
    return g.name_it if language() == "it" else g.name


def region_name(region: Any) -> str:
    """A region as the map names it in the page's language ("America del Nord" in Italian)."""
    return region.name_it if language() == "it" else region.name


def named(en: str, it: str) -> str:
    """A data name given in both languages: the Italian alone on an Italian page, the English
    with the Italian beside it on an English one ("North America (America del Nord)")."""
    if language() == "it" or en == it:
        return it
    return f"{en} ({it})"
