"""The wire codec (engine.wire): every family's events, actions and views go to JSON and come back equal,
and nothing but a registered value, or a ``WireError``, ever comes out of a message."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rook_access.engine import wire
from rook_access.engine.actions import Bid, Discard, Play
from rook_access.engine.events import CardPlayed, TrickTaken
from rook_access.engine.games import GAMES, find_game, table_setup
from rook_access.engine.protocol import GameDescription, GameState, TableSetup
from rook_access.engine.rules import RuleSet
from rook_access.engine.state import DiscardChoices, Phase, SeatView
from rook_access.engine.visibility import FaceDownLaid, Unseen, seen_by
from rook_access.engine.wire import (
    MAX_DEPTH,
    MAX_INT,
    MAX_MESSAGE_BYTES,
    MAX_NODES,
    MAX_STRING,
    TAG,
    WireContext,
    WireError,
    decode_message,
    encode_message,
    from_wire,
    register_type,
    registered_types,
    to_wire,
)

NO_CONTEXT = WireContext()


def _tables() -> list[tuple[str, int | None]]:
    """Every game at every table size it is played at (None: its one size)."""
    tables: list[tuple[str, int | None]] = []
    for name, game in GAMES.items():
        if any(option.name == "players" for option in game.options):
            tables.extend((name, players) for players in game.seat_counts)
        else:
            tables.append((name, None))
    return tables


TABLES = _tables()


def _setup(name: str, players: int | None, seed: int) -> TableSetup:
    return table_setup(name, {} if players is None else {"players": players}, seed=seed)


@dataclasses.dataclass
class Played:
    """What a random game showed: the context of its table, and every value that would go on the wire."""

    context: WireContext
    values: list[Any]


def _play(name: str, players: int | None, seed: int, steps: int, view_every: int) -> Played:
    """A game of seeded random legal actions: its actions, a legal-action collection now and then, every
    seat's view every ``view_every`` actions and at the end, and all its events."""
    game: GameDescription = GAMES[name]
    setup = _setup(name, players, seed)
    state: GameState = game.start(setup, None)
    random_ = random.Random(seed)
    values: list[Any] = []
    for step in range(steps):
        if state.is_over:
            break
        seat = random_.choice(state.seats_to_act())
        legal = state.legal_actions(seat)
        action = random_.choice(list(legal))
        values.append(action)
        if isinstance(legal, DiscardChoices):
            values.append(legal)
        state.apply(action, seat)
        if step % view_every == 0:
            values.extend(state.view(seat) for seat in range(state.seat_count))
    values.extend(state.view(seat) for seat in range(state.seat_count))
    values.extend(state.events)
    for seat in [*range(state.seat_count), None]:  # as each seat and a spectator are sent them
        values.extend(shown for event in state.events if (shown := seen_by(event, seat)) is not None)
    values.extend(state.standings())
    return Played(WireContext.for_table(game, setup), values)


def _same(first: Any, second: Any) -> bool:
    """Equal values, taking ``DiscardChoices`` (which has no ``==``) as equal by hand and count."""
    if isinstance(first, DiscardChoices):
        return isinstance(second, DiscardChoices) and (first.hand, first.count) == (second.hand, second.count)
    if isinstance(first, Unseen):
        return isinstance(second, Unseen) and len(first) == len(second)
    if dataclasses.is_dataclass(first) and not isinstance(first, type):
        return type(first) is type(second) and all(
            _same(getattr(first, field.name), getattr(second, field.name)) for field in dataclasses.fields(first)
        )
    if isinstance(first, tuple):
        return type(second) is tuple and len(first) == len(second) and all(map(_same, first, second))
    return type(first) is type(second) and first == second


def _round_trips(played: Played) -> None:
    for value in played.values:
        data = to_wire(value)
        json.dumps(data, allow_nan=False)  # plain JSON
        back = from_wire(data, played.context)
        assert _same(back, value), (value, back)
        assert _same(decode_message(encode_message(value), played.context), value)
        if not isinstance(value, DiscardChoices) and not (
            isinstance(value, SeatView) and isinstance(value.legal, DiscardChoices)
        ):
            assert back == value  # plain equality where the value has it


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize(("name", "players"), TABLES, ids=[f"{name}-{players}" for name, players in TABLES])
def test_every_value_of_a_random_game_of_every_game_and_table_size_comes_back_equal(name, players):
    played = _play(name, players, seed=7, steps=160, view_every=9)
    kinds = {type(value) for value in played.values}
    assert any(dataclasses.is_dataclass(kind) and kind.__name__.endswith("View") for kind in kinds)
    _round_trips(played)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_every_value_of_games_of_any_seed_comes_back_equal(table, seed):
    name, players = table
    _round_trips(_play(name, players, seed, steps=120, view_every=13))


