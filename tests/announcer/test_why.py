"""The why command's line: a computer player's move and the reason that player had, checked for being true."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterator

import pytest

from rook_access.announcer.why import asker_view, did_words, trick_facts, why_line
from rook_access.engine import (
    COLOR_NAMES,
    PARTNERSHIP,
    PASS,
    Bid,
    GameState,
    Phase,
    Play,
    SeatView,
    card_name,
    parse_card,
)
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer, RandomPlayer
from rook_access.players.base import BasicAdvice
from rook_access.players.basic import RuleKind
from rook_access.players.search.advice import PlayAdvice
from rook_access.players.search.player import NORMAL, STRONG, SearchPlayer
from tests.helpers.hands import west_leads_yellow, west_leads_yellow_trick

STEADY_STRONG = dataclasses.replace(STRONG, deadline=math.inf)
STEADY_NORMAL = dataclasses.replace(NORMAL, deadline=math.inf)


def test_the_strong_player_says_its_14y_is_its_only_card_over_wests_10y_in_a_trick_of_25_points():
    # West led 10y, North 6y, East 5y; South holds 14y and 7y of yellow: 10y + 5y + 14y are 25 points.
    view = west_leads_yellow_trick().view(0)
    player = SearchPlayer(3, STEADY_STRONG)
    action = player.choose(view)
    assert action == Play(parse_card("14y"))
    advice = player.advise(view)
    assert isinstance(advice, PlayAdvice) and advice.points is not None
    line = why_line(view, action, advice)
    assert line.startswith("South played 14y: its only card that beats West's 10y; the trick holds 25 points; ")
    # The figures are what the search found for 14y and for 7y, the other card, in the one measure it chose by:
    # where South's side ends the hand against West's.
    results = player.analyse(view).results
    best, other = results[parse_card("14y")].mean, results[parse_card("7y")].mean
    assert advice.score == best and best - other > 20
    assert advice.points == round(results[parse_card("14y")].mean_points)
    # Only their difference is told (where the side ends the hand is often far off: ``bench.figure_bias``).
    stake = re.search(
        r"; over 96 guesses at the hidden cards, it did about (\d+) points better than 7y, the next best\.$", line)
    assert stake is not None, line
    assert int(stake.group(1)) == round(best - other) == round(advice.next_best_by)
    assert "ahead" not in line and "behind" not in line


def test_what_else_the_seat_held_is_not_told_while_its_hand_is_hidden_from_the_asker():
    """ "its only card that beats" says South held no other yellow over 10y: while South's other cards are
    hidden from the asker (West, say), the line says only that the card beats West's 10y; once they are
    seen (``secret`` empty: the hand over), the whole fact is told."""
    state = west_leads_yellow_trick()
    view = state.view(0)
    player = SearchPlayer(3, STEADY_STRONG)
    action = player.choose(view)
    advice = player.advise(view)
    assert isinstance(advice, PlayAdvice)
    others = sum(1 << card for card in view.hand if card != action.card)
    hidden = why_line(view, action, advice, secret=others)
    # Nor, for a card that followed the suit led, whether it had another to choose from: no figure against
    # its next best card until the hand is over.
    assert hidden == "South played 14y: it beats West's 10y; the trick holds 25 points.", hidden
    played_only = why_line(view, action, advice, secret=1 << action.card)  # the rest of South's hand seen
    assert played_only.startswith("South played 14y: its only card that beats West's 10y; "), played_only


def test_the_askers_own_seat_is_you():
    """West asks about South's 14y over West's own 10y: "your 10y", not "West's 10y"."""
    view = west_leads_yellow_trick().view(0)
    player = SearchPlayer(3, STEADY_STRONG)
    action = player.choose(view)
    others = sum(1 << card for card in view.hand if card != action.card)
    line = why_line(view, action, player.advise(view), secret=others, you=1)
    assert line == "South played 14y: it beats your 10y; the trick holds 25 points.", line


def test_a_card_of_another_color_says_it_had_none_of_the_color_led():
    """ "it did not beat West's 13y" read as if the seat could have followed: a card of another color that
    does not win says the seat had none of the color led, which the table saw."""
    said = []
    for view, action in _cards_played(range(6)):
        facts = trick_facts(view, action.card)
        others = sum(1 << card for card in view.hand) & ~(1 << action.card)
        if others and not facts.follows and not facts.beats and facts.winner not in view.partners:
            line = why_line(view, action, BasicPlayer(0).advise(view), secret=others)
            led = "trump" if facts.led_suit == view.trump else COLOR_NAMES[facts.led_suit]
            assert f"it had no {led}; " in line or "it could not follow" in line, line
            assert "did not beat" not in line and "could not beat" not in line, line
            said.append(line)
    assert any(re.search(r"it had no \w+; .+ was winning", line) for line in said), said


def _cards_played(seeds: range) -> Iterator[tuple[SeatView, Play]]:
    """Every card played to a trick (not led) in the first hands of games of easy players."""
    for seed in seeds:
        state = GameState(PARTNERSHIP, seed=seed)
        players = [BasicPlayer(seat) for seat in range(4)]
        while not state.is_over and state.hand_number == 1:
            seat = state.turn
            view = state.view(seat)
            action = players[seat].choose(view)
            if isinstance(action, Play) and view.trick:
                yield view, action
            state.apply(action, seat)


def test_a_card_that_did_not_beat_the_trick_says_nothing_of_the_beaters_held_while_the_hand_is_hidden():
    """South plays 7y under West's 10y though it holds 14y: "it let West's 10y win" says it held a card that
    beats; while South's other cards are hidden from the asker the line says only that it did not beat it."""
    view = west_leads_yellow_trick().view(0)
    advice = SearchPlayer(3, STEADY_STRONG).advise(view)
    assert isinstance(advice, PlayAdvice)
    low = Play(parse_card("7y"))
    played = dataclasses.replace(advice, action=low)
    others = sum(1 << card for card in view.hand if card != low.card)
    hidden = why_line(view, low, played, secret=others)
    assert hidden.startswith("South played 7y: it did not beat West's 10y; the trick holds 15 points"), hidden
    told = why_line(view, low, played)
    assert told.startswith("South played 7y: it let West's 10y win; the trick holds 15 points"), told


