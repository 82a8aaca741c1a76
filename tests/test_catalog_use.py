"""Every catalog key is used somewhere (issues #12/#13): a key that no code, notebook or
template refers to is a dead string that translators keep paying for.

A key counts as used when
- it is a string constant in the Python of ``widgets/``, ``gamelib/``, ``static/``,
  ``classroom/`` or a notebook's code cell (``t("rails.table.deck")``, a ``KEYS = (...)`` tuple),
  or appears quoted in a template (``share/``, ``static/template/``);
- it matches an f-string there whose literal parts say enough (``t(f"cnw.victory.{v}")`` uses
  every ``cnw.victory.<word>``, ``t(f"{self.texts}.started")`` every ``<prefix>.started``); an
  f-string with no literal dotted part (``f"{self.texts}.{key}"``) says nothing and is skipped;
- it is a play table's button or turn panel title, ``<texts>.<key>`` for a table's
  ``texts = "<game>.table"`` and a constant ``key`` of a ``self._button(key, ...)`` or
  ``self._turn_panel(parts, key)`` call (``widgets.kit.table.TableBase``);
- it is the ``_one`` form of a used key (``widgets.kit.table.counted``: "1 move", never "1 moves");
- it matches one of ``BUILT``: keys built in ways the rules above cannot see, each with where
  and how it is built.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from widgets import i18n

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ("widgets", "gamelib", "static", "classroom")
TEMPLATES = (("share", "*.html"), ("share", "*.j2"), ("static/template", "*.j2"))
NOTEBOOKS = "notebooks"
# TableBase methods that label a widget ``<texts>.<key>``: the position of ``key`` in the call
TABLE_TEXTS = {"self._button": 0, "self._turn_panel": 1}
# keys built from data that the constants and f-strings do not show: pattern -> where and how
BUILT: dict[str, str] = {
    r"airwar\.play\.(launch|scramble)_go_none": "widgets/airwar/table.py: "
    '`f"airwar.play.{part}_go" + ("_none" if n == 0 else ...)`, the go button with no box ticked',
}


def sources() -> Iterator[tuple[str, str]]:
    """(name, Python source) of every module and notebook code cell that may use a key."""
    for folder in PYTHON:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    for path in sorted((ROOT / NOTEBOOKS).rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for n, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "code":
                yield f"{path.relative_to(ROOT)}#{n}", "".join(cell["source"])


def uses() -> tuple[set[str], list[re.Pattern[str]]]:
    """The string constants of the sources (with the play tables' button keys), and a pattern
    for each telling f-string."""
    constants: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    texts: set[str] = set()  # the play tables' catalog prefixes
    buttons: set[str] = set()  # the keys of their buttons and turn panels
    for name, source in sources():
        try:
            tree = ast.parse(source, filename=name)
        except SyntaxError:  # a notebook cell with magics: its quoted words still count
            constants |= set(re.findall(r"""["']([a-z0-9_.]+)["']""", source))
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.Assign) and [ast.unparse(n) for n in node.targets] == [
                "texts"
            ]:
                if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                    texts.add(node.value.value)
            elif isinstance(node, ast.Call) and ast.unparse(node.func) in TABLE_TEXTS:
                at = TABLE_TEXTS[ast.unparse(node.func)]
                if len(node.args) > at and isinstance(node.args[at], ast.Constant):
                    buttons.add(str(node.args[at].value))
            elif isinstance(node, ast.JoinedStr):
                parts = []
                literal = ""
                for value in node.values:
                    if isinstance(value, ast.Constant):
                        parts.append(re.escape(str(value.value)))
                        literal += str(value.value)
                    else:
                        parts.append(r"[A-Za-z0-9_.\-]+")
                if re.search(r"[a-z0-9_]\.|\.[a-z0-9_]", literal):
                    patterns.append(re.compile("".join(parts)))
    for folder, glob in TEMPLATES:
        for path in (ROOT / folder).rglob(glob):
            constants |= set(re.findall(r"""["']([a-z0-9_.]+)["']""", path.read_text("utf-8")))
    constants |= {f"{prefix}.{key}" for prefix in texts for key in buttons}
    return constants, patterns


def unused(keys: set[str]) -> list[str]:
    """The keys of ``keys`` that nothing refers to, sorted."""
    constants, patterns = uses()
    built = [re.compile(p) for p in BUILT]

    def used(key: str) -> bool:
        if key.endswith("_one") and used(key.removesuffix("_one")):
            return True
        return (
            key in constants
            or any(p.fullmatch(key) for p in patterns)
            or any(p.fullmatch(key) for p in built)
        )

    return sorted(key for key in keys if not used(key))


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_catalog_key_is_used(language: str) -> None:
    dead = unused(set(i18n.catalog(language)))
    assert dead == [], f"{len(dead)} catalog keys nothing refers to: {dead}"


def test_the_rules_see_built_keys_and_report_dead_ones() -> None:
    """A table's button (``_button``), an f-string key, a ``_one`` form and a ``BUILT`` key are
    used; a key nothing names is reported."""
    keys = {
        "rails.table.new_game",
        "common.table.recap_head_one",
        "cnw.victory.sla",
        "airwar.play.launch_go_none",
        "rails.table.no_such_key",
    }
    assert keys - set(i18n.catalog("en")) == {"rails.table.no_such_key"}
    assert unused(keys) == ["rails.table.no_such_key"]
