"""Seeded bot games, the one runner behind the four games' ``simulate`` modules.

A game's ``simulate.run_games`` says only how one game is played and summarised
(``play_game(seed, *args)``, a module-level function so that a process pool or a Dask worker can
run it); :func:`play_games` plays one per seed through :mod:`gamelib.chunks` (the same games in
the same order wherever they run) and counts them for the progress bar. :func:`bot_game` is the
usual ``play_game`` body (a new game, its bots, played out), and :func:`record` /
:func:`replay` the golden playthroughs' action logs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

from gamelib import chunks
from gamelib.core import ActionCodec, Bot, GameModule, play_out

T = TypeVar("T")


def _each_game(
    seeds: Sequence[int],
    play_game: Callable[..., T],
    args: Sequence[Any],
    progress: chunks.Progress | None = None,
) -> list[T]:
    """The games of one chunk, one per seed, in order."""
    out = []
    for i, game_seed in enumerate(seeds):
        out.append(play_game(game_seed, *args))
        if progress is not None:
            progress(i + 1, len(seeds))
    return out


def play_games(
    play_game: Callable[..., T],
    seeds: Sequence[int],
    args: Sequence[Any] = (),
    *,
    executor: Executor | None = None,
    progress: chunks.Progress | None = None,
    size: int | None = None,
) -> list[T]:
    """``[play_game(seed, *args) for seed in seeds]``, cut into chunks played on ``executor``
    (None: :func:`gamelib.chunks.current`, else here); ``progress(done, n)`` counts games."""
    return chunks.run_chunks(
        _each_game,
        seeds,
        (play_game, tuple(args)),
        executor=executor,
        progress=progress,
        size=size,
    )


def bot_game(
    game: GameModule,
    players: int,
    seed: int,
    bots: Sequence[Bot],
    max_actions: int,
    options: dict[str, Any] | None = None,
    factory: str = "bot_factory",
) -> Any:
    """A new game of ``players`` seeded ``seed`` (with ``options``) played out by ``bots``, one
    per seat (``factory`` names what made them, for the error), for at most ``max_actions``."""
    bots = list(bots)
    if len(bots) != players:
        raise ValueError(f"{factory} gave {len(bots)} bots for {players} players")
    state = game.new_game(players, seed=seed, **(options or {}))
    return play_out(game, state, bots, max_actions=max_actions)


def record(
    game: GameModule, codec: ActionCodec, state: Any, bots: Sequence[Bot]
) -> tuple[Any, list[dict[str, Any]]]:
    """Let ``bots`` play ``state`` to the end: the final state and every action as JSON."""
    log: list[dict[str, Any]] = []

    def note(_state: Any, action: Any) -> None:
        log.append(codec.to_json(action))

    return play_out(game, state, bots, on_action=note), log


def replay(game: GameModule, codec: ActionCodec, state: Any, actions: Sequence[Any]) -> Any:
    """Apply a recorded action log (JSON) to ``state``."""
    for data in actions:
        state = game.apply(state, codec.from_json(data))
    return state
