"""The parts the games' widgets now share instead of repeating (issue #9): the strategy labs'
common settings and main button, the odds labs' trials and report, the seed box, the table's
stale-notice rule, the Logiquo labs' one play function and CNW's hop chart."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gamelib.cnw import corridors
from gamelib.logiquo.simulate import careful_factory
from widgets import i18n
from widgets.common import Notice, seed_box
from widgets.kit import cache
from widgets.kit import odds as mc
from widgets.kit import strategy as kit
from widgets.kit.table import TableBase


@pytest.fixture(autouse=True)
def no_shared_cache(monkeypatch):
    monkeypatch.setenv(cache.ENV, "off")


def test_games_setting_clamps_or_refuses_as_declared():
    bounded = kit.games_setting("Games", 10, 50, "x-games")
    box = bounded.build()
    box.value = 80
    assert box.value == 50 and "x-games" in box._dom_classes
    assert box.layout.max_width == "220px"
    strict = kit.games_setting("Games", 10, 50, "x-games", kind="int")
    assert strict.refuse(51) is not None and strict.refuse(50) is None and strict.refuse(0)


def test_lineup_setting_words_each_lineup_and_starts_with_the_first():
    lineups = {"b_first": None, "a_second": None}
    setting = kit.lineup_setting("lineup", "Line-up", lineups, str.upper, 400, css="x-lineup")
    box = setting.build()
    assert box.options == (("B_FIRST", "b_first"), ("A_SECOND", "a_second"))
    assert box.value == "b_first" and "x-lineup" in box._dom_classes


def test_run_action_is_the_primary_run_button():
    action = kit.run_action("Go", "x-run", lambda v: [], lambda v, b, r: None, width=None)
    assert (action.name, action.style, action.icon) == ("run", "primary", "play")
    assert action.width is None


def test_trials_choice_and_the_report_follow_the_language():
    i18n.set_language("it")
    try:
        trials = mc.trials_choice("Prove", width=240).build()
        assert trials.options[1] == ("10.000", 10_000) and trials.value == 10_000
        p = mc.MonteCarloPanel(mc.trials_choice("Prove"), "Vai", "x-go", "x-out", lambda: None)
        checks = [mc.Check("a", 0.25, 3000, 12_000, 0.24, 0.26)]
        p.report(checks, "rails.odds.mc_done", ["1", "2", "3", "4", "5"], "sì", "no")
        quarter = kit.percent(0.25)
    finally:
        i18n.set_language("en")
    assert quarter.startswith("25,0") and quarter in p.out.value
    assert "12.000" in p.out.value and "sì" in p.out.value
    assert p.out.value.index("12.000") < p.out.value.index("<table>")


def test_seed_box_is_labelled_classed_and_clamped_when_bounded():
    free = seed_box(5)
    assert free.description == i18n.t("common.seed") and free.layout.width == "180px"
    assert free.layout.max_width == "100%" and free._dom_classes == ()
    bounded = seed_box(5, "x-seed", "200px", "Partita", bounds=(1, 99))
    bounded.value = 500
    assert bounded.value == 99 and bounded.description == "Partita"
    assert "x-seed" in bounded._dom_classes


def test_a_stale_notice_goes_only_for_a_human_after_a_new_turn():
    table = SimpleNamespace(notice=Notice(), _new_turn=True)
    table.notice.info("Done: something")
    TableBase.clear_stale_notice(table, human=False)
    assert table.notice.value and table._new_turn is False  # a bot's draw: kept, flag spent
    table._new_turn = True
    TableBase.clear_stale_notice(table, human=True)
    assert table.notice.value == ""
    history = [SimpleNamespace(turn=3), SimpleNamespace(turn=4)]
    table = SimpleNamespace(session=SimpleNamespace(history=history), state=history[1])
    TableBase.note_new_turn(table, 0)
    assert table._new_turn is True
    TableBase.note_new_turn(table, 1)
    assert table._new_turn is False


def test_the_free_rider_plays_the_strategy_labs_games_but_one_seat():
    from widgets.logiquo import strategy
    from widgets.logiquo.free_rider import FREE_RIDER, FreeRiderLab

    same = careful_factory(True)(4, 70)
    one = strategy.careful_bots(True, FREE_RIDER)(4, 70)
    assert [b.cooperative for b in one] == [p != FREE_RIDER for p in range(4)]
    assert [b.cooperative for b in strategy.careful_bots(False)(4, 70)] == [False] * 4
    assert [b.rng.getstate() for b in one] == [b.rng.getstate() for b in same]  # same seeds
    v = {"games": 7, "players": 4, "seed": 3}
    coop, rider = FreeRiderLab(games=7).plan(v)
    own = strategy.StrategyLab(games=7).plan(v | {"hand": 0})[0]
    assert coop.key() == own.key()  # the strategy lab's own batch: cached once
    assert rider.play is strategy.play and rider.params["selfish_seat"] == FREE_RIDER


def test_hop_chart_keeps_its_base_and_shows_another_network():
    from widgets.cnw.shipments import hop_chart, show_hops

    base = corridors.bridged_graph()
    fig = hop_chart(300, "cnw.ships", ("without", base, "#999999"), "with")
    assert dict(zip(fig.data[0].x, fig.data[0].y, strict=True)) == corridors.hop_counts(base)
    assert fig.data[1].name == "with" and not fig.data[1].x
    hubs = corridors.bridged_graph(("ORD", "FRA"))
    counts = show_hops(fig, hubs, visible=True)
    assert counts == corridors.hop_counts(hubs)
    assert list(fig.data[1].x) == list(counts) and fig.data[1].visible is True
