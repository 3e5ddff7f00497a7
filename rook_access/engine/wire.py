"""The wire codec: every family's events, actions and views as JSON, for messages between a server and a client.

An online table's server holds the real game and sends each seat the events
and views that seat may see; the client runs the same announcers and console
on them, so it needs the real values back, not text.  ``to_wire`` makes a
value JSON-able and ``from_wire`` builds it again:

- ``None``, booleans, whole numbers and strings are themselves;
- a tuple is a JSON list (and a list comes back a tuple); a ``frozenset`` (the
  cards of a ``Discard``) is the sorted list of its items;
- a frozen dataclass (an event, an action, a view, the values a view holds) is
  an object: its registered name under ``"$"``, and each field by its name;
- an enum member is ``{"$": "tricks.Phase", "name": "PLAY"}``: its name, not
  its value (the values of the rules' enums are sentences that may be reworded);
- ``DiscardChoices`` (the lazy set of legal discards) is its hand and count.

Cards stay the engine's small integers.  A card's field is an ``int`` to the
type hints (``Card`` is an alias of ``int``), so a field that is a card cannot
be told from one that is a count or a seat without a list of names to keep up
by hand; and the families number their packs alike but read them differently
(the patience pack has no Bird).  The wire is read by programs, not people:
the record notation (``engine.notation``) stays the one for people.

    >>> from .events import CardPlayed
    >>> to_wire(CardPlayed(2, 13))
    {'$': 'tricks.CardPlayed', 'seat': 2, 'card': 13}
    >>> from_wire({"$": "tricks.CardPlayed", "seat": 2, "card": 13}, WireContext())
    CardPlayed(seat=2, card=13)
    >>> from_wire({"$": "tricks.CardPlayed", "seat": 2}, WireContext())
    Traceback (most recent call last):
    ...
    rook_access.engine.wire.WireError: tricks.CardPlayed lacks the field card
    >>> from_wire({"$": "os.system", "command": "rm"}, WireContext())
    Traceback (most recent call last):
    ...
    rook_access.engine.wire.WireError: there is no type os.system

Safety: decoding builds nothing but the types in the registry, by their
registered names (``register_family`` registers every public frozen dataclass
and enum of a family's modules, so a new event or view needs no new code
here), and the scalars and tuples above.  Nothing is imported, evaluated or
unpickled from a message.  Every field is checked against the dataclass's
type hints; an unknown name, a missing or extra field, a value of the wrong
type, a structure nested deeper than ``MAX_DEPTH`` or with more than
``MAX_NODES`` values, a string longer than ``MAX_STRING`` or a number beyond
``MAX_INT`` raises ``WireError`` (a ``RookError``) with a short message, and
nothing else is raised.  The codec checks types, not the game's sense (a
seat number in range, a card held): the server checks every action against
its engine, as a local table does.  ``decode_message`` reads the JSON text too, refusing
a message of more than ``MAX_MESSAGE_BYTES``, bad UTF-8, repeated keys and
numbers that are not whole.

The context: the trick family's view (``SeatView``) holds the table's
``RuleSet``, which is not sent (every field of a type in ``CONTEXT_TYPES`` is
left out).  ``from_wire`` takes a ``WireContext`` holding the rules of the
table the client joined (``WireContext.for_table(game, setup)``: the same
``GameDescription`` and ``TableSetup`` the server started the table with) and
rebuilds the view with them; a trick view decoded without them is a
``WireError``.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import actions, calls, clock, donkey, doubt, errors, events, match, panjandrum, patience_deck, solitaire, tuxedo
from . import state as trick_state
from .cards import ALL_CARDS, cards_in, mask_of
from .errors import RookError
from .protocol import GameDescription, SeatKind, Standing, TableSetup
from .rules import RuleSet
from .state import DiscardChoices
from .visibility import FaceDownLaid, Unseen

TAG = "$"
"""The key of a registered value's type name in its JSON object."""
MAX_DEPTH = 12
"""The most lists and objects nested in one message (the deepest view or event nests 5)."""
MAX_NODES = 50_000
"""The most values in one message (a view holds a few hundred, a long game of I Doubt It's a few thousand)."""
MAX_STRING = 1_000
"""The longest string of a message: a name, an outcome, a reason."""
MAX_INT = 2**53 - 1
"""The largest whole number (either sign) of a message: the largest every JSON reader keeps exactly."""
MAX_MESSAGE_BYTES = 1 << 20
"""The longest message text ``decode_message`` reads, in bytes of UTF-8."""


class WireError(RookError):
    """A message that is not a value of the registry; the message says what is wrong, in a few words.

    >>> isinstance(WireError("x"), RookError)
    True
    """


