"""Every refusal gamelib raises is a code the catalogs word in both languages (issue #12).

gamelib says *why* a move is refused with ``IllegalAction(rule, code, **values)``; the widgets
say it through ``<game>.illegal.<code>``. This test reads each converted game's sources: every
``IllegalAction(`` is written with a literal § and a literal code (no sentence, no f-string),
each code has its text in ``widgets/locales/en`` and ``it``, with placeholders that are exactly
the values passed, and no catalog text is left for a code nobody raises.
``NOT_YET_CODED`` lists the games whose rules still raise English sentences; it only shrinks.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from gamelib.core import REFUSAL_CODE
from widgets import i18n

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("airwar", "cnw", "logiquo", "rails")
NOT_YET_CODED: set[str] = set()


def raises(game: str) -> list[tuple[str, int, str | None, str | None, set[str] | None]]:
    """(file, line, rule, code, value names) of every IllegalAction(...) call of a game; None
    where an argument is not a literal (or ``**values`` hides the names)."""
    found = []
    for path in sorted((ROOT / "gamelib" / game).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction"):
                continue
            args = [a.value if isinstance(a, ast.Constant) else None for a in node.args[:2]]
            names = {k.arg for k in node.keywords if k.arg is not None}
            if any(k.arg is None for k in node.keywords):
                names = None
            rule, code = (args + [None, None])[:2]
            found.append((path.relative_to(ROOT).as_posix(), node.lineno, rule, code, names))
    return found


def placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_the_list_names_games():
    assert set(GAMES) >= NOT_YET_CODED


@pytest.mark.parametrize("game", sorted(set(GAMES) - NOT_YET_CODED))
def test_every_refusal_is_a_coded_catalog_entry(game: str) -> None:
    en, it = i18n.catalog("en"), i18n.catalog("it")
    prefix = f"{game}.illegal."
    used = set()
    for where, line, rule, code, names in raises(game):
        at = f"{where}:{line}"
        assert isinstance(rule, str) and rule.startswith("§"), f"{at}: a literal § first"
        assert isinstance(code, str), f"{at}: a literal code second"
        assert REFUSAL_CODE.match(code), f"{at}: {code!r} is not a code"
        key = prefix + code
        used.add(key)
        assert key in en and key in it, f"{at}: {key} missing from a catalog"
        if names is not None:
            assert placeholders(en[key]) <= names, f"{at}: {key} needs values it is not given"
            assert placeholders(it[key]) == placeholders(en[key]), f"{key}: placeholders differ"
    stale = {k for k in en if k.startswith(prefix)} - used
    assert not stale, f"catalog texts for codes nobody raises: {sorted(stale)}"