def test_every_family_and_every_kind_of_value_is_covered_by_the_random_games():
    seen: set[type] = set()
    families: set[str] = set()
    for name, players in TABLES:
        played = _play(name, players, seed=3, steps=400, view_every=50)
        for value in played.values:
            seen.update(_types_in(value))
        families.add(GAMES[name].family)
    assert families == {game.family for game in GAMES.values()}
    assert {Bid, Play, Discard, DiscardChoices, SeatView, CardPlayed, TrickTaken} <= seen
    names = {wire.wire_name(kind) for kind in seen if kind in registered_types().values()}
    assert {name.split(".")[0] for name in names} >= {
        "tricks",
        "calls",
        "patience",
        "match",
        "donkey",
        "doubt",
        "panjandrum",
        "tuxedo",
        "table",
    }


def _types_in(value: Any) -> Iterator[type]:
    yield type(value)
    if isinstance(value, tuple):
        for item in value:
            yield from _types_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | RuleSet):
        for field in dataclasses.fields(value):
            yield from _types_in(getattr(value, field.name))


def test_a_trick_view_is_rebuilt_with_the_rules_of_the_table_and_refused_without_them():
    game = find_game("kentucky")
    setup = table_setup("kentucky", {"ones": True, "target": 250}, seed=5)
    state = game.start(setup, None)
    view = state.view(0)
    data = to_wire(view)
    assert "rules" not in data
    assert from_wire(data, WireContext.for_table(game, setup)).rules == view.rules
    with pytest.raises(WireError, match="needs the table's rules"):
        from_wire(data, NO_CONTEXT)
    other = WireContext.for_table(find_game("partnership"), table_setup("partnership"))
    assert from_wire(data, other).rules != view.rules  # the context is the client's to get right


def test_the_context_of_a_game_of_another_family_holds_no_rules():
    assert WireContext.for_table(find_game("tuxedo"), table_setup("tuxedo")).rules is None


def test_a_discard_travels_as_its_sorted_cards_and_comes_back_a_frozenset():
    discard = Discard(frozenset({40, 3, 17}))
    assert to_wire(discard) == {TAG: "tricks.Discard", "cards": [3, 17, 40]}
    assert from_wire(to_wire(discard), NO_CONTEXT) == discard


def test_a_value_of_no_registered_type_is_not_sent():
    for value in ([1, 2], 1.5, {1: 2}, object(), RuleSet, Phase):
        with pytest.raises(WireError, match="the wire carries no"):
            to_wire(value)


# ------------------------------------------------------------------ the registry
@dataclasses.dataclass(frozen=True)
class _Toast:
    """A new event, as a family would add one: no code of its own in the codec."""

    seat: int
    cards: tuple[int, ...]
    words: str | None
    phase: Phase


class _Flavour(enum.Enum):
    SWEET = "sweet"


def test_a_new_frozen_dataclass_or_enum_travels_once_registered_with_no_code_of_its_own():
    register_type("test.Toast", _Toast)
    register_type("test.Flavour", _Flavour)
    toast = _Toast(2, (5, 6), None, Phase.PLAY)
    assert to_wire(toast) == {
        TAG: "test.Toast",
        "seat": 2,
        "cards": [5, 6],
        "words": None,
        "phase": {TAG: "tricks.Phase", "name": "PLAY"},
    }
    assert from_wire(to_wire(toast), NO_CONTEXT) == toast
    assert from_wire(to_wire((_Flavour.SWEET,)), NO_CONTEXT) == (_Flavour.SWEET,)
    with pytest.raises(ValueError, match="taken"):
        register_type("test.Toast", CardPlayed)


@dataclasses.dataclass(frozen=True)
class _Unsendable:
    weight: float


@dataclasses.dataclass(frozen=True)
class _WithList:
    cards: list[int]


@dataclasses.dataclass
class _Mutable:
    seat: int


def test_a_type_whose_fields_cannot_travel_is_refused_when_registered():
    for kind in (_Unsendable, _WithList):
        with pytest.raises(TypeError, match="the wire cannot carry"):
            register_type(f"test.{kind.__name__}", kind)
    with pytest.raises(TypeError, match="not a frozen dataclass"):
        register_type("test.Mutable", _Mutable)
    assert "test.Unsendable" not in registered_types() and "test.Mutable" not in registered_types()


