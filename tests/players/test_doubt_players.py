"""I Doubt It's computer players: legal whole games at every level, seeded players repeat, the strong player's
counting (a play every copy of whose number is seen elsewhere is doubted; a card known to be held is believed)
and its bluff (the card it needs last)."""

from __future__ import annotations

import pytest

from rook_access.engine.cards import card_name, parse_card
from rook_access.engine.doubt import DOUBT, LET_GO, DoubtState, Lay
from rook_access.engine.patience_deck import PATIENCE_PACK, number_of
from rook_access.players import PLAYER_LEVELS, make_player
from rook_access.players.doubt_player import DoubtPlayer, Knowledge, bluff_card, my_calls
from rook_access.players.reactions import QUICKEST, REACTIONS, Reacts


def cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def play_out(levels: list[str], seed: int) -> DoubtState:
    state = DoubtState.from_seed(seed, len(levels))
    players = [make_player(level, seed * 10 + seat, family="doubt") for seat, level in enumerate(levels)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        action = players[seat].choose(view)
        assert action in state.legal_actions(seat)
        assert players[seat].advise(view).action == action
        state.apply(action, seat)
    return state


@pytest.mark.parametrize("level", PLAYER_LEVELS)
def test_every_level_plays_legal_whole_games(level: str) -> None:
    for seed, players in ((1, 3), (2, 5)):
        state = play_out([level] * players, seed)
        assert state.is_over and sum(state.counts()) + len(state.pile) == 56


def test_seeded_players_repeat_and_answer_with_a_reaction_time_by_level() -> None:
    first = play_out(["strong", "easy", "normal", "random"], 4)
    again = play_out(["strong", "easy", "normal", "random"], 4)
    assert first.events == again.events
    state = DoubtState.from_seed(4, 4)
    seat = state.turn
    state.apply(Lay(state.hands[seat][0]), seat)
    for level in PLAYER_LEVELS:
        player = make_player(level, 3, family="doubt")
        assert isinstance(player, Reacts)
        view = state.view((seat + 1) % 4)
        delay = player.reaction(view)
        assert QUICKEST <= delay <= REACTIONS[level][1] and delay == player.reaction(view)


def test_every_level_plays_a_true_card_when_it_holds_one_but_random() -> None:
    state = DoubtState(PATIENCE_PACK, 4, 3)
    state.hands = [cards("9r 1x 4g"), cards("2x"), cards("3y"), cards("4y")]
    for level in ("easy", "normal", "strong"):
        assert DoubtPlayer(level, 1).choose(state.view(0)) == Lay(parse_card("1x"))
    assert "a true card" in DoubtPlayer("strong", 1).advise(state.view(0)).reason


def offered(hands: list[str], played: str, number: int = 1, dealer: int = 3) -> DoubtState:
    """Seat 0 has just played ``played`` calling ``number``."""
    state = DoubtState(PATIENCE_PACK, len(hands), dealer)
    state.hands = [cards(hand) for hand in hands]
    state.number = number
    state.apply(Lay(parse_card(played)), 0)
    return state


def test_the_strong_player_doubts_a_number_whose_every_copy_it_sees() -> None:
    # North holds the four 5s: East cannot have played a true 5.
    state = offered(["9r 2x 3x", "5r 5x 5y 5g 1r", "6y 7y", "8g 9g"], "9r", number=5)
    view = state.view(1)
    assert Knowledge(view).chance_true(view) == 0.0
    advice = DoubtPlayer("strong", 1).advise(view)
    assert advice.action == DOUBT and "every one is accounted for" in advice.reason
    assert DoubtPlayer("normal", 1).choose(view) == DOUBT  # normal sees its own four too


def test_the_strong_player_counts_the_cards_shown_and_where_the_centre_went(monkeypatch: pytest.MonkeyPatch) -> None:
    from rook_access.players import doubt_player

    # West plays 3r as 1 and is doubted by North: 3r is shown and goes back to West with the centre.
    state = DoubtState(PATIENCE_PACK, 4, 3)
    state.hands = [cards("1r 2r"), cards("3r 8r 9r 10r"), cards("3x 3y 3g 6y"), cards("4g 5g")]
    state.apply(Lay(parse_card("1r")), 0)
    for seat in (1, 2, 3):
        state.apply(LET_GO, seat)
    state.apply(Lay(parse_card("3r")), 1)  # called 2: false
    state.apply(DOUBT, 2)
    assert state.hands[1] == cards("8r 9r 10r 1r 3r")
    # Later West calls 3: North holds the other three 3s and saw 3r go to West, so it believes it.
    state.turn, state.number = 1, 3
    state.apply(Lay(parse_card("3r")), 1)
    view = state.view(2)
    knowledge = Knowledge(view)
    assert 0.95 <= knowledge.chance_true(view) < 1
    assert DoubtPlayer("strong", 2).advise(view).action == LET_GO
    # And after a second 3 called by West, every 3 is accounted for (but for the 5% that 3r was not played):
    # near certain, but not certain: North lets it go, and doubts when near certain is enough.
    state.apply(LET_GO, 2)
    state.apply(LET_GO, 3)
    state.apply(LET_GO, 0)
    state.turn, state.number = 1, 3
    state.apply(Lay(parse_card("8r")), 1)
    view = state.view(2)
    assert Knowledge(view).chance_true(view) < 0.06 and DoubtPlayer("strong", 2).choose(view) == LET_GO
    monkeypatch.setattr(doubt_player, "SURE_FALSE", 0.06)
    assert DoubtPlayer("strong", 2).choose(view) == DOUBT


def test_the_strong_player_doubts_only_when_sure_but_for_a_last_card() -> None:
    # West holds three of the 5s: a true 5 from East is unlikely, but a wrong doubt would take the centre.
    state = offered(["9r 2x 3x", "5r 5x 5y 1r 2r 3r", "6y 7y", "8g 9g"], "9r", number=5)
    view = state.view(1)
    assert 0 < Knowledge(view).chance_true(view) < 0.5
    advice = DoubtPlayer("strong", 1).advise(view)
    assert advice.action == LET_GO and "not sure enough" in advice.reason


def test_the_strong_player_lets_a_last_card_go_only_when_it_is_likely_true(monkeypatch: pytest.MonkeyPatch) -> None:
    from rook_access.players import doubt_player

    # West holds no 5: South's last card is a true 5 four times in five, as West can reckon it.
    state = offered(["5r", "1r 2r 3r 4r 6r 7r", "6y 7y 8y", "8g 9g 10g"], "5r", number=5)
    view = state.view(1)
    assert 0.75 < Knowledge(view).chance_true(view) < 0.9
    advice = DoubtPlayer("strong", 1).advise(view)
    assert advice.action == DOUBT and "last card" in advice.reason  # let go, South wins: a doubt costs little
    monkeypatch.setattr(doubt_player, "LAST_FALSE", 0.25)
    advice = DoubtPlayer("strong", 1).advise(view)
    assert advice.action == LET_GO and "last card" in advice.reason


def test_the_strong_player_bluffs_with_the_card_it_needs_last() -> None:
    state = DoubtState(PATIENCE_PACK, 7, 6)
    # Seven players: seat 0 calls 1 now, 8 next time, then 1 again: it never calls 4.
    state.hands[0] = cards("8r 4g 14y")
    view = state.view(0)
    assert my_calls(view, 3) == [1, 8, 1]
    assert bluff_card(view) == parse_card("4g") or bluff_card(view) == parse_card("14y")
    advice = DoubtPlayer("strong", 1).advise(view)
    assert advice.action != Lay(parse_card("8r")) and "never call" in advice.reason
    assert card_name(advice.action.card) in advice.reason
    number = number_of(advice.action.card)
    assert advice.reason.endswith(f", {number} is a number you never call")


def test_the_hint_says_an_before_8_and_11() -> None:
    state = DoubtState(PATIENCE_PACK, 4, 3)
    state.number = 8
    state.hands[0] = cards("8r 4g 14y")
    assert DoubtPlayer("strong", 1, sheds=False).advise(state.view(0)).reason == "you hold an 8: play 8r, a true card"
    state.number = 11
    state.hands[0] = cards("11x 4g")
    assert DoubtPlayer("strong", 1, sheds=False).advise(state.view(0)).reason.startswith("you hold an 11: ")


def test_the_easy_player_doubts_now_and_then_without_counting() -> None:
    state = offered(["9r 2x 3x", "5r 5x 5y 5g 1r", "6y 7y", "8g 9g"], "9r", number=5)
    answers = [DoubtPlayer("easy", seed).choose(state.view(1)) for seed in range(200)]
    assert 0 < answers.count(DOUBT) < 60  # it often misses even a sure doubt


def test_the_strong_player_keeps_a_true_card_and_sheds_one_it_never_calls_when_no_one_can_tell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rook_access.players import doubt_player

    state = DoubtState(PATIENCE_PACK, 7, 6)
    state.hands[0] = cards("1r 8r 8x 4g 14y")  # seven players: seat 0 calls 1 now, then 8, never 4 or 14
    view = state.view(0)
    public = DoubtPlayer("strong", 1).public(view).chance_holds((), 0, 1)
    assert 0 < public < 1  # nothing is known yet: a fair chance, as anyone can reckon it
    monkeypatch.setattr(doubt_player, "PASSES", 0.0)  # whatever the chance, for the example
    advice = DoubtPlayer("strong", 1).advise(view)
    assert advice.action in (Lay(parse_card("4g")), Lay(parse_card("14y"))) and "keep it" in advice.reason
    monkeypatch.setattr(doubt_player, "PASSES", 1.01)
    assert DoubtPlayer("strong", 1).choose(view) == Lay(parse_card("1r"))  # a true card when a bluff may be seen


def test_the_hint_names_a_true_card_whenever_you_hold_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from rook_access.console.doubt import DOUBT_CONSOLE
    from rook_access.players import doubt_player

    monkeypatch.setattr(doubt_player, "PASSES", 0.0)
    state = DoubtState(PATIENCE_PACK, 7, 6)
    state.hands[0] = cards("1r 8r 8x 4g 14y")
    advice = DOUBT_CONSOLE.hint_player().advise(state.view(0))
    assert advice.action == Lay(parse_card("1r")) and "a true card" in advice.reason


def test_the_benchmarks_bluffer_bluffs_holding_a_true_card_most_times_and_plays_legally() -> None:
    """The stand-in for a person who bluffs freely: a true card held is played only now and then."""
    state = DoubtState(PATIENCE_PACK, 4, 3)
    state.hands = [cards("9r 1x 4g 12y"), cards("2x"), cards("3y"), cards("4y")]
    choices = [DoubtPlayer("bluffer", seed).choose(state.view(0)) for seed in range(40)]
    true = choices.count(Lay(parse_card("1x")))
    assert 4 <= true <= 24 and all(choice in state.legal_actions(0) for choice in choices)
    state = DoubtState.from_seed(6, 3)
    players = [DoubtPlayer(level, seat) for seat, level in enumerate(("bluffer", "strong", "strong"))]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        state.apply(players[seat].choose(state.view(seat)), seat)  # an illegal choice would raise
    assert sum(state.counts()) + len(state.pile) == 56
