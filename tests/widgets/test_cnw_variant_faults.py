"""Three CNW faults left by the variants work (issue #14 §2), each pinned by a test:

- FIERA (§12.1): the map labelled the pale gateways out of play with "0" pawns; they now say they
  are out (label and hover from the catalogs, both languages), from gamelib's ``in_play``;
- the SLA chart fixed its y-axis at target + 2, which cut off a player past 14 SLA in TEAM
  BUILDING (§12.2, no individual target): the axis now fits the bars and the target drawn;
- ``docs/rules/cnw.md`` said §12 is taught only in lesson 6 (now 9), though lesson 5 (now 8) has a
  step "The variants (§12)": the table's lesson steps are read against the lessons' sections.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gamelib import cnw
from gamelib.cnw import tables
from gamelib.cnw.network import CODES
from gamelib.cnw.state import OUT_OF_PLAY, geo_of
from tests.test_rules_taught import taught_rows
from widgets.cnw.table import CnwTable

ROOT = Path(__file__).resolve().parents[2]
SEATS4 = ("human", "courier", "expansionist", "random")


def choose(table: CnwTable, *keys: str, teams: list[int] | None = None) -> None:
    """Tick the variants ``keys`` (the others off) and set the teams, as the learner does."""
    for key, box in table.variant_choice.boxes.items():
        box.value = key in keys
    for seat, team in enumerate(teams or []):
        table.variant_choice.team_pickers[seat].value = team


def map_points(table: CnwTable) -> dict[str, tuple[str, str]]:
    """Gateway code -> (label, hover) as the table's map shows them now."""
    out: dict[str, tuple[str, str]] = {}
    for trace in table.map.region_traces:
        for code, text, hover in zip(trace.customdata, trace.text, trace.hovertext, strict=True):
            out[code] = (text, hover)
    return out


def show(table: CnwTable, state: cnw.CnwState) -> None:
    """Show ``state`` at the table by loading it as a saved game."""
    assert table.load_text(cnw.to_json(state)), table.notice


# ---------------------------------------------------------------------------- 1. FIERA's map
@pytest.fixture
def fiera_table() -> CnwTable:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=4)
    choose(table, "fiera")
    table.new_game()
    return table


def test_fiera_gateways_out_of_play_say_so_instead_of_a_pawn_count(
    fiera_table: CnwTable,
) -> None:
    s = fiera_table.state
    in_play = geo_of(s).in_play
    out = {c for i, c in enumerate(CODES) if not in_play[i]}
    assert out == {c for i, c in enumerate(CODES) if s.owner[i] == OUT_OF_PLAY}
    assert "EZE" in out and len(out) == len(CODES) - 28  # §12.1: "Spartisci i 28 gateway"
    points = map_points(fiera_table)
    for code, (label, hover) in points.items():
        if code in out:
            assert label == f"{code} (out)", label  # no "EZE 0"
            assert "Out of play" in hover and "FIERA (§12.1)" in hover, hover
            assert not re.search(r"\d", label)
        else:
            assert label == f"{code} {s.pawns[CODES.index(code)]}"
            assert "Out of play" not in hover
    region = "South America"  # EZE's region, named in its hover
    assert f"in FIERA (§12.1) {region} stays off the board" in points["EZE"][1]


def test_a_standard_game_after_fiera_takes_the_notes_off_the_map(fiera_table: CnwTable) -> None:
    choose(fiera_table)
    fiera_table.new_game()
    s = fiera_table.state
    assert all(o != OUT_OF_PLAY for o in s.owner)
    for code, (label, hover) in map_points(fiera_table).items():
        assert label == f"{code} {s.pawns[CODES.index(code)]}"
        assert "Out of play" not in hover and "(out)" not in label


def test_fiera_out_of_play_in_italian(italian: None) -> None:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=4)
    choose(table, "fiera")
    table.new_game()
    label, hover = map_points(table)["EZE"]
    assert label == "EZE (fuori)"
    assert "Fuori gioco" in hover and "America del Sud resta fuori" in hover
    assert "(out)" not in label and "Out of play" not in hover


def test_the_fiera_strings_exist_in_both_catalogs_with_the_same_placeholders() -> None:
    files = {
        lang: json.loads((ROOT / f"widgets/locales/{lang}/cnw_fiera.json").read_text("utf-8"))
        for lang in ("en", "it")
    }
    assert (
        files["en"].keys() == files["it"].keys() == {"cnw.fiera.out_label", "cnw.fiera.out_hover"}
    )
    for key, text in files["en"].items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(
            re.findall(r"\{(\w+)\}", files["it"][key])
        )


