"""Every player answers ``advise``: the action ``choose`` takes, with its reasons; the hint words any of them."""

from __future__ import annotations

import re

import pytest

from rook_access.announcer.hints import advice_line, hint_line
from rook_access.engine import PARTNERSHIP, GameState, Phase
from rook_access.players import BasicPlayer, RandomPlayer
from rook_access.players.base import RandomAdvice, RuleAdvice
from tests.helpers import REPOSITORY


def _views(seed: int, hands: int = 1):
    """Every decision of a game of basic players, as the deciding seat's view."""
    state = GameState(PARTNERSHIP.replace(hands_limit=hands), seed=seed)
    players = [BasicPlayer(seat) for seat in range(4)]
    while not state.is_over:
        seat = state.turn
        view = state.view(seat)
        yield view
        state.apply(players[seat].choose(view), seat)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_basic_player_advises_what_it_chooses_with_its_rule(seed):
    player = BasicPlayer(0)
    phases = set()
    for view in _views(seed):
        advice = player.advise(view)
        assert isinstance(advice, RuleAdvice) and advice.action == player.choose(view)
        line = advice_line(view, advice)
        assert line.startswith(f"{_action_start(advice.action)}: by rule of thumb, ") and line.endswith(".")
        assert advice.rule in line
        phases.add(view.phase)
    assert phases == {Phase.BIDDING, Phase.DISCARD, Phase.TRUMP, Phase.PLAY}


def _action_start(action) -> str:
    text = str(action)
    return {"pass": "Pass", "check": "Check"}.get(text, text[0].upper() + text[1:])


def test_the_random_player_says_its_choice_is_random():
    player = RandomPlayer(5)
    for view in list(_views(3))[:30]:
        advice = player.advise(view)
        assert isinstance(advice, RandomAdvice) and advice.action == player.choose(view)
        assert advice_line(view, advice).endswith(": chosen at random among the legal moves.")


def test_a_hint_from_the_basic_player_names_its_move_and_rule():
    view = next(view for view in _views(4) if view.phase is Phase.PLAY and view.trick)
    line = hint_line(view, BasicPlayer(1))
    assert re.fullmatch(r"Play ((1[0-4]|[1-9])[rxyg]|rook): by rule of thumb, [a-z].*\.", line)


def test_the_announcer_never_calls_the_search_internals():
    """Hints come through ``Player.advise``: nothing outside the players asks the search for its plans."""
    internals = re.compile(r"\b(plan_bid|choose_nest|choose_trump|best_trump_after|analyse_play|bid_advice|"
                           r"nest_advice|trump_advice|play_advice)\b")
    package = REPOSITORY / "rook_access"
    offenders = [
        str(path.relative_to(REPOSITORY))
        for path in package.rglob("*.py")
        if "players" not in path.relative_to(package).parts[:1] and internals.search(path.read_text())
    ]
    assert offenders == []
