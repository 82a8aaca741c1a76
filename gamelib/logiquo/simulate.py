"""Batch play for the strategy lab: many seeded games, one summary per game.

Termination is guaranteed by the rules, not by luck: every turn removes at least one threat
card from the threat deck for good (§Struttura.6, §Scarto), so a game has at most 52 turns per
deck; inside a turn the Pentaqo window asks each player at most once per Pentaqo held,
collaboration has at most ``max_rounds_per_threat`` rounds of at most
``max_offers_per_window`` offers per player, and every discard choice consumes a queued
effect. ``run_games`` still carries an action cap and raises if it is ever reached.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from statistics import mean
from typing import Any

import gamelib.logiquo as game
from gamelib import batch
from gamelib.logiquo.bots import CarefulBot

MAX_ACTIONS = 100_000


@dataclass(frozen=True)
class GameSummary:
    """The outcome of one game, per player where it is a tuple (seat order)."""

    seed: int
    players: int
    winners: tuple[int, ...]
    decided_by: str
    end_reason: str
    turns: int
    actions: int
    survival: tuple[bool, ...]
    data_left: tuple[int, ...]
    logiquo_used: tuple[int, ...]
    pentaqo_used: tuple[int, ...]
    neutralised: tuple[int, ...]
    suffered: tuple[int, ...]
    gifts: tuple[int, ...]
    trades: tuple[int, ...]

    @property
    def everyone_survived(self) -> bool:
        return all(self.survival)

    @property
    def specials_used(self) -> int:
        return sum(self.logiquo_used) + sum(self.pentaqo_used)


BotsFactory = Callable[[int, int], Sequence[Any]]


def summarise_state(state: Any, seed: int, actions: int) -> GameSummary:
    st = state.stats
    return GameSummary(
        seed=seed,
        players=len(state.players),
        winners=tuple(game.winners(state)),
        decided_by=state.decided_by or "",
        end_reason=state.end_reason or "",
        turns=state.turn,
        actions=actions,
        survival=tuple(len(d) > 0 for d in state.data),
        data_left=tuple(len(d) for d in state.data),
        logiquo_used=tuple(st["logiquo"]),
        pentaqo_used=tuple(st["pentaqo"]),
        neutralised=tuple(st["neutralised"]),
        suffered=tuple(st["suffered"]),
        gifts=tuple(st["gifts"]),
        trades=tuple(st["trades"]),
    )


def play_one(
    players: int,
    bots: Sequence[Any],
    seed: int,
    **options: Any,
) -> tuple[Any, int]:
    """Play one game to the end; returns the final state and the number of actions."""
    state = game.new_game(players, seed=seed, **options)
    actions = 0
    while not game.is_over(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game with seed {seed} did not end within {MAX_ACTIONS} actions")
        state = game.apply(state, bots[game.current_player(state)].choose(state))
        actions += 1
    return state, actions


def _play_game(
    game_seed: int, players: int, bots_factory: BotsFactory, options: dict[str, Any]
) -> GameSummary:
    """One game of a run (:func:`gamelib.batch.play_games`)."""
    state, actions = play_one(players, bots_factory(players, game_seed), game_seed, **options)
    return summarise_state(state, game_seed, actions)


def game_seeds(n: int, seed: int) -> list[int]:
    """The seeds of the ``n`` games of a run seeded ``seed``: the first ``n`` draws of
    ``random.Random(seed)``, so a longer run starts with the games of a shorter one."""
    draws = random.Random(seed)
    return [draws.randrange(2**62) for _ in range(n)]


def run_games(
    n: int,
    players: int,
    bots_factory: BotsFactory,
    seed: int,
    *,
    hand_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    ending: str = "first_zero",
    merged_decks: bool | None = None,
    first_player: int | str = 0,
    executor: Executor | None = None,
    chunk_size: int | None = None,
) -> list[GameSummary]:
    """Play ``n`` games of ``players`` seats; ``bots_factory(players, game_seed)`` returns the
    bots by seat. Game seeds derive from ``seed`` (:func:`game_seeds`), so the batch is
    reproducible. ``merged_decks`` defaults to True above 6 players (§Componenti). The games
    are cut into seeded chunks played on ``executor`` (None: :func:`gamelib.chunks.current`,
    else here): the same games in the same order whichever executor plays them;
    ``progress(done, n)`` counts finished games."""
    if merged_decks is None:
        merged_decks = players > 6
    options = dict(
        hand_size=hand_size, ending=ending, merged_decks=merged_decks, first_player=first_player
    )
    return batch.play_games(
        _play_game,
        game_seeds(n, seed),
        (players, bots_factory, options),
        executor=executor,
        progress=progress,
        size=chunk_size,
    )


def careful_factory(cooperative: bool) -> BotsFactory:
    """Every seat a CarefulBot, all cooperative or all not."""

    def make(players: int, game_seed: int) -> list[CarefulBot]:
        return [CarefulBot(game_seed + p, cooperative=cooperative) for p in range(players)]

    return make


def cooperation_study(
    n: int,
    player_counts: Sequence[int] = (2, 3, 4, 5, 6),
    seed: int = 2024,
    *,
    ending: str = "first_zero",
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """Same seeds, cooperative vs selfish CarefulBots: share of games where nobody ran out of
    Data, mean Data left per player, mean survivors, mean turns and gifts per game."""
    rows = []
    for players in player_counts:
        for cooperative in (True, False):
            games = run_games(
                n,
                players,
                careful_factory(cooperative),
                seed + players,
                ending=ending,
                progress=progress,
            )
            rows.append(
                {
                    "players": players,
                    "cooperative": cooperative,
                    "games": n,
                    "everyone_survives": mean(g.everyone_survived for g in games),
                    "mean_data_left": mean(mean(g.data_left) for g in games),
                    "mean_survivors": mean(sum(g.survival) for g in games),
                    "mean_turns": mean(g.turns for g in games),
                    "mean_gifts": mean(sum(g.gifts) for g in games),
                }
            )
    return rows