def test_the_families_types_are_named_by_family_and_class_each_once():
    names = registered_types()
    assert names["tricks.CardPlayed"] is CardPlayed
    assert names["panjandrum.CardPlayed"] is not CardPlayed
    assert len(set(names.values())) == len(names)
    assert all(name.count(".") == 1 for name in names)


# ------------------------------------------------------------------ refusals
def _card_played(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {TAG: "tricks.CardPlayed", "seat": 1, "card": 4}
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({TAG: "builtins.eval", "source": "1"}, "there is no type builtins.eval"),
        ({TAG: "os.system", "command": "true"}, "there is no type os.system"),
        ({TAG: 7}, "names no type"),
        ({"seat": 1, "card": 4}, "names no type"),
        ({TAG: "tricks.CardPlayed", "seat": 1}, "lacks the field card"),
        (_card_played(extra=1), "has no field extra"),
        (_card_played(card="4"), "tricks.CardPlayed.card is not a whole number"),
        (_card_played(card=True), "tricks.CardPlayed.card is not a whole number"),
        (_card_played(card=None), "is not a whole number"),
        (_card_played(card=[4]), "is not a whole number"),
        (_card_played(card={TAG: "tricks.Phase", "name": "PLAY"}), "is not a whole number"),
        ({TAG: "tricks.Phase", "name": "JUGGLE"}, "tricks.Phase has no such member"),
        ({TAG: "tricks.Phase", "name": "PLAY", "value": "play"}, "has no such member"),
        ({TAG: "tricks.Phase", "name": "__class__"}, "has no such member"),
        ({TAG: "tricks.Discard", "cards": [3, 3]}, "holds a value twice"),
        ({TAG: "tricks.Discard", "cards": 3}, "is not a list"),
        ({TAG: "tricks.BidMade", "seat": 0, "amount": "75"}, "has a value of the wrong type"),
        ({TAG: "match.LastPiles", "seats": [1, 2, 3], "piles": 1}, "is not a list of 2"),
        ({TAG: "tricks.DiscardChoices", "hand": [1, 99], "count": 1}, "a card that is not one"),
        ({TAG: "tricks.DiscardChoices", "hand": [1, 2], "count": 3}, "a count beyond its hand"),
        ({TAG: "tricks.DiscardChoices", "hand": [1], "count": 1, "x": 1}, "not a hand and a count"),
        ({TAG: "calls.CallOffer", "word": "x", "key": "x", "call": 1.5, "decline": None, "seats": [], "first_only": 1},
         "not JSON: float"),
        ([1, (2, 3)], "not JSON: tuple"),
        ({1: 2}, "a key that is not a string"),
        (2**60, "a number too large"),
        (-(2**53), "a number too large"),
        ("x" * (MAX_STRING + 1), "a string longer than"),
        (["Anna\ud800"], "not Unicode text"),
        ({"x" * (MAX_STRING + 1): 1}, "a string longer than"),
    ],
)  # fmt: skip
def test_a_malformed_value_is_refused_with_a_short_wire_error(data, message):
    with pytest.raises(WireError, match=message) as error:
        from_wire(data, NO_CONTEXT)
    assert len(str(error.value)) <= 120


def test_a_registered_value_in_a_field_of_another_type_is_refused():
    offer = {TAG: "tricks.TrickTaken", "number": 1, "leader": 0, "cards": [1, 2, 3, 4], "winner": 0, "points": 0}
    offer.update(nest=[], nest_points={TAG: "tricks.Phase", "name": "PLAY"})
    with pytest.raises(WireError, match="nest_points is not a whole number"):
        from_wire(offer, NO_CONTEXT)
    assert from_wire({**offer, "nest_points": 0}, NO_CONTEXT).winner == 0


def test_a_message_of_the_wrong_kind_is_refused_when_a_kind_is_expected():
    assert from_wire(to_wire(Bid(80)), NO_CONTEXT, expected=(Bid, Play)) == Bid(80)
    with pytest.raises(WireError, match="wrong kind: CardPlayed, not Bid or Play"):
        from_wire(_card_played(), NO_CONTEXT, expected=(Bid, Play))


def _nested(lists: int) -> Any:
    data: Any = 0
    for _ in range(lists):
        data = [data]
    return data


