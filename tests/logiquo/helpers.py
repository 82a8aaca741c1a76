"""What the Logiquo rule tests share: a card named by the code printed on it (``"T17"``), as the
rulebook and the data name it, turned into the id the engine uses."""

from __future__ import annotations

from gamelib.logiquo.cards import by_code


def c(code: str) -> int:
    """The id of the card printed with ``code``."""
    return by_code(code).id
