"""Always a next step (issue #13): a scripted human plays seeded games on each play table through
the controls the table offers (``TableBase.offers``), and every time a human must decide the table
must say what to do (``self.prompt``) and offer an enabled control that plays a legal move.

A game whose prompts are not written yet is listed in ``NOT_YET_PROMPTED`` (its helper removes it
when its prompts are complete; the list only shrinks). The walker itself is tested on a small fake
game below, so this file can fail even while the list is full.
"""

from __future__ import annotations

import importlib
import random
import time
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

import ipywidgets as w
import pytest

from gamelib.core import IllegalAction
from widgets.kit.table import Offer, TableBase, plain_text

NOT_YET_PROMPTED: set[str] = set()


@dataclass(frozen=True)
class Walk:
    """How one table is walked: a few seeded games, a bounded number of human decisions each,
    sized to stay under ~20 s on a busy 2-core machine."""

    table: str  # module:class
    seeds: tuple[int, ...] = (1, 2, 3, 4, 5)
    decisions: int = 60  # human decisions per game at most
    budget: float = 20.0  # seconds for the whole walk; later games are cut short, never skipped
    options: tuple[tuple[str, Any], ...] = ()


WALKS = {
    "cnw": Walk("widgets.cnw.table:CnwTable", seeds=(1, 2, 3), decisions=40),
    "rails": Walk("widgets.rails.table:RailsTable"),
    "airwar": Walk("widgets.airwar.table:AirWarTable"),
    "logiquo": Walk("widgets.logiquo.table:LogiquoTable"),
}


def shown(control: w.Widget) -> bool:
    """A control the human can use: not hidden, not disabled."""
    return control.layout.display != "none" and not getattr(control, "disabled", False)


def decision_point(table: TableBase, where: str) -> list[Offer]:
    """The checks at a human decision point: a prompt, and at least one usable control."""
    if not plain_text(table.prompt.value):
        raise AssertionError(f"{where}: no prompt while a human must decide")
    offers = [o for o in table.offers() if shown(o.control)]
    if not offers:
        raise AssertionError(f"{where}: a human must decide but no enabled control is offered")
    return offers


def walk_game(table: TableBase, seed: int, decisions: int, deadline: float) -> int:
    """Play up to ``decisions`` human decisions of the table's current game, each a seeded choice
    among the controls offered; returns how many were played. Raises AssertionError at the first
    decision point with no prompt, no control, or no control that the rules accept."""
    rng = random.Random(seed)
    played = 0
    while played < decisions and time.monotonic() < deadline:
        if table.to_move() is None:
            break
        where = f"seed {seed}, decision {played + 1} (move {table.session.index})"
        if not table.human_to_move():
            raise AssertionError(f"{where}: the bots stopped but no human is to move")
        offers = decision_point(table, where)
        if not press_a_move(table, offers, rng):
            labels = ", ".join(o.label for o in offers[:5])
            raise AssertionError(f"{where}: no offered control plays a legal move ({labels} ...)")
        played += 1
    return played


def press_a_move(table: TableBase, offers: list[Offer], rng: random.Random) -> bool:
    """A seeded human's decision: press the offered controls in a random order until one plays a
    move (the table's history advances); False if none did. Shared with the tests that read
    what the table says along such a game (tests/widgets/test_italian_faults.py)."""
    rng.shuffle(offers)
    before = table.session.index
    for offer in offers:
        offer.press()
        if table.session.index > before:
            return True
    return False


def make_table(spec: Walk, seed: int) -> TableBase:
    module, name = spec.table.split(":")
    cls = getattr(importlib.import_module(module), name)
    return cls(seed=seed, **dict(spec.options))


@pytest.mark.parametrize("game", sorted(WALKS))
def test_every_human_decision_has_a_prompt_and_a_control(game: str) -> None:
    if game in NOT_YET_PROMPTED:
        pytest.skip(f"{game}: prompts not written yet (NOT_YET_PROMPTED, issue #13)")
    spec = WALKS[game]
    deadline = time.monotonic() + spec.budget
    played = 0
    for seed in spec.seeds:
        played += walk_game(make_table(spec, seed), seed, spec.decisions, deadline)
    assert played >= spec.decisions // 2, f"{game}: only {played} decisions walked in budget"


