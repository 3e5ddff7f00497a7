"""Blind rollouts: each seat of a rollout plays by what it could know, not by every hand of the sampled deal
(issue 18, item 2: a remedy for strategy fusion), and the yardstick that cheats in the card play alone."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import PARTNERSHIP, GameState, Phase, Play, mask_of, parse_cards
from rook_access.engine.cards import RED
from rook_access.players import make_player
from rook_access.players.search import rollout as rollout_module
from rook_access.players.search.play import SearchBudget, analyse_play, shown_out_of
from rook_access.players.search.player import STRONG
from rook_access.players.search.rollout import rollout
from rook_access.players.search.sampling import draw_deals
from rook_access.players.search.tables import trump_tables
from tests.players.test_players import west_declares

TABLES = trump_tables(PARTNERSHIP, RED)
SIDES = PARTNERSHIP.side_of
YELLOW_CARDS = TABLES.suit_cards[TABLES.suit[parse_cards("5y")[0]]]

NORTH = "14y 5g 10g"
OTHERS = "6r 7g 9g 5y 6y 8g 11g 12g 13g"  # dealt three to each of East, South and West in any order


def hands_of(north: str, others: list[int]) -> list[int]:
    return [mask_of(parse_cards(north)), mask_of(others[0:3]), mask_of(others[3:6]), mask_of(others[6:9])]


class Recorder:
    """Records what each seat's lead and follow were shown (its own hand and the hands it saw)."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[tuple[int, tuple[int, ...]]] = []
        lead, follow = rollout_module._lead, rollout_module._follow

        def record_lead(tables, side_of, hands, seat, legal):
            self.seen.append((seat, tuple(hands)))
            return lead(tables, side_of, hands, seat, legal)

        def record_follow(tables, side_of, hands, seat, *rest):
            self.seen.append((seat, tuple(hands)))
            return follow(tables, side_of, hands, seat, *rest)

        monkeypatch.setattr(rollout_module, "_lead", record_lead)
        monkeypatch.setattr(rollout_module, "_follow", record_follow)


@settings(max_examples=30, deadline=None)
@given(st.permutations(parse_cards(OTHERS)))
def test_a_blind_leader_sees_the_same_whatever_the_hidden_cards_are(order):
    with pytest.MonkeyPatch.context() as monkeypatch:
        recorder = Recorder(monkeypatch)
        rollout(TABLES, SIDES, hands_of(NORTH, list(order)), 0, [], 0, shown_out=[0, 0, 0, 0])
    seat, seen = recorder.seen[0]
    assert seat == 0
    unseen = mask_of(parse_cards(OTHERS))
    # North's own cards, and every card it does not hold as possibly in each other hand.
    assert seen == (mask_of(parse_cards(NORTH)), unseen, unseen, unseen)


def test_a_seeing_leader_is_shown_the_true_hands(monkeypatch):
    recorder = Recorder(monkeypatch)
    hands = hands_of(NORTH, parse_cards(OTHERS))
    rollout(TABLES, SIDES, list(hands), 0, [], 0)
    assert recorder.seen[0] == (0, tuple(hands))


def test_a_blind_rollout_learns_who_shows_out_and_keeps_what_was_shown_before(monkeypatch):
    recorder = Recorder(monkeypatch)
    # East holds no yellow: when North leads 14y (it sees no yellow above it), East shows out.
    hands = hands_of(NORTH, parse_cards("6r 7g 9g 5y 6y 8g 11g 12g 13g"))
    west_shown = mask_of(parse_cards("13r 12r"))  # as if West had shown out of red before the rollout
    rollout(TABLES, SIDES, list(hands), 0, [], 0, shown_out=[0, 0, 0, west_shown])
    first_lead = recorder.seen[0][1]
    assert first_lead[3] & west_shown == 0
    later = [seen for seat, seen in recorder.seen[4:]]  # the decisions after the first trick
    assert later and all(seen[1] & YELLOW_CARDS == 0 for seen in later)


def test_only_the_blind_seats_play_blind(monkeypatch):
    recorder = Recorder(monkeypatch)
    hands = hands_of(NORTH, parse_cards(OTHERS))
    rollout(TABLES, SIDES, list(hands), 0, [], 0, shown_out=[0, 0, 0, 0], blind_seats=0b0101)
    first_trick = recorder.seen[:4]
    assert [seat for seat, _ in first_trick] == [0, 1, 2, 3]
    for seat, seen in first_trick:
        others = [hand for other, hand in enumerate(seen) if other != seat]
        overlap = any(a & b for index, a in enumerate(others) for b in others[index + 1:])
        # A blind seat (North, South) might find any unknown card in more than one hand; the others see the deal.
        assert overlap == (seat in (0, 2)), seat


def test_the_suits_shown_out_of_are_read_from_the_view():
    state = west_declares()
    assert shown_out_of(state.view(1)) == [0, 0, 0, 0]  # nothing played yet
    # West leads trump; North and East hold none and show out; South follows.
    for seat, card in ((1, "13r"), (2, "5y"), (3, "8x"), (0, "5r")):
        state.apply(Play(parse_cards(card)[0]), seat)
    trump_suit = PARTNERSHIP.suit_masks[RED][PARTNERSHIP.suit_of[RED][parse_cards("13r")[0]]]
    assert shown_out_of(state.view(1)) == [0, 0, trump_suit, trump_suit]
    assert shown_out_of(state.view(2)) == [0, 0, trump_suit, trump_suit]  # the seat's own, too: every seat knows it


