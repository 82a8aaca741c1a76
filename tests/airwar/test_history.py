"""The campaign timeline behind the deck (gamelib/airwar/history.py): public dates, every card
id real, cards in play read from the table."""

from __future__ import annotations

import datetime as dt

from gamelib.airwar import cards, history
from gamelib.airwar.turn import new_game


def test_public_dates() -> None:
    by = {c.id: c for c in history.campaigns()}
    assert by["coral_sea"].start == dt.date(1942, 5, 4) and by["coral_sea"].end == dt.date(
        1942, 5, 8
    )
    assert by["midway"].start == dt.date(1942, 6, 4) and by["midway"].days == 4
    assert by["guadalcanal"].start == dt.date(1942, 8, 7)
    assert by["rabaul"].start == dt.date(1942, 1, 23)
    starts = [c.start for c in history.campaigns()]
    assert starts == sorted(starts)
    assert all(c.start <= c.end for c in history.campaigns())


def test_campaign_cards_are_noted_cards() -> None:
    noted = {c.type_id for c in history.noted_cards()}
    assert len(noted) == 51
    for c in history.campaigns():
        assert c.cards and set(c.cards) <= noted
    assert set(history.untied()) | {t for c in history.campaigns() for t in c.cards} == noted
    assert "midway" in history.campaigns_of("al-tbd")  # Torpedo Squadron 8


def test_in_play_reads_the_table() -> None:
    state = new_game(2, seed=3)
    assert set(history.in_play(state)) == {"ax-lae", "al-midway"}  # in play from the start
    assert not set(history.in_play(state)) & {cards.card(c).type_id for c in state.hand[0]}
    rec = history.recalled(state)
    assert rec["midway"] == ("al-midway",) and rec["rabaul"] == ("ax-lae",)
    assert history.most_recalled(state) == {"midway", "rabaul"}


def test_table_after_is_seeded_and_grows() -> None:
    a, b = history.table_after(11, 5), history.table_after(11, 5)
    assert history.in_play(a) == history.in_play(b)
    assert a.turn == 6 or a.winner is not None
    assert len(history.in_play(a)) >= len(history.in_play(history.table_after(11, 0)))


def test_simplifications_are_codes() -> None:
    codes = history.simplifications()
    assert len(codes) == len(set(codes)) >= 5 and all(c.isidentifier() for c in codes)