@dataclass(frozen=True)
class WireContext:
    """What the client knows of its table that the messages leave out: the trick games' ``RuleSet``.

    >>> from .games import find_game, table_setup
    >>> context = WireContext.for_table(find_game("kentucky"), table_setup("kentucky", {"ones": True}))
    >>> context.rules is not None and context.rules.hand_size
    10
    """

    rules: RuleSet | None = None
    """The table's rules, for a trick game's view; None for the other families."""

    @classmethod
    def for_table(cls, game: GameDescription, setup: TableSetup) -> WireContext:
        """The context of a table of ``game`` set as ``setup``: the rules the game's ``start`` plays by."""
        from .games import trick_rules

        return cls(trick_rules(setup) if game.family == "tricks" else None)


Decoder = Callable[[Any, WireContext], Any]
"""Reads one JSON value (already checked for size) as the value a type hint names; ``WireError`` if it is not."""
Writer = Callable[[Any], dict[str, Any]]
"""Writes a registered type's value as a JSON object."""
Reader = Callable[[dict[str, Any], WireContext], Any]
"""Reads a registered type's value from its JSON object; ``WireError`` if it is not one."""


@dataclass(frozen=True)
class WireType:
    """One registered type: its stable name and how its values are written and read."""

    name: str
    kind: type
    encode: Writer
    """The value as a JSON object, its name under ``TAG`` included."""
    decode: Reader
    """The value of a JSON object whose ``TAG`` is ``name``; ``WireError`` if it is not one."""


_BY_NAME: dict[str, WireType] = {}
_BY_TYPE: dict[type, WireType] = {}
_NAMED: set[type] = set()
"""The registered classes named by the type hints of registered dataclasses: each must be registered."""

CONTEXT_TYPES: dict[type, Callable[[WireContext], Any]] = {RuleSet: lambda context: context.rules}
"""The types never sent: a field of one of them is left out and read from the context."""

_NONE = type(None)
_SCALARS = (_NONE, bool, int, str)


# ------------------------------------------------------------------ encoding
def to_wire(value: object) -> Any:
    """``value`` as plain JSON (dicts, lists, strings, whole numbers, booleans, None).

    ``WireError`` for a value of no registered type: a list, a float, a dict, an unregistered class.

    >>> from .state import Phase
    >>> to_wire((Phase.PLAY, None, 3))
    [{'$': 'tricks.Phase', 'name': 'PLAY'}, None, 3]
    """
    return _encode(value)


def _encode(value: object) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple:
        assert isinstance(value, tuple)
        return [_encode(item) for item in value]
    if kind is Unseen:
        assert isinstance(value, Unseen)
        return {TAG: UNSEEN, "count": len(value)}
    wire = _BY_TYPE.get(kind)
    if wire is not None:
        return wire.encode(value)
    if kind is frozenset:
        assert isinstance(value, frozenset)
        try:
            items = sorted(value)
        except TypeError:
            raise WireError("a set of values that cannot be ordered") from None
        return [_encode(item) for item in items]
    raise WireError(f"the wire carries no {kind.__name__}")


