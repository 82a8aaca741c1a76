"""Setup and turn constants (``data/setup.json``) and the variant settings of §12
(``data/variants.json``): the numbers of the rulebook, kept as data, read once."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


def read(name: str) -> Any:
    """Parse one of the package's data files."""
    return json.loads((resources.files("gamelib.cnw") / "data" / name).read_text("utf-8"))


@cache
def setup() -> dict[str, Any]:
    """§4, §6, §10, §11 constants: starting pawns by player count, SLA target, reinforcements."""
    data = read("setup.json")
    pawns = {int(k): int(v) for k, v in data["starting_pawns"].items()}
    if sorted(pawns) != [3, 4, 5, 6]:
        raise ValueError("setup.json: starting_pawns must cover 3 to 6 players (§4)")
    data["starting_pawns"] = pawns
    if len(data["colours"]) != 6:
        raise ValueError("setup.json: the six colours of §2 are needed")
    return data


@cache
def variants() -> dict[str, Any]:
    """The §12 variants' settings."""
    data = read("variants.json")
    for key in ("fiera", "team_building", "realismo_alto", "diplomazia"):
        if key not in data:
            raise ValueError(f"variants.json lacks the variant {key!r} (§12)")
    return data
