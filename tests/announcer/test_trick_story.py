"""The trick narrator words each event from the events told so far, never from a game that has moved on.

The last card of a hand also takes the trick, scores the hand and deals the
next one, all in one move: when the console says those events, the game is
already in the next hand, with no trump.  These tests play through that move.
"""

from __future__ import annotations

import re

from rook_access.announcer import Announcer, Verbosity
from rook_access.announcer.base import cards_text
from rook_access.announcer.tricks import TrickStory, sort_hand
from rook_access.console.session import ConsoleGame
from rook_access.engine import (
    GREEN,
    PARTNERSHIP,
    PASS,
    Action,
    Bid,
    Discard,
    GameState,
    HandEnded,
    NameTrump,
    Phase,
    TrickTaken,
)
from rook_access.engine.rules import BEGINNER
from rook_access.players import BasicPlayer
from tests.helpers.console import ListChannel, ScriptedLines
from tests.helpers.hands import card_set, make_deal

HANDS = (
    "14r 13r 12r 11r 10r 14g 13g 12g rook",
    "5r 6r 7r 8r 9r 5x 6x 7x 8x",
    "9x 10x 11x 5y 6y 7y 8y 9y 10y",
    "11y 12y 13y 14y 11g 6g 7g 8g 9g",
)
NEST = "5g 10g 12x 13x 14x"
BURIED = "rook 5g 10g 13x 14x"
"""South buries the Bird and two greens (trump) with two blacks: sorted with trump, the Bird leads."""


def _script() -> tuple[list[str], GameState]:
    """Commands for four keyboard seats: South takes the bid, buries ``BURIED``, names green; then the
    basic player's cards to the end of the hand.  Also the game after them (in the second hand)."""
    state = GameState(PARTNERSHIP, seed=3, first_deal=make_deal(HANDS, NEST))
    commands = ["bid 70", "pass", "pass", "pass", f"discard {BURIED}", "trump green"]
    for command in commands:
        state.apply(_parsed(command))
    players = [BasicPlayer(seat) for seat in range(4)]
    while state.hand_number == 1:
        seat = state.turn
        action = players[seat].choose(state.view(seat))
        commands.append(str(action))
        state.apply(action, seat)
    return commands, state


def _parsed(command: str) -> Action:
    words = command.split()
    if words[0] == "bid":
        return Bid(int(words[1]))
    if words[0] == "pass":
        return PASS
    if words[0] == "discard":
        return Discard(card_set(" ".join(words[1:])))
    return NameTrump(GREEN)


def test_after_the_last_trick_the_nest_is_sorted_with_the_trump_of_its_hand():
    commands, after = _script()
    assert after.hand_number == 2 and after.trump is None  # the game has moved on to the next hand
    state = GameState(PARTNERSHIP, seed=3, first_deal=make_deal(HANDS, NEST))
    channel = ListChannel()
    ConsoleGame(state, [None] * 4, ScriptedLines(commands), channel).run()
    nest = cards_text(sort_hand(card_set(BURIED), GREEN, PARTNERSHIP))
    assert nest.startswith("rook 10g 5g")  # trump first, the Bird its highest here
    # The points come first: after the cards they would be heard as one more card.
    said = [line for line in channel.lines if re.fullmatch(rf"The nest held \d+ points?: {nest}\.", line)]
    assert said, channel.lines[-12:]


def test_the_last_card_that_trumps_is_said_to_trump():
    """The last card of a hand, played on another color's lead with trump, "trumps": the trump of its hand."""
    commands, after = _script()
    tricks = [event for event in after.events if isinstance(event, TrickTaken)]
    last = tricks[-1]
    rules = PARTNERSHIP
    suit_of = rules.suit_of[GREEN]
    narrator = Announcer(rules, [], Verbosity.TERSE)
    said = [line for event in after.events for line in narrator.event_lines(event)]
    lead, final = last.cards[0], last.cards[-1]
    final_seat = (last.leader + 3) % 4
    name = rules.names[final_seat]
    if suit_of[final] == GREEN and suit_of[lead] != GREEN:
        assert f"{name} trumps {cards_text([final])}." in said
    else:
        assert f"{name} {cards_text([final])}." in said


def test_the_story_knows_only_what_the_events_told():
    _, after = _script()
    story = TrickStory(PARTNERSHIP)
    hand_end = next(i for i, event in enumerate(after.events) if isinstance(event, HandEnded))
    for event in after.events[:hand_end]:
        story.tell(event)
    assert story.trump == GREEN and story.hand_number == 1 and story.bidder == 0
    assert all(not held for held in story.hands)  # every card played
    for event in after.events[hand_end:]:
        story.tell(event)
    assert story.trump is None and story.hand_number == 2
    assert story.hands[0] == set(after.hand(0))


def test_the_beginner_hands_at_the_deal_are_sorted_as_known_at_the_deal():
    """Trump is turned from the nest after the deal: the hands said with the deal are sorted without it."""
    state = GameState(BEGINNER, seed=5)
    narrator = Announcer(BEGINNER, [], Verbosity.NORMAL)
    dealt = [narrator.event_lines(event) for event in state.events]
    assert state.phase is Phase.PLAY and state.trump is not None
    south = next(line for lines in dealt for line in lines if line.startswith("South's hand"))
    expected = cards_text(sort_hand(state.hand(0), None, BEGINNER))
    assert south.endswith(f": {expected}.")
