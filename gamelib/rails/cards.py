"""Train cards as small integers, so hands are count vectors and decks are plain lists of ints.

Kinds ``0..7`` are the eight colours in the order of ``data/rules.json``; kind ``8`` is the
locomotive (§Carte Locomotiva: it stands for any colour). A hand is a list of 9 counts.
"""

from __future__ import annotations

from gamelib.rails.board import rules

_CARDS = rules()["train_cards"]

COLORS: tuple[str, ...] = tuple(_CARDS["colors"])
LOCOMOTIVE = "locomotive"
CARD_NAMES: tuple[str, ...] = (*COLORS, LOCOMOTIVE)
LOCO: int = len(COLORS)  # the kind index of the locomotive
KINDS: int = len(CARD_NAMES)
PER_COLOR: int = int(_CARDS["per_color"])
LOCOMOTIVES: int = int(_CARDS["locomotives"])
TOTAL_CARDS: int = PER_COLOR * len(COLORS) + LOCOMOTIVES  # §Contenuto: 110

INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}


def full_deck() -> list[int]:
    """The 110 train cards of §Contenuto (8 colours x 12, 14 locomotives), unshuffled."""
    deck = [kind for kind in range(len(COLORS)) for _ in range(PER_COLOR)]
    deck.extend([LOCO] * LOCOMOTIVES)
    return deck


def empty_hand() -> list[int]:
    return [0] * KINDS


def hand_to_dict(hand: list[int]) -> dict[str, int]:
    """A hand as ``{"red": 2, ..., "locomotive": 1}`` (every kind listed, zeros included)."""
    return {CARD_NAMES[k]: hand[k] for k in range(KINDS)}
