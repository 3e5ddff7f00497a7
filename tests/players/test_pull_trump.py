"""The rollouts' trump pulling (``SearchBudget.pull_trump``, bench level ``strong-pull``): a side longer in trumps
leads them once it has no sure winner with points to cash."""

from __future__ import annotations

import dataclasses

from rook_access.engine import PARTNERSHIP, mask_of, parse_card, parse_cards
from rook_access.engine.cards import RED
from rook_access.players import make_player
from rook_access.players.search import rollout as rollout_module
from rook_access.players.search.player import STRONG
from rook_access.players.search.rollout import _lead, _lead_pulling_trump, rollout
from rook_access.players.search.tables import trump_tables

TABLES = trump_tables(PARTNERSHIP, RED)
SIDES = PARTNERSHIP.side_of  # South and North (0, 2) against West and East (1, 3)


def hands(south: str, west: str, north: str, east: str) -> list[int]:
    return [mask_of(parse_cards(cards)) for cards in (south, west, north, east)]


def lead(seat_hands: list[int], pull: bool) -> str:
    choose = _lead_pulling_trump if pull else _lead
    card = choose(TABLES, SIDES, seat_hands, 0, seat_hands[0])
    return next(name for name in ("10r", "9r", "8r", "6g", "14g", "7g") if parse_card(name) == card)


def test_the_longer_side_leads_its_highest_trump_where_it_would_lead_a_low_plain_card():
    # South and North hold five trumps, West one (14r, which can trump the green): no sure winner anywhere.
    deal = hands("10r 9r 8r 6g", "14r 5y 6y 7y", "7r 6r 5g 7g", "8y 9y 10y 11y")
    assert lead(deal, pull=False) == "6g"
    assert lead(deal, pull=True) == "10r"


def test_no_pull_when_the_other_side_has_as_many_trumps_or_none():
    even = hands("10r 9r 8r 6g", "14r 13r 12r 7y", "5g 7g 8g 9g", "8y 9y 10y 11y")  # three against three
    assert lead(even, pull=True) == lead(even, pull=False) == "6g"
    none = hands("10r 9r 8r 6g", "5y 6y 7y 12y", "7r 6r 5g 7g", "8y 9y 10y 11y")  # the other side has no trump
    assert lead(none, pull=True) == lead(none, pull=False)


def test_a_sure_winner_with_points_is_cashed_before_trumps_are_pulled():
    # 14g is sure: West must follow green, and East, with no green, has no trump to take it.
    deal = hands("10r 9r 14g 6g", "14r 5g 6y 7y", "7r 6r 8g 7g", "8y 9y 10y 11y")
    assert lead(deal, pull=True) == lead(deal, pull=False) == "14g"


def test_the_rollout_and_the_level_use_it_only_when_asked(monkeypatch):
    calls: list[int] = []
    pulling = rollout_module._lead_pulling_trump

    def recorded(tables, side_of, seat_hands, seat, legal):
        calls.append(seat)
        return pulling(tables, side_of, seat_hands, seat, legal)

    monkeypatch.setattr(rollout_module, "_lead_pulling_trump", recorded)
    deal = hands("10r 9r 8r 6g", "14r 5y 6y 7y", "7r 6r 5g 7g", "8y 9y 10y 11y")
    rollout(TABLES, SIDES, list(deal), 0, [], 0)
    assert not calls
    rollout(TABLES, SIDES, list(deal), 0, [], 0, pull_trump=True)
    assert calls and calls[0] == 0
    strong = make_player("strong", 1).budget  # type: ignore[attr-defined]  # a search player's budget
    assert make_player("strong-pull", 1).budget == dataclasses.replace(strong, pull_trump=True)  # type: ignore[attr-defined]
    assert not STRONG.pull_trump
