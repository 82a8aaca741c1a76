"""§Obiettivo: the winner and the whole tie-break chain, ending in a declared tie."""

from __future__ import annotations

import gamelib.logiquo as L
from gamelib.logiquo.actions import TakeImpact


def _end(position, hands, data=None):
    """Player 0 loses their last Data card to T03, which ends the game (§Fine del Gioco)."""
    s = position(3, threat="T03", hands=hands, data=data or {0: 1, 1: 2, 2: 2})
    s = L.apply(s, TakeImpact())
    assert L.is_over(s)
    return s


def test_obiettivo_most_data_cards_wins(position):
    s = _end(position, {1: ["C01", "C02"]}, data={0: 1, 1: 2, 2: 3})
    assert L.winners(s) == [2] and s.decided_by == "data"


def test_obiettivo_tiebreak_1_more_countermeasure_cards(position):
    s = _end(position, {1: ["C01", "C02"], 2: ["C03", "L1", "P1"]})
    assert L.winners(s) == [1] and s.decided_by == "countermeasures"


def test_obiettivo_tiebreak_2_more_logiquo_or_pentaqo_cards(position):
    s = _end(position, {1: ["C01", "P1"], 2: ["C03"]})
    assert L.winners(s) == [1] and s.decided_by == "specials"


def test_obiettivo_tiebreak_3_more_mitigated_threats_on_countermeasures(position):
    # C20 lists 2 threats, C14 lists 4
    s = _end(position, {1: ["C20", "L1"], 2: ["C14", "P2"]})
    assert L.winners(s) == [2] and s.decided_by == "mitigated"


def test_obiettivo_tiebreak_4_complete_tie_is_declared(position):
    """ "scegliete 6 numeri e tentate la fortuna in altri campi": nobody else decides."""
    s = _end(position, {1: ["C14", "L1"], 2: ["C15", "P2"]})
    assert L.winners(s) == [1, 2] and s.decided_by == "tie"


def test_obiettivo_ranking_key_orders_the_criteria(position):
    s = position(3, threat="T03", hands={0: ["C01", "C20", "L1", "P1"]}, data={0: 2})
    assert L.ranking_key(s, 0) == (2, 2, 2, 4 + 2)
    assert L.winners(s) == []  # no winner mid-game
