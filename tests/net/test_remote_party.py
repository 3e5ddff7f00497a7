"""The party games' remote states (``net.remote_party``): what each family's console part and narrator read
from a seat's remote state equals what they read from the real game, where that seat may know it (issue 19).

Random games are played on a local ``net.table.Table`` with no network: after every action each person's
remote state is fed the update message its client would get, built as the server builds it (``_update``)
and sent as JSON through a fake connection, and the people's own moves go through the remote state's
``apply`` to the table and back.  At each step every attribute the console reads, and the console's own
answers (the moves to type, the commands that apply, Enter alone, ``legal``, ``help``, ``hint``, the
narrator's question and review lines), are compared with the real state's for that seat.
"""

from __future__ import annotations

import functools
import json
import random
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from rook_access.announcer import Verbosity
from rook_access.console.families import family_named
from rook_access.console.family import FamilyConsole
from rook_access.console.panjandrum import PANJANDRUM
from rook_access.console.registry import Command
from rook_access.engine.calls import open_offer
from rook_access.engine.donkey import Pass as DonkeyPass
from rook_access.engine.doubt import DOUBT, LET_GO, Lay
from rook_access.engine.errors import IllegalActionError
from rook_access.engine.games import find_game
from rook_access.engine.notation import action_to_json
from rook_access.engine.panjandrum import OnDelay
from rook_access.engine.wire import to_wire
from rook_access.net import remote_party
from rook_access.net.remote import REMOTE_STATES, Seating
from rook_access.net.table import Table, TableError
from rook_access.players import make_player
from rook_access.saves import GameSetup

CODE = "amber-tiger-otter"
PEOPLE = ("Anna", "Ben", "Cleo")

GAMES = {  # variant: the two table sizes played
    "match": (2, 5),
    "donkey": (3, 6),
    "panjandrum": (3, 5),
    "tuxedo": (2, 4),
    "i-doubt-it": (3, 6),
}
STEPS = 1500
"""The most actions a random game is played for (most end sooner; a long one is checked this far)."""


class FakeConnection:
    """A client's connection to a ``LocalServer``: what it sends is carried out at once, what it is sent waits
    in its inbox, as JSON text made and read back."""

    def __init__(self, server: LocalServer, seat: int) -> None:
        self.server = server
        self.seat = seat
        self.inbox: deque[str] = deque()
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        if message["type"] == "act":
            self.server.act(self.seat, message["action"])

    def next_message(self, timeout: float | None) -> dict[str, Any] | None:
        message: dict[str, Any] | None = json.loads(self.inbox.popleft()) if self.inbox else None
        return message

    def deliver(self, message: dict[str, Any]) -> None:
        self.inbox.append(json.dumps(message, separators=(",", ":")))


