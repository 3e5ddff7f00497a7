"""What each seat and a spectator may see of every family's events (engine/visibility.py).

The key test plays random games of every game of ``GAMES`` (every family and
variant, several table sizes) and, for every seat and a spectator, writes the
events it sees as their record lines (``event_to_json``): no card may be named
there before the rule books show it to that seat.  When a card is shown is an
oracle of its own, written below from the rules of each family (``Oracle``),
not from ``seen_by``.  The other side is checked too: every card of the seat's
view (its hand, the nest it took, the cards played...) has been named in its
stream, and every event keeps its counts (hands, nest, centre) when its cards
are hidden.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rook_access.engine import donkey, doubt, events, match, notation, panjandrum, tuxedo, visibility
from rook_access.engine.cards import ALL_CARDS, card_name
from rook_access.engine.games import GAMES, table_setup
from rook_access.engine.notation import event_to_json
from rook_access.engine.protocol import GameState
from rook_access.engine.state import Phase
from rook_access.engine.visibility import (
    FaceDownLaid,
    Unseen,
    public,
    register_visibility,
    seen_by,
    seen_events,
    unseen,
)

CARD_NAMES = frozenset(card_name(card) for card in ALL_CARDS)
MOST_ACTIONS = 1600
"""A random game is followed this far at most (Tuxedo's game of several deals would take the test's time)."""


# ------------------------------------------------------------------ the tables played
def _tables() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every game of ``GAMES``, at each table size it allows where it has the ``players`` option.

    Trick games play one hand (``hands``), so a random game ends soon; each hand is a new deal anyway.
    """
    for name, game in GAMES.items():
        option_names = {option.name for option in game.options}
        base: dict[str, Any] = {"hands": 1} if "hands" in option_names else {}
        if "players" in option_names:
            for players in game.seat_counts:
                yield name, {**base, "players": players}
        else:
            yield name, base


TABLES = list(_tables())


def _start(name: str, options: dict[str, Any], seed: int) -> GameState:
    game = GAMES[name]
    state: GameState = game.start(table_setup(name, options, seed=seed), None)
    return state


# ------------------------------------------------------------------ the oracle: when the rules show a card
Known = dict[int | None, set[str]]
"""The cards each seat (None: a spectator) has been shown this deal, by name."""


def _names(cards: Any) -> set[str]:
    return {card_name(card) for card in cards}


def _to_all(known: Known, cards: Any) -> None:
    for seen in known.values():
        seen |= _names(cards)


def _to(known: Known, seat: int, cards: Any) -> None:
    known[seat] |= _names(cards)


def _new_deal(known: Known, hands: Any, looked_at: bool = True) -> None:
    """A new deal: nothing is known but, where players look at their cards, each one's own hand."""
    for seat, seen in known.items():
        seen.clear()
        if looked_at and seat is not None:
            seen |= _names(hands[seat])


def _tricks_oracle(event: Any, known: Known) -> None:
    """The trick games (the rule books): each player looks at their own hand; the nest and the cards laid aside
    are face down; the dummy's face-up cards, a card turned or cut for trump, every card played, the tricks
    (the nest with the last), the odd cards, the cut, a displayed hand and the centre taken are shown to all;
    the nest taken and the discards are seen by the bidder alone."""
    if isinstance(event, events.Dealt):
        _new_deal(known, event.hands)
        _to_all(known, event.face_up)
    elif isinstance(event, events.NestTaken | events.NestDiscarded):
        _to(known, event.seat, event.cards)
    elif isinstance(event, events.TrumpTurned | events.TricksCut | events.HandDisplayed | events.CenterTaken):
        _to_all(known, event.cards)
    elif isinstance(event, events.TrumpNamed):
        _to_all(known, event.dummy)  # the 2-player game's dummy, laid face up
    elif isinstance(event, events.TrumpCut | events.CardPlayed):
        _to_all(known, (event.card,))
    elif isinstance(event, events.TrickTaken):
        _to_all(known, event.cards + event.nest)
    elif isinstance(event, events.OddCardsTaken):
        _to_all(known, event.cards)


def _patience_oracle(event: Any, known: Known) -> None:
    """Patience: one player, who is the whole table; what the player sees a spectator may see."""
    for seen in known.values():
        seen |= CARD_NAMES


