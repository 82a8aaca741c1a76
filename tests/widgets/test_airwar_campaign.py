"""AirWar lesson 6 (the real campaign): the timeline redraws from gamelib's history when the
table changes, the tiles carry the cards' historical notes, and every check's answer is what
the widget shows after "show me"."""

from __future__ import annotations

from gamelib.airwar import history
from tests.widgets.checkkit import answer_wrong_then_right, by_name, plain, show_every
from widgets.airwar.campaign import CampaignTimeline, simplifications_html
from widgets.airwar.cardtexts import card_note
from widgets.airwar.checks import lesson6 as checks
from widgets.i18n import t
from widgets.kit.check_kinds import PredictChoice


def _shown(panel: CampaignTimeline) -> dict[str, int]:
    """Campaign id -> the count written beside its bar."""
    ids = [c.id for c in history.campaigns()]
    return {i: int(text.split()[0]) for i, text in zip(ids, panel.fig.data[1].text, strict=True)}


def test_the_timeline_follows_the_table() -> None:
    panel = CampaignTimeline(seed=5, turns=0)
    start = _shown(panel)
    assert start == {k: len(v) for k, v in history.recalled(history.table_after(5, 0)).items()}
    panel.turns.value = 8
    assert _shown(panel) == {k: len(v) for k, v in history.recalled(panel.state()).items()}
    assert sum(_shown(panel).values()) > sum(start.values())
    colours = panel.fig.data[0].marker.color
    assert all(
        (c != "#aab7b8") == bool(n) for c, n in zip(colours, _shown(panel).values(), strict=True)
    )


def test_tiles_show_the_notes_of_the_chosen_campaign() -> None:
    panel = CampaignTimeline()
    panel.campaign.value = "midway"
    assert "Torpedo Squadron 8" in panel.tiles.value
    tbd = next(c for c in history.noted_cards() if c.type_id == "al-tbd")
    assert card_note(tbd).replace("'", "&#x27;") in panel.tiles.value
    assert "Torpedo Squadron 8" not in CampaignTimeline().tiles.value  # Rabaul first


def test_simplifications_are_worded_in_both_languages(italian) -> None:
    text = plain(simplifications_html())
    for code in history.simplifications():
        assert plain(t(f"airwar.history.simplify.{code}")) in text


def test_checks_answers_are_what_the_widget_shows() -> None:
    panel = CampaignTimeline()
    boxes = [checks.timeline(panel), checks.cards_and_notes(panel), checks.simplifications()]
    order = by_name(boxes[0])["aw6-order"]
    starts = dict(zip([c.id for c in history.campaigns()], panel.fig.data[0].base, strict=True))
    assert list(order.answer()) == sorted(starts, key=lambda k: starts[k])
    recalled = by_name(boxes[0])["aw6-recalled"]
    recalled.show_me()
    shown = _shown(panel)
    assert recalled.answer() == {k for k, v in shown.items() if v == max(shown.values())}
    card = by_name(boxes[1])["aw6-card-campaign"]
    card.show_me()
    assert panel.campaign.value in card.answer()
    assert show_every(boxes)


def test_a_wrong_answer_hints_and_a_right_one_explains() -> None:
    panel = CampaignTimeline()
    for check in by_name(checks.timeline(panel)).values():
        if isinstance(check, PredictChoice):  # one try, then the truth: its own test
            continue
        answer_wrong_then_right(check)
