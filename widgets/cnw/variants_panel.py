"""The four variants of §12 at the CNW table (issue #14 §2): FIERA, TEAM BUILDING, REALISMO ALTO
and DIPLOMAZIA.

:class:`VariantChoice` sits in the table's setup panel: a checkbox per variant and, for TEAM
BUILDING, a team per seat. Whether a combination is allowed is gamelib's answer
(``gamelib.cnw.variants.normalise_options``), asked on every change; its refusal is worded here
and the table starts no game while it stands. :class:`VariantBoard` shows, during play, what each
chosen variant puts on the table: FIERA's smaller map, each team's shared SLA, REALISMO ALTO's
closed routes (listed, and drawn on the map's ``closed`` overlay), the pacts in force and the
offer waiting for an answer. :func:`pact_prompt` and :func:`operations_hint` are the sentences the
table's prompt adds for the decisions DIPLOMAZIA brings. No rule is decided here.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from gamelib.cnw import tables
from gamelib.cnw import variants as cnw_variants
from gamelib.cnw.board import load as load_board
from gamelib.cnw.network import CODES
from gamelib.cnw.state import OPERATIONS, geo_of
from gamelib.core import IllegalAction
from widgets.cnw import words
from widgets.common import card, html_table, tagged
from widgets.i18n import language, t
from widgets.kit.refusals import refusal
from widgets.kit.table import counted

VARIANT_KEYS = ("fiera", "team_building", "realismo_alto", "diplomazia")
# The map overlay of REALISMO ALTO's closed routes (the table adds it to its BoardMap).
CLOSED_OVERLAY = ("closed", dict(width=4, color="#7b241c", dash="dot"))
TEAM_MARKS = ("A", "B")


def section(key: str) -> str:
    """A variant's § as the data file gives it (``§12.1``)."""
    return str(tables.variants()[key]["section"])


def variant_name(key: str) -> str:
    """The rulebook's name and its §: ``FIERA (§12.1)``."""
    return t(f"cnw.variants.name.{key}", section=section(key))


class VariantChoice(w.VBox):
    """The §12 variants to play in the next game, and the team of each seat for TEAM BUILDING.

    ``players``: the table's number-of-players slider (None: ``max_players`` seats)."""

    def __init__(self, players: w.IntSlider | None, max_players: int) -> None:
        self.players = players
        self.max_players = max_players
        self.boxes = {
            key: tagged(
                w.Checkbox(
                    False,
                    description=variant_name(key),
                    indent=False,
                    layout=w.Layout(width="auto", max_width="100%"),
                ),
                f"cnw-variant-{key.replace('_', '-')}",
            )
            for key in VARIANT_KEYS
        }
        self.team_pickers = [
            tagged(
                w.Dropdown(
                    options=[(t("cnw.variants.team", team=m), i) for i, m in enumerate(TEAM_MARKS)],
                    value=seat % 2,  # gamelib's default: alternate seats (§12.2)
                    description=t("cnw.table.seat", n=seat + 1),
                    layout=w.Layout(width="190px", max_width="100%"),
                ),
                f"cnw-team-{seat}",
            )
            for seat in range(max_players)
        ]

        def wrap() -> w.Layout:  # one Layout per box: hiding the teams must not hide the boxes
            return w.Layout(flex_flow="row wrap", align_items="center")

        self.ticks = tagged(w.HBox(list(self.boxes.values()), layout=wrap()), "cnw-variant-ticks")
        self.teams_row = tagged(w.HBox(self.team_pickers, layout=wrap()), "cnw-variant-teams")
        self.refusal = tagged(w.HTML(), "cnw-variant-refusal")
        self.about = tagged(w.HTML(), "cnw-variant-about")
        for control in [*self.boxes.values(), *self.team_pickers]:
            control.observe(lambda _ch: self.refresh(), "value")
        if players is not None:
            players.observe(lambda _ch: self.refresh(), "value")
        super().__init__(
            [
                w.HTML(f"<b>{t('cnw.variants.choose')}</b>"),
                self.ticks,
                self.teams_row,
                self.about,
                self.refusal,
            ]
        )
        self.add_class("cnw-variant-choice")
        self.refresh()

    def seats(self) -> int:
        return self.players.value if self.players is not None else self.max_players

    def options(self, players: int | None = None) -> dict[str, Any]:
        """The options of ``cnw.new_game`` for the variants ticked (teams with TEAM BUILDING)."""
        n = self.seats() if players is None else players
        out: dict[str, Any] = {key: box.value for key, box in self.boxes.items()}
        if out["team_building"]:
            out["teams"] = [picker.value for picker in self.team_pickers[:n]]
        return out

    def refused(self, players: int | None = None) -> IllegalAction | None:
        """gamelib's refusal of the combination chosen for ``players`` seats, None if allowed."""
        n = self.seats() if players is None else players
        try:
            cnw_variants.normalise_options(n, self.options(n))
        except IllegalAction as error:
            return error
        return None

    def refresh(self) -> bool:
        """Show the team pickers of the seats in play, what the ticked variants change, and
        gamelib's refusal if any; True when a game can start with this choice."""
        n = self.seats()
        teams = self.boxes["team_building"].value
        self.teams_row.layout.display = "" if teams else "none"
        for seat, picker in enumerate(self.team_pickers):
            picker.layout.display = "" if seat < n else "none"
        chosen = [key for key, box in self.boxes.items() if box.value]
        lines = [t(f"cnw.variants.about.{key}", name=variant_name(key)) for key in chosen]
        self.about.value = "".join(f"<div>{x}</div>" for x in lines) or t("cnw.variants.standard")
        error = self.refused(n)
        if error is None:
            self.refusal.value = ""
            return True
        reason = refusal("cnw", error)
        self.refusal.value = (
            f"<div role='alert' style='color:#a93226'>"
            f"{t('cnw.variants.refused', rule=html.escape(error.rule), reason=reason)}</div>"
        )
        return False