def test_the_basic_player_gives_its_own_rule_with_the_same_facts():
    view = west_leads_yellow_trick().view(0)
    player = BasicPlayer(0)
    advice = player.advise(view)
    assert isinstance(advice, BasicAdvice) and advice.kind == RuleKind.WIN_CHEAPLY
    assert why_line(view, advice.action, advice) == (
        "South played 14y: it beats West's 10y as cheaply as it could; the trick holds 25 points."
    )


def test_the_basic_players_rule_tells_nothing_of_its_other_cards_while_they_are_hidden():
    """ "as cheaply as it could" says South held no cheaper yellow over 10y: while South's other cards are
    hidden from the asker, the basic player's line tells only the trick."""
    view = west_leads_yellow_trick().view(0)
    advice = BasicPlayer(0).advise(view)
    others = sum(1 << card for card in view.hand if card != advice.action.card)
    assert why_line(view, advice.action, advice, secret=others) == (
        "South played 14y: it beats West's 10y; the trick holds 25 points."
    )


# Words by which a rule of thumb would tell what else the seat held: its other cards' ranks or colors.
HOLDINGS_WORDS = re.compile(
    r"\b(only|lowest|highest|cheapest|costliest|cheaply|longest|had to|could not beat|let|unseen|none of its|"
    r"sure winner|sure trump|long color)\b"
)


