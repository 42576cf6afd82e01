"""No import cycles between the modules of codex_tui.

The graph is built from the source with `ast`: module-level imports only
(an import inside a function runs later, and one under `if TYPE_CHECKING:`
never runs, so neither can make a cycle at import time). `from pkg import
name` counts as importing `pkg.name` when that is a module, else `pkg`.
A cycle is a strongly connected component of more than one module (or a
module importing itself); the failure lists each one as a path.

A second test counts late imports too, except the lazy hooks of each game's
`module.py` (`ui()`, `cli_commands()`, which import the game's screens and
commands only when asked): a cycle hidden behind an import in a function
(as `bots/base.py` <-> `greedy.py` and `cli.py` <-> `tournament.py` were)
is still a tangle, and fails there.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import codex_tui

Graph = Mapping[str, set[str]]


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module under `root` (the folder of `package`) by dotted name; a package is its __init__."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def module_level_imports(tree: ast.Module, late: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports that run when the module is imported: not in functions, not under TYPE_CHECKING.

    With `late`, the imports inside functions too (still not the TYPE_CHECKING ones).
    """
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and not late:
            continue
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)
        else:
            pending.extend(ast.iter_child_nodes(node))


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    anchor = parts if is_package else parts[:-1]
    anchor = anchor[: len(anchor) - (node.level - 1)]
    return ".".join([*anchor, *([node.module] if node.module else [])])


def import_graph(root: Path, package: str, late: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports at import time (with `late`: at any time)."""
    modules = module_names(root, package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in module_level_imports(tree, late):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _base(name, path.name == "__init__.py", node)
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
                ]
            graph[name].update(target for target in targets if target in modules)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """Each cycle of `graph` (its strongly connected components that loop), as a sorted list of modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm; the graph is small, recursion is fine
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def loop_in(graph: Graph, component: list[str]) -> list[str]:
    """One import path around `component`, back to where it started: a -> b -> a."""
    members = set(component)
    path = [component[0]]
    while True:
        step = min(target for target in graph[path[-1]] if target in members)
        if step in path:
            return [*path[path.index(step) :], step]
        path.append(step)


def test_codex_tui_has_no_import_cycle() -> None:
    graph = import_graph(Path(codex_tui.__file__).parent, "codex_tui")
    assert len(graph) > 100  # the whole package was read
    found = [" -> ".join(loop_in(graph, component)) for component in cycles(graph)]
    assert found == [], "import cycles:\n" + "\n".join(found)


def test_no_cycle_hides_behind_a_late_import() -> None:
    graph = import_graph(Path(codex_tui.__file__).parent, "codex_tui", late=True)
    top_level = import_graph(Path(codex_tui.__file__).parent, "codex_tui")
    for name in graph:
        if name.startswith("codex_tui.games.") and name.endswith(".module"):
            graph[name] = top_level[name]  # the lazy ui() / cli_commands() hooks
    found = [" -> ".join(loop_in(graph, component)) for component in cycles(graph)]
    assert found == [], "import cycles through imports inside functions:\n" + "\n".join(found)


def test_the_checker_finds_a_cycle_and_ignores_late_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "a.py": "from pkg import b\n",
        "b.py": "import pkg.sub.c\n",
        "sub/__init__.py": "",
        "sub/c.py": "from pkg.a import thing\n",  # closes a -> b -> c -> a
        "d.py": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from pkg import e\n"
            "def later():\n    from pkg import e\n"
        ),
        "e.py": "from pkg.d import x\n",  # d imports e only late or for types: no cycle
        "f.py": "try:\n    from pkg import g\nexcept ImportError:\n    pass\n",
        "g.py": "class G:\n    from pkg.f import y\n",  # class bodies run at import: f <-> g
        "h.py": "from . import h\n",  # a relative self-import
    }
    for name, text in files.items():
        (package / name).write_text(text)
    graph = import_graph(package, "pkg")
    assert graph["pkg.d"] == set() and graph["pkg.e"] == {"pkg.d"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c"], ["pkg.f", "pkg.g"], ["pkg.h"]]
    assert ["pkg.d", "pkg.e"] in cycles(import_graph(package, "pkg", late=True))  # the import in later()
    assert loop_in(graph, ["pkg.a", "pkg.b", "pkg.sub.c"]) == ["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]