def test_no_listed_game_is_unknown() -> None:
    assert set(WALKS) >= NOT_YET_PROMPTED


# ---------------------------------------------------------------------- the walker's own sanity
@dataclass(frozen=True)
class Add:
    """Add 1 or 2 to the running total."""

    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


@dataclass(frozen=True)
class RaceState:
    names: tuple[str, ...]
    total: int = 0
    turn: int = 0
    players: int = 2


def _apply(state: RaceState, action: Any) -> RaceState:
    if not isinstance(action, Add) or action.n not in (1, 2):
        raise IllegalAction("§1", "action.malformed", data=str(action))
    return replace(state, total=state.total + action.n, turn=state.turn + 1)


RACE = SimpleNamespace(
    NAME="race",
    new_game=lambda names, seed=None: RaceState(tuple(names)),
    legal_actions=lambda s: [] if s.total >= 10 else [Add(1), Add(2)],
    apply=_apply,
    current_player=lambda s: None if s.total >= 10 else s.turn % 2,
    is_over=lambda s: s.total >= 10,
    winners=lambda s: [(s.turn - 1) % 2],
    to_json=lambda s: f'{{"total": {s.total}}}',
)


class RaceTable(TableBase):
    """Race to 10: the smallest table the walker can walk; flags break it on purpose."""

    game = RACE
    texts = "rails.table"  # any game's table texts: only the kit's keys are read
    css = "race"
    seat_kinds = ("human", "planner")
    default_seats = ("human", "planner")
    default_seat = "planner"
    silent_at: int | None = None  # a turn at which the prompt is missing
    stuck_at: int | None = None  # a turn at which no button is offered
    refused: bool = False  # every button plays an illegal move

    @staticmethod
    def make_bot(kind: str, seed: int) -> Any:
        return SimpleNamespace(choose=lambda s: Add(1))

    def build(self) -> list[w.Widget]:
        return [self._turn_panel([self.actions, self.notice], "your_turn")]

    def draw(self, p: int | None, human: bool) -> None:
        pass

    def turn_html(self, p: int) -> str:
        return f"total {self.state.total}"

    def over_html(self) -> str:
        return "over"

    def prompt_html(self, p: int) -> str:
        return "" if self.state.turn == self.silent_at else "Add 1 or 2."

    def button_actions(self) -> list[Any]:
        if self.state.turn == self.stuck_at:
            return []
        return [Add(3)] if self.refused else RACE.legal_actions(self.state)


def race(**flags: Any) -> RaceTable:
    return type("Race", (RaceTable,), flags)(seed=1)


def test_walker_plays_a_sound_game_to_its_end() -> None:
    table = race()
    assert walk_game(table, 1, 1, time.monotonic() + 30) == 1
    assert "add 1" in table.recap.value  # the recap says what the bot did, in words
    assert "add 1" in table.live.value and "Add 1 or 2." in table.live.value
    assert walk_game(table, 1, 50, time.monotonic() + 30) >= 2
    assert table.to_move() is None


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ({"silent_at": 2}, "no prompt"),
        ({"stuck_at": 2}, "no enabled control"),
        ({"refused": True}, "no offered control plays a legal move"),
    ],
)
def test_walker_fails_at_a_dead_end(flags: dict[str, Any], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        walk_game(race(**flags), 1, 50, time.monotonic() + 30)


def test_walker_ignores_a_hidden_or_disabled_control() -> None:
    table = race()
    for b in table.actions.children:
        b.disabled = True
    with pytest.raises(AssertionError, match="no enabled control"):
        decision_point(table, "disabled")


def test_refusal_and_prompt_are_announced() -> None:
    table = race()
    assert "Add 1 or 2." in table.live.value
    table.act(Add(5))
    assert "Add 1 or 2." not in table.live.value and table.live.value
    said = table.live.value
    table.act(Add(5))
    assert table.live.value != said  # the same refusal is said again


def test_auto_answer_plays_for_a_human_seat() -> None:
    table = type("Auto", (RaceTable,), {"auto_answer": lambda self, p: Add(2)})(seed=1)
    assert table.to_move() is None  # the human seat was answered for until the end
