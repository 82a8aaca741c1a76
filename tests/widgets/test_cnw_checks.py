"""Each check of CNW lessons 1–3, 5 and 8 agrees with the widget beside it: "show me" moves the
widget to the answer's state, and what the widget then shows (a chart's value, a text, a table's
state) is the check's answer. The answers come from gamelib; the widgets draw gamelib too,
through their own code, so a drift in either shows here."""

from __future__ import annotations

import inspect
import re
from fractions import Fraction

import pytest

from gamelib.cnw import actions as cnw_actions
from gamelib.cnw import battle
from gamelib.cnw import board as cnw_board
from gamelib.cnw import state as st
from gamelib.cnw.queries import delivery_chain
from tests.widgets.checkkit import by_name, show_every, widget_fixture
from widgets.cnw import checks
from widgets.cnw.battle_lab import BattleLab
from widgets.cnw.board_map import BoardMap
from widgets.cnw.checks import lesson1, lesson2, lesson3, lesson5, lesson8  # noqa: F401  (checks.lessonN)
from widgets.cnw.shipments import ShipmentLab
from widgets.cnw.table import CnwTable
from widgets.cnw.turn import TurnWalkthrough
from widgets.common import DICE_FACES
from widgets.i18n import t

board_map = widget_fixture(BoardMap)
lab = widget_fixture(BattleLab, attackers=3, defenders=3)
ships = widget_fixture(ShipmentLab)


def rank_in(info: str) -> int:
    return int(re.search(r"rank (\d+) of", info).group(1))


# ---------------------------------------------------------------------- lesson 1: the map
def test_regions_checks_match_the_map(board_map):
    c = by_name(checks.lesson1.regions(board_map))
    share = {}
    for trace in board_map.region_traces:
        symbols = list(trace.marker.symbol)
        share[trace.name.split(" (+")[0]] = symbols.count("diamond") / len(symbols)
    best = max(share, key=share.get)
    most = c["cnw1-most-hubs"]
    assert dict((v, k) for k, v in most.radio.options)[most.answer()] == best
    fewest = c["cnw1-fewest-borders"]
    region = cnw_board.load().regions[fewest.answer()]
    legend = next(tr.name for tr in board_map.region_traces if tr.name.startswith(region.name))
    assert legend.endswith(f"(+{c['cnw1-bonus'].answer()})")  # the legend shows the bonus
    # the region's border gateways, as the map describes them: a link to another region
    outside = 0
    for code in region.gateways:
        board_map.select(code)
        links = re.search(r"Links \(\d+\): ([^<]*)", board_map.info.value).group(1)
        codes = [x.split(" ")[0] for x in links.split(", ")]
        outside += any(x not in region.gateways for x in codes)
    assert outside == len(region.borders)
    c["cnw1-bonus-why"].show_me()
    assert "this project's design" in c["cnw1-bonus-why"].feedback.value


def test_chokepoint_checks_match_the_map(board_map):
    c = by_name(checks.lesson1.chokepoints(board_map))
    top5 = c["cnw1-dashed-top5"]
    top5.show_me()
    assert board_map.colour_by.value == "betw"
    board = cnw_board.load()
    ends = {x for link in board.dashed for x in (link.a, link.b)}
    shown = list(board_map.chokepoint_fig.data[0].customdata[:5])
    assert top5.answer() == sum(code in ends for code in shown)
    ranks = {}
    for code in board.gateways:
        board_map.select(code)
        if "Links (2)" in board_map.info.value:
            ranks[code] = rank_in(board_map.info.value)
    two = c["cnw1-two-links"]
    two.show_me()
    assert board_map.gateway.value == two.answer() == min(ranks, key=ranks.get)
    assert two.value() == two.answer()  # the check follows the map's selection
    waw_svo = c["cnw1-waw-svo"]
    seen = {}
    for code in ("WAW", "SVO"):
        board_map.select(code)
        seen[code] = rank_in(board_map.info.value)
    assert waw_svo.answer() == min(seen, key=seen.get)


# ---------------------------------------------------------------------- lessons 1 and 2: the dice
def bar(fig, trace: int, label: str) -> float:
    data = fig.data[trace]
    return data.y[list(data.x).index(label)]


