"""The CNW game table: a whole game on the map for hot-seat humans and bots (issue #13).

Every move goes through ``gamelib.cnw.apply``; a refused move shows the rule's reason in a Notice
and changes nothing. Whenever a human must act, one sentence says what to do (``prompt_html``) and
the controls for exactly that decision are shown: a gateway ("From" / "To" where a move has two
ends), one "Pawns" number and one button named for the decision (place, deploy, remove, attack,
occupy, move); the other decisions (end a phase, play a tris, deliver, re-roll with an OBC token,
pacts) are buttons built from ``legal_actions``. Setup has "place N here" and "auto-place the rest"
(``gamelib.cnw.assist.auto_placement``); an OBC re-roll that cannot help the player in that roll is
not asked, and a defender's re-roll follows the player's standing choice. After others' moves a
recap says what changed for each human since their last decision, whoever decided it (gateways
lost and won, ringed on the map; pawns, cards, OBC tokens, SLA points), then the story of their
battles oldest first (re-rolls "5 → 5", the table's answers, forced move-ins, air bridges), told
by the same helpers as the log (``tests/widgets/test_cnw_recap.py``). Owners are told apart by
colour (a palette checked under colour-vision deficiencies: ``tests/widgets/test_cnw_play.py``) and
by marker shape, with a legend. Only the hand and objective of the human to move are shown. The
history is a ``Session``: back and forward through the log, save as a download, load a file.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import assist, tables
from gamelib.cnw import bots as cnw_bots
from gamelib.cnw import state as st
from gamelib.cnw.network import BOARD, CODES
from widgets import i18n
from widgets.cnw import words
from widgets.cnw.board_map import BoardMap
from widgets.cnw.shipments import route
from widgets.cnw.variants_panel import (
    CLOSED_OVERLAY,
    VariantBoard,
    VariantChoice,
    operations_hint,
    pact_prompt,
)
from widgets.common import (
    boxed,
    button,
    card,
    dice_html,
    dropdown,
    figure,
    html_table,
    tagged,
)
from widgets.i18n import t
from widgets.kit.maps import on_node_click
from widgets.kit.standing import StandingChoice
from widgets.kit.table import Offer, TableBase, counted

SEATS = ("human", "courier", "expansionist", "random")
MAX_PLAYERS = 6
REPOSITION_COUNT = "reposition_count"  # §5.4: how many pawns a repositioning move carries
# The rulebook's six colours (§2: CNW Blue, Cyan, Orange, Green, Magenta, Anthracite Grey) in
# shades chosen to stay apart under protanopia, deuteranopia and tritanopia (Machado 2009):
# the least CIELAB distance between two seats or a seat and neutral grey went from 4.6
# (blue/cyan, protanopia) to 25 (tests/widgets/test_cnw_play.py measures it).
PLAYER_COLORS = ["#1f3a93", "#56b4e9", "#e69f00", "#1b7837", "#e7298a", "#222222"]
# ... and a shape per seat, so ownership never rests on colour alone (the legend shows both).
PLAYER_SYMBOLS = ["circle", "square", "triangle-up", "hexagon", "pentagon", "star"]
PLAYER_MARKS = ["●", "■", "▲", "⬢", "⬟", "★"]
NEUTRAL_SYMBOL, NEUTRAL_MARK = "circle-open", "○"
LOST_COLOR, WON_COLOR = "#c0392b", "#1b7837"
# The values of a refusal (``cnw.illegal.*``) that are gateway codes.
GATEWAY_VALUES = ("gateway", "source", "target", "origin", "destination")
NEUTRAL_COLOR = "#d0d0d0"
OUT_COLOR = "#f2f2f2"
MAP_CLICK = (cnw.PlacePawn, cnw.RemovePawn, cnw.Deploy, cnw.Attack, cnw.Occupy, cnw.Reposition)
OVERLAYS = tuple(
    (f"chain{p}", dict(width=5, color=PLAYER_COLORS[p])) for p in range(MAX_PLAYERS)
) + (
    ("targets", dict(width=2.5, color="#c0392b", dash="dot")),
    ("bridges", dict(width=1.5, color="#8e44ad", dash="dot")),
    CLOSED_OVERLAY,  # §12.3 REALISMO ALTO: the routes nobody can use
)
# The recap's rings: gateways a human lost (red squares) and won (green circles) while waiting.
RINGS = (
    ("lost", dict(size=30, symbol="square-open", color=LOST_COLOR, line=dict(width=3))),
    ("won", dict(size=30, symbol="circle-open", color=WON_COLOR, line=dict(width=3))),
)


def make_bot(kind: str, seed: int) -> Any:
    """One of the bots of ``gamelib.cnw.bots`` by its seat name."""
    if kind not in cnw_bots.BOTS:
        raise ValueError(f"no bot of kind {kind!r}")
    return cnw_bots.BOTS[kind](seed)


def owner_colours(state: Any) -> dict[str, str]:
    """Gateway code -> the colour of its owner (grey when neutral, pale when out of play)."""
    out = {}
    for i, code in enumerate(CODES):
        o = state.owner[i]
        out[code] = PLAYER_COLORS[o] if o >= 0 else (NEUTRAL_COLOR if o == -1 else OUT_COLOR)
    return out


def owner_symbols(state: Any) -> dict[str, str]:
    """Gateway code -> its owner's marker shape (the second cue beside colour)."""
    return {
        code: PLAYER_SYMBOLS[o] if o >= 0 else NEUTRAL_SYMBOL
        for code, o in zip(CODES, state.owner, strict=True)
    }


def seat_chip(p: int, name: str) -> str:
    """A seat as the map shows it: its shape in its colour, then its name (HTML-safe)."""
    return (
        f"<span style='color:{PLAYER_COLORS[p]}' aria-hidden='true'>{PLAYER_MARKS[p]}</span>"
        f" {html.escape(name)}"
    )


