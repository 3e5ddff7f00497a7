"""The package's layers: no module imports one of a higher layer, and no import cycle.

Every import of every module of ``rook_access`` is read with ``ast`` (those in
functions and under ``TYPE_CHECKING`` too: a late import is still a
dependency). The layers, lowest first, are ``LAYERS``; a module may import its
own layer and those below. The one exception is a module's
``if __name__ == "__main__":`` block: it is a program of its own, the top of
the layers, and may put the parts together (``python -m
rook_access.braille.make`` hands the console's command list to the braille
files).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.helpers import REPOSITORY

PACKAGE = REPOSITORY / "rook_access"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("players",),
    ("announcer",),
    ("streams", "system_packages"),
    ("output", "braille"),
    ("saves", "save_files", "parties", "settings", "record", "files", "windows_processes", "patience_stats"),
    ("net",),
    ("console",),
    ("bench",),
    ("__main__",),
)
"""Lowest first: the pure rules; the computer players; the announcements (and
the value they are made of); the leaves that talk to the system (standard
streams, the system's Python packages); speech and braille output; what is kept
on disk; the tables played over the network; the console that puts a game together; the benchmarks."""


def module_files() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name: its file, and whether it is a package."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(REPOSITORY).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return modules


MODULES = module_files()


def _is_main_block(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.If)
        and isinstance(node.test, ast.Compare)
        and isinstance(node.test.left, ast.Name)
        and node.test.left.id == "__name__"
        and any(isinstance(value, ast.Constant) and value.value == "__main__" for value in node.test.comparators)
    )


def _imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a module but those of its ``__main__`` block."""
    pending: list[ast.AST] = [node for node in tree.body if not _is_main_block(node)]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        pending.extend(ast.iter_child_nodes(node))


def imported_modules(name: str) -> set[str]:
    """The package's modules that module ``name`` imports (a name imported from a package counts as the
    package, or as its submodule where there is one of that name)."""
    path, is_package = MODULES[name]
    found = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.split(".")[0] == "rook_access"}
            continue
        if node.level:
            base = name.split(".") if is_package else name.split(".")[:-1]
            base = base[: len(base) - node.level + 1]
            target = ".".join([*base, node.module] if node.module else base)
        elif node.module and node.module.split(".")[0] == "rook_access":
            target = node.module
        else:
            continue
        for alias in node.names:
            found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target)
    return found - {name}


def layer_of(name: str) -> int:
    """The index in ``LAYERS`` of a module (``rook_access`` itself is below them all)."""
    parts = name.split(".")
    if len(parts) == 1:
        return -1
    for index, layer in enumerate(LAYERS):
        if parts[1] in layer:
            return index
    raise AssertionError(f"{name} is in no layer: add it to LAYERS in {Path(__file__).name}")


GRAPH = {name: imported_modules(name) for name in MODULES}


def test_every_module_is_in_a_layer() -> None:
    for name in MODULES:
        layer_of(name)


def test_no_module_imports_a_higher_layer() -> None:
    upward = [
        f"{name} ({'/'.join(LAYERS[layer_of(name)])}) imports {target} ({'/'.join(LAYERS[layer_of(target)])})"
        for name, targets in sorted(GRAPH.items())
        for target in sorted(targets)
        if layer_of(target) > layer_of(name)
    ]
    assert upward == [], "\n".join(upward)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
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
    return found


def test_no_import_cycle() -> None:
    found = cycles(GRAPH)
    assert found == [], "\n".join(" <-> ".join(component) for component in found)


def test_the_checks_find_what_they_look_for() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert "rook_access.engine.cards" in GRAPH["rook_access.engine.actions"]
    assert "rook_access.engine" in GRAPH["rook_access.console.cli"]
    tree = ast.parse("import os\nif __name__ == '__main__':\n    import rook_access.console\n")
    assert [type(node) for node in _imports(tree)] == [ast.Import]
