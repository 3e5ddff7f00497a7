"""The solitaire solver against a brute-force search on small positions, its lines, its budget, and the hint."""

from __future__ import annotations

import random

import pytest

from rook_access.engine.cards import parse_card
from rook_access.engine.solitaire import PILES, Build, Move, Outcome, SolitaireState
from rook_access.players.solitaire_hint import Reason, SolitaireHintPlayer, guess_piles
from rook_access.players.solitaire_solver import Verdict, solve


def brute_force_wins(game: SolitaireState) -> bool:
    """Every legal move tried (no pruning), positions remembered exactly."""
    memo: dict[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]], bool] = {}

    def wins(state: SolitaireState) -> bool:
        if state.outcome is Outcome.WON:
            return True
        key = (tuple(map(tuple, state.down)), tuple(map(tuple, state.up)))
        if key not in memo:
            memo[key] = False
            for move in state.moves():
                after = state.clone()
                after.apply(move)
                if wins(after):
                    memo[key] = True
                    break
        return memo[key]

    return wins(game)


def small_position(seed: int) -> SolitaireState:
    """Most cards built; the rest (8 to 16 cards) dealt at random into a few piles, face down, then turned."""
    rng = random.Random(seed)
    heights = [rng.randint(9, 13) for _ in range(4)]
    while 56 - sum(heights) > 16:
        heights[rng.randrange(4)] += 1
    heights = [min(height, 14) for height in heights]
    rest = [color * 14 + number for color in range(4) for number in range(heights[color], 14)]
    rng.shuffle(rest)
    piles = rng.randint(3, 7)
    down: list[list[int]] = [[] for _ in range(PILES)]
    for position, card in enumerate(rest):
        down[position % piles if position < piles else rng.randrange(piles)].append(card)
    return SolitaireState.from_layout(down, [[] for _ in range(PILES)], heights)


@pytest.mark.parametrize("seed", range(60))
def test_the_solver_agrees_with_brute_force_on_small_positions(seed: int) -> None:
    game = small_position(seed)
    result = solve(game, max_nodes=10**6, max_seconds=30)
    assert result.outcome is (Verdict.WON if brute_force_wins(game) else Verdict.LOST)
    if result.outcome is Verdict.WON:
        for move in result.line:
            game.apply(move)
        assert game.outcome is Outcome.WON


def test_the_small_positions_hold_both_verdicts() -> None:
    verdicts = {solve(small_position(seed)).outcome for seed in range(60)}
    assert verdicts == {Verdict.WON, Verdict.LOST}


@pytest.mark.parametrize("seed", [0, 2, 4, 7])
def test_a_winning_line_of_a_whole_deal_wins_in_the_engine(seed: int) -> None:
    game = SolitaireState.from_seed(seed)
    result = solve(game)
    if result.outcome is Verdict.WON:
        for move in result.line:
            game.apply(move)
        assert game.outcome is Outcome.WON
    else:
        assert result.outcome is Verdict.UNKNOWN and not result.line


def test_a_finished_game_and_a_stuck_one() -> None:
    game = small_position(1)
    stuck = SolitaireState.from_seed(0)
    stuck.apply(stuck.legal_actions()[-1])  # resign
    assert solve(stuck).outcome is Verdict.LOST and solve(stuck).message == "No winning line from here."
    assert solve(game).outcome in (Verdict.WON, Verdict.LOST)


def test_the_budget_gives_an_honest_unknown() -> None:
    result = solve(SolitaireState.from_seed(3), max_nodes=50)
    assert result.outcome is Verdict.UNKNOWN and result.line == () and "Unknown" in result.message


def test_the_hint_is_legal_deterministic_and_one_line() -> None:
    player = SolitaireHintPlayer(seed=1)
    for seed in range(6):
        game = SolitaireState.from_seed(seed)
        for _ in range(4):
            if game.is_over:
                break
            view = game.view()
            advice = player.advise(view)
            assert advice.action in view.legal and advice == player.advise(view)
            assert advice.line.endswith(".") and "\n" not in advice.line
            assert player.choose(view) == advice.action
            game.apply(advice.action)


def test_the_hint_builds_a_safe_card_first(make_position) -> None:
    game = make_position({1: ("5g", "2r"), 2: ("6g", "9x"), 3: ("4g", "10r")}, {"r": 1})
    advice = SolitaireHintPlayer().advise(game.view())
    assert advice.action == Build(parse_card("2r"), 0) and advice.reason is Reason.SAFE_BUILD
    assert "safe" in advice.line


def test_the_hint_never_sees_the_face_down_cards() -> None:
    game = SolitaireState.from_seed(9)
    other = SolitaireState.from_layout(
        [list(reversed(pile)) for pile in game.down], [list(pile) for pile in game.up], game.built
    )  # the same face-up cards, the hidden ones in another order
    if other.view().piles == game.view().piles:
        assert SolitaireHintPlayer().advise(other.view()) == SolitaireHintPlayer().advise(game.view())
    guessed = guess_piles(game.view(), random.Random(0))
    cards = sorted(card for down, up in guessed for card in (*down, *up))
    built = [color * 14 + n for color in range(4) for n in range(game.built[color])]
    assert sorted(cards + built) == list(range(56))
    assert [up for _, up in guessed] == [tuple(pile) for pile in game.up]


def test_a_move_run_with_no_face_down_card_under_it_is_still_a_legal_move(make_position) -> None:
    game = make_position({1: ("", "9r"), 2: ("3g", "10x")}, {})
    assert Move(parse_card("9r"), 2) in game.legal_actions()
