"""The review command's judgement and lines: the user's choices set against the strong player's, on hand-made
positions where the right answer and the points at stake are known."""

from __future__ import annotations

import dataclasses
import math
import re

from rook_access.announcer.review import difference_line, hand_points, review_lines
from rook_access.engine import (
    COLOR_NAMES,
    PARTNERSHIP,
    PASS,
    Bid,
    Discard,
    GameState,
    NameTrump,
    Phase,
    Play,
    card_name,
    parse_card,
    parse_color,
)
from rook_access.players import BasicPlayer
from rook_access.players.random_player import RandomPlayer
from rook_access.players.search import play as play_module
from rook_access.players.search import player as player_module
from rook_access.players.search.advice import BidAdvice, play_advice
from rook_access.players.search.play import PlayAnalysis
from rook_access.players.search.player import STRONG, HintPlayer, SearchPlayer
from rook_access.players.search.review import SURE, TIE, Difference, judge, meaningful, review_decisions
from tests.helpers.hands import card_set, west_leads_yellow, west_leads_yellow_trick

STEADY = HintPlayer(budget=dataclasses.replace(STRONG, deadline=math.inf))
"""The review's player stopping at its sample budget only: the same verdict on a busy machine."""


def test_playing_7y_under_wests_10y_costs_the_25_point_trick():
    # West led 10y, North 6y, East 5y; South held 14y and 7y: 14y takes 10y 5y and itself, 25 points.
    view = west_leads_yellow_trick().view(0)
    difference = judge(view, Play(parse_card("7y")), STEADY)
    assert difference is not None and difference.advice.action == Play(parse_card("14y"))
    analysis = STEADY.analyse(view)
    stake = analysis.results[parse_card("14y")].mean - analysis.results[parse_card("7y")].mean
    assert difference.stake == stake
    # 25 points to South's side instead of 15 to West's: the margin moves by far more than 25.
    assert difference.stake is not None and difference.stake > 25
    assert difference.scores == (analysis.results[parse_card("14y")].mean, analysis.results[parse_card("7y")].mean)
    # Only the stake is told, not where the side ends the hand (often far off: ``bench.figure_bias``).
    assert difference_line(difference) == (
        f"Trick 1: you played 7y; 14y was better by about {round(stake)} points, over 96 guesses at the hidden cards: "
        "it beats West's 10y; the trick holds 25 points."
    )


