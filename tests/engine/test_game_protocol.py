"""The trick-taking GameState is the trick family's state of the game protocol, and the games' registry."""

from __future__ import annotations

import random

import pytest

from rook_access.engine import GameState, IllegalActionError, InvalidDealError, Rule, card_name, protocol
from rook_access.engine.games import (
    GAMES,
    PLAYERS,
    SIDES,
    TRICK_OPTIONS,
    UnknownGameError,
    all_options,
    find_game,
    table_setup,
    trick_options,
)
from rook_access.engine.match import COLORS
from rook_access.engine.protocol import OptionError, Standing
from rook_access.engine.rules import BOOKLET_VARIANTS, VARIANTS, TableOptions, with_options


def _play_out(state: GameState, seed: int) -> GameState:
    chooser = random.Random(seed)
    while not state.is_over:
        (seat,) = state.seats_to_act()
        state.apply(chooser.choice(list(state.legal_actions(seat))), seat)
    return state


def test_the_trick_state_is_a_protocol_game_state():
    state = GameState(seed=1)
    assert isinstance(state, protocol.GameState)
    assert isinstance(state.clone(), protocol.GameState)


def test_only_the_seat_to_act_has_legal_actions():
    state = GameState(seed=1)
    (seat,) = state.seats_to_act()
    assert seat == state.turn
    assert list(state.legal_actions(seat)) == list(state.legal_actions())
    assert all(not state.legal_actions(other) for other in range(4) if other != seat)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(next(iter(state.legal_actions())), (seat + 1) % 4)
    assert refused.value.rule is Rule.NOT_YOUR_TURN


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_finished_game_ranks_every_scorer_with_the_winner_first(name):
    rules = with_options(VARIANTS[name], TableOptions(hands=1))
    state = _play_out(GameState(rules, seed=7), seed=7)
    standings = state.standings()
    assert state.seats_to_act() == () and not state.legal_actions()
    assert sorted(row.seats for row in standings) == sorted(rules.scorers)
    better = rules.better  # Flip: the lowest score is the best
    assert [row.score for row in standings] == sorted(state.scores, key=lambda score: -better * score)
    assert [row.place for row in standings] == sorted(row.place for row in standings)
    for row in standings:
        assert row.place == 1 + sum(better * (score - row.score) > 0 for score in state.scores)
    winners = [row for row in standings if row.won]
    if state.winner is None:
        assert winners == []
    else:
        assert winners == [standings[0]] and standings[0].seats == rules.scorers[state.winner]


def test_equal_scores_share_a_place_and_a_game_in_play_has_no_winner():
    state = GameState(seed=3)
    state.scores = [120, 120]
    assert state.standings() == (Standing((0, 2), 120, 1, False), Standing((1, 3), 120, 1, False))
    state.scores = [40, 85]
    assert [row.place for row in state.standings()] == [1, 2] and state.standings()[0].seats == (1, 3)


def test_every_trick_variant_is_registered_by_its_name_with_the_options_declared_once():
    tricks = {name: game for name, game in GAMES.items() if game.family == "tricks"}
    assert sorted(tricks) == sorted(VARIANTS)
    hasbro = [name for name in VARIANTS if name not in BOOKLET_VARIANTS]
    # The 1913 booklet's trick games come after its patience games, so the numbers of the list stay;
    # Then the booklet's other games: Match, Donkey, Panjandrum, Tuxedo and I Doubt It.
    games = ["match", "donkey", "panjandrum", "tuxedo", "i-doubt-it"]
    assert list(GAMES) == [*hasbro, "solitaire", "clock", *BOOKLET_VARIANTS, *games]
    for name, game in tricks.items():
        rules = VARIANTS[name]
        sizes = rules.table_sizes
        assert game.name == name and game.family == "tricks" and game.options == trick_options(rules)
        assert (SIDES in game.options) == (name == "partnership-1913") and (PLAYERS in game.options) == bool(sizes)
        if not sizes:
            assert game.options == TRICK_OPTIONS
        assert game.seat_counts == (sizes or (len(rules.people),))
    assert [option.name for option in all_options()] == [
        "target", "bird_rank", "min_bid", "all_tricks_bonus", "ones", "hands", "same_dealer", "players", "sides",
        "colors",
    ]


