"""Every message a client is sent over a whole online game, read back as the client reads it, names no card of
another hand before the rules show that card (issue 19): checked against the rule-book oracle of the visibility
tests, message by message, with the table's true events."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from rook_access.engine import Discard, Play
from rook_access.engine.cards import card_name, cards_in
from rook_access.engine.games import find_game
from rook_access.engine.notation import action_from_json
from rook_access.engine.state import DiscardChoices, SeatView
from rook_access.engine.visibility import seen_by
from rook_access.engine.wire import WireContext, from_wire, to_wire
from rook_access.saves import GameSetup
from tests.engine.test_visibility import ORACLES, Known, _cards_held
from tests.net.players import NetClient, game_over
from tests.net.test_server import PARTNERSHIP, running


def _view_cards(view: SeatView) -> set[str]:
    """Every card a trick seat's view names."""
    cards = [*view.hand, *view.nest_taken, *view.nest_discarded, *view.trick, *view.trump_turned, *view.center_taken]
    cards += [card for trick in view.tricks for card in (*trick.cards, *trick.nest)]
    cards += [card for _, shown in view.shown for card in shown]
    if view.trump_cut is not None:
        cards.append(view.trump_cut)
    if isinstance(view.legal, DiscardChoices):
        cards += cards_in(view.legal.hand)  # a set of cards, as a mask
    else:
        for action in view.legal:
            if isinstance(action, Play):
                cards.append(action.card)
            elif isinstance(action, Discard):
                cards += action.cards
    return {card_name(card) for card in cards}


def _legal_cards(legal: list[Any]) -> set[str]:
    named = set()
    for data in legal:
        _, action = action_from_json(data)
        if isinstance(action, Play):
            named.add(card_name(action.card))
        elif isinstance(action, Discard):
            named |= {card_name(card) for card in action.cards}
    return named


TWO = {**PARTNERSHIP, "game": "two", "seats": ["human", "human"]}
"""The 2-player game: its dummy is played by the player who did not win the bid, who is sent its view."""


@pytest.mark.parametrize("create", [PARTNERSHIP, TWO], ids=["partnership", "two"])
def test_no_message_names_a_card_before_the_rules_show_it(create: dict[str, Any]):
    async def test() -> None:
        async with running() as (server, port):
            anna, ben = await NetClient.open(port, 1), await NetClient.open(port, 2)
            await anna.send(create)
            code = (await anna.expect("seated"))["code"]
            await ben.send({"type": "join", "code": code, "name": "Ben"})
            await ben.expect("seated")
            watcher = await NetClient.open(port, 3)
            await watcher.send({"type": "watch", "code": code})
            await watcher.expect("watching")
            watching = asyncio.ensure_future(watcher.play_until(game_over))
            await asyncio.gather(anna.play_until(game_over), ben.play_until(game_over), watching)
            table = server.rooms[code].table
            sent = [_check(client, table.state.events, table.setup) for client in (anna, ben, watcher)]
            if create is TWO:  # one of the two played the dummy, and was sent its view on its turns
                assert sent[0] or sent[1]

    asyncio.run(asyncio.wait_for(test(), 240))


def _check(client: NetClient, true_events: Any, setup: GameSetup) -> list[int]:
    """Walk the client's messages beside the table's true events: each update's events must be the next ones
    the seat may see, and no card in the update (its events, view and legal actions) may be one the oracle
    says the seat has not been shown by then."""
    seat = client.seat
    game = find_game(setup.variant)
    context = WireContext.for_table(game, setup.table_setup())
    oracle = ORACLES[game.family]
    known: Known = {each: set() for each in [*range(len(setup.seats)), None]}
    position = 0  # the true events gone through
    updates = 0
    views_sent: list[int] = []
    for text in client.texts:
        message = json.loads(text)
        if message["type"] != "update":
            continue
        updates += 1
        received = [from_wire(data, context) for data in message["events"]]
        for event in received:
            # The next true event this seat may see is this one (nothing skipped, nothing out of order).
            while True:
                assert position < len(true_events), f"seat {seat} was sent {event}, which never happened"
                true = true_events[position]
                position += 1
                oracle(true, known)
                shown = seen_by(true, seat)
                if shown is not None:
                    assert to_wire(event) == to_wire(shown), (seat, event, shown)
                    break
        named = set().union(*(_cards_held(event) for event in received)) if received else set()
        if "view" in message:
            view = from_wire(message["view"], context)
            assert view.seat == seat
            named |= _view_cards(view)
        for key, data in message.get("views", {}).items():  # the dummy's, to the player who plays it
            other = from_wire(data, context)
            assert other.seat == int(key) != seat and other.controller(other.seat) == seat
            views_sent.append(other.seat)
            named |= _view_cards(other)
        named |= _legal_cards(message.get("legal", []))
        for item in message.get("choices", []):  # the bidder's discard, as the rule: any count of these cards
            assert item["seat"] == seat and item["choices"]["$"] == "tricks.DiscardChoices"
            named |= {card_name(card) for card in item["choices"]["hand"]}
        leaked = named - known[seat]
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} before the rules showed them"
    assert updates > 10
    if setup.variant == "two" and client.seat is not None:
        dummy = context.rules.dummy_seat if context.rules is not None else None
        assert set(views_sent) <= {dummy}
    return views_sent
