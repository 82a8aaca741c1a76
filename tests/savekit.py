"""Where a saved game can be damaged: the paths into a save's JSON payload.

Shared by the two tests of the save contract (docs/conventions.md "Saves"): the Hypothesis
properties of tests/test_properties.py sample these paths at random, the bounded sweep of
tests/cnw/test_save_sweep.py damages each in turn. One walk, so both mean the same by "every
field".
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any


def leaf_paths(node: Any, piles: Collection[tuple] = (), path: tuple = ()) -> list[tuple]:
    """Every path into the payload below ``path`` (the root itself is no field). The
    random-number state counts as one field: its 625 words would swamp a sample, and
    ``rng_from_json`` checks them all. A list at one of the ``piles`` paths (cards alike to a
    save) longer than three stands for all its items by its first, middle and last."""
    out = [path] if path else []
    if path == ("rng",):
        return out
    if isinstance(node, dict):
        for key, value in node.items():
            out += leaf_paths(value, piles, (*path, key))
    elif isinstance(node, list):
        picked: Collection[int] = range(len(node))
        if path in piles and len(node) > 3:
            picked = sorted({0, len(node) // 2, len(node) - 1})
        for i in picked:
            out += leaf_paths(node[i], piles, (*path, i))
    return out


def parent_of(payload: Any, path: tuple) -> tuple[Any, Any]:
    """The dict or list that holds the field at ``path``, and the field's key or index there."""
    node = payload
    for key in path[:-1]:
        node = node[key]
    return node, path[-1]