def test_the_depth_limit_lets_every_real_value_through_and_refuses_one_level_more():
    back = from_wire(_nested(MAX_DEPTH), NO_CONTEXT)
    for _ in range(MAX_DEPTH):
        back = back[0]
    assert back == 0
    with pytest.raises(WireError, match="nested more than"):
        from_wire(_nested(MAX_DEPTH + 1), NO_CONTEXT)
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(WireError, match="nested"):
        decode_message(deep, NO_CONTEXT)


def test_the_size_limits_refuse_too_many_values_and_too_long_messages():
    assert len(from_wire([0] * (MAX_NODES - 1), NO_CONTEXT)) == MAX_NODES - 1
    with pytest.raises(WireError, match=f"more than {MAX_NODES} values"):
        from_wire([0] * MAX_NODES, NO_CONTEXT)
    with pytest.raises(WireError, match="longer than"):
        decode_message(" " * (MAX_MESSAGE_BYTES + 1), NO_CONTEXT)
    with pytest.raises(WireError, match="longer than"):
        decode_message(b'"' + "é".encode() * (MAX_MESSAGE_BYTES // 2) + b'"', NO_CONTEXT)
    assert from_wire(MAX_INT, NO_CONTEXT) == MAX_INT and from_wire(-MAX_INT, NO_CONTEXT) == -MAX_INT


def test_the_limits_leave_room_for_the_largest_real_messages():
    """The largest view or event of long random games of every game is well inside every limit."""
    largest = 0
    deepest = 0
    for name, players in TABLES:
        for value in _play(name, players, seed=11, steps=600, view_every=100).values:
            text = encode_message(value)
            largest = max(largest, len(text.encode()))
            deepest = max(deepest, _depth(json.loads(text)))
    assert largest * 10 < MAX_MESSAGE_BYTES
    assert deepest + 4 <= MAX_DEPTH


def _depth(data: Any) -> int:
    if isinstance(data, list):
        return 1 + max(map(_depth, data), default=0)
    if isinstance(data, dict):
        return 1 + max(map(_depth, data.values()), default=0)
    return 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ("", "not JSON"),
        ("NaN", "not whole"),
        ("1e3", "not whole"),
        ("[Infinity]", "not whole"),
        ('{"$":"tricks.Bid","$":"tricks.Pass","amount":1}', "the key \\$ twice"),
        (b"\xff\xfe", "not UTF-8"),
        ("1" * 5000, "not JSON"),
    ],
)
def test_message_text_that_is_not_a_value_is_refused(text, message):
    with pytest.raises(WireError, match=message):
        decode_message(text, NO_CONTEXT)


# ------------------------------------------------------------------ fuzzing
_REGISTERED = tuple(registered_types().values())


def _built_only_of_registered_values(value: Any) -> bool:
    if value is None or type(value) in (bool, int, str):
        return True
    if type(value) in (tuple, frozenset):
        return all(_built_only_of_registered_values(item) for item in value)
    if isinstance(value, RuleSet) or type(value) is Unseen:  # a count of hidden cards: names none
        return True
    if type(value) not in _REGISTERED:
        return False
    if isinstance(value, enum.Enum | DiscardChoices):
        return True
    return all(_built_only_of_registered_values(getattr(value, field.name)) for field in dataclasses.fields(value))


def _decodes_or_refuses(data: Any, context: WireContext) -> None:
    try:
        value = from_wire(data, context)
    except WireError:
        event("refused")
        return
    event("decoded")
    assert _built_only_of_registered_values(value)


_TYPE_NAMES = sorted(registered_types())
_KEYS = st.sampled_from([TAG, "name", "seat", "card", "cards", "hand", "count", "legal", "rules", "x"])
_LEAVES = st.none() | st.booleans() | st.integers(-(2**64), 2**64) | st.text(max_size=8) | st.sampled_from(_TYPE_NAMES)
_JSON = st.recursive(
    _LEAVES,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=6) | _KEYS, children, max_size=5)
    ),
    max_leaves=40,
)


def _sample_messages() -> list[tuple[Any, WireContext]]:
    samples: list[tuple[Any, WireContext]] = []
    for index, (name, players) in enumerate(TABLES):
        if index % 3 == 0:
            played = _play(name, players, seed=index, steps=60, view_every=30)
            samples.extend((to_wire(value), played.context) for value in played.values[::7])
    return samples


SAMPLES = _sample_messages()


@settings(max_examples=400, deadline=None)
@given(data=_JSON)
def test_arbitrary_json_decodes_to_a_registered_value_or_is_refused(data):
    _decodes_or_refuses(data, NO_CONTEXT)