def test_attack_dice_match_the_roll_chart(lab):
    [dice] = checks.lesson1.attack().children
    lab.attackers.value = 3 - 1  # the slider counts the pawns that may roll
    assert f"{dice.answer()} attack dice" in lab.roll_fig.layout.title.text


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_all_fall_matches_the_roll_chart(lab, seed):
    c = by_name(checks.lesson1.roll(lab))["cnw1-all-fall"]
    for _ in range(seed):
        c.next_question()
    c.show_me()
    a, d, kind = checks.lesson1._all_fall(seed, c.level)
    la, ld = checks.lesson1.all_fall_outcome(a, d, kind)
    assert f"{a} attack dice against {d} defence dice" in lab.roll_fig.layout.title.text
    shown = bar(lab.roll_fig, 0, t("cnw.battle.outcome", a=la, d=ld))
    assert c.answer() == pytest.approx(100 * shown)
    c.box.value = f"{100 * shown:.1f}"
    assert c.check() is True


def test_classic_likely_matches_the_roll_chart(lab):
    c = by_name(checks.lesson1.roll(lab))
    classic = c["cnw1-classic-likely"]
    classic.show_me()
    assert lab.rule.value == 2
    trace = lab.roll_fig.data[1]
    top = list(trace.x)[max(range(len(trace.y)), key=lambda i: trace.y[i])]
    la, ld = classic.answer().split("-")
    assert top == t("cnw.battle.outcome", a=la, d=ld)
    c["cnw1-ties-why"].show_me()
    assert "%" in c["cnw1-ties-why"].feedback.value


def test_one_on_one_matches_the_curve_marker(lab):
    c = by_name(checks.lesson2.chain(lab))["cnw1-one-on-one"]  # a prediction since #25
    c.show_me()
    assert (lab.attackers.value, lab.defenders.value) == (1, 1)
    assert c.answer() == pytest.approx(100 * lab.curve_fig.data[3].y[0])


def heat(lab: BattleLab, a: int, d: int) -> float:
    return lab.heat_fig.data[0].z[a - 1][d - 1]


def test_even_odds_match_the_heat_map(lab):
    c = by_name(checks.lesson2.battle(lab)) | by_name(checks.lesson2.hub(lab))
    for name, rule, hub in (
        ("cnw1-even-cnw", 3, False),
        ("cnw1-even-classic", 2, False),
        ("cnw1-even-hub", 3, True),
    ):
        check = c[name]
        check.show_me()
        a, d = check.answer(), checks.lesson2.EVEN_DEFENDERS
        assert (lab.attackers.value, lab.defenders.value, lab.rule.value, lab.hub.value) == (
            a,
            d,
            rule,
            hub,
        )
        assert heat(lab, a, d) >= 0.5 > heat(lab, a - 1, d)
    more = c["cnw1-more-or-fewer"]
    assert more.answer() == (
        "more" if c["cnw1-even-cnw"].answer() > checks.lesson2.EVEN_DEFENDERS else ""
    )


def test_hub_checks_match_the_curves(lab):
    c = by_name(checks.lesson2.hub(lab))
    for name, curve in (("cnw1-hub-plain", 0), ("cnw1-hub-fort", 1)):
        check = c[name]
        check.show_me()
        a = check.answer()
        assert lab.defenders.value == checks.lesson2.HUB_DEFENDERS and lab.attackers.value == a
        assert lab.curve_fig.data[3].y[0] == pytest.approx(lab.curve_fig.data[curve].y[a - 1])
        assert lab.curve_fig.data[curve].y[a - 1] >= 0.75 > lab.curve_fig.data[curve].y[a - 2]


def exchange(lab: BattleLab, attacker: bool, defender: bool, rolls: int) -> float:
    """Mean defender minus attacker losses over seeded rolls of the lab's dice table."""
    lab.attacker_obc.value, lab.defender_obc.value = attacker, defender
    lab.seed.value = 2  # the same seeded dice for every policy: set the seed anew
    lab.seed.value = 1
    total = 0
    for _ in range(rolls):
        r = lab._roll()
        total += r.defender_losses - r.attacker_losses
    return total / rolls


def test_obc_side_matches_the_dice_table(lab):
    c = by_name(checks.lesson2.obc(lab))["cnw1-obc-side"]
    c.show_me()
    assert (lab.attackers.value, lab.defenders.value, lab.hub.value) == (3, 3, True)
    n = 6000
    base = exchange(lab, False, False, n)
    gain_a = exchange(lab, True, False, n) - base
    gain_d = base - exchange(lab, False, True, n)
    exact_a, exact_d = checks.lesson2.obc_gains(3, 3, True)
    assert gain_a == pytest.approx(exact_a, abs=0.06)
    assert gain_d == pytest.approx(exact_d, abs=0.06)
    assert c.answer() == ("attacker" if gain_a > gain_d else "defender")
    lab.attacker_obc.value = lab.defender_obc.value = False
    c.next_question()
    c.show_me()  # a new seeded battle moves the sliders to it
    a, d, hub = checks.lesson2._obc_battle(1, c.level)
    assert (lab.attackers.value, lab.defenders.value, lab.hub.value) == (a, d, hub)