def encode_message(value: object) -> str:
    """``value`` as the compact JSON text of one message.

    >>> from .actions import Bid
    >>> encode_message(Bid(80))
    '{"$":"tricks.Bid","amount":80}'
    """
    return json.dumps(_encode(value), separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ decoding
def from_wire(data: Any, context: WireContext, expected: type | tuple[type, ...] = object) -> Any:
    """The value ``data`` (JSON as ``json.loads`` reads it) stands for, of a type in ``expected``.

    Only registered types (and scalars and tuples) are built; any other input
    raises ``WireError``, whatever it holds.

    >>> from .actions import Bid, Play
    >>> from_wire({"$": "tricks.Bid", "amount": 80}, WireContext(), expected=(Bid, Play))
    Bid(amount=80)
    >>> from_wire({"$": "tricks.Bid", "amount": True}, WireContext())
    Traceback (most recent call last):
    ...
    rook_access.engine.wire.WireError: tricks.Bid.amount is not a whole number
    >>> from_wire(3, WireContext(), expected=Bid)
    Traceback (most recent call last):
    ...
    rook_access.engine.wire.WireError: a message of the wrong kind: int, not Bid
    """
    _check_size(data)
    value = _decode_any(data, context)
    if not isinstance(value, expected):
        wanted = expected if isinstance(expected, tuple) else (expected,)
        names = " or ".join(kind.__name__ for kind in wanted)
        raise WireError(f"a message of the wrong kind: {type(value).__name__}, not {names}")
    return value


def decode_message(text: str | bytes, context: WireContext, expected: type | tuple[type, ...] = object) -> Any:
    """The value of one message's JSON text (``encode_message``'s); ``WireError`` for anything else.

    >>> decode_message('{"$":"tricks.Bid","amount":80.0}', WireContext())
    Traceback (most recent call last):
    ...
    rook_access.engine.wire.WireError: a number that is not whole
    >>> decode_message('{"$":"tricks.Bid","$":"tricks.Play","amount":80}', WireContext())
    Traceback (most recent call last):
    ...
    rook_access.engine.wire.WireError: an object with the key $ twice
    """
    size = len(text)  # a character is one byte of UTF-8 or more
    if size <= MAX_MESSAGE_BYTES and isinstance(text, str) and not text.isascii():
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise WireError(f"a message longer than {MAX_MESSAGE_BYTES} bytes")
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        data = json.loads(text, parse_float=_no_float, parse_constant=_no_float, object_pairs_hook=_object)
    except WireError:
        raise
    except RecursionError:
        raise WireError("a message nested too deeply") from None
    except UnicodeError:
        raise WireError("a message that is not UTF-8 text") from None
    except ValueError:  # JSONDecodeError, and the standard library's limit on the digits of a number
        raise WireError("a message that is not JSON") from None
    return from_wire(data, context, expected)


def _no_float(text: str) -> Any:
    raise WireError("a number that is not whole")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise WireError(f"an object with the key {key[:40]} twice")
            seen.add(key)
    return found


UNSEEN = "visibility.Unseen"
"""The wire name of hidden cards (``visibility.Unseen``): ``{"$": "visibility.Unseen", "count": 9}`` wherever
a tuple of cards may be, so a seat is sent how many cards it cannot see and never which."""


def _read_unseen(data: dict[str, Any], where: str) -> Unseen:
    count = data.get("count")
    if len(data) != 2 or type(count) is not int or not 0 <= count <= len(ALL_CARDS):
        raise WireError(f"{where} hides a count of cards that is not one")
    return Unseen(count)


def _check_size(data: Any) -> None:
    """``WireError`` unless ``data`` is plain JSON within the limits; walked without recursion."""
    nodes = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise WireError(f"a message of more than {MAX_NODES} values")
        kind = type(value)
        if kind is int:
            if not -MAX_INT <= value <= MAX_INT:
                raise WireError("a number too large")
        elif kind is str:
            _check_string(value)
        elif kind is list or kind is dict:
            if depth > MAX_DEPTH:
                raise WireError(f"a message nested more than {MAX_DEPTH} deep")
            if kind is dict:
                for key in value:
                    if type(key) is not str:
                        raise WireError("an object with a key that is not a string")
                    _check_string(key)
                items: Iterable[Any] = value.values()
            else:
                items = value
            stack.extend((item, depth + 1) for item in items)
        elif kind is not bool and kind is not _NONE:
            raise WireError(f"a value that is not JSON: {kind.__name__}")


def _check_string(text: str) -> None:
    if len(text) > MAX_STRING:
        raise WireError(f"a string longer than {MAX_STRING} characters")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise WireError("a string that is not Unicode text") from None


def _decode_any(data: Any, context: WireContext) -> Any:
    kind = type(data)
    if kind is list:
        return tuple(_decode_any(item, context) for item in data)
    if kind is dict:
        return _decode_tagged(data, context, None, "a value")
    return data  # a scalar: _check_size let nothing else through


def _decode_tagged(data: Any, context: WireContext, expected: type | None, where: str) -> Any:
    if type(data) is not dict:
        raise WireError(f"{where} is not an object")
    name = data.get(TAG)
    if type(name) is not str:
        raise WireError(f"{where} names no type")
    wire = _BY_NAME.get(name)
    if wire is None:
        raise WireError(f"there is no type {name[:60]}")
    if expected is not None and wire.kind is not expected:
        raise WireError(f"{where} is not a {expected.__name__}")
    return wire.decode(data, context)


def _compile(hint: Any, where: str) -> Decoder:
    """The decoder of values of type ``hint``; ``TypeError`` naming ``where`` for a type the wire cannot carry."""
    if hint is Any or hint is object:
        return _decode_any
    if hint is int:
        return _exact(int, f"{where} is not a whole number")
    if hint is bool:
        return _exact(bool, f"{where} is not true or false")
    if hint is str:
        return _exact(str, f"{where} is not a string")
    if hint is _NONE or hint is None:
        return _exact(_NONE, f"{where} is not null")
    origin = typing.get_origin(hint)
    arguments = typing.get_args(hint)
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            return _tuple_of(_compile(arguments[0], where), where)
        return _fixed_tuple(tuple(_compile(argument, where) for argument in arguments), where)
    if origin is frozenset and len(arguments) == 1:
        return _frozenset_of(_compile(arguments[0], where), where)
    if origin is types.UnionType or origin is typing.Union:
        return _union(tuple(_compile(argument, where) for argument in arguments), where)
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or issubclass(hint, enum.Enum) or hint in _BY_TYPE):
        _NAMED.add(hint)
        return _tagged(hint, where)
    raise TypeError(f"{where}: the wire cannot carry {hint!r}")


