"""§Preparazione and §Componenti: a new game, shuffled and dealt, whose first turn has
already revealed its threat. Player count, hand size, first player, merged decks and the
ending are checked here (§Preparazione.2, .5; §Componenti; §Fine del Gioco).
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction, new_rng_state, rng_from
from gamelib.validate import player_names

from .cards import DECK_SIZE, load
from .state import STAT_KEYS, State
from .table import RULES, commit_rng, log
from .turn import draw_threat

_CARDS = load()
_CONTROL_KINDS = frozenset({"countermeasure", "logiquo", "pentaqo"})


def new_game(
    players: Any,
    seed: int | str | None = None,
    *,
    hand_size: int | None = None,
    first_player: int | str = 0,
    merged_decks: bool = False,
    ending: str = "first_zero",
) -> State:
    """A shuffled, dealt game whose first turn has already revealed its threat.

    ``players``: a count (2..12) or a list of names, seated clockwise. ``hand_size``: control
    cards dealt to each (default by player count, §Preparazione.2). ``first_player``: seat index
    of the youngest player, or ``"random"`` (§Preparazione.5). ``merged_decks``: shuffle two
    whole decks together, required above 6 players (§Componenti). ``ending``: ``"first_zero"``
    (the game stops when someone reaches 0 Data) or ``"deck_out"`` (players at 0 are eliminated
    and play goes on to the end of the threat deck, §Fine del Gioco).
    """
    names = player_names(players, "§Componenti")
    n = len(names)
    if n < RULES["min_players"]:
        raise IllegalAction("§Componenti", "setup.too_few_players", least=RULES["min_players"])
    if n > RULES["max_players"]:
        raise IllegalAction("§Componenti", "setup.too_many_players", most=RULES["max_players"])
    copies = 2 if merged_decks else 1
    if n > RULES["players_per_deck"] * copies:
        raise IllegalAction(
            "§Componenti", "setup.merge_decks", n=n, per_deck=RULES["players_per_deck"]
        )
    if ending not in RULES["endings"]:
        raise IllegalAction(
            "§Fine del Gioco",
            "setup.ending",
            ending=repr(ending),
            endings=", ".join(RULES["endings"]),
        )
    control_total = (RULES["deck"]["countermeasure"] + 2 + 4) * copies
    if hand_size is None:
        hand_size = RULES["hand_size"].get(str(n), RULES["hand_size_merged_default"])
    if type(hand_size) is not int or hand_size < 1 or hand_size * n > control_total:
        raise IllegalAction(
            "§Preparazione.2",
            "setup.hand_size",
            hand_size=repr(hand_size),
            n=n,
            controls=control_total,
        )
    rng = rng_from(new_rng_state(seed))
    if first_player == "random":
        first = rng.randrange(n)
    elif type(first_player) is int and 0 <= first_player < n:
        first = first_player
    else:
        raise IllegalAction("§Preparazione.5", "setup.first_player", last=n - 1)

    # §Preparazione.1: two separate decks, each shuffled on its own.
    threat_deck, control_deck, data_pool, aside = [], [], [], []
    for k in range(copies):
        for c in _CARDS:
            cid = k * DECK_SIZE + c.id
            if c.kind in ("threat", "anomaly"):
                threat_deck.append(cid)
            elif c.kind in _CONTROL_KINDS:
                control_deck.append(cid)
            elif c.kind == "data":
                data_pool.append(cid)
            else:
                aside.append(cid)
    rng.shuffle(threat_deck)
    rng.shuffle(control_deck)
    # §Preparazione.2: deal the control cards face down; §Preparazione.4: 3 Data cards each.
    hands = [[control_deck.pop() for _ in range(hand_size)] for _ in range(n)]
    per = RULES["data_per_player"]
    data = [data_pool[i * per : (i + 1) * per] for i in range(n)]
    data_supply = data_pool[n * per :]

    s = State(
        players=names,
        copies=copies,
        hand_size=hand_size,
        ending=ending,
        rng=rng.getstate(),
        threat_deck=threat_deck,
        threat_discard=[],
        control_deck=control_deck,
        control_discard=[],
        hands=hands,
        data=data,
        data_supply=data_supply,
        data_discard=[],
        aside=aside,
        alive=[True] * n,
        eliminated_at=[0] * n,
        active=first,
        turn=1,
        step=0,
        phase="reaction",
        stats={k: [0] * n for k in STAT_KEYS},
    )
    log(s, type="turn", player=first)
    draw_threat(s)
    commit_rng(s)
    return s