class LocalServer:
    """One table of the server without the network: the people's updates built as ``RoomServer._update`` builds
    them, their actions refused as ``RoomServer`` refuses them; the computers act only when ``step`` says."""

    def __init__(self, variant: str, kinds: list[str], seed: int) -> None:
        setup = GameSetup.create(kinds, level="easy", seed=seed, variant=variant, options={"players": len(kinds)})
        self.table = Table(CODE, setup, [f"Computer {seat}" for seat in range(len(kinds))])
        self.people = [seat for seat, kind in enumerate(kinds) if kind == "human"]
        for seat, name in zip(self.people, PEOPLE, strict=False):
            self.table.sit(seat, name)
        self.sent = dict.fromkeys(self.people, 0)
        self.connections = {seat: FakeConnection(self, seat) for seat in self.people}
        self.remotes: dict[int, Any] = {}
        """Each person's remote state (a ``remote_party`` state: the family's attributes are read)."""
        self.checked: dict[int, tuple[int, int]] = {}
        """How many of the table's events, and of each person's, the checks have compared already."""
        family = find_game(variant).family
        for seat in self.people:
            self.remotes[seat] = REMOTE_STATES[family](self.connections[seat], setup, seat)  # type: ignore[arg-type]  # a fake connection
        self.broadcast()

    def seating(self) -> Seating:
        holders = self.table.holders
        return Seating(CODE, tuple(holder.name for holder in holders), tuple(holder.person for holder in holders),
                       self.people[0], tuple(self.table.free_seats()))  # fmt: skip

    def update(self, seat: int) -> dict[str, Any]:
        """The ``update`` message of ``seat``'s client now, as the server's ``_update`` makes it."""
        table = self.table
        events = table.seen(seat, self.sent[seat])
        self.sent[seat] = len(table.state.events)
        legal = []
        for each in table.seats_played_by(seat):
            if each in table.state.seats_to_act():
                legal += [action_to_json(each, action) for action in table.state.legal_actions(each)]
        return {
            "type": "update",
            "events": [to_wire(event) for event in events],
            "at": self.sent[seat],
            "to_act": list(table.state.seats_to_act()),
            "over": table.state.is_over,
            "started": True,
            "view": to_wire(table.state.view(seat)),
            "legal": legal,
        }

    def broadcast(self) -> None:
        for seat in self.people:
            self.connections[seat].deliver(self.update(seat))

    def act(self, seat: int, data: Any) -> None:
        """A person's action, as the server's ``_act`` takes it: applied and everyone updated, or refused."""
        try:
            self.table.act_as(seat, data)
        except TableError as refusal:
            message: dict[str, Any] = {"type": "error", "message": str(refusal)}
            cause = refusal.__cause__
            if isinstance(cause, IllegalActionError):
                message["illegal"] = {
                    "rule": to_wire(cause.rule),
                    "legal": to_wire(tuple(cause.legal)),
                    "detail": {key: to_wire(value) for key, value in cause.detail.items()},
                }
            self.connections[seat].deliver(message)
            return
        self.broadcast()

    def run_computers(self) -> None:
        """Let the computers act until a person is to act, everyone updated after each action."""
        decided = self.table.computer_turn()
        while decided is not None:
            self.table.apply_computer(*decided)
            self.broadcast()
            decided = self.table.computer_turn()

    def pump(self) -> None:
        for remote in self.remotes.values():
            remote.pump(0)


@dataclass
class Context:
    """What a family console's command handlers use of the running game (``registry.CommandContext``)."""

    state: Any
    seat: int
    family: FamilyConsole
    narrator: Any = None
    humans: list[int] = field(default_factory=list)
    decisions: tuple[Any, ...] = ()
    resumed_at: int = 0

    def __post_init__(self) -> None:
        self.humans = [self.seat]
        self.narrator = self.family.narrator(self.state, self.humans, Verbosity.NORMAL)

    def viewer(self) -> int:
        return self.seat

    def yours(self) -> bool:
        return self.seat in self.state.seats_to_act()

    def say(self, line: str) -> None:
        raise AssertionError("not said here")

    say_as_typed = say

    def hand_over(self, player: Any) -> None:
        raise AssertionError("not here")

    def common_command(self, command: Command) -> list[str]:
        raise AssertionError("not here")


FAMILY_ATTRIBUTES = {
    "match": ("colors", "turn", "out", "pile_number"),
    "donkey": ("folds", "round"),
    "panjandrum": ("turn",),
    "tuxedo": ("totals", "deal"),
    "doubt": ("number",),
}
"""The attributes of each family's state its console reads (beside names, players, counts and the call)."""


def check_seat(server: LocalServer, seat: int, consoles: dict[int, tuple[Context, Context]]) -> None:
    """Everything the console reads of ``seat``'s remote state equals the real state's, where ``seat`` may know it."""
    real, remote = server.table.state, server.remotes[seat]
    family = family_named(find_game(server.table.setup.variant).family)
    assert remote.is_over == real.is_over
    assert list(remote.seats_to_act()) == sorted(real.seats_to_act(), key=lambda each: each != seat)
    assert list(remote.legal_actions(seat)) == list(real.legal_actions(seat))
    assert remote.view(seat) == real.view(seat)
    true_at, known = server.checked.get(seat, (0, 0))  # the events before were compared at an earlier step
    seen = server.table.seen(seat, true_at)
    assert [to_wire(event) for event in remote.events[known:]] == [to_wire(event) for event in seen]
    server.checked[seat] = (len(real.events), len(remote.events))
    assert remote.names == real.names and remote.players == real.players
    if family.family == "tuxedo":
        hands = remote.hands
        assert hands[seat] == tuple(real.hands[seat])
        assert [len(hand) for hand in hands] == [len(hand) for hand in real.hands]
        assert not any(list(hand) for other, hand in enumerate(hands) if other != seat)  # no card of another's
    else:
        assert remote.counts() == real.counts()
    for name in FAMILY_ATTRIBUTES[family.family]:
        told, true = getattr(remote, name), getattr(real, name)
        assert told == (tuple(true) if isinstance(true, list) else true), name
    offer = open_offer(real)
    if family.family == "donkey" and offer is not None and seat not in offer.seats:
        offer = None  # the fold offered to others is not shown to this seat
    assert open_offer(remote) == offer
    # The family console's answers: on the remote state as on the real one.
    assert family.move_words(remote, seat) == family.move_words(real, seat)
    assert [family.applies(spec, remote) for spec in family.commands] == [
        family.applies(spec, real) for spec in family.commands
    ]
    assert family.rules_lines(remote) == family.rules_lines(real)
    there, here = consoles[seat]
    view = remote.view(seat)
    assert here.narrator.turn_line(view) == there.narrator.turn_line(real.view(seat))
    for topic in here.narrator.review_topics:
        assert here.narrator.review_lines(topic, view) == there.narrator.review_lines(topic, real.view(seat))
    if seat in real.seats_to_act() and not real.is_over:
        assert family.enter_alone(remote) == family.enter_alone(real)
        assert family.enter_does_nothing(remote) == family.enter_does_nothing(real)
        assert family.legal_lines(here) == family.legal_lines(there)
        assert family.help(here, ()) == family.help(there, ())
        assert family.hint_lines(here, family.hint_player()) == family.hint_lines(there, family.hint_player())
        assert here.narrator.question(view) == there.narrator.question(real.view(seat))