def _match_oracle(event: Any, known: Known) -> None:
    """Match: no one looks at a face-down card, not even their own; every card turned, pile taken and the
    pile left on the table are face up."""
    if isinstance(event, match.MatchStarted):
        _new_deal(known, event.hands, looked_at=False)
    elif isinstance(event, match.CardTurned):
        _to_all(known, (event.card,))
    elif isinstance(event, match.PileTaken):
        _to_all(known, (event.card, event.first, *event.cards))
    elif isinstance(event, match.MatchOver):
        _to_all(known, event.left_on_table)


def _donkey_oracle(event: Any, known: Known) -> None:
    """Donkey: each sees their own hand; a card passed face down is seen by its giver and its receiver."""
    if isinstance(event, donkey.DonkeyStarted):
        _new_deal(known, event.hands)
    elif isinstance(event, donkey.CardPassed):
        _to(known, event.seat, (event.card,))
        _to(known, event.to, (event.card,))


def _panjandrum_oracle(event: Any, known: Known) -> None:
    """Panjandrum: hands face down, unlooked at; a card lifted and every card played are face up."""
    if isinstance(event, panjandrum.PanjandrumStarted):
        _new_deal(known, event.hands, looked_at=False)
    elif isinstance(event, panjandrum.Lifted):
        _to_all(known, (event.card,))
    elif isinstance(event, panjandrum.CardPlayed):
        _to_all(known, (event.card,) if event.onto is None else (event.card, event.onto))
    elif isinstance(event, panjandrum.PanjandrumCalled):
        _to_all(known, tuple(slip.card for slip in event.slips))


def _tuxedo_oracle(event: Any, known: Known) -> None:
    """Tuxedo: each sees their own hand; the centre, every card taken, laid or built are face up."""
    if isinstance(event, tuxedo.DealStarted):
        _new_deal(known, event.hands)
        _to_all(known, event.centre)
    elif isinstance(event, tuxedo.Redealt):
        for seat in range(len(event.hands)):
            _to(known, seat, event.hands[seat])
        _to_all(known, event.to_centre)
    elif isinstance(event, tuxedo.Captured):
        _to_all(known, (event.card, *(card for group in event.groups for card in group)))
    elif isinstance(event, tuxedo.Laid):
        _to_all(known, (event.card,))
    elif isinstance(event, tuxedo.Built):
        _to_all(known, (event.card, *event.on))
    elif isinstance(event, tuxedo.CentreLeft):
        _to_all(known, event.cards)


def _doubt_oracle(event: Any, known: Known) -> None:
    """I Doubt It: each sees their own hand and the cards they lay face down; a doubted card is turned up to
    all; the centre's cards go face down into the taker's hand (so the taker sees them); the cards left in
    the centre at the end stay face down."""
    if isinstance(event, doubt.DoubtStarted):
        _new_deal(known, event.hands)
    elif isinstance(event, doubt.CardLaid):
        _to(known, event.seat, (event.card,))
    elif isinstance(event, doubt.Doubted):
        _to_all(known, (event.card,))
        _to(known, event.taker, event.cards)


ORACLES: dict[str, Callable[[Any, Known], None]] = {
    "tricks": _tricks_oracle,
    "patience": _patience_oracle,
    "match": _match_oracle,
    "donkey": _donkey_oracle,
    "panjandrum": _panjandrum_oracle,
    "tuxedo": _tuxedo_oracle,
    "doubt": _doubt_oracle,
}

NEW_DEALS = (
    events.Dealt,
    match.MatchStarted,
    donkey.DonkeyStarted,
    panjandrum.PanjandrumStarted,
    tuxedo.DealStarted,
    doubt.DoubtStarted,
)
"""The events after which what was seen before says nothing of where the cards are now."""


# ------------------------------------------------------------------ what a view shows a seat
def _tricks_view_cards(view: Any, spectator: bool) -> set[str]:
    """A trick seat's view: its hand, the nest it took and its discards, and what is public: the cards played
    and turned, a displayed hand, the dummy's cards face up during the bidding.  Not the dummy's whole hand
    once trump is named, nor the dealer's hand seen from the displayed seat: the view alone carries those."""
    cards = [*view.trick, *view.trump_turned, *view.center_taken]
    cards += [card for trick in view.tricks for card in (*trick.cards, *trick.nest)]
    if view.trump_cut is not None:
        cards.append(view.trump_cut)
    bidding = view.phase in (Phase.BIDDING, Phase.DISCARD, Phase.TRUMP)
    for seat, shown in view.shown:
        if seat == view.displayed or (bidding and seat == view.rules.dummy_seat):
            cards += shown
    if not spectator:
        cards += [*view.hand, *view.nest_taken, *view.nest_discarded]
    return _names(cards)