@pytest.mark.parametrize("variant", ["partnership", "flip", "six", "two"])
def test_no_basic_reason_tells_of_the_cards_held_while_they_are_hidden(variant):
    """Over whole hands of basic players, every reason told while the seat's other cards are hidden from the
    asker is free of the words that would place them; told once they are seen, the rules' own words come
    back (so the check is not empty)."""
    told_whole = 0
    for view, advice in basic_hand(variant, 5):
        played = 1 << advice.action.card if isinstance(advice.action, Play) else 0
        others = sum(1 << card for card in view.hand) & ~played
        if (isinstance(advice.action, Play) or view.phase is Phase.TRUMP) and others:  # a last card hides nothing
            hidden = why_line(view, advice.action, advice, secret=others)
            assert not HOLDINGS_WORDS.search(hidden), hidden
            told_whole += bool(HOLDINGS_WORDS.search(why_line(view, advice.action, advice)))
    assert told_whole > 3


def basic_hand(variant: str, seed: int) -> Iterator[tuple[SeatView, BasicAdvice]]:
    """A whole hand of ``variant`` played by basic players: each seat's view and the advice it moved by."""
    rules = VARIANTS[variant].replace(hands_limit=1)
    state = GameState(rules, seed=seed)
    players = [BasicPlayer(seat) for seat in range(rules.players)]
    while not state.is_over:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        advice = players[state.controller(seat)].advise(view)
        yield view, advice
        state.apply(advice.action, seat)


def test_each_level_gives_its_own_reason_not_the_strong_players():
    view = west_leads_yellow_trick().view(0)
    normal = SearchPlayer(3, STEADY_NORMAL, "normal")
    line = why_line(view, normal.choose(view), normal.advise(view))
    assert "over 12 guesses at the hidden cards" in line  # the normal player's own search, not the strong one's 96
    random_player = RandomPlayer(4)
    chosen = random_player.choose(view)
    assert why_line(view, chosen, random_player.advise(view)) == (
        f"South played {card_name(chosen.card)}: it chose at random among the legal moves."
    )


def test_a_bid_and_a_pass_give_the_figure_they_follow_from():
    state = west_leads_yellow()  # South deals: West bids first
    view = state.view(1)
    player = SearchPlayer(7, STEADY_STRONG)
    action = player.choose(view)
    advice = player.advise(view)
    line = why_line(view, action, advice)
    if advice.limit is not None:
        assert line == f"West bid {action.amount}: it reckoned its hand worth a bid of up to {advice.limit}."
    else:
        assert line == "West passed: it reckoned its hand not worth a bid, not even 70."


def test_the_only_legal_move_is_said_to_be_so():
    last = GameState(PARTNERSHIP, seed=2)
    players = [BasicPlayer(seat) for seat in range(4)]
    while not (last.phase is Phase.PLAY and len(last.legal_actions()) == 1):
        seat = last.turn
        last.apply(players[seat].choose(last.view(seat)), seat)
    only = last.view(last.turn)
    name = PARTNERSHIP.names[only.seat]
    card = card_name(only.legal[0].card)
    verb = "played" if only.trick else "led"
    assert why_line(only, only.legal[0], None) == f"{name} {verb} {card}: it was its only legal move."
    # While the rest of the hand is hidden from the asker, "its only legal move" would say it held no other card
    # of the color led: the reason is the trick's facts, as for a card the seat chose among others.
    others = sum(1 << card for card in only.hand) & ~(1 << only.legal[0].card)
    hidden = why_line(only, only.legal[0], None, secret=others)
    assert len(only.hand) > 1 and only.trick and "only" not in hidden and "not told" not in hidden, hidden
    chosen_by_easy = why_line(only, only.legal[0], BasicPlayer(0).advise(only), secret=others)
    assert hidden == chosen_by_easy
    assert re.fullmatch(rf"{name} played {card}: (it beats|it did not beat|its partner \w+'s \S+ was winning) .+\.",
                        hidden), hidden


def _hidden_follows(seeds: range) -> Iterator[tuple[SeatView, Play, int]]:
    """Every card played to a trick that followed the suit led, with the other cards of its seat as the
    asker's secret."""
    for view, action in _cards_played(seeds):
        others = sum(1 << card for card in view.hand) & ~(1 << action.card)
        if others and trick_facts(view, action.card).follows:
            yield view, action, others