def pawn_labels(state: Any) -> dict[str, str]:
    """Gateway code -> its map label: the pawns on it, or "out" for a gateway the variant
    leaves off the board (§12.1 FIERA: gamelib's ``geo_of(state).in_play``), which holds none."""
    in_play = st.geo_of(state).in_play
    return {
        code: f"{code} {state.pawns[i]}" if in_play[i] else t("cnw.fiera.out_label", code=code)
        for i, code in enumerate(CODES)
    }


def out_of_play_notes(state: Any) -> dict[str, str]:
    """Gateway code -> the hover line of a gateway out of play (§12.1 FIERA); none otherwise."""
    in_play = st.geo_of(state).in_play
    notes = {}
    for i, code in enumerate(CODES):
        if not in_play[i]:
            region = BOARD.regions[BOARD.gateways[code].region]
            name = region.name_it if i18n.language() == "it" else region.name
            notes[code] = t("cnw.fiera.out_hover", region=name)
    return notes


def paint_state(board_map: BoardMap, state: Any) -> None:
    """Show a game state on a :class:`BoardMap`: owners' colours, pawns, delivery chains."""
    with board_map.fig.batch_update():
        board_map.paint(
            owner_colours(state),
            pawn_labels(state),
            owner_symbols(state),
            out_of_play_notes(state),
        )
        for p in range(MAX_PLAYERS):
            chains = []
            if p < state.players:
                for card_id, _deadline in state.shipments[p]:
                    chain = cnw.delivery_chain(state, p, card_id)
                    if chain and len(chain) > 1:
                        chains.append(chain)
            board_map.draw_overlay(f"chain{p}", chains)


def roll_html(roll: dict[str, Any] | None, names: list[str], moved_in: int | None = None) -> str:
    """The dice of a roll (red attacker, blue defender, +1 on a hub defender's highest die),
    the air bridge it crossed (§7.3), its re-rolls (§8.1) and the pawns ``moved_in`` at once
    (§7.2)."""
    if not roll:
        return ""
    head = t(
        "cnw.table.roll_head",
        attacker=html.escape(names[roll["attacker"]]),
        from_source=words.from_gateway(roll["source"]),
        target=words.gateway(roll["target"]),
        defender=html.escape(names[roll["defender"]]) if roll["defender"] >= 0 else "—",
    )
    out = (
        f"<div>{head}</div><div>{dice_html(roll['attack'], '#c0392b')} "
        f"&nbsp;{t('cnw.table.vs')}&nbsp; "
        f"{dice_html(roll['defend'], '#1f5fbf', 1 if roll.get('hub') else 0)}</div>"
    )
    notes = [t("cnw.play.via_bridge")] if words.by_bridge(roll["source"], roll["target"]) else []
    for key in ("attacker_reroll", "defender_reroll"):
        if roll.get(key):
            notes.append(reroll_words(*roll[key]))
    if notes:
        out += f"<div>{' · '.join(notes)}</div>"
    if "attacker_losses" in roll:
        conquered = t("cnw.table.conquered") if roll.get("conquered") else ""
        if conquered and moved_in is not None:
            conquered += " " + enter_words(moved_in)
        out += "<div>" + t(
            "cnw.table.roll_result",
            a=roll["attacker_losses"],
            d=roll["defender_losses"],
            conquered=conquered,
        )
        out += "</div>"
    return out


def battle_ended(before: Any, after: Any) -> dict[str, Any] | None:
    """The roll of the battle this move settled (§7.2), or None: read from the states."""
    roll = after.last_roll
    if roll and roll is not before.last_roll and after.roll is None and "attacker_losses" in roll:
        return roll
    return None


def reroll_played(before: Any, after: Any) -> tuple[int, int, int] | None:
    """(who, face, new) of the OBC re-roll this move played (§8.1), from the roll after it."""
    if before.phase not in (st.REROLL_ATTACKER, st.REROLL_DEFENDER) or before.roll is None:
        return None
    attacker = before.phase == st.REROLL_ATTACKER
    roll = after.roll or after.last_roll or {}
    pair = roll.get("attacker_reroll" if attacker else "defender_reroll")
    if pair is None or before.obc == after.obc:
        return None
    return before.roll["attacker" if attacker else "defender"], pair[0], pair[1]


def entered(after: Any, roll: dict[str, Any]) -> int | None:
    """The pawns that moved into a gateway conquered by ``roll`` at once, because the count
    was forced (§7.2: least = most), or None when the conqueror still chooses (or no
    conquest)."""
    if not roll.get("conquered") or after.phase == st.MOVE_IN:
        return None
    return int(after.pawns[CODES.index(roll["target"])])


def reroll_words(face: int, new: int) -> str:
    """An OBC re-roll's outcome, the same number too: "ritirato 5 → 5"."""
    return t("cnw.play.rerolled", old=face, new=new)


def enter_words(n: int) -> str:
    """A forced move-in: "3 pedine entrano (§7.2)", "1 pedina entra (§7.2)"."""
    return t(counted("cnw.play.enter", n), n=n)


def loses(name: str, n: int) -> str:
    """A side's losses in a battle: "Player 1 loses 2 pawns", "Player 1 loses no pawns"."""
    if n == 0:
        return t("cnw.play.story_loses_none", name=name)
    return t("cnw.play.story_loses", name=name, pawns=words.pawns(n))


def position(state: Any, q: int) -> dict[str, Any]:
    """What a player holds, as the recap compares it: gateways, pawns on the board, Gateway
    cards (their number is public, §9.1), OBC tokens, SLA points, still in the game."""
    return {
        "gateways": {c for c, o in zip(CODES, state.owner, strict=True) if o == q},
        "pawns": sum(n for n, o in zip(state.pawns, state.owner, strict=True) if o == q),
        "cards": len(state.hands[q]),
        "obc": int(state.obc[q]),
        "sla": int(state.sla[q]),
        "alive": bool(state.alive[q]),
    }