def _field_names(kind: type) -> list[str]:
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return ["name"]
    if kind is DiscardChoices:
        return ["hand", "count"]
    return [field.name for field in dataclasses.fields(kind) if field.name != "rules"]


@st.composite
def _right_fields(draw: st.DrawFn) -> dict[str, Any]:
    """An object under a registered name with that type's own field names, of arbitrary values."""
    name = draw(st.sampled_from(_TYPE_NAMES))
    kind = registered_types()[name]
    members = list(kind.__members__) if issubclass(kind, enum.Enum) else []
    values = _LEAVES | st.sampled_from(members) if members else _JSON
    return {TAG: name, **{field: draw(values) for field in _field_names(kind)}}


@settings(max_examples=300, deadline=None)
@given(data=_JSON, name=st.sampled_from(_TYPE_NAMES))
def test_arbitrary_fields_under_any_registered_name_are_refused_or_decoded(data, name):
    fields = data if isinstance(data, dict) else {"x": data}
    _decodes_or_refuses({**fields, TAG: name}, NO_CONTEXT)


@settings(max_examples=300, deadline=None)
@given(data=_right_fields())
def test_arbitrary_values_of_the_right_fields_are_refused_or_decoded(data):
    _decodes_or_refuses(data, NO_CONTEXT)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(data, list):
        for index, item in enumerate(data):
            yield from _paths(item, (*path, index))
    elif isinstance(data, dict):
        for key, item in data.items():
            yield from _paths(item, (*path, key))


def _replaced(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], new)
    return copy


@st.composite
def _mutations(draw: st.DrawFn) -> tuple[Any, WireContext]:
    message, context = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(message))
        path = draw(st.sampled_from(paths))
        target: Any = message
        for step in path:
            target = target[step]
        how = draw(st.sampled_from(["replace", "drop", "add", "rename", "wrap", "type"]))
        if how == "replace":
            message = _replaced(message, path, draw(_JSON))
        elif how == "wrap":
            message = _replaced(message, path, [target])
        elif isinstance(target, dict) and target:
            key = draw(st.sampled_from(sorted(target)))
            changed = dict(target)
            if how == "drop":
                del changed[key]
            elif how == "add":
                changed[draw(_KEYS)] = draw(_JSON)
            elif how == "rename":
                changed[draw(st.text(max_size=6))] = changed.pop(key)
            else:
                changed[TAG] = draw(st.sampled_from(_TYPE_NAMES))
            message = _replaced(message, path, changed)
    return message, context


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated=_mutations())
def test_mutations_of_real_messages_decode_to_registered_values_or_are_refused(mutated):
    message, context = mutated
    _decodes_or_refuses(message, context)
    _decodes_or_refuses(message, NO_CONTEXT)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60) | st.binary(max_size=60))
def test_arbitrary_message_text_decodes_or_is_refused(text):
    try:
        value = decode_message(text, NO_CONTEXT)
    except WireError:
        return
    assert _built_only_of_registered_values(value)


@settings(max_examples=200, deadline=None)
@given(message=st.sampled_from(SAMPLES), cut=st.integers(0, 400))
def test_a_real_message_cut_short_is_refused(message, cut):
    text = json.dumps(message[0])
    if cut < len(text):
        with pytest.raises(WireError):
            decode_message(text[:cut], message[1])


def test_hidden_cards_travel_as_their_count_and_nothing_else():
    data = to_wire(Unseen(9))
    assert data == {"$": "visibility.Unseen", "count": 9}
    dealt = to_wire(seen_by(GAMES["partnership"].start(_setup("partnership", None, 3), None).events[1], 2))
    assert dealt["$"] == "tricks.Dealt" and [hand for hand in dealt["hands"] if isinstance(hand, list)] != []
    assert sum(isinstance(hand, dict) for hand in dealt["hands"]) == 3  # the other three hands: counts only
    assert from_wire(to_wire(FaceDownLaid(2, 7, 10, 4)), WireContext()) == FaceDownLaid(2, 7, 10, 4)
    for bad in ({"$": "visibility.Unseen", "count": -1}, {"$": "visibility.Unseen", "count": "9"},
                {"$": "visibility.Unseen", "count": 9, "cards": [1]}, {"$": "visibility.Unseen"}):
        with pytest.raises(WireError, match="hides a count"):
            from_wire({"$": "tricks.NestTaken", "seat": 0, "cards": bad}, WireContext())