def test_a_card_that_followed_suit_is_told_the_same_whoever_chose_it_and_whatever_else_it_held():
    """While the seat's hand is hidden, a card that followed the suit led is told by the trick alone: the same
    line from the easy player's rule of thumb, the search's figure, or no choice at all (an only legal card),
    so that no answer says whether it held another card of that suit."""
    small = SearchPlayer(1, dataclasses.replace(STEADY_NORMAL, samples=4))
    seen = 0
    for view, action, others in _hidden_follows(range(4)):
        lines = {
            why_line(view, action, None, secret=others),
            why_line(view, action, BasicPlayer(0).advise(view), secret=others),
        }
        if seen < 12 and len(view.legal) > 1:
            searched = dataclasses.replace(small.advise(view), action=action)  # its figure, told of this card
            lines.add(why_line(view, action, searched, secret=others))
        seen += 1
        assert len(lines) == 1, lines
        assert "guesses at the hidden cards" not in next(iter(lines)) and "only" not in next(iter(lines))
    assert seen > 20


def test_a_discard_is_told_without_naming_the_cards_buried():
    state = west_leads_yellow()
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    assert state.phase is Phase.DISCARD
    view = state.view(1)
    player = SearchPlayer(5, dataclasses.replace(STEADY_STRONG, samples=8))
    action = player.choose(view)
    line = why_line(view, action, player.advise(view))
    assert line.startswith("West buried 5 cards: ")
    assert not any(card_name(card) in line.split() for card in view.hand)


@pytest.mark.parametrize("variant", ["partnership", "flip", "six"])
def test_every_basic_reason_names_the_card_played_and_the_true_trick(variant):
    """Over whole hands of basic players, each card's reason names the card played, the seat winning the
    trick before it with its very card, and the points the trick holds, as the engine counts them."""
    rules = VARIANTS[variant]
    checked = 0
    for view, advice in basic_hand(variant, 11):
        seat = view.seat
        line = why_line(view, advice.action, advice)
        assert "\n" not in line and line.endswith(".")
        if isinstance(advice.action, Play) and len(view.legal) > 1:
            card = advice.action.card
            verb = "played" if view.trick else "led"
            assert line.startswith(f"{rules.names[seat]} {verb} {card_name(card)}: ")
            if view.trick:
                checked += 1
                _check_trick_facts(view, card, line)
    assert checked > 5


def _check_trick_facts(view, card, line):
    """The winning seat and card named, and any "holds N points", are the trick's."""
    rules = view.rules
    powers = rules.trick_powers[view.trump][view.trick[0]]
    best = max(range(len(view.trick)), key=lambda index: powers[view.trick[index]])
    winner = (view.trick_leader + best) % rules.players
    named = f"{rules.names[winner]}'s {card_name(view.trick[best])}"
    assert named in line, line
    facts = trick_facts(view, card)
    assert facts.winner == winner and facts.winning_card == view.trick[best]
    held = re.search(r"the trick holds (?:(\d+|no) (?:red )?points?)?( and )?(the Golden Ten)?", line)
    if held:
        cards = (*view.trick, card)
        if rules.avoid_points:  # red points, and the Golden Ten told apart, as the game tells a trick taken
            total = sum(rules.points[c] for c in cards if rules.points[c] > 0)
            golden = any(rules.points[c] < 0 for c in cards)
            assert bool(held.group(3)) == golden, line
            assert held.group(1) == (str(total) if total else "no" if not golden else None), line
        else:
            total = sum(rules.points[c] for c in cards) + rules.points_per_trick + rules.trick_points
            assert held.group(1) == (str(total) if total else "no"), line
    given = re.search(r"so it gave (\d+) points?", line)
    if given:
        assert int(given.group(1)) == rules.points[card] > 0