def test_a_card_that_sets_the_bid_puts_more_at_stake_than_the_hand_holds_and_the_line_says_why():
    """South won the bid at 105 and, with two cards left, played 11g where 6x makes the bid: the side's score
    less the other side's goes from about +97 to about -98, a swing larger than the hand's 120 points (a set
    bid scores minus the bid, not what was taken).  Before, the line said 195 points with no word of why."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=54)
    players = [RandomPlayer(54), *(BasicPlayer(seat) for seat in range(1, 4))]
    while not (state.turn == 0 and state.phase is Phase.PLAY and len(state.hand(0)) == 2):
        state.apply(players[state.turn].choose(state.view(state.turn)), state.turn)
    view = state.view(0)
    assert (view.bidder, view.high_bid) == (0, 105)
    difference = judge(view, Play(parse_card("11g")), STEADY)
    assert difference is not None and difference.advice.action == Play(parse_card("6x"))
    assert difference.scores is not None and difference.scores[1] < 0 < difference.scores[0]  # set, or made
    assert difference.stake is not None and difference.stake > hand_points(rules) == 120
    assert difference_line(difference) == (
        f"Trick 8: you played 11g; 6x was better by about {round(difference.stake)} points, more than the hand's "
        "120, as a set bid costs the bid, solved exactly over 96 guesses at the hidden cards: it leaves the "
        "trick to your partner "
        "North's 5y and keeps your card."
    )


def test_the_stake_is_explained_only_beyond_the_hands_points_and_without_a_bid_by_the_other_sides_points():
    view = west_leads_yellow_trick().view(0)
    difference = judge(view, Play(parse_card("7y")), STEADY)
    assert difference is not None
    at = dataclasses.replace(difference, stake=120.0)  # the whole hand's points: nothing to explain
    assert difference_line(at) == difference_line(at).replace(", more than the hand's", "")
    assert " about 120 points, over 96 guesses at the hidden cards: " in difference_line(at)
    beyond = dataclasses.replace(difference, stake=121.0)
    assert " about 121 points, more than the hand's 120, as a set bid costs the bid, over " in difference_line(beyond)
    unbid = dataclasses.replace(beyond, view=dataclasses.replace(view, bidder=None))
    assert " about 121 points, more than the hand's 120, as the others' points count too, over " in (
        difference_line(unbid))


def test_the_strong_players_own_card_is_no_difference():
    view = west_leads_yellow_trick().view(0)
    assert judge(view, Play(parse_card("14y")), STEADY) is None


def _at_trump() -> tuple:
    """West took the bid at 70 and buried 5g 6g 7x 8x 9r: West names trump, holding 7 reds and the Bird."""
    state = west_leads_yellow()
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    discard_view = state.view(1)
    state.apply(Discard(card_set("5g 6g 7x 8x 9r")), 1)
    assert state.phase is Phase.TRUMP
    return discard_view, state.view(1)


def test_naming_green_with_one_green_card_is_told_against_red_with_the_red_cards_held():
    _, view = _at_trump()
    difference = judge(view, NameTrump(parse_color("green")), STEADY)
    assert difference is not None and difference.advice.action == NameTrump(parse_color("red"))
    assert difference.stake is not None and difference.stake > 0
    reds = [card for card in view.hand if card_name(card).endswith("r") or card_name(card) == "rook"]
    line = difference_line(difference)
    assert line.startswith("Trump: you named green; red was better by about ")
    assert line.startswith(f"Trump: you named green; red was better by about {round(difference.stake)} points, "
                           "over 96 guesses at the hidden cards: ")
    held = re.search(r"you held (\d+) of it, (.*)\.$", line)
    assert held is not None and int(held.group(1)) == len(reds), line
    assert set(held.group(2).split()) == {card_name(card) for card in reds}
    assert difference.scores is not None and difference.scores[0] - difference.scores[1] == difference.stake


def test_a_review_lists_the_costliest_first_and_leaves_agreement_out():
    discard_view, trump_view = _at_trump()
    play_view = west_leads_yellow_trick().view(0)
    strong_discard = STEADY.advise(discard_view).action
    assert isinstance(strong_discard, Discard)
    steps = [
        (discard_view, strong_discard),  # what the strong player would bury: no difference
        (trump_view, NameTrump(parse_color("green"))),
        (play_view, Play(parse_card("7y"))),
    ]
    differences = review_decisions(steps, STEADY)
    assert [type(d.action) for d in differences] in ([NameTrump, Play], [Play, NameTrump])
    stakes = [d.stake for d in differences]
    assert all(stake is not None for stake in stakes) and stakes == sorted(stakes, reverse=True)
    lines = review_lines(1, differences)
    assert lines[0] == "Hand 1: 2 choices the strong player would make otherwise, costliest first:"
    assert len(lines) == 3


def test_a_bid_is_told_without_a_figure_and_after_the_rest():
    bid_view = west_leads_yellow().view(1)  # West opens the bidding
    advice = STEADY.advise(bid_view)
    other = PASS if isinstance(advice.action, Bid) else Bid(120)
    play_view = west_leads_yellow_trick().view(0)
    differences = review_decisions([(bid_view, other), (play_view, Play(parse_card("7y")))], STEADY)
    assert [d.action for d in differences] == [Play(parse_card("7y")), other]
    assert differences[0].stake is not None and differences[1].stake is None
    line = difference_line(differences[1])
    assert line.startswith(f"Bidding: you {'passed' if other == PASS else 'bid 120'}; the strong player would ")
    assert "points" not in line.split(":")[0]


def test_nothing_to_tell_is_said_so():
    assert review_lines(2, []) == ["Hand 2: you chose as the strong player would, every time."]
    view = west_leads_yellow_trick().view(0)
    close = Difference(view, Play(parse_card("7y")), STEADY.advise(view), TIE / 2)
    assert review_lines(2, [close]) == [
        "Hand 2: your choices were as good as the strong player's, as far as its search can tell."
    ]


def test_a_stake_within_the_searchs_own_noise_is_not_told():
    """A playtest: review said a card was better "by about 15 points, over 34 guesses at the hidden cards" where an idle
    search of the same position rated the two cards alike.  A stake is told only at ``SURE`` standard errors
    of its own deal-by-deal difference."""
    view = west_leads_yellow_trick().view(0)
    told = judge(view, Play(parse_card("7y")), STEADY)
    assert told is not None and told.error is not None and told.stake is not None
    assert told.stake >= SURE * told.error and meaningful([told]) == [told]  # 25 points and more, on every deal
    unsure = dataclasses.replace(told, stake=9.0, error=5.0)
    sure = dataclasses.replace(told, stake=11.0, error=5.0)
    assert meaningful([unsure, sure]) == [sure]
    assert review_lines(2, [unsure]) == [
        "Hand 2: your choices were as good as the strong player's, as far as its search can tell."
    ]
    assert meaningful([dataclasses.replace(told, stake=3.0, error=None)]) != []  # the nest, the trump: TIE alone


def test_a_whole_hand_is_reviewed_with_every_play_named_right():
    """A hand of the user's plays chosen badly on purpose (the card the search itself rates worst): each line
    names a card the user played in that very trick."""
    state = west_leads_yellow()
    steps = []
    while state.hand_number == 1 and not state.is_over:
        seat = state.turn
        view = state.view(seat)
        if state.phase is Phase.BIDDING:
            action = Bid(70) if seat == 1 and state.high_bid is None else PASS
        elif state.phase is Phase.DISCARD:
            action = Discard(card_set("5g 6g 7x 8x 9r"))
        elif state.phase is Phase.TRUMP:
            action = NameTrump(parse_color("red"))
        elif seat == 0:
            results = STEADY.analyse(view).results
            action = Play(min(results, key=lambda card: results[card].mean))
        else:
            action = state.legal_actions()[0]
        if seat == 0:
            steps.append((view, action))
        state.apply(action, seat)
    differences = review_decisions(steps, STEADY)
    played = {len(view.tricks) + 1: card_name(action.card) for view, action in steps if isinstance(action, Play)}
    lines = review_lines(1, differences)[1:]
    assert sum(line.startswith("Trick ") for line in lines) >= 1
    for line in lines:
        if line.startswith("Bidding: "):
            continue
        match = re.match(r"Trick (\d+): you (?:played|led) (\S+); (\S+) was better by about (\d+) points?, "
                         r"(?:solved exactly )?over \d+ guesses at the hidden cards: (.+)\.$", line)
        assert match, line
        assert played[int(match.group(1))] == match.group(2)
        assert match.group(3) != match.group(2)
        # every line has a reason: what the better card does in the trick, or that it keeps the user's card
        reason = match.group(5)
        assert reason and ("ahead" not in reason and "behind" not in reason), line
        if reason.startswith("it keeps your "):
            assert reason == f"it keeps your {match.group(2)} for a later trick", line
        same = re.fullmatch(r"it leads (higher|lower) (\w+) than your (\S+)", reason)
        if same:  # two leads of one color: which is higher is told as it is
            powers = PARTNERSHIP.trick_powers[parse_color("red")][parse_card(match.group(3))]  # red was named
            higher = powers[parse_card(match.group(3))] > powers[parse_card(match.group(2))]
            assert same.group(1) == ("higher" if higher else "lower") and same.group(3) == match.group(2), line
        assert "beats your partner" not in reason, line  # going over a partner is no reason in itself
        leads = re.fullmatch(r"it leads (\w+) rather than (\w+)", reason)
        if leads:  # two leads of different colors, each named as the table would: trump, or its color
            assert leads.group(1) != leads.group(2)
        gives = re.fullmatch(r"it gives away (\d+|no) points?, not (\d+)", reason)
        if gives:  # both cards lose the trick: the better one gives the other side fewer points
            given = 0 if gives.group(1) == "no" else int(gives.group(1))
            assert given == PARTNERSHIP.points[parse_card(match.group(3))] < int(gives.group(2))
            assert int(gives.group(2)) == PARTNERSHIP.points[parse_card(match.group(2))]


def test_a_bid_higher_than_needed_but_within_the_hands_worth_is_told_as_such():
    """You bid 30 where the strong player bids 15 and would go up to 30: not "it reckons your hand worth up to
    30", which reads as if 30 were right, but that it bids only what it must now."""
    bid_view = west_leads_yellow().view(1)  # West opens the bidding
    advice = STEADY.advise(bid_view)
    assert isinstance(advice, BidAdvice) and isinstance(advice.action, Bid) and advice.limit is not None
    higher = next((amount for amount in range(advice.action.amount + 5, advice.limit + 1, 5)), None)
    assert higher is not None, (advice.action, advice.limit)
    line = difference_line(Difference(bid_view, Bid(higher), advice, None))
    assert line == (
        f"Bidding: you bid {higher}; the strong player would bid {advice.action.amount}: it bids only what it must "
        f"now, and would go up to {advice.limit} if the others bid on."
    )