def _donkey_view_cards(view: Any, spectator: bool) -> set[str]:
    return set() if spectator else _names((*view.hand, *view.passed, *view.received))


def _tuxedo_view_cards(view: Any, spectator: bool) -> set[str]:
    cards = [card for pile in view.centre for card in pile.cards] + list(view.gone)
    return _names(cards if spectator else [*cards, *view.hand])


def _doubt_view_cards(view: Any, spectator: bool) -> set[str]:
    cards = [seen.card for seen in view.seen if isinstance(seen, doubt.SeenDoubt)]
    return _names(cards if spectator else [*cards, *view.hand, *(card for _, card in view.mine)])


def _match_view_cards(view: Any, spectator: bool) -> set[str]:
    return _names(view.pile)


def _panjandrum_view_cards(view: Any, spectator: bool) -> set[str]:
    tops = [card for card in view.delay_tops if card is not None]
    return _names([*tops] if view.lifted is None else [*tops, view.lifted])


VIEW_CARDS: dict[str, Callable[[Any, bool], set[str]]] = {
    "tricks": _tricks_view_cards,
    "donkey": _donkey_view_cards,
    "tuxedo": _tuxedo_view_cards,
    "doubt": _doubt_view_cards,
    "match": _match_view_cards,
    "panjandrum": _panjandrum_view_cards,
    "patience": lambda view, spectator: set(),
}