def test_a_search_player_explains_from_the_evaluation_that_chose():
    """``advise`` for a view the player chose from answers from that evaluation: no second search."""
    view = west_leads_yellow_trick().view(0)
    player = SearchPlayer(3, STEADY_STRONG)
    action = player.choose(view)

    def no_second_search(view):
        raise AssertionError("searched again")

    player._decide = no_second_search  # type: ignore[method-assign]
    assert player.advise(view).action == action


def test_a_card_the_asker_cannot_see_is_never_named_as_the_next_best():
    """A lead is told with its figure while the hand is played (any card could be led, so that it had a choice
    says nothing), but its next best card, still in the seat's hidden hand, is not named."""
    state = GameState(PARTNERSHIP, seed=4)
    players = [BasicPlayer(seat) for seat in range(4)]
    while not (state.phase is Phase.PLAY and not state.trick and state.tricks and len(state.legal_actions()) > 2):
        state.apply(players[state.turn].choose(state.view(state.turn)), state.turn)
    view = state.view(state.turn)
    player = SearchPlayer(3, dataclasses.replace(STEADY_STRONG, samples=16))
    action = player.choose(view)
    advice = player.advise(view)
    assert isinstance(advice, PlayAdvice) and advice.next_best is not None
    others = sum(1 << card for card in view.hand) & ~(1 << action.card)
    line = why_line(view, action, advice, others)
    assert card_name(advice.next_best) not in line.split(":", 1)[1], line
    assert re.search(
        r": over 16 guesses at the hidden cards, it did about (\d+ points? better than|as well as) its next "
        r"best card\.$",
        line), line
    # Once the card can be seen (played, or the hand over), it is named.
    assert f"{card_name(advice.next_best)}, the next best" in why_line(view, action, advice, 0)


def test_while_the_bidding_is_open_a_bid_tells_only_what_it_tells_the_table():
    state = west_leads_yellow()  # South deals: West bids first
    view = state.view(1)
    player = SearchPlayer(7, STEADY_STRONG)
    advice = player.advise(view)
    bid = Bid(70)
    line = why_line(view, bid, dataclasses.replace(advice, action=bid, limit=95), bidding_over=False)
    assert line == ("West bid 70: it reckoned its hand worth 70 or more; after the bidding, why west bid says how much "
                    "more.")
    assert "95" not in line
    passed = why_line(view, PASS, dataclasses.replace(advice, action=PASS, limit=None), bidding_over=False)
    assert passed == "West passed: it reckoned its hand not worth 70."
    # Once the bidding is over, the limit is the reason.
    told = why_line(view, bid, dataclasses.replace(advice, action=bid, limit=95))
    assert told == "West bid 70: it reckoned its hand worth a bid of up to 95."


def test_a_pass_after_a_higher_bid_of_its_own_says_the_bids_since_lowered_its_reckoning():
    """North bid 90, then passed reckoning its hand worth 85: the line says the bids since changed its mind, not
    only a limit under the bid it made."""
    state = west_leads_yellow()  # South deals: West bids first
    state.apply(Bid(70), 1)
    state.apply(Bid(90), 2)
    state.apply(Bid(95), 3)
    state.apply(PASS, 0)
    state.apply(Bid(100), 1)
    view = state.view(2)
    advice = SearchPlayer(7, dataclasses.replace(STEADY_STRONG, samples=8)).advise(view)
    passed = dataclasses.replace(advice, action=PASS, limit=85, lowest=105)
    assert why_line(view, PASS, passed) == (
        "North bid 90, then passed: with the bids since, it reckoned its hand worth 85 at most, "
        "and the least it could bid was 105."
    )