# ---------------------------------------------------------------------------- 2. the SLA axis
@pytest.fixture(scope="module")
def team_table() -> Iterator[CnwTable]:
    table = CnwTable(seats=SEATS4, seed=6)
    choose(table, "team_building", teams=[0, 0, 1, 1])
    table.new_game()
    yield table
    table.close()


def sla_top(table: CnwTable) -> float:
    return table.sla_fig.layout.yaxis.range[1]


def test_team_building_sla_past_the_old_axis_is_not_cut_off(team_table: CnwTable) -> None:
    """The fault: 12 + 2 = 14 was the top whatever the bars; a player at 16 was cut off."""
    assert tables.variants()["team_building"]["team_sla"] == 18  # §12.2: "arriva a 18"
    old_top = tables.setup()["sla_to_win"] + 2
    scored = dataclasses.replace(team_table.state, sla=[16, 1, 2, 0])
    show(team_table, scored)
    assert list(team_table.sla_fig.data[0].y) == [16, 1, 2, 0]
    assert list(team_table.sla_fig.data[1].y) == []  # no individual target (§12.2)
    assert sla_top(team_table) > 16 > old_top


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(sla=hs.lists(hs.integers(0, 30), min_size=4, max_size=4))
def test_the_sla_axis_fits_every_bar_in_team_building(team_table: CnwTable, sla: list[int]) -> None:
    show(team_table, dataclasses.replace(team_table.state, sla=sla))
    low, top = team_table.sla_fig.layout.yaxis.range
    assert low == 0 and top > max(sla)
    assert top <= max([*sla, 1]) + 2  # fitted, not a fixed tall axis


@pytest.mark.parametrize(
    ("keys", "target"),
    [((), tables.setup()["sla_to_win"]), (("fiera",), tables.variants()["fiera"]["sla_to_win"])],
)
def test_the_axis_shows_the_variants_target_and_bars_past_it(
    keys: tuple[str, ...], target: int
) -> None:
    table = CnwTable(seats=("human", "courier", "expansionist"), seed=3)
    choose(table, *keys)
    table.new_game()
    assert list(table.sla_fig.data[1].y) == [target] * 3
    assert sla_top(table) > target  # the target line is on the chart before anyone scores
    show(table, dataclasses.replace(table.state, sla=[target + 5, 0, 1]))
    assert sla_top(table) > target + 5
    table.close()


# ---------------------------------------------------------------------------- 3. rules taught
def lesson_steps(number: int) -> dict[int, str]:
    """Step number -> heading of lesson ``number``: its "## Step N · ..." sections, or, in a
    lesson without numbered steps (lesson 8, play), its sections in order but "What you learned"."""
    (path,) = (ROOT / "notebooks" / "cnw").glob(f"{number:02d}_*.ipynb")
    cells = json.loads(path.read_text("utf-8"))["cells"]
    heads = [
        line[3:]
        for cell in cells
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).splitlines()
        if line.startswith("## ")
    ]
    numbered = {int(m[1]): h for h in heads if (m := re.match(r"Step (\d+) ·", h))}
    if numbered:
        return numbered
    sections = [h for h in heads if h not in ("What you learned", "Glossary")]
    return {i: h for i, h in enumerate(sections, start=1)}


def cited_steps(taught: str) -> list[tuple[int, int]]:
    """(lesson, step) for every "L8 step 2", "L2 steps 1–2", "L9 steps 1, 3, 4" in a cell."""
    out = []
    for m in re.finditer(r"\bL(\d+) steps? (\d+(?:(?:–|, | and )\d+)*)", taught):
        numbers = [int(n) for n in re.findall(r"\d+", m[2])]
        if "–" in m[2]:
            numbers = list(range(numbers[0], numbers[-1] + 1))
        out += [(int(m[1]), n) for n in numbers]
    return out


def test_every_lesson_step_the_cnw_table_names_exists() -> None:
    rows = taught_rows("cnw")
    cited = [(rule, lesson, step) for rule, taught in rows for lesson, step in cited_steps(taught)]
    assert len(cited) > 40
    for rule, lesson, step in cited:
        assert step in lesson_steps(lesson), f"{rule}: L{lesson} has no step {step}"


def test_the_variants_are_said_taught_in_lesson_8_step_2_and_lesson_9_step_2() -> None:
    assert "§12" in lesson_steps(8)[2] and "§12" in lesson_steps(9)[2]
    rows = dict(taught_rows("cnw"))
    for rule in ("§12.1", "§12.2", "§12.3", "§12.4"):
        assert {(8, 2), (9, 2)} <= set(cited_steps(rows[rule])), rule
    # the end of the game is lesson 8's third section now, where its checks are built
    assert "§11" in lesson_steps(8)[3]
    for rule in ("§1", "§10.1", "§10.2", "§11"):
        assert (8, 3) in cited_steps(rows[rule]) and (8, 2) not in cited_steps(rows[rule]), rule