def play_and_check(variant: str, players: int, seed: int) -> LocalServer:
    """A random game of ``variant`` at a table of ``players`` (the first two, or three, seats people), every
    person's remote state checked after every action."""
    people = min(3, players)
    kinds = ["human"] * people + ["computer"] * (players - people)
    server = LocalServer(variant, kinds, seed)
    family = family_named(find_game(variant).family)
    chooser = random.Random(seed)
    choosers = {seat: make_player(("random", "easy", "normal")[seat % 3], seed * 10 + seat, family.family)
                for seat in server.people}  # fmt: skip
    consoles = {
        seat: (Context(server.table.state, seat, family), Context(server.remotes[seat], seat, family))
        for seat in server.people
    }
    server.pump()
    for seat in server.people:
        check_seat(server, seat, consoles)
    for _ in range(STEPS):
        table = server.table
        if table.state.is_over:
            break
        decided = table.computer_turn()
        if decided is not None:
            table.apply_computer(*decided)
            server.broadcast()
        else:
            seat = chooser.choice([each for each in table.state.seats_to_act() if each in server.people])
            remote = server.remotes[seat]
            assert remote.seats_to_act()[0] == seat  # the console asks its own seat first
            action = choosers[seat].choose(remote.view(seat))
            remote.apply(action, seat)
            assert table.actions[-1] == (seat, action)  # sent, taken by the table, and its answer waited for
        server.pump()
        for seat in server.people:
            check_seat(server, seat, consoles)
    return server


SEEDS = (3, 8)
CALLED = {"donkey": "Folded", "panjandrum": "PanjandrumCalled", "tuxedo": "OrangeCalled", "doubt": "Doubted"}
"""The event of each family's quick call, made in at least one of its random games."""


@functools.cache
def played(variant: str, players: int, seed: int) -> LocalServer:
    """``play_and_check``, once for each game (the next test looks at the games played)."""
    return play_and_check(variant, players, seed)


@pytest.mark.parametrize(
    ("variant", "players", "seed"),
    [(variant, players, seed) for variant, sizes in GAMES.items() for players in sizes for seed in SEEDS],
)
def test_a_random_game_reads_the_same_from_each_seats_remote_state_as_from_the_real_game(variant, players, seed):
    server = played(variant, players, seed)
    if server.table.state.is_over:
        assert all(remote.is_over for remote in server.remotes.values())


@pytest.mark.parametrize("variant", list(GAMES))
def test_the_random_games_reach_their_ends_and_their_calls(variant):
    """The checks above saw whole games, and quick calls made in them."""
    servers = [played(variant, players, seed) for players in GAMES[variant] for seed in SEEDS]
    assert sum(server.table.state.is_over for server in servers) >= len(servers) - 1
    family = find_game(variant).family
    if family in CALLED:
        names = {type(event).__name__ for server in servers for event in server.table.state.events}
        assert CALLED[family] in names, sorted(names)