def test_why_bid_after_the_seat_bid_and_then_passed_says_its_bid_with_the_pass():
    """``why west bid`` once West has passed answers for the pass, its last bidding move: the bid it made before
    is said too, which the reason's limit explains; a seat that never bid only passed."""
    state = west_leads_yellow()  # South deals: West bids first
    state.apply(Bid(70), 1)
    state.apply(PASS, 2)
    state.apply(Bid(75), 3)
    state.apply(PASS, 0)
    view = state.view(1)
    advice = SearchPlayer(7, dataclasses.replace(STEADY_STRONG, samples=8)).advise(view)
    passed = dataclasses.replace(advice, action=PASS, limit=75, lowest=80)
    assert why_line(view, PASS, passed) == (
        "West bid 70, then passed: it reckoned its hand worth 75 at most, and the least it could bid was 80.")
    assert why_line(view, PASS, passed, bidding_over=False) == (
        "West bid 70, then passed: it reckoned its hand not worth 80.")
    north = state.view(2)  # North passed without a bid: no bid to say
    assert did_words(north, PASS) == "North passed"


def test_a_dealer_made_to_open_says_so_while_the_bidding_is_open():
    """``why north bid`` for the 1913 dealer's forced opening said "it reckoned its hand worth 5 or more"."""
    from rook_access.engine.games import table_setup, trick_rules

    state = GameState(trick_rules(table_setup("rook-1913", {"players": 4})), seed=1)
    view = state.view(state.turn)
    assert PASS not in view.legal  # the dealer may not pass
    least = min(action.amount for action in view.legal if isinstance(action, Bid))
    advice = BasicPlayer(state.turn).advise(view)
    told = why_line(view, Bid(least), advice, bidding_over=False)
    assert told.endswith(f"bid {least}: the dealer must open the bidding, so it bid the least."), told
    higher = why_line(view, Bid(least + 5), advice, bidding_over=False)
    assert "it reckoned its hand worth" in higher, higher  # a bid above the least was its own choice


def test_a_displayed_hand_played_by_the_dealer_is_told_as_the_dealers_choice_from_that_hand():
    """Display Rook: West deals and plays East's face-up hand.  The line said "East played 1r: its partner
    West's 14r was winning the trick, so it kept its good cards", as if East had chosen."""
    state = GameState(VARIANTS["display"].replace(hands_limit=1), seed=1)
    players = [BasicPlayer(seat) for seat in range(4)]
    while True:
        seat, actor = state.turn, state.actor
        view = state.view(seat)
        advice = players[actor].advise(view)
        if seat == state.displayed and isinstance(advice, BasicAdvice) and advice.kind == RuleKind.KEEP:
            break
        state.apply(advice.action, seat)
    assert (seat, actor) == (3, 1) and advice.action == Play(parse_card("1r"))
    assert why_line(view, advice.action, advice) == (
        "West played East's 1r: its own 14r was winning the trick, so it kept East's good cards.")
    assert why_line(view, advice.action, advice, you=3) == (  # told to East, whose hand it is
        "West played your 1r: its own 14r was winning the trick, so it kept your good cards.")
    assert why_line(view, advice.action, advice, you=1) == (  # told to West, for whom a computer played it
        "You played East's 1r: your 14r was winning the trick, so it kept East's good cards.")


def test_the_person_whose_hand_the_dealer_plays_is_not_shown_the_dealers_hand_by_why():
    """Display Rook: while the dealer decides a card of its partner's face-up hand, that seat's view shows the
    dealer's hand (the dealer is the one deciding there).  The person at that seat only watches: ``why``, at home
    and online, reads moves against what that person sees, never the dealer's cards."""
    rules = VARIANTS["display"]
    for seed in range(50):
        state = GameState(rules, seed=seed)
        players = [BasicPlayer(seat) for seat in range(rules.players)]
        while not state.is_over and state.hand_number == 1:
            seat = state.turn
            if state.displayed is not None and seat == state.displayed:
                break
            state.apply(players[seat].choose(state.view(seat)), seat)
        else:
            continue
        displayed, dealer = state.displayed, state.dealer
        assert state.controller(displayed) == dealer
        assert any(hand_seat == dealer for hand_seat, _ in state.view(displayed).shown)  # the decider's view
        assert asker_view(state, displayed).shown == ()  # the person's own
        assert asker_view(state, dealer) == state.view(dealer)
        return
    raise AssertionError("no displayed hand to play in the seeds tried")