def closed_routes(state: Any) -> list[tuple[str, str]]:
    """The dashed routes on the board that the game's map does not let anyone use (§12.3):
    gamelib's playable links (``geo_of(state).adj``) against the board's dashed routes."""
    geo = geo_of(state)
    return [
        (CODES[a], CODES[b])
        for a, b in geo.routes
        if geo.in_play[a] and geo.in_play[b] and b not in geo.adj[a]
    ]


class VariantBoard(w.VBox):
    """What the variants of the game shown put on the table; hidden in a standard game.

    ``chip(seat, name)``: a seat as the table's map marks it (shape and colour, then name)."""

    def __init__(self, chip: Callable[[int, str], str]) -> None:
        self.chip = chip
        self.head = tagged(w.HTML(), "cnw-variant-head")
        self.fiera = tagged(w.HTML(), "cnw-variant-fiera")
        self.teams = tagged(w.HTML(), "cnw-variant-team-sla")
        self.routes = tagged(w.HTML(), "cnw-variant-closed")
        self.pacts = tagged(w.HTML(), "cnw-variant-pacts")
        box = card(
            [self.head, self.fiera, self.teams, self.routes, self.pacts],
            t("cnw.variants.board_title"),
        )
        super().__init__([box])
        self.add_class("cnw-variant-board")

    def draw(self, state: Any, board_map: Any | None = None) -> None:
        """Draw the panels of the variants in ``state.options``; REALISMO ALTO's closed routes
        also on ``board_map``'s ``closed`` overlay when it has one."""
        options = state.options
        chosen = [key for key in VARIANT_KEYS if options[key]]
        self.layout.display = "" if chosen else "none"
        self.head.value = t(
            "cnw.variants.in_play", names=", ".join(variant_name(k) for k in chosen) or "—"
        )
        self.fiera.value = self._fiera(state) if options["fiera"] else ""
        self.teams.value = self._teams(state) if options["team_building"] else ""
        closed = closed_routes(state) if options["realismo_alto"] else []
        self.routes.value = self._routes(closed) if options["realismo_alto"] else ""
        self.pacts.value = self._pacts(state) if options["diplomazia"] else ""
        for part in (self.fiera, self.teams, self.routes, self.pacts):
            part.layout.display = "" if part.value else "none"
        if board_map is not None and CLOSED_OVERLAY[0] in board_map.overlays:
            board_map.draw_overlay(CLOSED_OVERLAY[0], [list(r) for r in closed])

    @staticmethod
    def _fiera(state: Any) -> str:
        board = load_board()
        rules = tables.variants()["fiera"]
        names = [
            board.regions[r].name_it if language() == "it" else board.regions[r].name
            for r in rules["regions"]
        ]
        return t(
            "cnw.variants.fiera_panel",
            name=variant_name("fiera"),
            regions=t("cnw.variants.and", first=", ".join(names[:-1]), last=names[-1]),
            gateways=len(geo_of(state).playable),
            sla=rules["sla_to_win"],
        )

    def _teams(self, state: Any) -> str:
        target = int(tables.variants()["team_building"]["team_sla"])
        teams = state.options["teams"]
        rows = []
        for team, mark in enumerate(TEAM_MARKS):
            seats = [q for q in range(state.players) if teams[q] == team]
            total = sum(state.sla[q] for q in seats)
            out = f" ({t('cnw.variants.out')})"
            members = ", ".join(
                self.chip(q, state.names[q]) + ("" if state.alive[q] else out) for q in seats
            )
            rows.append(
                [
                    t("cnw.variants.team", team=mark),
                    members,
                    " + ".join(str(state.sla[q]) for q in seats) + f" = <b>{total}</b>",
                    str(max(0, target - total)),
                ]
            )
        head = [t(f"cnw.variants.col_{k}") for k in ("team", "members", "sla", "missing")]
        intro = t("cnw.variants.team_panel", name=variant_name("team_building"), target=target)
        return f"<div>{intro}</div>{html_table(head, rows)}"

    @staticmethod
    def _routes(closed: list[tuple[str, str]]) -> str:
        name = variant_name("realismo_alto")
        if not closed:
            return t("cnw.variants.closed_none", name=name)
        listed = "; ".join(f"{words.gateway(a)} – {words.gateway(b)}" for a, b in closed)
        key = counted("cnw.variants.closed_panel", len(closed))  # "1 dashed route has ..."
        return t(key, name=name, n=len(closed), routes=listed)

    def _pacts(self, state: Any) -> str:
        name = variant_name("diplomazia")
        betrayal = tables.variants()["diplomazia"]["betrayal_sla"]
        lines = [t("cnw.variants.pacts_rule", name=name, sla=betrayal)]
        for a, b, proposer in state.pacts:
            lines.append(
                t(
                    "cnw.variants.pact",
                    a=self.chip(a, state.names[a]),
                    b=self.chip(b, state.names[b]),
                    proposer=html.escape(state.names[proposer]),
                )
            )
        if not state.pacts:
            lines.append(t("cnw.variants.no_pacts"))
        if state.offer is not None:
            p, q = state.offer
            lines.append(
                "<b>"
                + t(
                    "cnw.variants.offer",
                    proposer=self.chip(p, state.names[p]),
                    partner=self.chip(q, state.names[q]),
                )
                + "</b>"
            )
        elif state.phase == OPERATIONS and state.winners == []:
            partners = cnw_variants.pact_partners(state, state.current)
            if partners:
                lines.append(
                    t(
                        "cnw.variants.can_offer",
                        name=html.escape(state.names[state.current]),
                        partners=", ".join(self.chip(q, state.names[q]) for q in partners),
                    )
                )
        return "".join(f"<div>{x}</div>" for x in lines)


def pact_prompt(state: Any) -> str:
    """The prompt of the partner asked for a pact (§12.4): what accepting binds them to."""
    p, _q = state.offer
    return t(
        "cnw.variants.prompt_answer",
        proposer=html.escape(state.names[p]),
        sla=tables.variants()["diplomazia"]["betrayal_sla"],
    )


def operations_hint(state: Any, p: int) -> str:
    """What DIPLOMAZIA adds to the Operations prompt of ``p``: the pacts ``p`` may still propose
    this turn and the partners ``p`` is bound to (attacking one is a betrayal); "" otherwise."""
    if not state.options["diplomazia"]:
        return ""
    out = ""
    partners = cnw_variants.pact_partners(state, p)
    if partners:
        names = ", ".join(html.escape(state.names[q]) for q in partners)
        out += " " + t("cnw.variants.prompt_propose", partners=names)
    bound = sorted({x for a, b, _ in state.pacts if p in (a, b) for x in (a, b)} - {p})
    if bound:
        names = ", ".join(html.escape(state.names[q]) for q in bound)
        sla = tables.variants()["diplomazia"]["betrayal_sla"]
        out += " " + t("cnw.variants.prompt_bound", partners=names, sla=sla)
    return out
