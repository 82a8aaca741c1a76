"""Many seeded games in a row, summarised for strategy charts and balance figures."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from gamelib import batch

from . import rules
from .cards import SIDES


@dataclass
class GameSummary:
    """One game: ``winner`` is "axis", "allies" or None when the turn cap stopped it."""

    seed: int
    winner: str | None
    finished: bool
    turns: int
    actions: int
    industry: list[tuple[int, int]] = field(default_factory=list)  # (axis, allies) per turn
    convoy: list[tuple[int, int]] = field(default_factory=list)


def run_game(bots: Sequence[Any], seed: int, max_turns: int = 200) -> GameSummary:
    """Play one game from ``new_game(seed=seed)``; stop unfinished after ``max_turns`` turns."""
    state = rules.new_game(2, seed=seed)
    industry = [(state.industry[0], state.industry[1])]
    convoy = [(state.convoy[0], state.convoy[1])]
    actions = 0
    turn = state.turn
    while not rules.is_over(state) and state.turn <= max_turns:
        player = rules.current_player(state)
        state = rules.apply(state, bots[player].choose(state))
        actions += 1
        if state.turn != turn or rules.is_over(state):
            turn = state.turn
            industry.append((state.industry[0], state.industry[1]))
            convoy.append((state.convoy[0], state.convoy[1]))
    over = rules.is_over(state)
    return GameSummary(
        seed=seed,
        winner=SIDES[state.winner] if state.winner is not None else None,
        finished=over,
        turns=state.turn if over else state.turn - 1,
        actions=actions,
        industry=industry,
        convoy=convoy,
    )


def _play_game(
    game_seed: int, bots_factory: Callable[[int], Sequence[Any]], max_turns: int
) -> GameSummary:
    """One game of a run (:func:`gamelib.batch.play_games`)."""
    return run_game(bots_factory(game_seed), game_seed, max_turns)


def run_games(
    n: int,
    bots_factory: Callable[[int], Sequence[Any]],
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    max_turns: int = 200,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> list[GameSummary]:
    """Play ``n`` games with seeds ``seed, seed+1 ...``; ``bots_factory(game_seed)`` returns
    ``[axis_bot, allies_bot]``; ``progress(done, n)`` counts finished games. The games are cut
    into seeded chunks played on ``executor`` (None: :func:`gamelib.chunks.current`, else
    here): the same games in the same order whichever executor plays them."""
    return batch.play_games(
        _play_game,
        range(seed, seed + n),
        (bots_factory, max_turns),
        executor=executor,
        progress=progress,
        size=chunk_size,
    )


def win_rates(summaries: Sequence[GameSummary]) -> dict[str, float]:
    """Share of finished games won by each side, and the share left unfinished."""
    done = [s for s in summaries if s.finished]
    total = len(summaries) or 1
    out = {
        side: (sum(1 for s in done if s.winner == side) / len(done) if done else 0.0)
        for side in SIDES
    }
    out["unfinished"] = (len(summaries) - len(done)) / total
    return out