FACE = {face: value for value, face in enumerate(DICE_FACES, start=1)}


def paired(attack: list[int], defend: list[int], hub: bool) -> tuple[int, int]:
    """(attacker, defender) losses as a learner pairs the dice: high with high, ties to the
    defender, +1 on the defender's highest die at a hub (§7.2, §8.3)."""
    attack, defend = sorted(attack, reverse=True), sorted(defend, reverse=True)
    k = min(len(attack), len(defend))
    lost = sum(attack[i] > defend[i] + (1 if hub and i == 0 else 0) for i in range(k))
    return k - lost, lost


def token_gain(lab: BattleLab, side: str) -> int:
    """What one roll's token gained, read off the dice table as the Try-this of lesson 2 step 4
    asks: the dice shown, the re-roll line put back (old face instead of the new one), both
    paired again; the gain is the token owner's exchange (the other side's losses minus its
    own) after the re-roll minus before."""
    html = lab.dice.value
    rows = re.findall(r"<div>(.*?)</div>", html)
    dice = {
        "attacker": [FACE[c] for c in rows[0] if c in FACE],
        "defender": [FACE[c] for c in rows[1] if c in FACE],
    }
    la, ld = map(int, re.search(r"Attacker loses (\d), defender loses (\d)", html).groups())
    hub = lab.hub.value
    assert (la, ld) == paired(dice["attacker"], dice["defender"], hub)  # the dice as shown
    before = {k: list(v) for k, v in dice.items()}
    for row in rows[2:]:
        old, new = map(int, re.search(r"re-rolled a (\d): it came up (\d)", row).groups())
        who = "attacker" if row.startswith(f"<i>{t('cnw.battle.attacker')}") else "defender"
        assert who == side, "only the ticked side re-rolls"
        before[who].remove(new)
        before[who].append(old)
    la0, ld0 = paired(before["attacker"], before["defender"], hub)
    gain = (ld - la) - (ld0 - la0)
    return gain if side == "attacker" else -gain


def test_the_obc_exercise_measures_what_the_check_compares(lab):
    """The Try-this of lesson 2 step 4, played as written on the question's battle: each
    learner ticks only the attacker's token and rolls ten times, then only the defender's, and
    averages what each token gained. Pooled over many learners (the prose tells the class to
    pool its rolls), the two averages are the check's exact gains and name the check's answer.
    The exercise it replaced (count the pawns each side loses) pointed to the defender."""
    c = by_name(checks.lesson2.obc(lab))["cnw1-obc-side"]
    for seed in (0, 1, 2, 4):  # 3 against 3 at a hub, then "new question" three times
        while c.seed < seed:
            c.next_question()
        a, d, hub = checks.lesson2._obc_battle(seed, c.level)  # the level the misses earned
        checks.common._set_lab(lab, a, d, hub=hub)  # what the prose asks (and "show me" does)
        learners, rolls = 600, 10
        gains = {}
        for side in ("attacker", "defender"):
            total = 0
            for learner in range(learners):
                lab.seed.value = 10_000 + learner
                lab.attacker_obc.value = side == "attacker"
                lab.defender_obc.value = side == "defender"
                for _ in range(rolls):
                    lab.roll_button.click()
                    total += token_gain(lab, side)
            gains[side] = total / (learners * rolls)
        exact = dict(zip(gains, checks.lesson2.obc_gains(a, d, hub), strict=True))
        for side in gains:
            assert gains[side] == pytest.approx(exact[side], abs=0.04), (seed, side)
        assert c.answer() == max(gains, key=gains.get), (a, d, hub, gains)
    lab.attacker_obc.value = lab.defender_obc.value = False