def test_an_action_the_rules_refuse_comes_back_as_the_engines_refusal_with_nothing_changed():
    server = LocalServer("i-doubt-it", ["human", "human", "computer"], 5)
    table = server.table
    server.run_computers()
    server.pump()
    seat = table.state.seats_to_act()[0]
    other = 1 - seat
    remote = server.remotes[seat]
    held = set(table.state.view(seat).hand)
    not_held = next(card for card in table.state.view(other).hand if card not in held)
    before = (len(remote.events), remote.at)
    with pytest.raises(IllegalActionError) as refused:
        remote.apply(Lay(not_held), seat)
    assert list(refused.value.legal) == table.state.legal_actions(seat)
    assert (len(remote.events), remote.at) == before and all(each == 2 for each, _ in table.actions)


def test_the_people_are_called_by_their_names_in_the_narrator_the_views_and_the_moves_typed():
    server = LocalServer("panjandrum", ["human", "computer", "human", "computer"], 4)
    server.pump()
    remote = server.remotes[0]
    remote.name_seats(server.seating())
    assert isinstance(remote, remote_party.RemotePanjandrum)
    assert remote.names == ("South", "West", "Ben", "East")
    assert remote.view(0).names == remote.names
    narrator = PANJANDRUM.narrator(remote, [0], Verbosity.NORMAL)
    assert narrator.names == remote.names
    context = Context(remote, 0, PANJANDRUM)
    typed = PANJANDRUM.parse("on ben", [])
    assert typed is not None and PANJANDRUM.action(context, typed) == OnDelay(2)
    server.run_computers()  # the names stay in the views that come later
    server.pump()
    assert remote.view(0).names == remote.names
    # Ben hears Anna by name; a computer keeps its seat's name.
    ben = server.remotes[2]
    ben.name_seats(server.seating())
    assert ben.names == ("Anna", "West", "North", "East")
    unnamed = replace(server.seating(), people=(False, False, True, False))
    ben.name_seats(unnamed)
    assert ben.names == ("South", "West", "North", "East")


def test_every_party_family_is_played_online():
    for variant in GAMES:
        family = find_game(variant).family
        assert issubclass(REMOTE_STATES[family], remote_party.RemoteParty), variant


def test_an_update_of_another_seats_move_on_its_way_is_not_taken_for_the_answer_to_a_pass():
    """Donkey's passes are chosen all at once: a computer's choice, sent before the server took this player's
    pass, comes first; the player is not asked again on it, and the pass's own answer is waited for."""
    for seed in range(1, 40):
        server = LocalServer("donkey", ["human", "computer", "human", "computer"], seed)
        server.pump()
        decided = server.table.computer_turn()
        if decided is not None and open_offer(server.table.state) is None:
            break
    else:
        raise AssertionError("no deal where a computer passes first")
    server.table.apply_computer(*decided)
    server.broadcast()  # on its way to Anna, unread
    anna = server.remotes[0]
    assert anna.seats_to_act()[0] == 0
    new = anna.apply(DonkeyPass(anna.view(0).hand[0]), 0)
    assert [type(event).__name__ for event in new] == ["CardChosen", "CardChosen"]
    assert new[-1].seat == 0 and 0 not in anna.seats_to_act() and not anna.legal_actions(0)


def test_an_answer_to_a_call_another_made_first_is_not_refused_aloud():
    """Anna lets a card go while Ben's doubt of it is on its way: the doubt is her answer, and the server's
    refusal of her late answer is left unsaid (she hears Ben's doubt); her next move is answered as usual."""
    for seed in range(1, 40):
        server = LocalServer("i-doubt-it", ["computer", "human", "human"], seed)
        server.run_computers()
        offer = open_offer(server.table.state)
        if offer is not None and offer.seats[:2] in ((1, 2), (2, 1)):
            break
    else:
        raise AssertionError("no game where both people are asked to doubt")
    server.pump()
    anna, ben = server.remotes[1], server.remotes[2]
    ben.apply(DOUBT, 2)  # Ben is quicker
    assert anna.seats_to_act()[0] == 1 and LET_GO in anna.legal_actions(1)  # Anna has not heard it yet
    new = anna.apply(LET_GO, 1)
    assert [type(event).__name__ for event in new] == ["Doubted"] and new[0].doubter == 2
    anna.pump(0)
    assert not anna.notices and not anna.connection.inbox  # the refusal came, and was left unsaid
    server.run_computers()
    server.pump()
    if 1 in server.table.state.seats_to_act():
        move = anna.legal_actions(1)[0]
        assert anna.apply(move, 1) and server.table.actions[-1] == (1, move)