def test_a_game_is_looked_up_by_name_and_an_unknown_one_names_the_games():
    assert find_game(" Kentucky ").name == "kentucky"
    with pytest.raises(UnknownGameError, match="^There is no game called bridge. Games: partnership, beginner, two"):
        find_game("bridge")
    with pytest.raises(UnknownGameError, match="^There is no game called tuxdo. Did you mean tuxedo[?]$"):
        find_game("tuxdo")
    with pytest.raises(UnknownGameError, match="^A progressive party is started with --party TABLES, not --variant.$"):
        find_game("party")  # listed with the games by --list-variants, but no one game


def test_a_table_setup_starts_the_game_it_describes():
    game = find_game("kentucky")
    setup = table_setup("kentucky", {"bird_rank": "low", "ones": True, "target": None}, seed=5)
    assert setup.options == (("bird_rank", "low"), ("ones", True))
    state = game.start(setup, None)
    assert state.rules.bird_rank.value == "low" and state.rules.ones_high
    same = GameState(state.rules, seed=5)
    assert state.events == same.events


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"bird": "low"}, "has no option bird; its options: target, bird_rank"),
        ({"bird_rank": "middle"}, "bird rank must be high, low or ten-and-a-half, not 'middle'."),
        ({"min_bid": 72}, "min bid must be a multiple of 5, 5 or more, not 72."),
        ({"target": 0}, "target must be a whole number, 1 or more, not 0."),
        ({"ones": "yes"}, "ones must be on or off, not 'yes'."),
    ],
)
def test_an_unknown_or_out_of_range_option_is_one_line_naming_what_is_allowed(options, message):
    with pytest.raises(OptionError) as refused:
        table_setup("partnership", options)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_a_deal_file_is_read_for_the_table_it_belongs_to():
    game = find_game("kentucky")
    setup = table_setup("kentucky", {"ones": True}, seed=2)
    dealt = game.start(setup, None).events[1]
    data = {
        "dealer": dealt.dealer,
        "hands": [[card_name(card) for card in hand] for hand in dealt.hands],
        "nest": [card_name(card) for card in dealt.nest],
    }
    assert game.read_deal is not None
    state = game.start(setup, game.read_deal(data))
    assert state.events[1].hands == dealt.hands and len(dealt.hands[0]) == 10
    with pytest.raises(InvalidDealError):
        game.start(table_setup("kentucky", seed=2), game.read_deal(data))  # 45 cards: not the deck without 1s
    with pytest.raises(InvalidDealError):
        game.read_deal(["5r"])


def test_a_new_game_is_one_entry_in_the_registry(monkeypatch):
    from rook_access.console import cli
    from rook_access.engine import games
    from rook_access.engine.clock import CLOCK
    from rook_access.engine.solitaire import SOLITAIRE

    monkeypatch.setattr(games, "GAMES", {**GAMES, SOLITAIRE.name: SOLITAIRE, CLOCK.name: CLOCK})
    monkeypatch.setattr(cli, "GAMES", games.GAMES)
    assert cli.variant_lines()[8:10] == [f"9. solitaire: {SOLITAIRE.summary}", f"10. clock: {CLOCK.summary}"]
    state = find_game("Solitaire").start(table_setup("solitaire", seed=4), None)
    assert isinstance(state, protocol.GameState) and state.seats_to_act() == (0,)
    with pytest.raises(OptionError, match="^Rook Solitaire has no option target; its options: none.$"):
        table_setup("solitaire", {"target": 300})
    names = [option.name for option in (*TRICK_OPTIONS, PLAYERS, SIDES, COLORS)]
    assert [option.name for option in all_options()] == names