def test_no_obc_question_has_two_right_answers():
    """Counted in exact fractions, one side's token always gains strictly more in the check's
    battles; in 1 against 1 both gain the same (one more die each), so it never asks that."""

    def exchange(dist) -> Fraction:
        return sum(p * (ld - la) for (la, ld), p in dist.items())

    def gains(a: int, d: int, hub: bool) -> tuple[Fraction, Fraction]:
        base = exchange(battle.roll_distribution(a, d, hub))
        return (
            exchange(battle.roll_distribution(a, d, hub, attacker_reroll=True)) - base,
            base - exchange(battle.roll_distribution(a, d, hub, defender_reroll=True)),
        )

    for hub in (False, True):
        gain_a, gain_d = gains(1, 1, hub)
        assert gain_a == gain_d > 0
    battles = {checks.lesson2._obc_battle(seed) for seed in range(300)}
    assert len(battles) == 16  # every battle of up to 3 dice a side but 1 against 1
    for a, d, hub in battles:
        gain_a, gain_d = gains(a, d, hub)
        assert gain_a != gain_d, (a, d, hub)


def test_monte_carlo_checks(lab):
    c = by_name(checks.lesson2.montecarlo(lab))
    narrower = c["cnw1-mc-narrower"]
    narrower.show_me()
    assert (lab.attackers.value, lab.defenders.value) == checks.lesson2.MC_BATTLE
    assert narrower.answer() == pytest.approx(200**0.5, abs=1.0)
    assert c["cnw1-mc-outside"].answer() == 5
    # the lab's panel uses battle.wilson_interval at its default confidence
    confidence = inspect.signature(battle.wilson_interval).parameters["confidence"].default
    assert confidence == checks.lesson2.CONFIDENCE and lab.mc.interval is battle.wilson_interval


# ---------------------------------------------------------------------- lesson 3
def test_class_checks_match_the_class_table(ships):
    c = by_name(checks.lesson3.classes(ships))
    html = ships.classes_table().value
    deadlines = [int(x) for x in re.findall(r"</td><td>(\d+)</td><td>\+", html)]
    assert c["cnw2-more-turns"].answer() == deadlines[-1] - deadlines[0]
    tight = c["cnw2-tightest"]
    label = dict((v, k) for k, v in tight.radio.options)[tight.answer()]
    for sector in label.split(t("cnw.checks.and")):
        assert f"{sector} {tight.answer():+d}" in html


def test_corridor_checks_match_the_map_text(ships):
    c = by_name(checks.lesson3.corridor(ships))
    dashed = c["cnw2-dashed-shipment"]
    crossing = set()
    for card_id in range(36):
        ships.shipment.value = card_id
        if not re.search(r"\b0 dashed route", ships.corridor_info.value):
            crossing.add(card_id)
    assert dashed.answer() == crossing
    dashed.show_me()
    assert ships.shipment.value in crossing
    gateways = c["cnw2-corridor-gateways"]
    for _ in range(3):
        gateways.show_me()
        hops = int(re.search(r"\((\d+) hops\)\.?$", ships.corridor_info.value).group(1))
        assert gateways.answer() == hops + 1
        assert f"#{ships.shipment.value}," in gateways.question
        gateways.next_question()


def test_bridge_checks_match_the_charts(ships):
    c = by_name(checks.lesson3.bridges(ships))
    far = c["cnw2-far-pairs"]
    far.show_me()
    base = ships.hops_fig.data[0]
    assert far.answer() == sum(
        y for x, y in zip(base.x, base.y, strict=True) if x >= checks.lesson3.FAR
    )
    three = c["cnw2-three-hubs"]
    for _ in range(3):
        three.show_me()
        before, after = re.search(
            r"Average distance: ([\d.]+) hops on the board, <b>([\d.]+)</b>",
            ships.bridges_info.value,
        ).groups()
        assert three.answer() == pytest.approx(float(before) - float(after), abs=0.011)
        regions = {cnw_board.load().gateways[h].region for h in ships.hubs.value}
        assert len(regions) == len(checks.lesson3.three_hubs(three.seed, three.level))
        three.next_question()
    top = c["cnw2-new-top"]
    top.show_me()
    assert len(ships.hubs.value) == 14
    assert ships.choke_fig.data[0].y[0].startswith(top.answer() + " ")


def test_deck_checks_match_the_deck_chart(ships):
    c = by_name(checks.lesson3.deck(ships))
    inter = next(tr for tr in ships.deck_fig.data if tr.name.startswith("Intercontinental"))
    assert c["cnw2-p-inter"].answer() == pytest.approx(100 * sum(inter.y) / 36)
    short = c["cnw2-short-far"]
    short.show_me()
    assert ships.deck_by.value == "hops"
    shown = dict(zip(inter.x, inter.y, strict=True))
    assert short.answer() == ("yes" if shown.get("1", 0) + shown.get("2", 0) > 0 else "no")


# ---------------------------------------------------------------------- lesson 5 (a turn)
walk = widget_fixture(TurnWalkthrough, seed=7)


