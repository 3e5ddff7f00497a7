"""Every rule of Rook Solitaire (docs/rules.md, "Rook Solitaire"), the refusals, and exact replay."""

from __future__ import annotations

import json
import random

import pytest

from rook_access.engine.cards import BLACK, GREEN, RED, parse_card, parse_cards
from rook_access.engine.errors import IllegalActionError
from rook_access.engine.solitaire import (
    RESIGN,
    Build,
    CardBuilt,
    CardTurned,
    FourteenRests,
    FourteenToBottom,
    Move,
    OneStartsBuilding,
    Outcome,
    PileVacant,
    RunMoved,
    SolitaireOver,
    SolitaireState,
    action_from_json,
    build,
)
from rook_access.engine.solitaire import (
    SolitaireRule as Rule,
)


def c(text: str) -> int:
    return parse_card(text)


def test_the_deal_is_fourteen_piles_of_four_dealt_round_by_round(make_deck) -> None:
    deck = make_deck({1: "5x 9y 3g 6r", 2: "2r 4x 7y 8g"})
    game = SolitaireState(deck)
    assert game.down[0] == parse_cards("5x 9y 3g") and game.up[0] == [c("6r")]
    assert game.down[1] == parse_cards("2r 4x 7y") and game.up[1] == [c("8g")]
    assert all(len(game.down[i]) + len(game.up[i]) <= 4 for i in range(14))
    assert deck[0] == c("5x") and deck[14] == c("9y") and deck[42] == c("6r")


def test_a_fourteen_turned_up_goes_face_down_to_the_bottom_and_the_next_card_is_turned(make_deck) -> None:
    game = SolitaireState(make_deck({1: "5x 9y 3g 14r"}))
    assert game.down[0] == parse_cards("14r 5x 9y") and game.up[0] == [c("3g")]
    first = [event for event in game.events if getattr(event, "pile", None) == 1]
    assert first == [CardTurned(1, c("14r")), FourteenToBottom(1, c("14r")), CardTurned(1, c("3g"))]
    assert game.view().piles[0].down == (c("14r"), None, None)  # the 14 was seen; the others were not


def test_a_pile_of_only_fourteens_rests_its_top_fourteen_face_up(make_deck) -> None:
    game = SolitaireState(make_deck({1: "14r 14x 14y 14g"}))
    assert game.up[0] == [c("14g")] and game.down[0] == parse_cards("14r 14x 14y")
    assert FourteenRests(1, c("14g")) in game.events


def test_the_last_fourteens_rest_once_the_other_cards_are_gone(make_deck) -> None:
    game = SolitaireState(make_deck({1: "14g 14y 3x 14r", 2: "5r 6r 7r 4r"}))
    assert game.down[0] == parse_cards("14r 14g 14y") and game.up[0] == [c("3x")]
    events = game.apply(Move(c("3x"), 2))
    assert events[:3] == [RunMoved(1, 2, (c("3x"),), c("4r")), CardTurned(1, c("14y")), FourteenRests(1, c("14y"))]
    assert game.up[0] == [c("14y")] and game.down[0] == parse_cards("14r 14g")


def test_a_resting_fourteen_takes_a_thirteen_of_another_color(make_position) -> None:
    game = make_position({1: ("14r", "14y"), 2: ("5g", "13x"), 3: ("6g", "13y")}, {})
    assert Move(c("13x"), 1) in game.legal_actions()
    assert Move(c("13y"), 1) not in game.legal_actions()
    game.apply(Move(c("13x"), 1))
    assert game.up[0] == parse_cards("14y 13x")


def test_a_resting_fourteen_goes_to_its_building_pile_after_its_thirteen(make_position) -> None:
    game = make_position({1: ("14r", "14y"), 2: ("", "5g")}, {"y": 13, "g": 4})
    events = game.apply(build(c("14y")))
    assert events[:3] == [CardBuilt(1, c("14y")), CardTurned(1, c("14r")), FourteenRests(1, c("14r"))]
    assert game.built[2] == 14


def test_ones_turned_up_start_their_building_piles_at_once_and_cascade(make_deck) -> None:
    game = SolitaireState(make_deck({1: "5r 1x 1y 14g"}))
    pile_one = [event for event in game.events if getattr(event, "pile", None) == 1]
    assert pile_one == [
        CardTurned(1, c("14g")),
        FourteenToBottom(1, c("14g")),
        CardTurned(1, c("1y")),
        OneStartsBuilding(1, c("1y")),
        CardTurned(1, c("1x")),
        OneStartsBuilding(1, c("1x")),
        CardTurned(1, c("5r")),
    ]
    assert game.built[1] == 1 and game.built[2] == 1 and game.up[0] == [c("5r")]


def test_ones_after_a_move_go_at_once_and_an_emptied_pile_stays_vacant(make_position) -> None:
    game = make_position({1: ("1g 1r", "5x"), 2: ("3g", "6r")}, {"x": 2, "y": 1})
    events = game.apply(Move(c("5x"), 2))
    assert events[:6] == [
        RunMoved(1, 2, (c("5x"),), c("6r")),
        CardTurned(1, c("1r")),
        OneStartsBuilding(1, c("1r")),
        CardTurned(1, c("1g")),
        OneStartsBuilding(1, c("1g")),
        PileVacant(1),
    ]
    assert game.view().piles[0].vacant
    # Nothing may go on the vacant pile, even a card that would build on nothing.
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Move(c("6r"), 1))
    assert refused.value.rule in (Rule.VACANT_PILE, Rule.SPLIT_SEQUENCE)
    assert all(not (isinstance(a, Move) and a.pile == 1) for a in game.legal_actions())