def _exact(kind: type, message: str) -> Decoder:
    def decode(data: Any, context: WireContext) -> Any:
        if type(data) is not kind:
            raise WireError(message)
        return data

    return decode


def _tuple_of(item: Decoder, where: str) -> Decoder:
    def decode(data: Any, context: WireContext) -> Any:
        if type(data) is dict and data.get(TAG) == UNSEEN:
            return _read_unseen(data, where)
        if type(data) is not list:
            raise WireError(f"{where} is not a list")
        return tuple(item(value, context) for value in data)

    return decode


def _fixed_tuple(items: tuple[Decoder, ...], where: str) -> Decoder:
    def decode(data: Any, context: WireContext) -> Any:
        if type(data) is not list or len(data) != len(items):
            raise WireError(f"{where} is not a list of {len(items)}")
        return tuple(item(value, context) for item, value in zip(items, data, strict=True))

    return decode


def _frozenset_of(item: Decoder, where: str) -> Decoder:
    def decode(data: Any, context: WireContext) -> Any:
        if type(data) is not list:
            raise WireError(f"{where} is not a list")
        found = frozenset(item(value, context) for value in data)
        if len(found) != len(data):
            raise WireError(f"{where} holds a value twice")
        return found

    return decode


def _union(choices: tuple[Decoder, ...], where: str) -> Decoder:
    def decode(data: Any, context: WireContext) -> Any:
        for choice in choices:
            try:
                return choice(data, context)
            except WireError:
                continue
        raise WireError(f"{where} has a value of the wrong type")

    return decode


def _tagged(kind: type, where: str) -> Decoder:
    def decode(data: Any, context: WireContext) -> Any:
        return _decode_tagged(data, context, kind, where)

    return decode


# ------------------------------------------------------------------ the registry
def register_type(
    name: str,
    kind: type,
    encode: Writer | None = None,
    decode: Reader | None = None,
) -> None:
    """Let values of ``kind`` travel under ``name`` (``family.Class``).

    A frozen dataclass or an enum needs no more: its form is read from its
    fields and type hints (``TypeError`` if a field's type cannot travel).
    Any other class gives ``encode`` (its fields as a JSON object, without
    ``TAG``) and ``decode`` (the value of such an object, ``WireError`` if it
    is not one).  A name or a type is registered once (``ValueError``).

    >>> register_type("tricks.Bid", actions.Bid)
    Traceback (most recent call last):
    ...
    ValueError: the wire name tricks.Bid or the type Bid is taken
    """
    if name in _BY_NAME or kind in _BY_TYPE:
        raise ValueError(f"the wire name {name} or the type {kind.__name__} is taken")
    if encode is not None and decode is not None:
        wire = _custom(name, encode, decode)
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        wire = _enum_type(name, kind)
    elif dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]  # set by @dataclass
        wire = _dataclass_type(name, kind)
    else:
        raise TypeError(f"{kind.__name__} is not a frozen dataclass or an enum, and has no encode and decode")
    _BY_NAME[name] = WireType(name, kind, wire[0], wire[1])
    _BY_TYPE[kind] = _BY_NAME[name]


_Form = tuple[Writer, Reader]


def _custom(name: str, encode: Writer, decode: Reader) -> _Form:
    def write(value: Any) -> dict[str, Any]:
        return {TAG: name, **encode(value)}

    def read(data: dict[str, Any], context: WireContext) -> Any:
        return decode({key: value for key, value in data.items() if key != TAG}, context)

    return write, read


def _enum_type(name: str, kind: type[enum.Enum]) -> _Form:
    members = kind.__members__

    def write(value: Any) -> dict[str, Any]:
        return {TAG: name, "name": value.name}

    def read(data: dict[str, Any], context: WireContext) -> Any:
        member = data.get("name")
        if len(data) != 2 or type(member) is not str or member not in members:
            raise WireError(f"{name} has no such member")
        return members[member]

    return write, read