class CnwTable(TableBase):
    """Pick seats (human or bot), then play on the map; back/forward; save/load; bots to the end."""

    game = cnw
    texts = "cnw.table"
    css = "cnw"
    seat_kinds = SEATS
    default_seats = ("human", "courier", "expansionist")
    default_seat = "courier"
    min_players, max_players = 3, MAX_PLAYERS
    make_bot = staticmethod(make_bot)
    map_height = 430  # the map and the turn panel beside it fit a 900 px high screen

    def __init__(
        self,
        seats: tuple[str, ...] | None = None,
        seed: int = 1,
        turn_cap: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.turn_cap = turn_cap
        self.selected: str | None = None
        self.place_plan: dict[int, tuple[str, int]] = {}  # seat -> (gateway, reserve to stop at)
        self.auto_place: set[int] = set()  # seats whose remaining starting pawns are auto-placed
        self._recap_fresh = False
        self._new_turn = False
        super().__init__(seats, seed, **kwargs)

    # ------------------------------------------------------------------ setup and options
    def _setup_panel(self, seats: Any, seed: int) -> w.VBox:
        """The kit's seats and seed, then ``self.options_box``: where game options (the §12
        variants) go; :meth:`game_options` reads them for a new game."""
        panel = super()._setup_panel(seats, seed)
        self.variant_choice = VariantChoice(self.players, self.max_players)
        self.options_box = tagged(w.VBox([self.variant_choice]), "cnw-variant-options")
        panel.children = (*panel.children, self.options_box)
        return panel

    def game_options(self) -> dict[str, Any]:
        """Options for ``cnw.new_game`` (a variant panel adds its choices here)."""
        return {"turn_cap": self.turn_cap, **self.variant_choice.options(self._seats_chosen())}

    def new_game(self) -> None:
        """No game starts while gamelib refuses the variants chosen (the choice words why)."""
        if self.variant_choice.refresh():
            super().new_game()
            return
        self.notice.error(self.variant_choice.refusal.value)
        self.announce(self.variant_choice.refusal.value)

    def new_state(self, kinds: list[str], seed: int) -> Any:
        names = [t(f"cnw.table.name_{k}", n=i + 1) for i, k in enumerate(kinds)]
        return cnw.new_game(names, seed=seed, **self.game_options())

    def _start(self, session: Any, kinds: list[str]) -> None:
        self.place_plan = {}
        self.auto_place = set()
        super()._start(session, kinds)

    def back(self) -> None:
        self.place_plan, self.auto_place = {}, set()
        super().back()

    def forward(self) -> None:
        self.place_plan, self.auto_place = {}, set()
        super().forward()

    # ------------------------------------------------------------------ building
    def build(self) -> list[w.Widget]:
        self.map = BoardMap(
            height=self.map_height, overlays=OVERLAYS, view="schematic", rings=RINGS, zoom=True
        )
        self.fig = self.map.fig
        self.fig.update_layout(showlegend=False)
        for trace in self.map.region_traces:
            on_node_click(trace, self.click)
        self.legend = tagged(w.HTML(), "cnw-legend")
        self.variant_board = VariantBoard(seat_chip)  # what the §12 variants put on the table
        # ---- the decision controls (shown per phase)
        self.reinf = tagged(w.HTML(), "cnw-reinforcements")
        self.dice = tagged(w.HTML(), "cnw-dice")
        flexible = dict(width="auto", min_width="0", max_width="100%", flex="1 1 220px")
        self.source = dropdown(t("cnw.play.from"), "cnw-source-select", "auto")
        self.target = dropdown(t("cnw.play.to"), "cnw-target-select", "auto")
        for control in (self.source, self.target):
            control.layout = w.Layout(**flexible)
        count = w.BoundedIntText(
            1,
            min=1,
            max=99,
            description=t("cnw.play.pawns"),
            layout=w.Layout(width="170px", max_width="100%"),
        )
        self.count = tagged(count, "cnw-count")
        self.go_button = self._button("go", "play", self.go, button_style="primary")
        self.auto_button = button(t("cnw.play.auto_place"), "cnw-auto-place", "magic")
        self.auto_button.on_click(lambda _b: self.auto_place_rest())
        self.standing = StandingChoice("cnw-reroll-standing", t("cnw.play.standing"))
        self.source.observe(lambda ch: self._pick_source(ch["new"]), "value")
        self.count.observe(lambda _ch: self._label_go(), "value")
        self.actions.add_class("cnw-action-buttons")
        self.picks = w.HBox(
            [self.source, self.target, self.count, self.go_button, self.auto_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        # ---- public information
        self.shipments = tagged(w.HTML(), "cnw-shipments")
        self.sla_fig = figure(
            height=240,
            title=t("cnw.table.sla_title"),
            yaxis=dict(title=t("cnw.table.sla_axis")),
            margin=dict(l=50, r=20, t=40, b=40),
            showlegend=False,
        )
        self.sla_fig.add_bar(x=[], y=[], marker_color=[], text=[], textposition="outside")
        self.sla_fig.add_scatter(
            x=[],
            y=[],
            mode="lines",
            line=dict(color="#c0392b", dash="dash"),
            name=t("cnw.table.sla_target"),
        )
        turn = self._turn_panel(
            [
                self.reinf,
                self.picks,
                self.actions,
                self.standing,
                self.notice,
                self.dice,
                self.hand,
            ],
            "turn",
        )
        turn.layout.flex = "1 1 340px"
        turn.layout.min_width = "0"
        board = w.VBox(
            [
                w.HBox([self.map.view, self.map.zoom], layout=w.Layout(flex_flow="row wrap")),
                self.legend,
                boxed(self.fig, "cnw-fig-table"),
            ],
            layout=w.Layout(flex="3 1 560px", min_width="0"),
        )
        play = tagged(
            w.Box([board, turn], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
            "cnw-play-area",
        )
        return [
            play,
            self.variant_board,
            card([self.shipments], t("cnw.table.shipments_title")),
            boxed(self.sla_fig, "cnw-fig-sla"),
        ]

    # ------------------------------------------------------------------ the human's decisions
    def click(self, code: str) -> bool:
        """A click on gateway ``code``: what it means depends on the phase (§4–§7, §10.2)."""
        s = self.state
        if not self.human_to_move():
            self.notice.error(t("cnw.table.not_human"))
            return False
        me = self.to_move()
        phase = s.phase
        if phase == st.PLACEMENT:
            return self._place(code)
        if phase == st.BRIEFING:
            return self.act(cnw.RemovePawn(code))
        if phase in (st.REINFORCE, st.ELIM_DEPLOY):
            return self.act(cnw.Deploy(code, self.count.value))
        if phase not in (st.OPERATIONS, st.REPOSITION):
            self.notice.error(t("cnw.table.use_buttons"))
            return False
        owner = s.owner[CODES.index(code)]
        if self.selected is None or (
            owner == me and code != self.selected and phase == st.OPERATIONS
        ):
            if owner != me:
                self.notice.error(t("cnw.table.not_yours", code=code))
                return False
            self.source.value = code  # the observer selects it and lists its targets
            return True
        if code == self.selected:
            self.source.value = None
            return True
        return self._move(self.selected, code)

    def _place(self, code: str) -> bool:
        """§4 step 5: one starting pawn on ``code`` now and, with "Pawns" above 1, the next
        ones there too, each in its turn of the placement round (``auto_answer``)."""
        s = self.state
        p = self.to_move()
        n = max(1, min(self.count.value, s.reserve[p]))
        if n > 1:
            self.place_plan[p] = (code, s.reserve[p] - n)
        else:
            self.place_plan.pop(p, None)
        i = CODES.index(code)
        had = s.pawns[i]
        done = self.act(cnw.PlacePawn(code))
        if not done:
            self.place_plan.pop(p, None)
        elif n > 1:
            # the notice says every pawn placed, not only the first (the others went down in
            # their turns of the round, §4): counted on the board
            placed = self.state.pawns[i] - had
            self.notice.info(
                t(
                    counted("cnw.play.placed", placed),
                    name=html.escape(s.names[p]),
                    pawns=words.pawns(placed),
                    on_gateway=words.on_gateway(code),
                )
            )
        return done

    def auto_place_rest(self) -> bool:
        """A quick game: every starting pawn left to the human to move is placed for them,
        each a seeded legal choice from gamelib (``assist.auto_placement``)."""
        if not self.human_to_move() or self.state.phase != st.PLACEMENT:
            return False
        p = self.to_move()
        self.auto_place.add(p)
        self.place_plan.pop(p, None)
        return self.act(self._auto_placement(p))

    def _auto_placement(self, p: int) -> Any:
        s = self.state
        return assist.auto_placement(s, self.seed.value * 100 + p * 10 + s.reserve[p])

    def _move(self, source: str, target: str) -> bool:
        s = self.state
        if s.phase == st.REPOSITION:
            return self.act(cnw.Reposition(source, target))  # pawns: the next decision
        if s.owner[CODES.index(target)] == st.NEUTRAL:
            return self.act(cnw.Occupy(source, target, self.count.value))
        dice = max(1, min(3, s.pawns[CODES.index(source)] - 1))
        return self.act(cnw.Attack(source, target, dice))

    def go(self) -> bool:
        """The decision button: what it plays depends on the phase (its label says it)."""
        s = self.state
        if not self.human_to_move():
            self.notice.error(t("cnw.table.not_human"))
            return False
        if s.phase in (st.MOVE_IN, st.REPOSITION_COUNT):
            return self.act(cnw.MoveIn(self.count.value))
        if self.source.value is None:
            self.notice.error(t("cnw.play.pick_gateway"))
            return False
        if s.phase in (st.OPERATIONS, st.REPOSITION):
            if self.target.value is None:
                self.notice.error(t("cnw.play.pick_target"))
                return False
            return self._move(self.source.value, self.target.value)
        return self.click(self.source.value)

    def auto_answer(self, p: int) -> Any | None:
        """Decisions played for a human seat while the bots play: the starting pawns of "place
        N here" and "auto-place the rest" (§4); an OBC re-roll that cannot change the roll is
        declined (§8.1: it could only make things worse or the same), and a defender's re-roll
        follows the standing choice."""
        s = self.state
        if s.phase == st.PLACEMENT:
            if p in self.auto_place:
                return self._auto_placement(p)
            plan = self.place_plan.get(p)
            if plan and s.reserve[p] > plan[1] and s.owner[CODES.index(plan[0])] == p:
                return cnw.PlacePawn(plan[0])
            return None
        if s.phase not in (st.REROLL_ATTACKER, st.REROLL_DEFENDER):
            return None
        if not assist.reroll_can_help(s):
            return cnw.KeepDice()
        if s.phase == st.REROLL_DEFENDER:
            choice = self.standing.answer()
            if choice is False:
                return cnw.KeepDice()
            if choice is True:
                return cnw.ObcReroll(assist.reroll_face(s))
        return None

    def _pick_source(self, code: str | None) -> None:
        self.selected = code
        s = self.state
        targets: list[str] = []
        if code is not None and s.phase == st.OPERATIONS:
            targets = cnw.attack_targets(s, code) + cnw.occupy_targets(s, code)
        elif code is not None and s.phase == st.REPOSITION:
            targets = cnw.move_targets(s, code)
        self.target.options = [(t("cnw.table.none"), None)] + [
            (words.gateway(c), c) for c in targets
        ]
        self.target.value = None
        if code is not None and s.phase == st.OPERATIONS:
            self._set_count(1, max(1, s.pawns[CODES.index(code)] - 1), None)
        self.map.select(code)
        self.map.draw_overlay("targets", [[code, c] for c in targets] if code else [])
        self._label_go()

    def _set_count(self, low: int, high: int, value: int | None) -> None:
        """The "Pawns" bounds and value (``None`` keeps the value, clamped)."""
        c = self.count
        keep = c.value if value is None else value
        c.min, c.max = min(low, c.min), max(high, c.max)
        c.value = max(low, min(high, keep))
        c.min, c.max = low, high

    def _label_go(self) -> None:
        """The decision button says what it does ("Deploy 3 pawns here", "Attack")."""
        s = self.state
        n = self.count.value
        phase = s.phase
        if phase in (st.MOVE_IN, st.REPOSITION_COUNT):
            key = "go_move"
        elif phase == st.PLACEMENT:
            key = "go_place"
        elif phase == st.BRIEFING:
            key = "go_remove"
        elif phase in (st.REINFORCE, st.ELIM_DEPLOY):
            key = "go_deploy"
        elif phase == st.REPOSITION:
            key = "go_reposition"
        elif self.target.value is not None and s.owner[CODES.index(self.target.value)] < 0:
            key = "go_occupy"
        else:
            key = "go_attack"
        self.go_button.description = t(f"cnw.play.{key}", pawns=words.pawns(n))
        self.go_button.tooltip = self.go_button.description

    def finish_estimate(self) -> int:
        return 600 - self.state.actions

    def _moved(self) -> None:
        self.selected = None

    # ------------------------------------------------------------------ what the human is told
    def prompt_html(self, p: int) -> str:
        """One sentence: what the human seat ``p`` must do now, in the rulebook's words."""
        s = self.state
        phase = s.phase
        if phase == st.PLACEMENT:
            return t("cnw.play.prompt.placement", pawns=words.pawns(s.reserve[p]))
        if phase == st.BRIEFING:
            return t("cnw.play.prompt.briefing", pawns=words.pawns(s.expiring))
        if phase == st.REINFORCE:
            tris = any(isinstance(a, cnw.PlayTris) for a in cnw.legal_actions(s))
            key = "reinforce_tris" if tris else "reinforce"
            return t(f"cnw.play.prompt.{key}", pawns=words.pawns(s.pool))
        if phase == st.ELIM_TRIS:
            return t("cnw.play.prompt.elimination_tris")
        if phase == st.ELIM_DEPLOY:
            return t("cnw.play.prompt.elimination_deploy", pawns=words.pawns(s.pool))
        if phase == st.OPERATIONS:
            moves = any(isinstance(a, (cnw.Attack, cnw.Occupy)) for a in cnw.legal_actions(s))
            key = "cnw.play.prompt.operations" if moves else "cnw.play.prompt.operations_none"
            return t(key) + operations_hint(s, p)
        if phase in (st.REROLL_ATTACKER, st.REROLL_DEFENDER):
            roll = s.roll
            values = dict(
                tokens=s.obc[p],
                attacker=html.escape(s.names[roll["attacker"]]),
                from_source=words.from_gateway(roll["source"]),
                target=words.gateway(roll["target"]),
            )
            return t(f"cnw.play.prompt.{phase}", **values)
        if phase in (st.MOVE_IN, st.REPOSITION_COUNT):
            i, j, least, most, _ = s.move_in
            return t(
                f"cnw.play.prompt.{phase}",
                from_source=words.from_gateway(CODES[i]),
                target=words.gateway(CODES[j]),
                to_target=words.to_gateway(CODES[j]),
                least=least,
                most=most,
            )
        if phase == st.REPOSITION:
            moves = any(isinstance(a, cnw.Reposition) for a in cnw.legal_actions(s))
            return t("cnw.play.prompt.reposition" if moves else "cnw.play.prompt.reposition_none")
        if phase == st.DELIVERY:
            ready = any(isinstance(a, cnw.Deliver) for a in cnw.legal_actions(s))
            return t("cnw.play.prompt.delivery" if ready else "cnw.play.prompt.delivery_none")
        if phase == st.PACT_ANSWER:
            return pact_prompt(s)
        return ""

    def recap_html(self, start: int, end: int) -> str:
        """What happened to each human since their last decision, whoever decided it (issue
        #26): first what changed in their position (gateways lost and won, ringed on the map:
        red squares lost, green circles won; pawns, Gateway cards, OBC tokens, SLA points),
        then the story of their battles, oldest first (re-rolls "5 → 5", the table's answers
        for them, forced move-ins, air bridges), then the kit's list of the bots' moves. The
        comparison starts at the state in which the human decided, so a battle settled by
        the human's own choice (keep the dice, re-roll) counts."""
        out = super().recap_html(start, end)
        history = self.session.history
        first = self._decided_at(start)
        # the position is compared once the starting pawns are down (§4): during the
        # placement round every seat only adds pawns
        begin = next((k for k in range(first, end + 1) if history[k].phase != st.PLACEMENT), None)
        after = history[end]
        lost_all: list[str] = []
        won_all: list[str] = []
        lines: list[str] = []
        story: list[str] = []
        for q, kind in enumerate(self.kinds):
            if kind != "human" or begin is None:
                continue
            name = seat_chip(q, after.names[q])
            changes = self._position_lines(q, name, position(history[begin], q), position(after, q))
            lost_all += changes[1]
            won_all += changes[2]
            lines += changes[0]
            if not changes[0] and (out or end > start):
                lines.append(t("cnw.play.recap_kept", name=name))
        decided = first if first < start else None
        for i in range(max(first, end if begin is None else begin), end):
            story += self._story(i, decided)
        self.map.mark("lost", lost_all)
        self.map.mark("won", won_all)
        self._recap_fresh = True
        self._new_turn = history[start].turn != after.turn
        if not lines and not story:
            return out
        told = "".join(f"<div><b>{x}</b></div>" for x in lines)
        if story:
            items = "".join(f"<li>{x}</li>" for x in story)
            told += (
                f"<div>{t('cnw.play.story_head')}</div>"
                f"<ol style='margin:0;padding-left:1.5em'>{items}</ol>"
            )
        return told + out

    def _decided_at(self, start: int) -> int:
        """The log index of the human decision the span ``start..`` follows (``start`` itself
        when a bot or nobody decided last)."""
        if start <= 0:
            return start
        who = cnw.current_player(self.session.history[start - 1])
        return start - 1 if who is not None and self.kinds[who] == "human" else start

    def _position_lines(
        self, q: int, name: str, was: dict[str, Any], now: dict[str, Any]
    ) -> tuple[list[str], list[str], list[str]]:
        """The recap's lines of what changed for seat ``q`` (and the gateways lost and won)."""
        lost = [c for c in CODES if c in was["gateways"] and c not in now["gateways"]]
        won = [c for c in CODES if c in now["gateways"] and c not in was["gateways"]]
        lines = []
        if lost:
            gateways = ", ".join(words.gateway(c) for c in lost)
            key = counted("cnw.play.recap_lost", len(lost))
            lines.append(t(key, name=name, gateways=gateways, n=len(lost)))
        if won:
            gateways = ", ".join(words.gateway(c) for c in won)
            key = counted("cnw.play.recap_won", len(won))
            lines.append(t(key, name=name, gateways=gateways, n=len(won)))
        for part in ("pawns", "cards", "obc", "sla"):
            if was[part] != now[part]:
                lines.append(
                    t(f"cnw.play.recap_{part}", name=name, before=was[part], after=now[part])
                )
        if was["alive"] and not now["alive"]:
            lines.append(t("cnw.play.recap_out", name=name))
        return lines, lost, won

    def _story(self, i: int, decided: int | None) -> list[str]:
        """Log entry ``i`` as the recap's story tells it, when it touches a human seat: a
        re-roll (its old and new face), a re-roll question the table answered for them, a
        battle (dice, losses, a conquest and a forced move-in, an air bridge). ``decided``:
        the log index of the human's own decision the recap follows (None: no such)."""
        s = self.session
        before, action, after = s.history[i], s.log[i], s.history[i + 1]
        names = after.names
        humans = {q for q, kind in enumerate(self.kinds) if kind == "human"}
        who = cnw.current_player(before)
        out = []
        rolled = reroll_played(before, after)
        fought = before.roll or {}
        if rolled is not None and {fought.get("attacker"), fought.get("defender")} & humans:
            out.append(
                t(
                    "cnw.play.story_reroll",
                    name=seat_chip(rolled[0], names[rolled[0]]),
                    rerolled=reroll_words(rolled[1], rolled[2]),
                )
            )
        # a human seat's move other than the decision the span follows: the table answered
        if isinstance(action, (cnw.KeepDice, cnw.ObcReroll)) and who in humans and i != decided:
            out.append(
                t(
                    "cnw.play.story_answered",
                    name=seat_chip(who, names[who]),
                    answer=words.describe(action, before),
                )
            )
        roll = battle_ended(before, after)
        if roll is not None and (roll["attacker"] in humans or roll["defender"] in humans):
            p, d = roll["attacker"], roll["defender"]
            text = t(
                "cnw.play.story_battle",
                attacker=seat_chip(p, names[p]),
                defender=seat_chip(d, names[d]) if d >= 0 else "—",
                from_source=words.from_gateway(roll["source"]),
                target=words.gateway(roll["target"]),
                bridge=t("cnw.play.via_bridge_inline")
                if words.by_bridge(roll["source"], roll["target"])
                else "",
                attack=", ".join(map(str, roll["attack"])),
                defend=", ".join(map(str, roll["defend"])),
                a=loses(seat_chip(p, names[p]), roll["attacker_losses"]),
                d=loses(seat_chip(d, names[d]) if d >= 0 else "—", roll["defender_losses"]),
            )
            if roll.get("conquered"):
                moved = entered(after, roll)
                text += " " + t("cnw.play.story_conquest", target=words.gateway(roll["target"]))
                if moved is not None:
                    text += " " + enter_words(moved) + "."
            out.append(text)
        return out

    def offers(self) -> list[Offer]:
        """The kit's action buttons, and the decision button with each choice of the
        drop-downs it goes with, and "auto-place the rest" in the setup."""
        out = super().offers()
        if not self.human_to_move():
            return out
        s = self.state
        if s.phase in (st.MOVE_IN, st.REPOSITION_COUNT):
            _, _, least, most, _ = s.move_in
            for n in sorted({least, most}):
                out.append(Offer(self.go_button, lambda n=n: self._press_count(n), str(n)))
            return out
        if self.picks.layout.display == "none":
            return out
        sources = [v for _, v in self.source.options if v is not None]
        for code in sources[:20]:
            if self.target.layout.display == "none":
                out.append(
                    Offer(self.go_button, lambda c=code: self._press_pick(c, None), str(code))
                )
                continue
            s_targets = (
                cnw.attack_targets(s, code) + cnw.occupy_targets(s, code)
                if s.phase == st.OPERATIONS
                else cnw.move_targets(s, code)
            )
            for target in s_targets[:4]:
                label = f"{code} → {target}"
                out.append(
                    Offer(self.go_button, lambda c=code, d=target: self._press_pick(c, d), label)
                )
        if self.auto_button.layout.display != "none":
            out.append(Offer(self.auto_button, self.auto_button.click, "auto"))
        return out

    def _press_pick(self, source: str, target: str | None) -> None:
        self.source.value = source
        if target is not None:
            self.target.value = target
        self.go_button.click()

    def _press_count(self, n: int) -> None:
        self.count.value = n
        self.go_button.click()

    # ------------------------------------------------------------------ drawing
    def button_actions(self) -> list[Any]:
        """The legal actions of the human to move that are neither map clicks nor a number of
        pawns (those have their own controls); at most 40."""
        skip = (*MAP_CLICK, cnw.MoveIn)
        return [a for a in cnw.legal_actions(self.state) if not isinstance(a, skip)][:40]

    def turn_html(self, p: int) -> str:
        s = self.state
        return t(
            "cnw.table.status",
            name=seat_chip(p, s.names[p]),
            phase=t(f"cnw.phase.{s.phase}"),
            round=s.round,
            current=html.escape(s.names[s.current]),
        )

    def over_html(self) -> str:
        s = self.state
        names = ", ".join(s.names[q] for q in cnw.winners(s)) or "—"
        return t("cnw.table.over", names=html.escape(names), victory=t(f"cnw.victory.{s.victory}"))

    def describe(self, action: Any, state: Any) -> str:
        """The action in the page's language, from its fields (``cnw.action.*``)."""
        return words.describe(action, state)

    def action_label(self, action: Any) -> str:
        return words.action_words(action, self.state)

    def refusal_value(self, name: str, value: Any) -> Any:
        """A refusal's value in words (``cnw.illegal.*``): gateway codes as the map names them
        ("JFK · New York"), a seat by its player's name, a phase by its name, lists joined."""
        if name in GATEWAY_VALUES:
            return words.gateway(value)
        if name == "cards":
            return ", ".join(words.gateway(c) for c in value)
        if name == "partner" and isinstance(value, int) and 0 <= value < self.state.players:
            return self.seat_name(self.state, value)
        if name == "phase" and f"cnw.phase.{value}" in i18n.catalog("en"):
            return t(f"cnw.phase.{value}")
        if name in ("unknown", "known"):
            return ", ".join(map(str, value))
        return value

    def log_line(self, before: Any, action: Any, after: Any) -> str:
        """Who did what, a re-roll's old and new face (§8.1), and the dice of a battle that
        ended with this move with its forced move-in (§7.2): the recap's story tells the same
        events from the same helpers."""
        text = super().log_line(before, action, after)
        rolled = reroll_played(before, after)
        if rolled is not None:
            text += " (" + html.escape(reroll_words(rolled[1], rolled[2])) + ")"
        roll = battle_ended(before, after)
        if roll is not None:
            text += html.escape(words.roll_words(roll))
            moved = entered(after, roll)
            if moved is not None:
                text += " · " + html.escape(enter_words(moved))
        return text

    def legend_html(self) -> str:
        """Who is who on the map: each seat's shape and colour, neutral, hubs, the recap's rings."""
        s = self.state
        seats = " &nbsp; ".join(seat_chip(q, s.names[q]) for q in range(s.players))
        extra = [
            f"<span style='color:#888'>{NEUTRAL_MARK}</span> {t('cnw.play.legend_neutral')}",
            t("cnw.play.legend_hub"),
            f"<span style='color:{LOST_COLOR}'>□</span> {t('cnw.play.legend_lost')}",
            f"<span style='color:{WON_COLOR}'>◯</span> {t('cnw.play.legend_won')}",
        ]
        return (
            f"<div role='group' aria-label='{html.escape(t('cnw.play.legend'))}'>"
            f"<b>{t('cnw.play.legend')}:</b> {seats}<br>"
            f"<small>{' · '.join(extra)}</small></div>"
        )

    def draw(self, p: int | None, human: bool) -> None:
        s = self.state
        paint_state(self.map, s)
        if not self._recap_fresh:
            self.map.mark("lost", [])
            self.map.mark("won", [])
        elif human and self._new_turn:
            # a turn went by since the human's last move: its "Done: ..." line is stale, the
            # recap tells what happened
            self.notice.clear()
        self._recap_fresh = False
        self.legend.value = self.legend_html()
        bridges = [list(b) for b in cnw.air_bridges(s, s.current)] if p is not None else []
        self.map.draw_overlay("bridges", bridges)
        r = cnw.reinforcements(s, s.current)
        regions = sum(r["regions"].values())
        self.reinf.value = (
            t(
                "cnw.play.reinforcements",
                pool=s.pool,
                base=r["base"],
                gateways=r["gateways"],
                regions=regions,
                hubs=r["hubs"],
                tris=r["tris"],
                bonus=r["delivery_bonus"],
                total=r["total"],
            )
            if s.phase in (st.REINFORCE, st.ELIM_DEPLOY)
            else ""
        )
        self.reinf.layout.display = "" if self.reinf.value else "none"
        self.dice.value = roll_html(s.roll or s.last_roll, s.names, self._moved_in(s.last_roll))
        self._draw_controls(p if human else None)
        self.standing.layout.display = "" if self._standing_matters() else "none"
        # the hand and objective of the human to move only (§9, §11 are secret)
        if human:
            obs = cnw.observation(s, p)
            cards = ", ".join(words.card(c["gateway"]) for c in obs["hand"]) or "—"
            objective = (
                t(f"cnw.objectives.card.{obs['objective']['id']}") if obs["objective"] else "—"
            )
            self.hand.value = t(
                "cnw.table.hand", cards=cards, objective=html.escape(objective), obc=s.obc[p]
            )
        else:
            self.hand.value = t("cnw.table.hidden")
        self._draw_shipments()
        self._draw_sla()
        self.variant_board.draw(s, self.map)

    def _moved_in(self, roll: dict[str, Any] | None) -> int | None:
        """The pawns a forced move-in put on the gateway ``roll`` conquered (§7.2), read
        from the log entry that settled the roll (None: no conquest, or a chosen count)."""
        s = self.session
        if not roll or not roll.get("conquered"):
            return None
        for i in range(s.index - 1, max(-1, s.index - 60), -1):
            if s.history[i + 1].last_roll is roll and s.history[i].last_roll is not roll:
                return entered(s.history[i + 1], roll)
        return None

    def _standing_matters(self) -> bool:
        """The defender's standing re-roll choice is shown while a human seat holds a token."""
        s = self.state
        return s.phase != st.PLACEMENT and any(
            kind == "human" and s.obc[q] > 0 for q, kind in enumerate(self.kinds)
        )

    def _draw_controls(self, p: int | None) -> None:
        """Show exactly the controls of the decision the human ``p`` faces (None: no human)."""
        s = self.state
        phase = s.phase
        legal = cnw.legal_actions(s) if p is not None else []
        sources: list[str] = []
        show_target = show_count = show_auto = False
        label = "cnw.play.gateway"
        if phase == st.PLACEMENT:
            sources = [a.gateway for a in legal if isinstance(a, cnw.PlacePawn)]
            show_count = show_auto = True
            if p is not None:
                self._set_count(1, max(1, s.reserve[p]), None)
        elif phase == st.BRIEFING:
            sources = [a.gateway for a in legal if isinstance(a, cnw.RemovePawn)]
        elif phase in (st.REINFORCE, st.ELIM_DEPLOY):
            sources = sorted(
                {a.gateway for a in legal if isinstance(a, cnw.Deploy)}, key=CODES.index
            )
            show_count = True
            self._set_count(1, max(1, s.pool), s.pool)
        elif phase in (st.OPERATIONS, st.REPOSITION):
            kinds = (cnw.Attack, cnw.Occupy) if phase == st.OPERATIONS else (cnw.Reposition,)
            sources = sorted({a.source for a in legal if isinstance(a, kinds)}, key=CODES.index)
            show_target = bool(sources)
            show_count = phase == st.OPERATIONS and any(isinstance(a, cnw.Occupy) for a in legal)
            label = "cnw.play.from"
        elif phase in (st.MOVE_IN, st.REPOSITION_COUNT) and p is not None:
            _, _, least, most, _ = s.move_in
            show_count = True
            self._set_count(least, most, most)
        self.source.description = t(label)
        options = [(t("cnw.table.none"), None)] + [(words.gateway(c), c) for c in sources]
        keep = self.source.value
        if [o[1] for o in self.source.options] != [o[1] for o in options]:
            self.source.options = options
        # "From" stays where the player left it while it is still a choice (setup, deploys)
        keep_it = keep in sources and phase in (st.PLACEMENT, st.REINFORCE, st.ELIM_DEPLOY)
        # an empty "Gateway" where the choice is forced reads as "nothing to do": at the
        # Briefing a pawn must go (§10.2), so the first gateway that can lose it is ready, and
        # a single gateway to place or deploy on is chosen already (the player can change it;
        # not in Operations and Repositioning, where a click on the chosen gateway unpicks it)
        forced = phase == st.BRIEFING or (
            len(sources) == 1 and phase not in (st.OPERATIONS, st.REPOSITION)
        )
        ready = sources[0] if sources and forced else None
        self.source.value = keep if keep_it else ready
        self._pick_source(self.source.value)
        counting = phase in (st.MOVE_IN, st.REPOSITION_COUNT)
        has_pick = bool(sources) or counting
        shown = p is not None and has_pick
        for control, on in (
            (self.source, bool(sources)),
            (self.target, show_target),
            (self.count, show_count),
            (self.go_button, has_pick),
            (self.auto_button, show_auto),
        ):
            control.layout.display = "" if on else "none"
            control.disabled = p is None
        self.picks.layout.display = "" if shown else "none"
        self._label_go()

    def _draw_shipments(self) -> None:
        s = self.state
        rows = []
        for q in range(s.players):
            for card_id, deadline in s.shipments[q]:
                info = cnw.shipment_info(card_id)
                chain = cnw.delivery_chain(s, q, card_id)
                left = t("cnw.table.turns_left", n=deadline)
                who = html.escape(s.names[q])
                rows.append(
                    [
                        f"<span style='color:{PLAYER_COLORS[q]}'>■</span> {who}",
                        f"#{card_id} {route([info['origin'], info['destination']])}",
                        t(f"cnw.class.{info['class']}"),
                        f"<b style='color:#a93226'>{left}</b>" if deadline <= 1 else left,
                        f"+{info['pawns']} / +{info['sla']} SLA",
                        route(chain) if chain else "—",
                    ]
                )
        head = [
            t(f"cnw.table.col_{k}")
            for k in ("player", "shipment", "class", "deadline", "reward", "chain")
        ]
        self.shipments.value = html_table(head, rows)

    def _draw_sla(self) -> None:
        s = self.state
        target = (
            int(tables.variants()["fiera"]["sla_to_win"])
            if s.options["fiera"]
            else int(tables.setup()["sla_to_win"])
        )
        names = list(s.names)
        with self.sla_fig.batch_update():
            bar = self.sla_fig.data[0]
            bar.x = names
            bar.y = list(s.sla)
            bar.text = [str(v) for v in s.sla]
            bar.marker.color = PLAYER_COLORS[: s.players]
            line = self.sla_fig.data[1]
            # §12.2: no individual SLA victory in TEAM BUILDING (the variant panel adds teams)
            solo = (
                not s.options["team_building"]
                or tables.variants()["team_building"]["individual_sla"]
            )
            line.y = [target] * len(names) if solo else []
            line.x = names if solo else []
            # the axis fits the highest bar and the target drawn, with room for the bars'
            # numbers (§12.2: no individual target, and a player may pass the base 12)
            top = max([*s.sla, *line.y, 1])
            self.sla_fig.layout.yaxis.range = [0, top + 2]
