"""The hint lines shown in docs/playing.md are what the program says in those positions."""

from __future__ import annotations

import dataclasses
import math

from rook_access.announcer.hints import hint_line
from rook_access.announcer.review import review_lines
from rook_access.announcer.why import why_line
from rook_access.engine import PARTNERSHIP, PASS, Bid, Discard, GameState, NameTrump, Play, parse_card, parse_color
from rook_access.players import BasicPlayer
from rook_access.players.search.player import STRONG, SearchPlayer
from rook_access.players.search.review import review_decisions
from tests.announcer.test_hint import HINTER
from tests.helpers import REPOSITORY
from tests.helpers.hands import card_set, west_leads_yellow, west_leads_yellow_trick

GUIDE = REPOSITORY / "docs" / "playing.md"


def test_the_guide_s_hint_samples_are_real():
    state = west_leads_yellow()
    said = [hint_line(state.view(1), HINTER)]
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    said.append(hint_line(state.view(1), HINTER))
    said.append(hint_line(west_leads_yellow_trick().view(0), HINTER))
    guide = GUIDE.read_text(encoding="utf-8")
    for line in said:
        assert f"    {line}\n" in guide, line


def test_the_guide_s_why_and_review_samples_are_real():
    steady = dataclasses.replace(STRONG, deadline=math.inf)

    def why(view, player):
        return why_line(view, player.choose(view), player.advise(view))

    trick = west_leads_yellow_trick().view(0)
    said = [why(trick, SearchPlayer(0, steady)), why(trick, BasicPlayer(0))]
    state = west_leads_yellow()
    said.append(why(state.view(1), SearchPlayer(0, steady)))
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    said.append(why(state.view(1), SearchPlayer(0, steady)))
    state.apply(Discard(card_set("5g 6g 7x 8x 9r")), 1)
    steps = [(state.view(1), NameTrump(parse_color("green"))), (trick, Play(parse_card("7y")))]
    said += review_lines(1, review_decisions(steps, HINTER))
    guide = GUIDE.read_text(encoding="utf-8")
    for line in said:
        assert f"    {line}\n" in guide, line
    # The basic player's line on its partner's trick: from a whole hand of basic players, seed 1.
    game = GameState(PARTNERSHIP.replace(hands_limit=1), seed=1)
    players = [BasicPlayer(seat) for seat in range(4)]
    lines = []
    while not game.is_over:
        view = game.view(game.turn)
        advice = players[game.turn].advise(view)
        lines.append(why_line(view, advice.action, advice))
        game.apply(advice.action, game.turn)
    assert "West played 14y: its partner East's 14x was winning the trick, so it gave 10 points." in lines
    assert "    West played 14y: its partner East's 14x was winning the trick, so it gave 10 points.\n" in guide