# ------------------------------------------------------------------ the checks
def _cards_named(value: Any) -> set[str]:
    """Every card named anywhere in a record line."""
    if isinstance(value, str):
        return {value} if value in CARD_NAMES else set()
    if isinstance(value, dict):
        return set().union(*(_cards_named(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_cards_named(item) for item in value)) if value else set()
    return set()


CARD_FIELDS = frozenset({"card", "onto", "first"})
"""The fields of the events that hold one card."""
CARDS_FIELDS = frozenset(
    {"cards", "hands", "nest", "aside", "face_up", "on", "centre", "to_centre", "groups", "left_on_table",
     "left_in_centre", "deck"}
)  # fmt: skip
"""The fields of the events that hold a run of cards (or of runs: the hands), when they hold a tuple."""


def _cards_held(value: Any) -> set[str]:
    """Every card an event holds, in the record or not (the record leaves out the nest taken with the last
    trick): the cards of its card fields, and of the values its fields hold (Panjandrum's slips)."""
    found: set[str] = set()
    for field in dataclasses.fields(value):
        item = getattr(value, field.name)
        if field.name in CARD_FIELDS and isinstance(item, int):
            found.add(card_name(item))
        elif field.name in CARDS_FIELDS and isinstance(item, tuple):
            found |= _names(_flat(item))
        elif dataclasses.is_dataclass(item):
            found |= _cards_held(item)
        elif isinstance(item, tuple):
            found = found.union(*(_cards_held(part) for part in item if dataclasses.is_dataclass(part)))
    return found


def _flat(cards: tuple[Any, ...]) -> Iterator[int]:
    for item in cards:
        if isinstance(item, tuple):
            yield from _flat(item)
        else:
            yield item


def _shape(value: Any) -> Any:
    """A value with the identity of its cards left out: a run of cards is only its length."""
    if isinstance(value, tuple):
        return ("cards", len(value), tuple(_shape(item) for item in value if isinstance(item, tuple)))
    return value


def _keeps_all_but_the_cards(original: Any, seen: Any) -> bool:
    """``seen`` is ``original`` with hidden cards' names left out: same type and counts, the rest equal."""
    if isinstance(seen, FaceDownLaid):
        assert isinstance(original, doubt.CardLaid)
        return (seen.seat, seen.called, seen.holding, seen.pile) == (
            original.seat, original.called, original.holding, original.pile,
        )  # fmt: skip
    if type(seen) is not type(original):
        return False
    return all(
        _shape(getattr(original, field.name)) == _shape(getattr(seen, field.name))
        for field in dataclasses.fields(original)
    )


def _check_game(name: str, options: dict[str, Any], seed: int) -> None:
    """Play a random game and check every seat's and a spectator's stream, event by event."""
    family = GAMES[name].family
    oracle, view_cards = ORACLES[family], VIEW_CARDS[family]
    state = _start(name, options, seed)
    seats: list[int | None] = [*range(state.seat_count), None]
    known: Known = {seat: set() for seat in seats}
    streamed: dict[int | None, set[str]] = {seat: set() for seat in seats}
    chooser = random.Random(seed)
    done = 0
    for step in range(MOST_ACTIONS + 1):
        for event in state.events[done:]:
            oracle(event, known)
            for seat in seats:
                seen = seen_by(event, seat)
                if isinstance(event, NEW_DEALS):
                    streamed[seat].clear()
                if seen is None:
                    continue
                assert _keeps_all_but_the_cards(event, seen), (seat, event, seen)
                named = _cards_named(json.loads(json.dumps(event_to_json(seen)))) | _cards_held(seen)
                leaked = named - known[seat]
                assert not leaked, f"{name} {options} seed {seed}: seat {seat} sees {sorted(leaked)} in {seen}"
                streamed[seat] |= named
        done = len(state.events)
        for seat in seats:
            view = state.view(0 if seat is None else seat)
            missing = view_cards(view, seat is None) - streamed[seat]
            assert not missing, f"{name} {options} seed {seed}: seat {seat} never heard of {sorted(missing)}"
        if state.is_over or step == MOST_ACTIONS:
            break
        seat = chooser.choice(state.seats_to_act())
        state.apply(chooser.choice(list(state.legal_actions(seat))), seat)


@pytest.mark.parametrize(
    ("name", "options"), TABLES, ids=[f"{name}-{options.get('players', '')}" for name, options in TABLES]
)
@settings(max_examples=2, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_no_seat_sees_a_card_before_the_rules_show_it(name: str, options: dict[str, Any], seed: int) -> None:
    _check_game(name, options, seed)


# ------------------------------------------------------------------ the rules, one by one
def test_every_event_of_the_record_has_a_visibility() -> None:
    # The program's own events (a test's toy family, registered when its tests run alongside, has none).
    ours = [kind for kind in notation._EVENT_BY_TYPE if kind.__module__.startswith("rook_access.")]
    missing = [kind.__name__ for kind in ours if kind not in visibility._RULES]
    assert missing == []


def test_an_unknown_event_is_refused_not_shown() -> None:
    @dataclasses.dataclass(frozen=True)
    class Secret:
        card: int

    with pytest.raises(TypeError, match="Secret"):
        seen_by(Secret(3), 0)


def test_a_rule_is_given_once() -> None:
    with pytest.raises(ValueError, match="CardPlayed"):
        register_visibility(events.CardPlayed, public)


def test_unseen_counts_cards_and_names_none() -> None:
    hidden = unseen([1, 2, 3, 4])
    assert len(hidden) == 4 and list(hidden) == [] and hidden == Unseen(4) and hidden != Unseen(3)
    assert hidden != () and Unseen(0) == Unseen(0) and not Unseen(0)
    assert hash(hidden) == hash(Unseen(4))
    assert copy.deepcopy(hidden) == hidden  # a state's clone copies it whole
    with pytest.raises(ValueError):
        Unseen(-1)


def _first(events_: Any, kind: type) -> Any:
    return next(event for event in events_ if isinstance(event, kind))


def test_a_deal_shows_each_player_their_own_hand_and_the_counts_of_the_rest() -> None:
    state = _start("partnership", {"hands": 1}, 3)
    deal = _first(state.events, events.Dealt)
    seen = seen_by(deal, 2)
    assert seen.hands[2] == deal.hands[2]
    assert [len(hand) for hand in seen.hands] == [len(hand) for hand in deal.hands]
    assert all(list(seen.hands[seat]) == [] for seat in (0, 1, 3))
    assert list(seen.nest) == [] and len(seen.nest) == len(deal.nest) == 5
    assert event_to_json(seen)["hands"][0] == [] and event_to_json(seen)["nest"] == []
    spectator = seen_by(deal, None)
    assert all(list(hand) == [] for hand in spectator.hands)


def test_the_two_player_dummys_face_up_cards_are_seen_by_all_and_its_other_cards_by_none() -> None:
    state = _start("two", {"hands": 1}, 5)
    deal = _first(state.events, events.Dealt)
    assert deal.face_up
    for seat in (0, None):
        seen = seen_by(deal, seat)
        assert seen.face_up == deal.face_up
        assert list(seen.aside) == [] and len(seen.aside) == len(deal.aside)


def test_the_nest_is_seen_by_the_bidder_alone() -> None:
    taken = events.NestTaken(1, (3, 4, 5))
    discarded = events.NestDiscarded(1, (6, 7))
    assert seen_by(taken, 1) == taken and seen_by(discarded, 1) == discarded
    assert seen_by(taken, 0) == events.NestTaken(1, Unseen(3))
    assert seen_by(discarded, None) == events.NestDiscarded(1, Unseen(2))


def test_cards_played_turned_and_displayed_are_seen_whole_by_all() -> None:
    for event in (
        events.CardPlayed(0, 9),
        events.TrumpTurned((56, 12), 0),
        events.HandDisplayed(2, 0, (1, 2, 3)),
        events.CenterTaken(1, (4, 5), 0),
        events.TrickTaken(13, 0, (1, 2, 3, 4), 1, 20, nest=(5, 6)),
    ):
        assert seen_by(event, 3) == event and seen_by(event, None) == event


def test_i_doubt_it_a_card_laid_face_down_is_the_layers_alone_until_a_doubt_turns_it_up() -> None:
    laid = doubt.CardLaid(1, 30, 4, 12, 3)
    assert seen_by(laid, 1) == laid
    assert seen_by(laid, 2) == FaceDownLaid(1, 4, 12, 3) == seen_by(laid, None)
    assert "card" not in event_to_json(seen_by(laid, 2))
    doubted = doubt.Doubted(2, 1, 30, 4, False, 1, (30, 31, 32), 15)
    assert seen_by(doubted, 1) == doubted  # the taker
    for seat in (2, 0, None):
        seen = seen_by(doubted, seat)
        assert seen.card == 30 and list(seen.cards) == [] and len(seen.cards) == 3
    over = doubt.DoubtOver((0,), (0, 5, 6), (11, 0, 0), (7, 8), "out")
    assert list(seen_by(over, 0).left_in_centre) == [] and len(seen_by(over, 0).left_in_centre) == 2


def test_donkey_a_card_passed_is_seen_by_its_giver_and_receiver_only() -> None:
    passed = donkey.CardPassed(0, 1, 22, 1)
    assert seen_by(passed, 0) == passed == seen_by(passed, 1)
    assert seen_by(passed, 2) is None and seen_by(passed, None) is None
    assert seen_by(donkey.CardsPassed(1), 2) == donkey.CardsPassed(1)


def test_match_and_panjandrum_no_one_sees_a_face_down_hand_not_even_their_own() -> None:
    for name in ("match", "panjandrum"):
        state = _start(name, {"players": 3}, 4)
        start = state.events[0]
        for seat in (0, 1, 2, None):
            seen = seen_by(start, seat)
            assert all(list(hand) == [] for hand in seen.hands)
            assert [len(hand) for hand in seen.hands] == [len(hand) for hand in start.hands]


def test_tuxedo_each_sees_their_own_hand_and_the_centre() -> None:
    state = _start("tuxedo", {"players": 3}, 4)
    deal = _first(state.events, tuxedo.DealStarted)
    seen = seen_by(deal, 1)
    assert seen.hands[1] == deal.hands[1] and seen.centre == deal.centre
    assert list(seen.hands[0]) == [] and len(seen.hands[0]) == len(deal.hands[0])


def test_patience_the_one_player_and_a_spectator_see_everything() -> None:
    for name in ("solitaire", "clock"):
        state = _start(name, {}, 2)
        assert seen_events(state.events, 0) == list(state.events) == seen_events(state.events, None)


def test_seen_events_leaves_out_what_a_seat_sees_nothing_of() -> None:
    stream = [donkey.CardPassed(0, 1, 22, 1), donkey.CardPassed(1, 2, 23, 1), donkey.CardsPassed(1)]
    assert seen_events(stream, 2) == stream[1:]
    assert seen_events(stream, None) == stream[2:]
