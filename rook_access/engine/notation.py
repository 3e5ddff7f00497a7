"""The one JSON notation of every game's actions and events: records and saves alike.

An action is saved as a small object naming the seat that took it and one
kind of action, with its value: ``{"seat": 1, "bid": 75}``.  An event is a
line of a ``--record`` file: an object whose ``event`` names it, with cards in
the card notation and seats and sides as integers.

Each family registers its own values here, once: ``register_action`` (the
type, its key, how its value is written and read back) and
``register_event`` (the type and how it is written).  The trick-taking
and patience families' are registered below; another family adds its own the
same way, here or from its own module, and records and saves take them
without a change.  A game's first event is written as a ``game_start`` line:
the record adds the table's seats and seed to it.

    >>> from .actions import Play
    >>> from .cards import parse_card
    >>> action_to_json(2, Play(parse_card("14r")))
    {'seat': 2, 'play': '14r'}
    >>> action_from_json({"seat": 1, "trump": "red"})
    (1, NameTrump(color=0))
    >>> action_text(0, Bid(75))
    '{"seat":0,"bid":75}'
    >>> event_to_json(BidMade(3, None))
    {'event': 'bid', 'seat': 3, 'amount': None}

The patience games' actions and events are written the same way:

    >>> action_to_json(0, solitaire.Move(parse_card("7r"), 3))
    {'seat': 0, 'move': {'card': '7r', 'pile': 3}}
    >>> action_from_json({"seat": 0, "build": "2g"})
    (0, Build(card=43, color=3))
    >>> action_text(0, solitaire.UNDO), action_text(0, clock.STEP)
    ('{"seat":0,"undo":true}', '{"seat":0,"step":true}')
    >>> event_to_json(clock.ClockOver(7, False, 12))
    {'event': 'clock_over', 'blocked_at': 7, 'came_out': False, 'face_down': 12}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from . import clock, donkey, doubt, match, panjandrum, patience_deck, solitaire, tuxedo
from .actions import CHECK, PASS, Bid, Check, Discard, NameTrump, Pass, Play
from .cards import (
    COLOR_NAMES,
    Card,
    CardNotationError,
    card_name,
    parse_card,
    parse_color,
)
from .errors import RookError
from .events import (
    BidMade,
    BidWon,
    CardPlayed,
    CenterTaken,
    Checked,
    Dealt,
    GameEnded,
    GameStarted,
    HandDisplayed,
    HandEnded,
    NestDiscarded,
    NestTaken,
    OddCardsTaken,
    TeamsFormed,
    ThrownIn,
    TricksCut,
    TrickTaken,
    TrumpCut,
    TrumpNamed,
    TrumpTurned,
)

JsonObject = dict[str, Any]
"""A JSON object as Python reads and writes it."""


class NotationError(RookError):
    """A JSON object that is not an action of any game; the message says why, in a few words.

    >>> action_from_json({"seat": 0, "juggle": True})
    Traceback (most recent call last):
    ...
    rook_access.engine.notation.NotationError: a saved action is of an unknown kind
    """


@dataclass(frozen=True)
class ActionForm:
    """How one type of action is written: ``{"seat": N, key: encode(action)}``.

    ``decode`` reads the value back into the action; it returns None for a
    value of the wrong JSON type, and may raise ``NotationError`` (or
    ``CardNotationError``, for a card or color it cannot read).

    >>> _ACTION_BY_KEY["bid"].kind.__name__, _ACTION_BY_KEY["bid"].encode(Bid(80))
    ('Bid', 80)
    """

    kind: type
    key: str
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any | None]


_ACTION_BY_TYPE: dict[type, ActionForm] = {}
_ACTION_BY_KEY: dict[str, ActionForm] = {}
_EVENT_BY_TYPE: dict[type, Callable[[Any], JsonObject]] = {}


def register_action(kind: type, key: str, encode: Callable[[Any], Any], decode: Callable[[Any], Any | None]) -> None:
    """Give actions of type ``kind`` their JSON form under ``key`` (one key per type, never reused).

    >>> register_action(Bid, "raise", lambda action: action.amount, lambda value: None)
    Traceback (most recent call last):
    ...
    ValueError: the action key 'raise' or the type Bid is taken
    """
    if key == "seat" or key in _ACTION_BY_KEY or kind in _ACTION_BY_TYPE:
        raise ValueError(f"the action key {key!r} or the type {kind.__name__} is taken")
    form = ActionForm(kind, key, encode, decode)
    _ACTION_BY_TYPE[kind] = form
    _ACTION_BY_KEY[key] = form


def register_event(kind: type, encode: Callable[[Any], JsonObject]) -> None:
    """Give events of type ``kind`` their record line: ``encode(event)`` is a JSON object with ``event``.

    >>> register_event(BidMade, lambda event: {"event": "bid"})
    Traceback (most recent call last):
    ...
    ValueError: the event type BidMade is taken
    """
    if kind in _EVENT_BY_TYPE:
        raise ValueError(f"the event type {kind.__name__} is taken")
    _EVENT_BY_TYPE[kind] = encode


def action_to_json(seat: int, action: object) -> JsonObject:
    """One action as its small JSON object, like ``{"seat": 0, "bid": 75}``.

    >>> action_to_json(1, PASS)
    {'seat': 1, 'pass': True}
    """
    form = _ACTION_BY_TYPE.get(type(action))
    if form is None:
        raise TypeError(f"not an action: {action!r}")
    return {"seat": seat, form.key: form.encode(action)}


def action_text(seat: int, action: object) -> str:
    """``action_to_json`` already encoded, compactly (every name in it is plain ASCII).

    The actions of a whole game of cards are written this way on every save,
    so the common three are written without ``json``.

    >>> action_text(2, NameTrump(1))
    '{"seat":2,"trump":"black"}'
    """
    kind = type(action)
    if kind is Play:
        assert isinstance(action, Play)
        return f'{{"seat":{seat},"play":"{card_name(action.card)}"}}'
    if kind is Bid:
        assert isinstance(action, Bid)
        return f'{{"seat":{seat},"bid":{action.amount}}}'
    if kind is Pass:
        return f'{{"seat":{seat},"pass":true}}'
    return json.dumps(action_to_json(seat, action), separators=(",", ":"))


def action_from_json(data: Any) -> tuple[int, Any]:
    """The seat and action of an action object; ``NotationError`` if it is malformed.

    >>> action_from_json({"seat": 0, "bid": 90})
    (0, Bid(amount=90))
    """
    if not isinstance(data, dict) or "seat" not in data or len(data) != 2:
        raise NotationError("a saved action is not a seat and one action")
    seat = data["seat"]
    if not _is_int(seat):
        raise NotationError("a saved action's seat is not a seat number")
    key = next(name for name in data if name != "seat")
    form = _ACTION_BY_KEY.get(key)
    if form is None:
        raise NotationError("a saved action is of an unknown kind")
    try:
        action = form.decode(data[key])
    except CardNotationError:
        raise NotationError(f"a saved {key} names no card or color") from None
    if action is None:
        raise NotationError(f"a saved {key} has a value of the wrong type")
    return seat, action


def event_to_json(event: object) -> JsonObject:
    """One event as the JSON object of its ``--record`` line.

    >>> event_to_json(BidWon(2, 90))
    {'event': 'bid_won', 'seat': 2, 'amount': 90}
    """
    encode = _EVENT_BY_TYPE.get(type(event))
    if encode is None:
        raise TypeError(f"not an event: {event!r}")
    return encode(event)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card_name(card) for card in cards]


# ------------------------------------------------------- the trick-taking family
def _read_discard(value: Any) -> Discard | None:
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        return None
    cards = [parse_card(text) for text in value]
    if len(set(cards)) != len(cards):
        raise NotationError("a saved discard names a card twice")
    return Discard(frozenset(cards))


register_action(Bid, "bid", lambda action: action.amount, lambda value: Bid(value) if _is_int(value) else None)
register_action(Pass, "pass", lambda action: True, lambda value: PASS if value is True else None)
register_action(Check, "check", lambda action: True, lambda value: CHECK if value is True else None)
register_action(Discard, "discard", lambda action: _names(tuple(sorted(action.cards))), _read_discard)
register_action(
    NameTrump,
    "trump",
    lambda action: COLOR_NAMES[action.color],
    lambda value: NameTrump(parse_color(value)) if isinstance(value, str) else None,
)
register_action(
    Play,
    "play",
    lambda action: card_name(action.card),
    lambda value: Play(parse_card(value)) if isinstance(value, str) else None,
)


def _game_started(event: GameStarted) -> JsonObject:
    return {
        "event": "game_start",
        "variant": event.variant,
        "players": event.players,
        "sides": None if event.sides is None else [list(side) for side in event.sides],
        "target": event.target,
        "hands": event.hands,
        "scoring": event.scoring,
        "seat_names": list(event.seat_names),
        **dict(event.options),
    }


def _dealt(event: Dealt) -> JsonObject:
    record: JsonObject = {
        "event": "deal",
        "hand": event.hand,
        "dealer": event.dealer,
        "hands": [_names(cards) for cards in event.hands],
        "nest": _names(event.nest),
    }
    if event.aside:
        record["aside"] = _names(event.aside)
    if event.face_up:
        record["face_up"] = _names(event.face_up)
    return record


def _trick_taken(event: TrickTaken) -> JsonObject:
    return {
        "event": "trick",
        "number": event.number,
        "leader": event.leader,
        "cards": _names(event.cards),
        "winner": event.winner,
        "points": event.points,
    }


def _hand_ended(event: HandEnded) -> JsonObject:
    record: JsonObject = {
        "event": "hand_end",
        "hand": event.hand,
        "bidder": event.bidder,
        "bid": event.bid,
        "made": event.made,
        "counters": list(event.counters),
        "score_change": list(event.score_change),
        "scores": list(event.scores),
    }
    if event.teams_vary:  # the foundation's partnership record keeps exactly its keys
        record["teams"] = [list(team) for team in event.teams]
        record["taken"] = list(event.taken)
    if event.bonus:
        record["bonus"] = event.bonus
    if event.tricks:  # only where the team with most tricks gets a bonus
        record["tricks"] = list(event.tricks)
        record["most_tricks"] = event.most_tricks
    return record


register_event(GameStarted, _game_started)
register_event(Dealt, _dealt)
register_event(BidMade, lambda event: {"event": "bid", "seat": event.seat, "amount": event.amount})
register_event(Checked, lambda event: {"event": "check", "seat": event.seat})
register_event(
    TrumpTurned,
    lambda event: {"event": "trump_turned", "cards": _names(event.cards), "color": COLOR_NAMES[event.color]},
)
register_event(TeamsFormed, lambda event: {"event": "teams", "teams": [list(team) for team in event.teams]})
register_event(ThrownIn, lambda event: {"event": "thrown_in", "hand": event.hand, "dealer": event.dealer})
register_event(BidWon, lambda event: {"event": "bid_won", "seat": event.seat, "amount": event.amount})
register_event(NestTaken, lambda event: {"event": "nest_taken", "seat": event.seat, "cards": _names(event.cards)})
register_event(
    NestDiscarded, lambda event: {"event": "nest", "seat": event.seat, "discarded": _names(event.cards)}
)
register_event(TrumpNamed, lambda event: {"event": "trump", "seat": event.seat, "color": COLOR_NAMES[event.color]})
register_event(CardPlayed, lambda event: {"event": "play", "seat": event.seat, "card": card_name(event.card)})
register_event(TrickTaken, _trick_taken)
register_event(
    OddCardsTaken,
    lambda event: {
        "event": "odd_cards",
        "winner": event.winner,
        "seats": list(event.seats),
        "cards": _names(event.cards),
        "points": event.points,
    },
)
register_event(
    TricksCut,
    lambda event: {"event": "cut", "cards": _names(event.cards), "totals": list(event.totals), "winner": event.winner},
)
register_event(
    HandDisplayed,
    lambda event: {"event": "display", "seat": event.seat, "player": event.player, "cards": _names(event.cards)},
)
register_event(HandEnded, _hand_ended)
register_event(GameEnded, lambda event: {"event": "game_end", "winner": event.winner, "scores": list(event.scores)})
register_event(
    TrumpCut,
    lambda event: {
        "event": "trump_cut", "seat": event.seat, "card": card_name(event.card), "color": COLOR_NAMES[event.color],
    },
)
register_event(
    CenterTaken,
    lambda event: {"event": "center_taken", "seat": event.seat, "cards": _names(event.cards), "points": event.points},
)


# --------------------------------------------------------- the patience family
def _read_move(value: Any) -> solitaire.Move | None:
    if not isinstance(value, dict) or set(value) != {"card", "pile"}:
        return None
    card, pile = value["card"], value["pile"]
    if not isinstance(card, str) or not _is_int(pile):
        return None
    return solitaire.Move(parse_card(card), pile)


register_action(
    solitaire.Move,
    "move",
    lambda action: {"card": card_name(action.card), "pile": action.pile},
    _read_move,
)
register_action(
    solitaire.Build,
    "build",
    lambda action: card_name(action.card),
    lambda value: solitaire.build(parse_card(value)) if isinstance(value, str) else None,
)
register_action(
    solitaire.Resign, "resign", lambda action: True, lambda value: solitaire.RESIGN if value is True else None
)
register_action(solitaire.Undo, "undo", lambda action: True, lambda value: solitaire.UNDO if value is True else None)
register_action(clock.Step, "step", lambda action: True, lambda value: clock.STEP if value is True else None)
for _solitaire_event in (
    solitaire.CardTurned,
    solitaire.FourteenToBottom,
    solitaire.FourteenRests,
    solitaire.OneStartsBuilding,
    solitaire.RunMoved,
    solitaire.CardBuilt,
    solitaire.PileVacant,
    solitaire.SolitaireOver,
    solitaire.MoveUndone,
):
    register_event(_solitaire_event, solitaire.event_to_json)
register_event(clock.ClockCardPlaced, clock.event_to_json)
register_event(clock.ClockOver, clock.event_to_json)
register_event(patience_deck.PatienceDealt, patience_deck.dealt_to_json)

__all__ = [
    "ActionForm",
    "JsonObject",
    "NotationError",
    "action_from_json",
    "action_text",
    "action_to_json",
    "event_to_json",
    "register_action",
    "register_event",
]


# ------------------------------------------------------------ the match family
register_action(match.Turn, "turn", lambda action: True, lambda value: match.TURN if value is True else None)
register_event(
    match.MatchStarted,
    lambda event: {
        "event": "game_start", "variant": "match", "players": len(event.names), "seat_names": list(event.names),
        "dealer": event.dealer, "colors": event.colors, "hands": [_names(hand) for hand in event.hands],
    },
)  # fmt: skip
register_event(
    match.CardTurned,
    lambda event: {
        "event": "turn", "seat": event.seat, "card": card_name(event.card), "pile": event.pile, "size": event.size,
        "matched": event.matched,
    },
)  # fmt: skip
register_event(
    match.PileTaken,
    lambda event: {
        "event": "pile_taken", "seat": event.seat, "card": card_name(event.card), "first": card_name(event.first),
        "pile": event.pile, "cards": _names(event.cards), "holding": event.holding, "piles_left": event.piles_left,
    },
)  # fmt: skip
register_event(match.PlayerOut, lambda event: {"event": "out", "seat": event.seat, "left": event.left})
register_event(match.LastPiles, lambda event: {"event": "last_piles", "seats": list(event.seats), "piles": event.piles})
register_event(
    match.MatchOver,
    lambda event: {
        "event": "match_over", "counts": list(event.counts), "winners": list(event.winners),
        "left_on_table": _names(event.left_on_table), "reason": event.reason,
    },
)  # fmt: skip


# ------------------------------------------------------------ the donkey family
register_action(
    donkey.Pass,
    "pass_card",
    lambda action: card_name(action.card),
    lambda value: donkey.Pass(parse_card(value)) if isinstance(value, str) else None,
)
register_action(donkey.Fold, "fold", lambda action: True, lambda value: donkey.FOLD if value is True else None)
register_event(
    donkey.DonkeyStarted,
    lambda event: {
        "event": "game_start", "variant": "donkey", "players": len(event.names), "seat_names": list(event.names),
        "dealer": event.dealer, "hands": [_names(hand) for hand in event.hands],
    },
)  # fmt: skip
register_event(donkey.CardChosen, lambda event: {"event": "card_chosen", "seat": event.seat, "round": event.round})
register_event(donkey.CardsPassed, lambda event: {"event": "cards_passed", "round": event.round})
register_event(
    donkey.CardPassed,
    lambda event: {
        "event": "card_passed", "seat": event.seat, "to": event.to, "card": card_name(event.card),
        "round": event.round,
    },
)  # fmt: skip
register_event(
    donkey.FourOfAKind,
    lambda event: {"event": "four_of_a_kind", "seat": event.seat, "number": event.number, "round": event.round},
)
register_event(
    donkey.Folded, lambda event: {"event": "fold", "seat": event.seat, "place": event.place, "number": event.number}
)
register_event(
    donkey.DonkeyOver,
    lambda event: {
        "event": "donkey_over", "winners": list(event.winners), "donkey": event.donkey, "folds": list(event.folds),
        "rounds": event.rounds, "reason": event.reason,
    },
)  # fmt: skip


# ------------------------------------------------------------ the panjandrum family
def _truth(value: Any, action: Any) -> Any | None:
    return action if value is True else None


def _slips(slips: tuple[panjandrum.Slip, ...]) -> list[JsonObject]:
    return [{"mistake": slip.mistake.name.lower(), "card": card_name(slip.card)} for slip in slips]


def _slip(slip: panjandrum.Slip | None) -> JsonObject | None:
    return None if slip is None else _slips((slip,))[0]


register_action(panjandrum.Lift, "lift", lambda action: True, lambda value: _truth(value, panjandrum.LIFT))
register_action(panjandrum.Build, "to_building", lambda action: True, lambda value: _truth(value, panjandrum.BUILD))
register_action(
    panjandrum.OnDelay, "on_delay", lambda action: action.seat,
    lambda value: panjandrum.OnDelay(value) if _is_int(value) else None,
)  # fmt: skip
register_action(panjandrum.Call, "panjandrum", lambda action: True, lambda value: _truth(value, panjandrum.CALL))
register_action(panjandrum.LetGo, "let_go", lambda action: True, lambda value: _truth(value, panjandrum.LET_GO))
register_event(
    panjandrum.PanjandrumStarted,
    lambda event: {
        "event": "game_start", "variant": "panjandrum", "players": len(event.names),
        "seat_names": list(event.names), "dealer": event.dealer, "hands": [_names(hand) for hand in event.hands],
    },
)  # fmt: skip
register_event(
    panjandrum.Lifted,
    lambda event: {"event": "lift", "seat": event.seat, "card": card_name(event.card), "mistake": _slip(event.slip)},
)
register_event(
    panjandrum.CardPlayed,
    lambda event: {
        "event": "play", "seat": event.seat, "card": card_name(event.card), "lifted": event.lifted,
        "to": "building" if event.to is None else event.to,
        "onto": None if event.onto is None else card_name(event.onto), "mistake": _slip(event.slip),
    },
)  # fmt: skip
register_event(
    panjandrum.DelayTurnedOver, lambda event: {"event": "delay_turned_over", "seat": event.seat, "size": event.size}
)
register_event(
    panjandrum.PanjandrumCalled,
    lambda event: {
        "event": "panjandrum", "caller": event.caller, "accused": event.accused, "right": event.right,
        "mistakes": _slips(event.slips), "penalized": event.penalized,
        "gifts": [{"seat": giver, "cards": count} for giver, count in event.gifts], "holding": event.holding,
    },
)  # fmt: skip
register_event(panjandrum.CallLetGo, lambda event: {"event": "no_call", "accused": event.accused})
register_event(
    panjandrum.PanjandrumOver,
    lambda event: {
        "event": "panjandrum_over", "winners": list(event.winners), "counts": list(event.counts),
        "reason": event.reason,
    },
)  # fmt: skip


# ----------------------------------------------------------- the tuxedo family
def _read_card_action(kind: Callable[[Card], Any]) -> Callable[[Any], Any | None]:
    return lambda value: kind(parse_card(value)) if isinstance(value, str) else None


def _read_tuxedo_build(value: Any) -> tuxedo.Build | None:
    if not isinstance(value, dict) or set(value) != {"card", "on"}:
        return None
    card, on = value["card"], value["on"]
    if not isinstance(card, str) or not isinstance(on, str):
        return None
    return tuxedo.Build(parse_card(card), parse_card(on))


register_action(tuxedo.Take, "take", lambda action: card_name(action.card), _read_card_action(tuxedo.Take))
register_action(tuxedo.Lay, "lay_card", lambda action: card_name(action.card), _read_card_action(tuxedo.Lay))
register_action(
    tuxedo.Build, "build_on", lambda action: {"card": card_name(action.card), "on": card_name(action.on)},
    _read_tuxedo_build,
)  # fmt: skip
register_action(tuxedo.Orange, "orange", lambda action: True, lambda value: tuxedo.ORANGE if value is True else None)
register_action(
    tuxedo.NoOrange, "no_orange", lambda action: True, lambda value: tuxedo.NO_ORANGE if value is True else None
)
register_event(
    tuxedo.TuxedoStarted,
    lambda event: {
        "event": "game_start", "variant": "tuxedo", "players": len(event.names), "seat_names": list(event.names),
        "dealer": event.dealer, "target": event.target,
    },
)  # fmt: skip
register_event(
    tuxedo.DealStarted,
    lambda event: {
        "event": "deal", "deal": event.deal, "dealer": event.dealer, "hands": [_names(hand) for hand in event.hands],
        "centre": _names(event.centre), "pack_left": event.pack_left,
    },
)  # fmt: skip
register_event(
    tuxedo.Redealt,
    lambda event: {
        "event": "redeal", "hands": [_names(hand) for hand in event.hands], "to_centre": _names(event.to_centre),
        "pack_left": event.pack_left,
    },
)  # fmt: skip
register_event(
    tuxedo.Captured,
    lambda event: {
        "event": "capture", "seat": event.seat, "card": card_name(event.card),
        "groups": [_names(group) for group in event.groups], "sweep": event.sweep,
    },
)  # fmt: skip
register_event(tuxedo.Laid, lambda event: {"event": "laid", "seat": event.seat, "card": card_name(event.card)})
register_event(
    tuxedo.Built,
    lambda event: {
        "event": "build", "seat": event.seat, "card": card_name(event.card), "on": _names(event.on),
        "value": event.value, "rebuilt": event.rebuilt,
    },
)  # fmt: skip
register_event(
    tuxedo.OrangeCalled,
    lambda event: {
        "event": "orange", "seat": event.seat, "capturer": event.capturer, "right": event.right,
        "points": event.points,
    },
)  # fmt: skip
register_event(tuxedo.OrangeMissed, lambda event: {"event": "orange_missed", "capturer": event.capturer})
register_event(
    tuxedo.CentreLeft, lambda event: {"event": "centre_left", "seat": event.seat, "cards": _names(event.cards)}
)
register_event(
    tuxedo.DealCounted,
    lambda event: {
        "event": "deal_counted", "deal": event.deal, "totals": list(event.totals),
        "counts": [
            {"cards": count.cards, "most": count.most, "oranges": count.oranges, "wrong": count.wrong,
             "big": count.big, "little": count.little, "fives": count.fives, "points": count.points}
            for count in event.counts
        ],
    },
)  # fmt: skip
register_event(
    tuxedo.TuxedoOver,
    lambda event: {
        "event": "tuxedo_over", "totals": list(event.totals), "winners": list(event.winners), "deals": event.deals,
    },
)  # fmt: skip
# ------------------------------------------------------------ the doubt family (I Doubt It)
register_action(doubt.Lay, "face_down", lambda action: card_name(action.card), lambda value: _lay_from(value))
register_action(doubt.Doubt, "doubt", lambda action: True, lambda value: doubt.DOUBT if value is True else None)
register_action(doubt.LetGo, "undoubted", lambda action: True, lambda value: doubt.LET_GO if value is True else None)


def _lay_from(value: Any) -> doubt.Lay | None:
    try:
        return doubt.Lay(parse_card(value)) if isinstance(value, str) else None
    except CardNotationError:
        return None


register_event(
    doubt.DoubtStarted,
    lambda event: {
        "event": "game_start", "variant": doubt.NAME, "players": len(event.names), "seat_names": list(event.names),
        "dealer": event.dealer, "hands": [_names(hand) for hand in event.hands],
    },
)  # fmt: skip
register_event(
    doubt.CardLaid,
    lambda event: {
        "event": "laid", "seat": event.seat, "card": card_name(event.card), "called": event.called,
        "holding": event.holding, "pile": event.pile,
    },
)  # fmt: skip
register_event(
    doubt.Doubted,
    lambda event: {
        "event": "doubted", "doubter": event.doubter, "seat": event.seat, "card": card_name(event.card),
        "called": event.called, "true": event.true, "taker": event.taker, "cards": _names(event.cards),
        "holding": event.holding,
    },
)  # fmt: skip
register_event(doubt.LetPass, lambda event: {"event": "let_pass", "seat": event.seat, "called": event.called})
register_event(
    doubt.DoubtOver,
    lambda event: {
        "event": "doubt_over", "winners": list(event.winners), "counts": list(event.counts),
        "points": list(event.points), "left_in_centre": _names(event.left_in_centre), "reason": event.reason,
    },
)  # fmt: skip