def test_a_position_hinted_is_reviewed_by_the_very_search_the_hint_gave():
    """A playtest: the hint said 2g, the review of the same position then said 14g was better by 26 points, a
    second search on a busy machine having judged other, fewer deals.  The review now reuses the hint's."""
    view = west_leads_yellow_trick().view(0)
    advisor = HintPlayer()
    advice = advisor.advise(view)
    hinted = advisor.evaluation(view)
    assert isinstance(hinted, PlayAnalysis) and advice.action == Play(hinted.chosen)

    def searched_again(view: object) -> PlayAnalysis:
        raise AssertionError("the review searched the hinted position again")

    advisor.analyse = searched_again  # type: ignore[method-assign]
    difference = judge(view, Play(parse_card("7y")), advisor)
    assert difference is not None
    assert difference.stake == hinted.results[parse_card("14y")].mean - hinted.results[parse_card("7y")].mean
    assert advisor.advise(view) == advice  # a second hint of the same position: the same words


def test_the_hint_player_judges_its_whole_sample_budget_on_a_busy_machine(monkeypatch):
    """The strong player's time target stops a card decision at 0.12 s; a hint or a review must not judge
    fewer deals because the machine is busy (the playtest's hint said "over 16 guesses at the hidden cards")."""

    class BusyClock:
        """Each look at the clock finds 5 ms gone: past the time target after some 24 deals, not the deadline."""

        now = 0.0

        @classmethod
        def perf_counter(cls) -> float:
            cls.now += 0.005
            return cls.now

    monkeypatch.delenv("ROOK_ACCESS_NO_DEADLINE", raising=False)  # the tests' setting: the clock is the point here
    monkeypatch.setattr(play_module, "time", BusyClock)
    monkeypatch.setattr(player_module, "time", BusyClock)  # the search's start is read there
    view = west_leads_yellow_trick().view(0)
    assert HintPlayer().analyse(view).samples == STRONG.samples
    assert SearchPlayer(1).analyse(view).samples < STRONG.samples  # the computer players keep their time target