def test_a_blind_search_answers_a_legal_card():
    state = west_declares()
    seat = state.turn
    assert seat is not None
    view = state.view(seat)
    budget = dataclasses.replace(STRONG, samples=8, blind_rollouts="all")
    analysis = analyse_play(view, budget, random.Random(3))
    assert Play(analysis.chosen) in view.legal
    assert all(result.count == analysis.samples for result in analysis.results.values())
    side = dataclasses.replace(budget, blind_rollouts="side")
    assert Play(analyse_play(view, side, random.Random(3)).chosen) in view.legal
    assert SearchBudget().blind_rollouts == ""  # the players people meet see every hand in their rollouts


def test_the_play_cheat_bids_as_strong_and_plays_as_cheat():
    state = GameState(PARTNERSHIP, seed=11)
    cheat_play, strong = make_player("cheat-play", 5), make_player("strong", 5)
    assert getattr(cheat_play, "needs_state", False)
    while state.phase is not Phase.PLAY:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        action = cheat_play.choose_with_state(state, seat)  # type: ignore[attr-defined]  # a yardstick's call
        assert action == strong.choose(view)  # before the card play it is the strong player
        state.apply(action, seat)
    seat = state.turn
    assert seat is not None
    cheat = make_player("cheat", 5)
    chosen = cheat_play.choose_with_state(state, seat)  # type: ignore[attr-defined]  # a yardstick's call
    assert chosen == cheat.choose_with_state(state, seat)  # type: ignore[attr-defined]  # as above


def test_the_bid_and_nest_cheats_see_every_hand_in_their_phase_alone():
    from rook_access.players.search.player import BidCheatingPlayer, NestCheatingPlayer

    assert BidCheatingPlayer.cheat_phases == {Phase.BIDDING}
    assert NestCheatingPlayer.cheat_phases == {Phase.DISCARD, Phase.TRUMP}
    for level in ("cheat-bid", "cheat-nest"):
        state = GameState(PARTNERSHIP, seed=11)
        yardstick, strong, cheat = make_player(level, 5), make_player("strong", 5), make_player("cheat", 5)
        phases = yardstick.cheat_phases  # type: ignore[attr-defined]  # a yardstick's attribute
        while state.phase is not Phase.GAME_OVER and len(state.tricks) < 2:
            seat = state.turn
            assert seat is not None
            action = yardstick.choose_with_state(state, seat)  # type: ignore[attr-defined]  # a yardstick's call
            other = cheat.choose_with_state(state, seat) if state.phase in phases else strong.choose(  # type: ignore[attr-defined]  # as above
                state.view(seat))
            assert action == other
            state.apply(action, seat)


def test_the_play_cheats_by_side_see_every_hand_only_on_their_side_of_the_contract():
    state = GameState(PARTNERSHIP, seed=11)
    strong, cheat = make_player("strong", 5), make_player("cheat", 5)
    while state.phase is not Phase.PLAY:
        seat = state.turn
        assert seat is not None
        state.apply(strong.choose(state.view(seat)), seat)
    assert state.bidder is not None
    bidders = {seat for seat in range(4) if state.team_of[seat] == state.team_of[state.bidder]}
    for level, sees in (("cheat-play-bidder", bidders), ("cheat-play-defence", set(range(4)) - bidders)):
        yardstick = make_player(level, 5)
        for _ in range(4):  # the first trick: every seat plays once
            seat = state.turn
            assert seat is not None
            chosen = yardstick.choose_with_state(state, seat)  # type: ignore[attr-defined]  # a yardstick's call
            if seat in sees:
                assert chosen == cheat.choose_with_state(state, seat)  # type: ignore[attr-defined]  # as above
            else:
                assert chosen == strong.choose(state.view(seat))
            state.apply(chosen, seat)


def test_the_bidding_yardsticks_deal_the_hands_they_see_as_they_are_and_the_rest_at_random():
    from rook_access.players.search.knowledge import Knowledge

    state = GameState(PARTNERSHIP, seed=11)
    seat = state.turn
    assert seat is not None
    partner = next(other for other in range(4) if other != seat and state.team_of[other] == state.team_of[seat])
    opponents = [other for other in range(4) if state.team_of[other] != state.team_of[seat]]
    for level, seen in (("cheat-bid-partner", [partner]), ("cheat-bid-opponents", opponents)):
        yardstick = make_player(level, 5)
        yardstick._seen = {other: state.hands[other] for other in seen}  # type: ignore[attr-defined]  # as choose_with_state sets it
        view = state.view(seat)
        deals = yardstick.deal_source(view)(view, Knowledge.from_view(view), 20, random.Random(1))  # type: ignore[attr-defined]
        unseen = [other for other in range(4) if other != seat and other not in seen]
        for other in seen:
            assert all(deal.hands[other] == state.hands[other] for deal in deals)
        assert any(deal.hands[unseen[0]] != state.hands[unseen[0]] for deal in deals)
        # Once it has chosen, it deals as the strong player does (the hands were seen for that bid alone).
        yardstick.choose_with_state(state, seat)  # type: ignore[attr-defined]  # a yardstick's call
        assert yardstick.deal_source(view) is draw_deals  # type: ignore[attr-defined]