def test_a_sequence_moves_bodily(make_position) -> None:
    game = make_position({1: ("2g", "9r 8x 7r"), 3: ("4g", "10x")}, {"r": 6})
    events = game.apply(Move(c("9r"), 3))
    assert events[0] == RunMoved(1, 3, tuple(parse_cards("9r 8x 7r")), parse_card("10x"))
    assert game.up[2] == parse_cards("10x 9r 8x 7r") and game.up[0] == [c("2g")]


def test_building_piles_go_up_in_one_color_and_never_give_back(make_position) -> None:
    game = make_position({1: ("2g", "9r 8x 7r")}, {"r": 6})
    game.apply(Build(c("7r"), RED))
    assert game.built[RED] == 7
    assert all(not (isinstance(action, Move) and action.card == c("7r")) for action in game.legal_actions())
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Move(c("7r"), 2))
    assert refused.value.rule is Rule.ALREADY_BUILT


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (Move(c("8x"), 3), Rule.SPLIT_SEQUENCE),
        (Move(c("2g"), 3), Rule.NOT_FACE_UP),
        (Move(c("9r"), 4), Rule.VACANT_PILE),
        (Move(c("9r"), 2), Rule.NOT_DESCENDING),
        (Move(c("9x"), 3), Rule.SAME_COLOR),
        (Move(c("9r"), 1), Rule.SAME_PILE),
        (Move(c("9r"), 15), Rule.NO_SUCH_PILE),
        (Build(c("8x"), BLACK), Rule.NOT_TOP_CARD),
        (Build(c("7r"), GREEN), Rule.BUILD_WRONG_COLOR),
        (Build(c("8g"), GREEN), Rule.BUILD_WRONG_NUMBER),
        (Build(c("9x"), BLACK), Rule.BUILD_WRONG_NUMBER),
        (Build(c("3r"), RED), Rule.ALREADY_BUILT),
        (Build(c("3g"), GREEN), Rule.NOT_FACE_UP),
    ],
)
def test_bad_moves_name_the_rule_and_the_legal_moves_and_change_nothing(make_position, action, rule) -> None:
    game = make_position(
        {1: ("2g", "9r 8x 7r"), 2: ("3g", "9x"), 3: ("4g", "10x"), 4: ("", ""), 5: ("5g", "8g")}, {"r": 6, "x": 2}
    )
    before = (game.view(), list(game.events), list(game.actions))
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert refused.value.rule is rule
    assert refused.value.legal == tuple(game.legal_actions())
    assert Move(c("9r"), 3) in refused.value.legal and Build(c("7r"), RED) in refused.value.legal
    assert "\n" not in str(refused.value) and str(refused.value)
    assert (game.view(), list(game.events), list(game.actions)) == before


def test_the_game_is_won_when_the_four_building_piles_reach_fourteen(make_position) -> None:
    game = make_position({1: ("", "14g")}, {"r": 14, "x": 14, "y": 14, "g": 13})
    assert game.legal_actions() == [Build(c("14g"), GREEN), RESIGN]
    events = game.apply(Build(c("14g"), GREEN))
    assert events[-1] == SolitaireOver("won", 56) and game.outcome is Outcome.WON
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError) as refused:
        game.apply(RESIGN)
    assert refused.value.rule is Rule.GAME_OVER


def test_the_game_is_lost_when_no_move_remains(make_position) -> None:
    piles = {
        1: ("5r", "6r"),
        2: ("14r 7r 8r 9r 10r 11r 12r", "13r"),
        3: ("14x 10x 11x 12x 13x", "9x"),
    }
    game = make_position(piles, {"r": 4, "x": 8, "y": 14, "g": 14})
    assert game.legal_actions() == [Build(c("9x"), BLACK), RESIGN]
    events = game.apply(Build(c("9x"), BLACK))
    assert events[-1] == SolitaireOver("lost", 4 + 9 + 28) and game.outcome is Outcome.LOST
    assert game.legal_actions() == []


def test_resigning_ends_the_game() -> None:
    game = SolitaireState.from_seed(5)
    events = game.apply(RESIGN)
    assert events == [SolitaireOver("resigned", sum(game.built))] and game.outcome is Outcome.RESIGNED


def _random_game(seed: int) -> SolitaireState:
    game = SolitaireState.from_seed(seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.moves()))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_replaying_the_actions_through_their_json_gives_the_same_game(seed: int) -> None:
    game = _random_game(seed)
    text = json.dumps([action.to_json() for action in game.actions])
    again = SolitaireState.replay(game.deck, [action_from_json(data) for data in json.loads(text)])
    assert again.events == game.events and again.view() == game.view() and again.outcome is game.outcome
    half = SolitaireState.replay(game.deck, game.actions[: len(game.actions) // 2])
    copy = half.clone()
    for action in game.actions[len(game.actions) // 2 :]:
        copy.apply(action)
    assert copy.events == game.events and len(half.actions) == len(game.actions) // 2


def test_json_of_actions_is_checked() -> None:
    for bad in [None, [], {"action": "move"}, {"action": "move", "card": "7r", "pile": "3"}, {"action": "fly"},
                {"action": "build", "card": "7r"}, {"action": "resign", "extra": 1}]:  # fmt: skip
        with pytest.raises(ValueError):
            action_from_json(bad)
    assert action_from_json({"action": "build", "card": "7R", "color": "red"}) == Build(c("7r"), RED)
    assert str(Move(c("7r"), 3)) == "move 7r to pile 3" and str(Build(c("7r"), RED)) == "build 7r on red"


def test_a_seed_always_gives_the_same_deal() -> None:
    assert SolitaireState.from_seed(42).events == SolitaireState.from_seed(42).events
    assert SolitaireState.from_seed(42).deck != SolitaireState.from_seed(43).deck