def _position(wanted, seeds=range(200)):
    """The first position of South's, in hands of easy players, for which ``wanted(view)`` gives two cards."""
    for seed in seeds:
        state = GameState(PARTNERSHIP, seed=seed)
        players = [BasicPlayer(seat) for seat in range(4)]
        while state.hand_number == 1 and not state.is_over:
            view = state.view(state.turn)
            if state.turn == 0 and state.phase is Phase.PLAY:
                found = wanted(view)
                if found:
                    return view, found
            state.apply(players[state.turn].choose(view), state.turn)
    raise AssertionError("no such position in the seeds tried")


def _reason(view, better: int, played: int) -> str:
    """The review's reason for ``better`` over ``played`` (the search's figures aside)."""
    advice = dataclasses.replace(play_advice(view, STEADY.analyse(view)), action=Play(better))
    line = difference_line(Difference(view, Play(played), advice, 20.0, (10.0, -10.0)))
    return line.split(": ", 2)[2]


def test_a_lead_of_the_same_color_says_which_is_higher_not_that_it_keeps_a_card():
    """A playtest: "you led 8y; 14y was better ...: it keeps your 8y for a later trick", a reason that says
    nothing of the lead.  Two leads of one color are told by which is higher."""

    def two_of_a_color(view):
        if view.trick or view.trump is None:
            return None
        suit_of = PARTNERSHIP.suit_of[view.trump]
        cards = sorted(a.card for a in view.legal if isinstance(a, Play) and suit_of[a.card] != view.trump)
        pairs = [(a, b) for a in cards for b in cards if a != b and suit_of[a] == suit_of[b]]
        return pairs[0] if pairs else None

    view, (low, high) = _position(two_of_a_color)
    color = COLOR_NAMES[PARTNERSHIP.suit_of[view.trump][low]]
    assert _reason(view, high, low) == f"it leads higher {color} than your {card_name(low)}."
    assert _reason(view, low, high) == f"it leads lower {color} than your {card_name(high)}."


def test_two_cards_that_both_beat_the_trick_are_told_by_the_one_still_to_be_beaten():
    def both_beat(view):
        if len(view.trick) != 1 or view.trump is None:
            return None
        powers = PARTNERSHIP.trick_powers[view.trump][view.trick[0]]
        beaters = sorted((a.card for a in view.legal if isinstance(a, Play) and powers[a.card] > powers[view.trick[0]]),
                         key=lambda card: powers[card])
        partner_leads = view.trick_leader == 2
        return (beaters[0], beaters[-1]) if len(beaters) > 1 and not partner_leads else None

    view, (lower, higher) = _position(both_beat)
    assert _reason(view, higher, lower) == "both beat the trick so far; it is the higher, with 2 players still to play."