def _dataclass_type(name: str, kind: type) -> _Form:
    try:
        hints = typing.get_type_hints(kind)
    except (NameError, TypeError) as error:
        raise TypeError(f"{name}: the type hints cannot be read ({error})") from None
    sent: list[tuple[str, Decoder]] = []
    from_context: list[tuple[str, Callable[[WireContext], Any]]] = []
    for field in dataclasses.fields(kind):
        if not field.init:
            raise TypeError(f"{name}.{field.name} is not set by the constructor")
        hint = hints[field.name]
        if hint in CONTEXT_TYPES:
            from_context.append((field.name, CONTEXT_TYPES[hint]))
        else:
            sent.append((field.name, _compile(hint, f"{name}.{field.name}")))
    names = tuple(field_name for field_name, _ in sent)
    expected = frozenset(names) | {TAG}

    def write(value: Any) -> dict[str, Any]:
        data: dict[str, Any] = {TAG: name}
        for field_name in names:
            data[field_name] = _encode(getattr(value, field_name))
        return data

    def read(data: dict[str, Any], context: WireContext) -> Any:
        if data.keys() != expected:
            missing = [field_name for field_name in names if field_name not in data]
            if missing:
                raise WireError(f"{name} lacks the field {missing[0]}")
            extra = sorted(key for key in data if key not in expected)
            raise WireError(f"{name} has no field {extra[0][:40]}")
        values = {field_name: decode(data[field_name], context) for field_name, decode in sent}
        for field_name, supply in from_context:
            values[field_name] = supply(context)
            if values[field_name] is None:
                raise WireError(f"{name} needs the table's rules: decode it with the table's WireContext")
        try:
            return kind(**values)
        except Exception:  # a value's own checks (__post_init__), whatever they raise
            raise WireError(f"{name} with values it refuses") from None

    return write, read


def _write_discard_choices(choices: DiscardChoices) -> dict[str, Any]:
    return {"hand": cards_in(choices.hand), "count": choices.count}


def _read_discard_choices(data: dict[str, Any], context: WireContext) -> DiscardChoices:
    hand, count = data.get("hand"), data.get("count")
    if len(data) != 2 or type(hand) is not list or type(count) is not int:
        raise WireError("tricks.DiscardChoices is not a hand and a count")
    if any(type(card) is not int or card not in ALL_CARDS for card in hand) or len(set(hand)) != len(hand):
        raise WireError("tricks.DiscardChoices holds a card that is not one")
    if not 0 <= count <= len(hand):
        raise WireError("tricks.DiscardChoices has a count beyond its hand")
    return DiscardChoices(mask_of(hand), count)


def register_family(family: str, modules: Iterable[ModuleType]) -> None:
    """Register every public frozen dataclass and enum defined in ``modules`` as ``family.Class``.

    Called once per family of games, below; a new event, action or view of a
    registered module travels with no new code.
    """
    for module in modules:
        for name, kind in vars(module).items():
            if not isinstance(kind, type) or kind.__module__ != module.__name__ or name.startswith("_"):
                continue
            if kind in _BY_TYPE or name != kind.__name__:
                continue  # an alias (solitaire's ``Rule``)
            frozen = dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]  # set by @dataclass
            if frozen or (issubclass(kind, enum.Enum) and kind is not enum.Enum):
                register_type(f"{family}.{name}", kind)


def registered_types() -> dict[str, type]:
    """Every registered type by its wire name.

    >>> registered_types()["tricks.Phase"].__name__
    'Phase'
    """
    return {name: wire.kind for name, wire in _BY_NAME.items()}


def wire_name(kind: type) -> str:
    """The wire name of a registered type; ``KeyError`` for another.

    >>> from .panjandrum import CardPlayed
    >>> wire_name(CardPlayed)
    'panjandrum.CardPlayed'
    """
    return _BY_TYPE[kind].name


register_type("tricks.DiscardChoices", DiscardChoices, _write_discard_choices, _read_discard_choices)
register_family("tricks", (actions, events, trick_state, errors))
register_family("calls", (calls,))
register_family("patience", (patience_deck, solitaire, clock))
register_family("match", (match,))
register_type("visibility.FaceDownLaid", FaceDownLaid)
register_family("donkey", (donkey,))
register_family("doubt", (doubt,))
register_family("panjandrum", (panjandrum,))
register_family("tuxedo", (tuxedo,))
for _kind in (SeatKind, TableSetup, Standing):
    register_type(f"table.{_kind.__name__}", _kind)
_unregistered = sorted(kind.__name__ for kind in _NAMED if kind not in _BY_TYPE)
if _unregistered:
    raise TypeError(f"types named by registered fields but not registered: {', '.join(_unregistered)}")
