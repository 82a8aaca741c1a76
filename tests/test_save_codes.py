"""A refused save is said in the learner's language (issue #12): gamelib has no words for it.

``SaveFormatError(code, **values)`` (the save envelope in ``gamelib/core.py``, a game's loader)
and the ``Problem(code, **values)`` a game's ``check_state`` returns carry a literal code and
plain values, like ``IllegalAction`` (``tests/test_refusal_codes.py``). This test reads gamelib's
sources: every such call has a literal code (no sentence, no f-string), every code has its text
in ``widgets/locales/en`` and ``it`` (``saves.<game>.<code>``, ``saves.core.<code>`` for the
envelope) with placeholders that are exactly the values passed, no catalog text is left for a
code nobody raises, and no ``check_state`` helper returns a string. Then a table shows a damaged
save's reason in Italian on an Italian page.
"""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from gamelib.core import REFUSAL_CODE, Problem, SaveFormatError, dump_save
from widgets import i18n

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("airwar", "cnw", "logiquo", "rails")
CALLS = ("SaveFormatError", "Problem")


def calls(path: Path) -> list[tuple[int, str | None, set[str] | None]]:
    """(line, code, value names) of every SaveFormatError(...) / Problem(...) call in a file;
    code None when it is not a literal, names None when ``**values`` hides them. Calls that
    pass a variable on (``raise SaveFormatError(*x)``) do not occur in gamelib."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") in CALLS):
            continue
        first = node.args[0] if node.args else None
        code = first.value if isinstance(first, ast.Constant) else None
        names = {k.arg for k in node.keywords if k.arg is not None}
        if any(k.arg is None for k in node.keywords):
            names = None
        found.append((node.lineno, code, names))
    return found


def placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def where(path: Path) -> str:
    """The catalog prefix of a file's codes: the game's, or ``core`` for the envelope."""
    rel = path.relative_to(ROOT / "gamelib")
    return rel.parts[0] if len(rel.parts) > 1 else "core"


def test_every_save_refusal_and_problem_is_a_coded_catalog_entry() -> None:
    en, it = i18n.catalog("en"), i18n.catalog("it")
    used = set()
    # widgets/session.py codes what a kept game's history adds to a save (issue #24): core
    for path in [*sorted((ROOT / "gamelib").rglob("*.py")), ROOT / "widgets" / "session.py"]:
        prefix = where(path) if path.is_relative_to(ROOT / "gamelib") else "core"
        if prefix not in (*GAMES, "core"):
            continue
        for line, code, names in calls(path):
            at = f"{path.relative_to(ROOT)}:{line}"
            assert isinstance(code, str) and REFUSAL_CODE.match(code), f"{at}: a literal code"
            key = f"saves.{prefix}.{code}"
            assert key in en and key in it, f"{at}: {key} missing from a catalog"
            assert names is not None, f"{at}: name the values"
            assert placeholders(en[key]) == names == placeholders(it[key]), f"{at}: {key}"
            used.add(key)
    written = {k for k in en if k.startswith("saves.")}
    assert written - used == set(), "catalog texts for codes nobody raises"


@pytest.mark.parametrize("game", GAMES)
def test_check_state_never_returns_a_sentence(game: str) -> None:
    """Every ``return`` of the invariants is None, a Problem or a variable holding one."""
    path = ROOT / "gamelib" / game / "invariants.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Return) and node.value is not None:
            assert not isinstance(node.value, ast.JoinedStr), f"{game}:{node.lineno}"
            if isinstance(node.value, ast.Constant):
                assert not isinstance(node.value.value, str), f"{game}:{node.lineno}"


def test_an_italian_table_words_a_damaged_save_in_italian() -> None:
    from gamelib import logiquo
    from widgets.kit.table import refusal_text
    from widgets.session import SaveRefused, read_save

    state = logiquo.new_game(["a", "b", "c"], seed=1)
    payload = json.loads(logiquo.to_json(state))["state"]
    payload["winners"] = [0]  # a winner while the game goes on
    with pytest.raises(SaveRefused) as refused:
        read_save(logiquo, dump_save("logiquo", payload))
    error = refused.value.values["error"]
    assert isinstance(error, SaveFormatError) and error.code == "inconsistent"
    assert isinstance(error.values["problem"], Problem)
    try:
        i18n.set_language("it")
        words = refusal_text(refused.value)
    finally:
        i18n.set_language("en")
    problem = f"saves.logiquo.{error.values['problem'].code}"
    said = i18n.catalog("it")[problem].split("{")[0]
    assert said in words and i18n.catalog("en")[problem].split("{")[0] not in words
    assert words.startswith(i18n.catalog("it")["common.save.invalid"].split("{")[0])


def test_a_nested_problem_and_an_envelope_refusal_are_worded() -> None:
    from widgets.kit.refusals import save_problem

    inner = Problem("roll_shape.attacker_defends")
    outer = SaveFormatError("inconsistent", problem=Problem("roll.pending_roll", problem=inner))
    words = save_problem("cnw", outer)
    assert words == "the pending roll: the attacker defends"
    assert save_problem("cnw", SaveFormatError("other_game", game="<b>", expected="cnw")) == (
        "this is a save of the game &lt;b&gt;, not of cnw"
    )
