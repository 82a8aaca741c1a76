"""The shape of gamelib stays easy to change (issues #9, #23): no import cycle inside it, at
module level or inside a function, in any game package; and no source file over 700 lines unless
it is listed below with the reason it is one piece.

A cycle forces imports into functions and makes the order of loading matter; a long file hides
which part of the rulebook it holds. The list below must stay true: an entry that no longer
applies (the file got short) fails too, so that it is removed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMELIB = ROOT / "gamelib"
MAX_LINES = 700

# A file (relative to the repository) -> why it is one piece although longer than MAX_LINES.
LONG_FILES: dict[str, str] = {
    "gamelib/cnw/battle.py": (
        "one subject, the dice of §7.2/§8.1/§8.3 computed three ways (exact enumeration, "
        "Markov chain of a battle, seeded Monte Carlo) over shared roll models and caches"
    ),
}


def module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def import_graph(package_dir: Path) -> nx.DiGraph:
    """Module -> module it imports, for every ``.py`` under ``package_dir`` and every import
    statement anywhere in it (inside functions too). ``from pkg import name`` points at the
    submodule ``pkg.name`` when there is one, otherwise at ``pkg`` itself."""
    root = package_dir.parent
    paths = {module_name(p, root): p for p in package_dir.rglob("*.py")}
    graph = nx.DiGraph()
    graph.add_nodes_from(paths)
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base
                    for alias in node.names
                ]
            else:
                continue
            graph.add_edges_from((name, t) for t in targets if t in paths and t != name)
    return graph


def cycles(graph: nx.DiGraph) -> set[frozenset[str]]:
    return {frozenset(c) for c in nx.simple_cycles(graph)}


def game_packages() -> list[str]:
    return sorted(p.parent.name for p in GAMELIB.glob("*/__init__.py"))


def test_every_game_package_is_in_the_import_graph():
    graph = import_graph(GAMELIB)
    games = game_packages()
    assert {"airwar", "cnw", "logiquo", "rails"} <= set(games)
    for game in games:
        assert f"gamelib.{game}" in graph, game
        assert any(n.startswith(f"gamelib.{game}.") for n in graph), game


def test_no_import_cycle_inside_gamelib():
    found = sorted(sorted(c) for c in cycles(import_graph(GAMELIB)))
    assert found == [], f"import cycles in gamelib (imports inside functions count): {found}"


@pytest.mark.parametrize("game", ["airwar", "cnw", "logiquo", "rails"])
def test_saves_sit_above_the_state_and_its_invariants(game: str):
    """The circle of issue #23 (state.py imported invariants inside ``from_json``) stays
    broken: ``saves`` imports both, ``state`` imports neither, and nothing leads back to it."""
    graph = import_graph(GAMELIB)
    state, invariants, saves = (f"gamelib.{game}.{m}" for m in ("state", "invariants", "saves"))
    assert {state, invariants} <= set(graph.successors(saves))
    assert not {invariants, saves} & set(graph.successors(state))
    assert saves not in nx.descendants(graph, invariants)
    assert saves not in nx.descendants(graph, state)


def test_cnw_has_no_cycle_and_its_state_imports_no_rule():
    """The circle of issue #9 (state.py imported rules inside a function) stays broken."""
    graph = import_graph(GAMELIB)
    cnw = graph.subgraph(n for n in graph if n.startswith("gamelib.cnw"))
    assert nx.is_directed_acyclic_graph(cnw), nx.find_cycle(cnw)
    assert set(graph.successors("gamelib.cnw.state")) <= {
        "gamelib.cnw.battle",
        "gamelib.cnw.tables",
        "gamelib.cnw.network",
        "gamelib.core",
    }


def test_the_cycle_finder_sees_imports_inside_functions(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.sub import c\n")
    (pkg / "sub" / "c.py").write_text("def g():\n    from .. import a\n")
    (pkg / "d.py").write_text("import pkg.a\n")
    graph = import_graph(pkg)
    assert cycles(graph) == {frozenset({"pkg.a", "pkg.b", "pkg.sub.c"})}
    assert graph.has_edge("pkg.d", "pkg.a")


def test_no_file_under_gamelib_is_longer_than_700_lines_unless_listed():
    lengths = {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
        for p in GAMELIB.rglob("*.py")
    }
    long = {path: n for path, n in lengths.items() if n > MAX_LINES}
    unlisted = {path: n for path, n in long.items() if path not in LONG_FILES}
    assert unlisted == {}, f"files over {MAX_LINES} lines: split them or list them with a reason"
    stale = sorted(set(LONG_FILES) - set(long))
    assert stale == [], f"these are short now (or gone): remove them from LONG_FILES: {stale}"
    assert all(len(reason) > 20 for reason in LONG_FILES.values())
