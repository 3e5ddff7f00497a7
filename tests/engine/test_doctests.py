"""Every public function and class of the engine's value modules shows a short example (pytest runs them)."""

from __future__ import annotations

import inspect

import pytest

from rook_access.engine import actions, cards, deal, events, games, notation, rules, spelling

MODULES = (cards, rules, deal, actions, events, notation, games, spelling)


def public_names(module):
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module.__name__
    ]


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__.rsplit(".", 1)[1])
def test_every_public_name_has_an_example(module) -> None:
    names = public_names(module)
    assert names
    without = [name for name in names if ">>>" not in (inspect.getdoc(getattr(module, name)) or "")]
    assert without == [], f"add a short example (>>>) to the docstring of: {', '.join(without)}"