def test_turn_checks_match_the_walkthrough(walk):
    c = by_name(checks.lesson5.turn(walk))
    total = c["cnw3-reinforcements"]
    for seed in (7, 8):
        total.show_me()
        assert walk.seed.value == seed
        assert f"still to deploy: <b>{total.answer()}</b>" in walk.explain.value
        total.next_question()
    hubs = c["cnw3-from-hubs"]
    hubs.show_me()
    assert walk.seed.value == 7 and f"{hubs.answer()} for hubs" in walk.explain.value
    dice = c["cnw3-defence-dice"]
    dice.show_me()
    assert walk.dice.value.count("color:#1f5fbf") == dice.answer()
    assert walk.dice.value.count("color:#c0392b") == checks.lesson5.first_roll(7)[1].dice


def test_compare_checks_match_the_walkthrough(walk):
    c = by_name(checks.lesson5.compare(walk))
    delivering = set()
    for seed in checks.lesson5.SEEDS:
        checks.lesson5._replay_to(walk, seed, lambda wk: wk.done)
        if any(": deliver" in s.lower() for s in walk.steps):
            delivering.add(seed)
    assert c["cnw3-delivering-seed"].answer() == delivering
    stops = c["cnw3-hub-stop"]
    assert stops.answer() and stops.answer() <= set(checks.lesson5.SEEDS)
    stops.show_me()
    assert walk.done and walk.seed.value in stops.answer()


# ---------------------------------------------------------------------- lesson 8 (play)
def test_table_checks_match_the_table():
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=1)
    c = by_name(checks.lesson8.table(table))
    board = cnw_board.load()
    mine = [
        code for i, code in enumerate(board.gateways) if table.state.owner[i] == 0
    ]  # the deal (§4): nobody has attacked yet
    assert c["cnw5-start-hubs"].answer() == sum(board.gateways[g].hub for g in mine)
    bots = CnwTable(seats=("human", "courier", "courier"), seed=1)  # bots stop at the human
    while bots.state.phase != st.OPERATIONS:
        p = bots.to_move()
        bots.act(bots.bots[p].choose(bots.state), auto=False)
    me = bots.state.current
    codes = list(board.gateways)
    source = next(
        g for i, g in enumerate(codes) if bots.state.owner[i] == me and bots.state.pawns[i] >= 2
    )
    target = next(
        g
        for i, g in enumerate(codes)
        if bots.state.owner[i] not in (me, -1) and g not in board.neighbours(source)
    )
    assert not bots.act(cnw_actions.Attack(source, target, 1), auto=False)
    assert f"({c['cnw5-unlinked'].answer()})" in bots.notice.value


def test_end_checks_match_the_bots_game():
    table = CnwTable(seats=checks.lesson8.BOT_SEATS, seed=1)
    c = by_name(checks.lesson8.end(table))
    table.finish()
    assert table.state.victory == c["cnw5-victory"].answer()
    assert t(f"cnw.victory.{table.state.victory}") in table.status.value
    log, history = table.session.log, table.session.history  # what Back steps through
    last = max(i for i, a in enumerate(log) if isinstance(a, cnw_actions.Deliver))
    before = history[last]
    chain = delivery_chain(before, before.current, log[last].shipment)
    assert c["cnw5-last-chain"].answer() == len(chain) - 1 >= 1


def test_every_cnw_check_has_its_texts():
    """Every check of the four lessons builds (all its catalog keys exist) and says something
    after "show me"."""
    board_map, lab, ships = BoardMap(), BattleLab(), ShipmentLab()
    walk = TurnWalkthrough(seed=7)
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=1)
    boxes = [
        *(f(board_map) for f in (checks.lesson1.regions, checks.lesson1.chokepoints)),
        checks.lesson1.attack(),
        *(
            f(lab)
            for f in (
                checks.lesson1.roll,
                checks.lesson2.chain,
                checks.lesson2.battle,
                checks.lesson2.hub,
                checks.lesson2.obc,
                checks.lesson2.montecarlo,
            )
        ),
        *(f(ships) for f in (checks.lesson3.classes, checks.lesson3.corridor)),
        *(f(ships) for f in (checks.lesson3.bridges, checks.lesson3.deck)),
        checks.lesson5.turn(walk),
        checks.lesson5.compare(walk),
        checks.lesson8.table(table),
        checks.lesson8.end(table),
    ]
    kinds = show_every(boxes)
    assert sum(kinds.values()) >= 40 and kinds["Reflect"] >= 4  # cnw1-ties a Reason since #25
