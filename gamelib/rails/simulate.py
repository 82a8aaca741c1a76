"""Many seeded bot games, summarised for strategy charts; and the golden playthrough.

Termination: every game ends by the rules. Train cards only leave the piles into hands and come
back through claims, tickets only leave their deck, and a player with no move at all passes;
when every player passes in a row the game ends (§silent:no-move). ``max_actions`` is a second
guard: a game stopped by it is reported with ``capped=True`` and scored as if it ended there.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from typing import Any

from gamelib import batch
from gamelib.core import Bot
from gamelib.rails import rules
from gamelib.rails.actions import CODEC
from gamelib.rails.scoring import final_scores, winners
from gamelib.rails.state import RailsState


@dataclass(frozen=True)
class GameSummary:
    """One finished (or capped) game."""

    seed: int
    players: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tickets_completed: tuple[int, ...]  # per player, counts
    tickets_failed: tuple[int, ...]
    longest_trail: tuple[int, ...]
    turns: int
    actions: int
    ended_by: str  # "trains", "stalemate" or "cap"
    capped: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarise(state: RailsState, seed: int) -> GameSummary:
    """The summary of a game as it stands (scored as if it ended now)."""
    scores = final_scores(state)
    capped = not rules.is_over(state)
    return GameSummary(
        seed=seed,
        players=state.players,
        scores=tuple(s.total for s in scores),
        winners=tuple(winners(scores)),
        tickets_completed=tuple(len(s.completed) for s in scores),
        tickets_failed=tuple(len(s.failed) for s in scores),
        longest_trail=tuple(s.longest_trail for s in scores),
        turns=state.turn,
        actions=state.actions,
        ended_by="cap" if capped else state.ended_by,
        capped=capped,
    )


def _play_game(
    game_seed: int,
    players: int,
    bots_factory: Callable[[int], Sequence[Bot]],
    max_actions: int,
) -> GameSummary:
    """One game of a run (:func:`gamelib.batch.play_games`)."""
    bots = bots_factory(game_seed)
    state = batch.bot_game(rules, players, game_seed, bots, max_actions, factory="bots_factory")
    return summarise(state, game_seed)


def run_games(
    n: int,
    players: int,
    bots_factory: Callable[[int], Sequence[Bot]],
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    max_actions: int = 5_000,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> list[GameSummary]:
    """Play ``n`` games of ``players`` players; game ``i`` uses seed ``seed + i`` for the deal and
    ``bots_factory(seed + i)`` for its bots (one per seat). ``progress(done, n)`` counts finished
    games. A game still running after ``max_actions`` actions is stopped and marked capped. The
    games are cut into seeded chunks played on ``executor`` (None:
    :func:`gamelib.chunks.current`, else here): the same games in the same order whichever
    executor plays them."""
    return batch.play_games(
        _play_game,
        range(seed, seed + n),
        (players, bots_factory, max_actions),
        executor=executor,
        progress=progress,
        size=chunk_size,
    )


# --------------------------------------------------------------------------------------------
# Golden playthrough: a fixed seeded game whose every action is stored in tests/rails/golden/.


GOLDEN_SEED = 2024
GOLDEN_PLAYERS = 3


def digest(state: RailsState) -> str:
    """A short fingerprint of a state (its save text hashed)."""
    return hashlib.sha256(rules.to_json(state).encode()).hexdigest()


def golden_game() -> dict[str, Any]:
    """Play the golden game (a planner against two random bots) and record it."""
    from gamelib.rails.bots import PlannerBot, RandomBot

    state = rules.new_game(GOLDEN_PLAYERS, seed=GOLDEN_SEED)
    bots = [PlannerBot(GOLDEN_SEED), RandomBot(GOLDEN_SEED + 1), RandomBot(GOLDEN_SEED + 2)]
    state, log = batch.record(rules, CODEC, state, bots)
    return {
        "seed": GOLDEN_SEED,
        "players": GOLDEN_PLAYERS,
        "bots": ["PlannerBot", "RandomBot", "RandomBot"],
        "actions": log,
        "final_digest": digest(state),
        "final_scores": [s.total for s in final_scores(state)],
        "winners": rules.winners(state),
    }


def replay(seed: int, players: int, actions: Sequence[dict[str, Any]]) -> RailsState:
    """Apply a recorded action log to a new game."""
    return batch.replay(rules, CODEC, rules.new_game(players, seed=seed), actions)
