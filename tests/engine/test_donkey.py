"""Donkey, the 1913 booklet's game for little children: each sentence of its section a test, the decisions
where it is silent, and whole random games as properties.

"The entire pack is dealt, even if it gives some players more cards than others.  The object of the game is
to obtain four cards of any one number ...  each player takes a card from his hand and passes it, face down,
along the table to the player at his left.  All do this at once. ... whoever does this, quietly puts his
cards down upon the table, and folds his hands in his lap.  As soon as the other players observe that one
player has a set of four cards, they quietly lay down their cards, folding their hands in their laps.  The
player who first gets four cards of any one kind is the Winner of the game.  The very last player to fold
his hands, must run around the table three times calling "I am slow, I am slow.""
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import IllegalActionError, card_name
from rook_access.engine import donkey as donkey_module
from rook_access.engine.calls import CallOffer, open_offer
from rook_access.engine.cards import parse_card
from rook_access.engine.donkey import (
    FOLD,
    SIZES,
    CardChosen,
    CardPassed,
    CardsPassed,
    DonkeyOver,
    DonkeyRule,
    DonkeyStarted,
    DonkeyState,
    Fold,
    Folded,
    FourOfAKind,
    Pass,
    deal_hands,
    four_of,
)
from rook_access.engine.games import find_game, table_setup
from rook_access.engine.notation import action_from_json, action_to_json, event_to_json
from rook_access.engine.patience_deck import PATIENCE_PACK, number_of
from rook_access.engine.protocol import GameState
from rook_access.engine.rules import RuleSetError
from rook_access.players import PLAYER_LEVELS, make_player
from rook_access.players.reactions import Reacts


def cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def deck_for(hands: list[str], dealer: int) -> list[int]:
    """A pack in dealing order that deals each seat the cards written for it, the rest shared out so that no
    seat gets four of a number it was not written with."""
    players = len(hands)
    sizes = [len(hand) for hand in deal_hands(PATIENCE_PACK, players, dealer)]
    given = [cards(hand) for hand in hands]
    used = {card for hand in given for card in hand}
    full = [list(hand) for hand in given]
    for card in (card for card in PATIENCE_PACK if card not in used):
        room = [seat for seat in range(players) if len(full[seat]) < sizes[seat]]
        seat = min(room, key=lambda seat: (sum(number_of(c) == number_of(card) for c in full[seat]), seat))
        full[seat].append(card)
    order = []
    for position in range(len(PATIENCE_PACK)):
        order.append(full[(dealer + 1 + position) % players].pop(0))
    return order


def game_with(hands: list[str], dealer: int = 3) -> DonkeyState:
    state = DonkeyState(deck_for(hands, dealer), len(hands), dealer)
    for seat, hand in enumerate(hands):
        assert set(cards(hand)) <= set(state.hands[seat])
    return state


def pass_round(state: DonkeyState, chosen: dict[int, str]) -> list[object]:
    """Every seat passes the card written for it (any other seat its first card), in the order written."""
    events: list[object] = []
    for seat, card in chosen.items():
        events += state.apply(Pass(parse_card(card)), seat)
    for seat in state.seats_to_act():
        events += state.apply(state.legal_actions(seat)[0], seat)
    return events


# ------------------------------------------------------------------ the deal
def test_the_entire_pack_is_dealt_even_if_some_get_more_cards_than_others() -> None:
    for players in SIZES:
        state = DonkeyState.from_seed(players, players)
        counts = state.counts()
        assert sum(counts) == 56 and max(counts) - min(counts) <= 1
        assert sorted(card for hand in state.hands for card in hand) == list(PATIENCE_PACK)
    hands = deal_hands(PATIENCE_PACK, 5, 2)  # one at a time from the dealer's left: seat 3 first
    assert [len(hand) for hand in hands] == [11, 11, 11, 12, 11]
    assert hands[3][0] == PATIENCE_PACK[0] and hands[4][0] == PATIENCE_PACK[1]
    state = DonkeyState(PATIENCE_PACK, 5, 2)
    assert isinstance(state.events[0], DonkeyStarted) and state.events[0].dealer == 2


def test_donkey_is_for_3_to_8_players() -> None:
    with pytest.raises(RuleSetError, match="Donkey is for 3 to 8 players, not 2."):
        DonkeyState(PATIENCE_PACK, 2, 0)
    game = find_game("donkey")
    assert game.family == "donkey" and game.seat_counts == SIZES
    state = game.start(table_setup("donkey", {"players": 6}, seed=4), None)
    assert isinstance(state, DonkeyState) and state.players == 6 and isinstance(state, GameState)


# ------------------------------------------------------------------ passing
def test_all_pass_at_once_each_seat_choosing_in_any_order_and_no_one_sees_anothers_choice() -> None:
    state = game_with(["1r 2r", "1x 2x", "1y 2y", "1g 2g"], dealer=3)
    before = [list(hand) for hand in state.hands]
    assert state.seats_to_act() == (0, 1, 2, 3)  # everyone chooses, from the dealer's left
    # a choice changes no hand and tells only that it was made
    assert state.apply(Pass(parse_card("1y")), 2) == [CardChosen(2, 1)]
    assert state.seats_to_act() == (0, 1, 3)
    assert state.view(2).chosen == parse_card("1y") and state.view(2).legal == ()
    for seat in (0, 1, 3):
        view = state.view(seat)
        assert view.chosen is None and len(view.legal) == 14  # nothing of seat 2's choice shows
    state.apply(Pass(parse_card("2g")), 3)
    state.apply(Pass(parse_card("1r")), 0)
    assert state.hands == before
    events = state.apply(Pass(parse_card("2x")), 1)  # the last to choose: every card moves at once
    assert events[:2] == [CardChosen(1, 1), CardsPassed(1)]
    passed = [event for event in events if isinstance(event, CardPassed)]
    assert passed == [
        CardPassed(0, 1, parse_card("1r"), 1), CardPassed(1, 2, parse_card("2x"), 1),
        CardPassed(2, 3, parse_card("1y"), 1), CardPassed(3, 0, parse_card("2g"), 1),
    ]  # fmt: skip
    assert parse_card("1r") in state.hands[1] and parse_card("2g") in state.hands[0]
    assert parse_card("1r") not in state.hands[0]
    assert state.counts() == (14, 14, 14, 14) and state.round == 1 and state.seats_to_act() == (0, 1, 2, 3)
    view = state.view(1)
    assert view.passed == (parse_card("2x"),) and view.received == (parse_card("1r"),)


def test_the_players_with_one_more_card_pass_the_same_way_and_keep_it() -> None:
    state = DonkeyState.from_seed(8, 5)
    sizes = state.counts()
    assert sorted(sizes) == [11, 11, 11, 11, 12]
    for _ in range(3):
        if state.call_offer() is not None:
            break
        for seat in state.seats_to_act():
            state.apply(state.legal_actions(seat)[-1], seat)
        assert state.counts() == sizes


def test_a_wrong_pass_is_refused_and_changes_nothing() -> None:
    state = game_with(["1r 2r", "1x 2x", "1y 2y", "1g 2g"])
    with pytest.raises(IllegalActionError) as error:
        state.apply(Pass(parse_card("1x")), 0)
    assert error.value.rule is DonkeyRule.NOT_HELD
    with pytest.raises(IllegalActionError) as error:
        state.apply(FOLD, 0)
    assert error.value.rule is DonkeyRule.NO_FOLD_YET  # no folding without four, before anyone folds
    state.apply(Pass(parse_card("1r")), 0)
    with pytest.raises(IllegalActionError) as error:
        state.apply(Pass(parse_card("2r")), 0)
    assert error.value.rule is DonkeyRule.CHOSEN  # a card passed face down is not taken back
    assert state.chosen == {0: parse_card("1r")} and state.events[1:] == [CardChosen(0, 1)]


# ------------------------------------------------------------------ four of a kind and the folds
def test_the_first_to_get_four_folds_then_everyone_must_fold_and_the_last_is_the_donkey() -> None:
    state = game_with(["7r 7x 7y 1r", "2x", "3y", "7g 4g"], dealer=3)
    assert state.call_offer() is None
    events = pass_round(state, {3: "7g", 0: "1r"})  # East passes 7g to South, at East's left
    assert FourOfAKind(0, 7, 1) in events
    offer = state.call_offer()
    assert offer == CallOffer("fold", "f", FOLD, None, (0,), first_only=False)  # a must, for the holder only
    assert state.seats_to_act() == (0,) and state.legal_actions(0) == [FOLD]
    for seat in (1, 2, 3):  # told only to its holder: no one else's view shows it
        view = state.view(seat)
        assert view.offer is None and view.legal == () and view.four is None and view.folds == ()
    assert state.view(0).four == 7 and state.view(0).offer == offer
    with pytest.raises(IllegalActionError) as error:
        state.apply(Pass(parse_card("2r")), 0)
    assert error.value.rule is DonkeyRule.MUST_FOLD
    with pytest.raises(IllegalActionError):
        state.apply(FOLD, 2)  # no one else may fold before a fold is seen
    assert state.apply(FOLD, 0) == [Folded(0, 1, 7)]
    others = state.call_offer()
    assert others is not None and others.seats == (1, 2, 3) and others.decline is None and not others.first_only
    assert open_offer(state) == others and state.seats_to_act() == (1, 2, 3)
    state.apply(FOLD, 3)  # in any order: the order they come in is what counts
    state.apply(FOLD, 1)
    assert state.seats_to_act() == (2,)
    events = state.apply(FOLD, 2)
    assert events == [Folded(2, 4, None), DonkeyOver((0,), 2, (0, 3, 1, 2), 1, "donkey")]
    assert state.is_over and state.donkey == 2 and state.seats_to_act() == ()
    assert [(standing.seats, standing.place, standing.won) for standing in state.standings()] == [
        ((0,), 1, True), ((3,), 2, False), ((1,), 3, False), ((2,), 4, False),
    ]  # fmt: skip
    with pytest.raises(IllegalActionError):
        state.apply(FOLD, 2)


def test_two_who_get_four_in_the_same_round_both_win_and_fold_before_the_others() -> None:
    state = game_with(["7r 7x 7y 9g", "9r 9x 9y 1r", "2x", "7g"], dealer=3)
    events = pass_round(state, {3: "7g", 0: "9g", 1: "1r"})
    assert [event for event in events if isinstance(event, FourOfAKind)] == [FourOfAKind(0, 7, 1),
                                                                             FourOfAKind(1, 9, 1)]
    assert state.seats_to_act() == (0, 1)
    state.apply(FOLD, 1)
    assert state.seats_to_act() == (0,)  # the other holder must fold too before the others may
    state.apply(FOLD, 0)
    assert state.seats_to_act() == (2, 3)  # from the left of the first to fold
    state.apply(FOLD, 2)
    events = state.apply(FOLD, 3)
    assert events[-1] == DonkeyOver((0, 1), 3, (1, 0, 2, 3), 1, "donkey")
    assert sorted(standing.seats[0] for standing in state.standings() if standing.won) == [0, 1]


def test_four_of_a_kind_in_the_deal_folds_before_the_first_pass() -> None:
    state = game_with(["5r 5x 5y 5g", "", "", ""], dealer=0)
    assert state.events[1:] == [FourOfAKind(0, 5, 0)]
    assert state.seats_to_act() == (0,) and state.round == 0
    state.apply(FOLD, 0)
    assert state.seats_to_act() == (1, 2, 3)
    for seat in (1, 2, 3):
        state.apply(FOLD, seat)
    over = state.events[-1]
    assert over == DonkeyOver((0,), 3, (0, 1, 2, 3), 0, "donkey")


def test_a_game_in_which_no_one_gets_four_ends_at_the_limit_with_no_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(donkey_module, "MOST_ROUNDS", 1)
    state = game_with(["1r 2r", "1x 2x", "1y 2y", "1g 2g"])
    events = pass_round(state, {0: "1r", 1: "1x", 2: "1y", 3: "1g"})
    assert events[-1] == DonkeyOver((), None, (), 1, "limit")
    assert state.is_over and not any(standing.won for standing in state.standings())


def test_four_of_finds_the_number_held_four_times() -> None:
    assert four_of(cards("7r 7x 7y 7g 1r")) == 7 and four_of(cards("7r 7x 7y 1r")) is None


# ------------------------------------------------------------------ notation
def test_actions_and_events_have_their_json_notation() -> None:
    assert action_to_json(2, Pass(parse_card("7r"))) == {"seat": 2, "pass_card": "7r"}
    assert action_from_json({"seat": 2, "pass_card": "7r"}) == (2, Pass(parse_card("7r")))
    assert action_to_json(1, FOLD) == {"seat": 1, "fold": True} and action_from_json({"seat": 1, "fold": True}) == (
        1, FOLD)  # fmt: skip
    assert event_to_json(CardPassed(0, 1, parse_card("3r"), 4)) == {
        "event": "card_passed", "seat": 0, "to": 1, "card": "3r", "round": 4}  # fmt: skip
    assert event_to_json(CardChosen(3, 2)) == {"event": "card_chosen", "seat": 3, "round": 2}
    assert event_to_json(Folded(1, 1, 9)) == {"event": "fold", "seat": 1, "place": 1, "number": 9}
    start = event_to_json(DonkeyState.from_seed(1, 3).events[0])
    assert start["event"] == "game_start" and start["variant"] == "donkey" and start["players"] == 3
    assert event_to_json(DonkeyOver((0,), 2, (0, 1, 2), 5, "donkey"))["donkey"] == 2


# ------------------------------------------------------------------ whole games
def play_out(state: DonkeyState, rng: random.Random, levels: list[str]) -> None:
    players = [make_player(levels[seat % len(levels)], rng.randrange(1000), family="donkey")
               for seat in range(state.players)]  # fmt: skip
    while not state.is_over:
        seat = rng.choice(state.seats_to_act())  # simultaneous: any seat still to act, in any order
        action = players[seat].choose(state.view(seat))
        assert action in state.legal_actions(seat)
        hands_before = [list(hand) for hand in state.hands]
        offer_before = state.call_offer()
        others_before = [state.view(other) for other in range(state.players) if other != seat]
        events = state.apply(action, seat)
        # cards conserved, hands keep their size
        assert sorted(card for hand in state.hands for card in hand) == list(PATIENCE_PACK)
        assert [len(hand) for hand in state.hands] == [len(hand) for hand in hands_before]
        if isinstance(action, Pass) and events == [CardChosen(seat, state.round + 1)]:
            assert state.hands == hands_before  # a choice alone moves nothing
            # and no other seat's view shows anything of it
            assert [state.view(other) for other in range(state.players) if other != seat] == others_before
        if any(isinstance(event, CardsPassed) for event in events):
            moved = [event for event in events if isinstance(event, CardPassed)]
            assert [event.to for event in moved] == [(event.seat + 1) % state.players for event in moved]
            assert sorted(event.seat for event in moved) == list(range(state.players))
            holders = {seat for seat in range(state.players) if four_of(state.hands[seat]) is not None}
            fours = {event.seat for event in events if isinstance(event, FourOfAKind)}
            assert fours == holders  # everyone with four, and only they, must fold
            if holders:
                offer = state.call_offer()
                assert offer is not None and set(offer.seats) == holders and offer.decline is None
                for other in set(range(state.players)) - holders:  # four is told to its holder only
                    view = state.view(other)
                    assert view.offer is None and view.legal == () and view.folds == ()
        if isinstance(action, Fold):
            assert offer_before is not None and seat in offer_before.seats
    over = state.events[-1]
    assert isinstance(over, DonkeyOver)
    if over.reason == "donkey":
        assert over.winners and over.folds[: len(over.winners)] and set(over.folds) == set(range(state.players))
        assert set(over.folds[: len(over.winners)]) == set(over.winners)
        assert all(four_of(state.hands[seat]) is not None for seat in over.winners)
        assert over.donkey == over.folds[-1] or len(over.winners) == state.players
    else:
        assert over.winners == () and over.donkey is None


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from(SIZES),
    levels=st.lists(st.sampled_from(["easy", "normal", "strong"]), min_size=1, max_size=3),
)
def test_whole_random_games_keep_every_rule(seed: int, players: int, levels: list[str]) -> None:
    state = DonkeyState.from_seed(seed, players)
    play_out(state, random.Random(seed), levels)
    replay = DonkeyState.from_seed(seed, players)
    assert replay.events[0] == state.events[0]


@pytest.mark.parametrize("level", PLAYER_LEVELS)
def test_every_level_plays_legal_whole_games_and_a_seeded_player_repeats(level: str) -> None:
    for seed in range(3):
        state = DonkeyState.from_seed(seed, 4)
        play_out(state, random.Random(seed), [level])
    player, again = make_player(level, 5, family="donkey"), make_player(level, 5, family="donkey")
    state = DonkeyState.from_seed(9, 5)
    views = [state.view(seat) for seat in range(5)]
    assert [player.choose(view) for view in views] == [again.choose(view) for view in views]
    assert isinstance(player, Reacts) and isinstance(again, Reacts)
    assert player.reaction(views[0]) == again.reaction(views[0])


def test_strong_is_quicker_to_fold_than_easy_and_every_level_folds_when_it_must() -> None:
    state = game_with(["7r 7x 7y 1r", "2x", "3y", "7g 4g"])
    pass_round(state, {3: "7g", 0: "1r"})
    view = state.view(0)
    easy, strong = make_player("easy", 1, family="donkey"), make_player("strong", 1, family="donkey")
    assert easy.choose(view) == FOLD == strong.choose(view)
    assert isinstance(strong, Reacts) and isinstance(easy, Reacts)
    assert strong.reaction(view) < easy.reaction(view)


def test_normal_and_strong_pass_a_card_of_a_number_held_least_and_keep_three_of_a_kind() -> None:
    state = game_with(["7r 7x 7y 1r 1x 2r 2x 3r 3x 4r 4x 5r 5x 6r", "", "", ""])
    view = state.view(0)
    for level in ("normal", "strong", "easy"):
        action = make_player(level, 3, family="donkey").choose(view)
        assert isinstance(action, Pass) and number_of(action.card) != 7
    for level in ("normal", "strong"):
        action = make_player(level, 3, family="donkey").choose(view)
        assert isinstance(action, Pass) and card_name(action.card) == "6r"  # the only single one


def test_strong_keeps_the_number_it_has_seen_going_round() -> None:
    # South holds pairs only; 2s have come round to it twice, so of its pairs it gives up another.
    state = game_with(["1r 1x 2r 2x 3r 3x 4r 4x 5r 5x 6r 6x 8r 8x", "", "", ""])
    view = state.view(0)
    seen = state.view(0).__class__(**{**view.__dict__, "received": tuple(cards("2y 2g"))})
    chosen = {card_name(make_player("strong", seed, family="donkey").choose(seen).card) for seed in range(20)}
    assert not any(name.startswith("2") for name in chosen)
    normal = {card_name(make_player("normal", seed, family="donkey").choose(seen).card) for seed in range(20)}
    assert len({name[:-1] for name in normal}) > 1  # normal gives up any pair


def test_strong_beats_normal_over_many_games() -> None:
    wins: Counter[str] = Counter()
    for seed in range(60):
        for levels in (["strong", "normal"], ["normal", "strong"]):
            state = DonkeyState.from_seed(seed, 4)
            players = [make_player(levels[seat % 2], seed * 10 + seat, family="donkey") for seat in range(4)]
            while not state.is_over:
                seat = state.seats_to_act()[0]
                state.apply(players[seat].choose(state.view(seat)), seat)
            for winner in state.winners:
                wins[levels[winner % 2]] += 1
    assert wins["strong"] > wins["normal"]
