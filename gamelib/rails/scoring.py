"""Scores: route points (§Punti), destination tickets and the longest trail
(§Calcolo dei punti), and who wins. Everything here can be recomputed from the route owners and
the kept tickets alone, which is how the tests check the running score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from gamelib.rails.board import Route, Ticket, load, rules
from gamelib.rails.routes import longest_trail, pieces
from gamelib.rails.routes import ticket_completed as _ticket_completed

__all__ = [
    "ROUTE_POINTS",
    "LONGEST_BONUS",
    "PlayerScore",
    "route_score",
    "route_points",
    "player_routes",
    "ticket_completed",
    "longest_trail",
    "final_scores",
    "winners",
]

# §Punti: 1/2/4/7/10/15 for routes of 1..6 trains (from data/rules.json).
ROUTE_POINTS: dict[int, int] = {
    int(k): int(v) for k, v in rules()["route_points"].items() if not k.startswith("_")
}
LONGEST_BONUS: int = int(rules()["longest_trail_bonus"]["value"])


def route_score(length: int) -> int:
    """Points for claiming a route of ``length`` trains (§Punti)."""
    return ROUTE_POINTS[length]


def route_points(owner: Sequence[int], players: int) -> list[int]:
    """Route points of every player, from the route owners alone (§Punti)."""
    routes = load().routes
    out = [0] * players
    for rid, p in enumerate(owner):
        if p >= 0:
            out[p] += ROUTE_POINTS[routes[rid].length]
    return out


def player_routes(state: Any, player: int) -> list[Route]:
    """The routes ``player`` owns."""
    routes = load().routes
    return [routes[rid] for rid, p in enumerate(state.owner) if p == player]


def ticket_completed(routes: Iterable[Route], ticket: Ticket) -> bool:
    """Whether the player owning ``routes`` connects the two cities of ``ticket``."""
    return _ticket_completed(routes, ticket)


@dataclass(frozen=True)
class PlayerScore:
    """One player's final score, with its parts."""

    player: int
    route_points: int
    completed: tuple[int, ...]  # ticket ids
    failed: tuple[int, ...]
    ticket_points: int  # completed minus failed
    longest_trail: int  # trains
    longest_bonus: int  # LONGEST_BONUS for every player tied on the longest trail, else 0
    total: int

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["completed"] = list(self.completed)
        out["failed"] = list(self.failed)
        return out


def final_scores(state: Any) -> list[PlayerScore]:
    """Every player's score as if the game ended now (§Calcolo dei punti): route points, plus
    completed tickets, minus failed ones, plus 10 to every player tied on the longest trail."""
    board = load()
    n = state.players
    points = route_points(state.owner, n)
    owned = [player_routes(state, p) for p in range(n)]
    trails = [longest_trail(r) for r in owned]
    top = max(trails)
    out = []
    for p in range(n):
        piece = pieces(owned[p])  # a ticket is done when its cities share a piece (§Prendere)
        done, failed = [], []
        for tid in state.tickets[p]:
            t = board.tickets[tid]
            joined = t.a in piece and t.b in piece and piece[t.a] == piece[t.b]
            (done if joined else failed).append(tid)
        tp = sum(board.tickets[t].points for t in done) - sum(
            board.tickets[t].points for t in failed
        )
        bonus = LONGEST_BONUS if top > 0 and trails[p] == top else 0
        out.append(
            PlayerScore(
                player=p,
                route_points=points[p],
                completed=tuple(done),
                failed=tuple(failed),
                ticket_points=tp,
                longest_trail=trails[p],
                longest_bonus=bonus,
                total=points[p] + tp + bonus,
            )
        )
    return out


def winners(scores: Sequence[PlayerScore]) -> list[int]:
    """Highest total wins; a tie goes to more completed tickets (§Calcolo dei punti), then to
    the longest-trail bonus (§silent:tie-break); players still level share the win."""

    def key(s: PlayerScore) -> tuple[int, int, int]:
        return (s.total, len(s.completed), s.longest_bonus)

    best = max(key(s) for s in scores)
    return [s.player for s in scores if key(s) == best]
