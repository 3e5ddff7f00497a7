"""``rook-access join`` at a table of one of the booklet's party games (issue 19): two people, each at a console
of their own (two threads, each with its own output and scripted typing), play a whole game with computer
players on a server on loopback, typing what a person types at home; each hears the game to its end, the
other person by name, the computers by their seats."""

from __future__ import annotations

import re
import socket
from typing import Any

import pytest

from rook_access import saves
from rook_access.console.lines import input_source
from rook_access.console.session import SettingsControl
from rook_access.engine.cards import card_name
from rook_access.engine.donkey import Fold
from rook_access.engine.donkey import Pass as DonkeyPass
from rook_access.engine.doubt import Doubt
from rook_access.engine.doubt import Lay as DoubtLay
from rook_access.engine.doubt import LetGo as DoubtLetGo
from rook_access.engine.games import find_game
from rook_access.engine.match import Turn
from rook_access.engine.panjandrum import Build as PanjandrumBuild
from rook_access.engine.panjandrum import Call, Lift, OnDelay
from rook_access.engine.panjandrum import LetGo as PanjandrumLetGo
from rook_access.engine.patience_deck import number_of
from rook_access.engine.tuxedo import Build, Lay, NoOrange, Orange, Take
from rook_access.engine.wire import to_wire
from rook_access.net import client
from rook_access.players import make_player
from rook_access.settings import Settings
from tests.helpers.console import ListChannel
from tests.net.test_join_console import (  # noqa: F401  (record_games: the fixture, used by its name)
    Person,
    Run,
    finish,
    play,
    record_games,
    server_in_thread,
    table_code,
)

SEED = 11
"""The seed of every table made here (the server draws one otherwise)."""
QUESTIONS = 5_000
"""The most questions a person answers in one game: a console that asks for ever fails the test."""


def typed(action: Any, view: Any, names: tuple[str, ...]) -> str:
    """The line a person types at the console for ``action`` (as the family consoles' own tests type them)."""
    if isinstance(action, Turn):
        return "p"
    if isinstance(action, DonkeyPass):
        return f"pass {card_name(action.card)}"
    if isinstance(action, Fold):
        return "f"
    if isinstance(action, DoubtLay):
        return f"play {card_name(action.card)}"
    if isinstance(action, Doubt):
        return "d"
    if isinstance(action, (DoubtLetGo, PanjandrumLetGo, NoOrange)):
        return "pass"
    if isinstance(action, Lift):
        return "lift"
    if isinstance(action, PanjandrumBuild):
        return "b"
    if isinstance(action, OnDelay):
        return "delay" if action.seat == view.seat else f"on {names[action.seat]}"
    if isinstance(action, (Call, Orange)):
        return "p" if isinstance(action, Call) else "o"
    if isinstance(action, Take):
        return f"take {card_name(action.card)}"
    if isinstance(action, Lay):
        return f"l {card_name(action.card)}"
    if isinstance(action, Build):
        pile = next(pile for pile in view.centre if action.on in pile.cards)
        total = pile.value + number_of(action.card)
        held = next(card for card in view.hand if number_of(card) == total and card != action.card)
        return f"build {card_name(action.card)} on {card_name(action.on)} for {card_name(held)}"
    raise AssertionError(f"no line for {action!r}")


class PartyPerson(Person):
    """Someone at a console playing a party game: at each question, the move the family's computer player of
    level easy would make, typed as a person types it; in the lobby, a blank line (nothing but waiting)."""

    def __init__(self, family: str, seed: int) -> None:
        super().__init__()
        self.player = make_player("easy", seed, family)  # type: ignore[assignment]  # the family's own player
        self.typed: list[str] = []

    def read(self, question: str, fresh: bool = True) -> str | None:
        self.questions.append(question)
        game = self.game
        if game is None:
            return self.lobby_line()
        seat = game.seat_to_ask()
        if game.state.is_over or seat is None or len(self.questions) > QUESTIONS:
            return None
        view = game.state.view(seat)
        line = typed(self.player.choose(view), view, game.state.names)
        self.typed.append(line)
        return line


def party_console(person: PartyPerson, data: Any, settings: Settings) -> Run:
    control = SettingsControl(settings, settings, lambda settings: None)
    return Run(ListChannel(), input_source(person), control, data)


GAMES = [("match", 4), ("i-doubt-it", 3), ("donkey", 8), ("panjandrum", 3), ("tuxedo", 2)]


@pytest.mark.usefixtures("record_games")
@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_two_people_play_a_whole_party_game_at_their_consoles(tmp_path, monkeypatch, variant, players):
    monkeypatch.setattr(client, "SEND_RATE", 18.0)  # typing as fast as a server allows (20 a second): a shorter test
    monkeypatch.setattr(saves, "draw_seed", lambda: SEED)  # the table's deal: a game of a few hundred moves
    family = find_game(variant).family
    anna, ben = PartyPerson(family, 1), PartyPerson(family, 2)
    settings = Settings().with_option("players", players)
    anna_run = party_console(anna, tmp_path / "anna", settings)
    ben_run = party_console(ben, tmp_path / "ben", Settings())
    results: dict[str, int] = {}
    with server_in_thread() as port:
        host = f"localhost:{port}"
        new = ["--new", "--variant", variant, "--people", "2", "--level", "easy", "--name", "Anna"]
        anna_thread = play([host, *new], anna_run, results, "anna")
        code = table_code(anna_run)
        ben_thread = play([host, "--code", code, "--name", "Ben"], ben_run, results, "ben")
        finish([anna_thread, ben_thread], [anna_run, ben_run])
    assert results == {"anna": 0, "ben": 0}, ben_run.channel.lines[-10:]
    anna_said, ben_said = anna_run.channel.lines, ben_run.channel.lines
    title = find_game(variant).title
    assert anna_said[0].startswith(f"You sit at table {code}, {title}, as ")
    # Both heard the same game to its end, each from their own seat.
    for said in (anna_said, ben_said):
        assert sum(line.startswith("Game over: ") for line in said) == 1, said[-5:]
    assert anna.game.state.is_over and ben.game.state.is_over
    assert to_wire(anna.game.state.events[-1]) == to_wire(ben.game.state.events[-1])
    assert anna.typed and ben.typed
    # Whose turn it is (a person elsewhere to act) is said once a move, as a sentence of its own.
    for said in (anna_said, ben_said):
        pairs = zip(said, said[1:], strict=False)
        assert not [line for line, after in pairs if line == after and " turn" in line], said
        assert not [line for line in said if line[:1].islower()], said
    # Answers crossing another player's on the way (passes at once, a call made first) are never refused.
    for said in (anna_said, ben_said):
        refused = [line for line in said if line.startswith("No: ") or line == "It is not your turn."]
        assert not refused, refused
    # The other person by name, the computers by their seats; no one hears their own name.
    assert anna.game.state.names[anna.game.state.seat] != "Anna" and "Anna" in ben.game.state.names
    assert any(re.search(r"\bBen\b", line) for line in anna_said)
    assert any(re.search(r"\bAnna\b", line) for line in ben_said)
    assert not any(re.search(r"\bAnna\b", line) for line in anna_said[1:])
    computers = [name for name in anna.game.state.names if name not in ("Ben", anna.game.state.names[0])]
    assert len(computers) == players - 2 and all(any(name in line for line in anna_said) for name in computers)
    # The game over, the seats are forgotten.
    assert "seats" not in (tmp_path / "anna" / "online-seats.json").read_text(encoding="utf-8")


class DroppingPerson(PartyPerson):
    """A person whose connection is cut (a cable pulled) at their ``drop_at``-th move, before they type it."""

    def __init__(self, family: str, seed: int, drop_at: int) -> None:
        super().__init__(family, seed)
        self.drop_at = drop_at
        self.dropped = False

    def read(self, question: str, fresh: bool = True) -> str | None:
        if self.game is not None and not self.dropped and len(self.typed) == self.drop_at:
            self.dropped = True
            self.game.state.connection.socket.socket.shutdown(socket.SHUT_RDWR)
        return super().read(question, fresh)


@pytest.mark.usefixtures("record_games")
def test_a_dropped_connection_comes_back_to_a_party_game_that_goes_on_to_its_end(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "draw_seed", lambda: SEED)
    anna, ben = PartyPerson("doubt", 1), DroppingPerson("doubt", 2, drop_at=12)
    anna_run = party_console(anna, tmp_path / "anna", Settings().with_option("players", 3))
    ben_run = party_console(ben, tmp_path / "ben", Settings())
    results: dict[str, int] = {}
    with server_in_thread() as port:
        host = f"localhost:{port}"
        new = ["--new", "--variant", "i-doubt-it", "--people", "2", "--level", "easy", "--name", "Anna"]
        anna_thread = play([host, *new], anna_run, results, "anna")
        code = table_code(anna_run)
        ben_thread = play([host, "--code", code, "--name", "Ben"], ben_run, results, "ben")
        finish([anna_thread, ben_thread], [anna_run, ben_run])
    assert results == {"anna": 0, "ben": 0} and ben.dropped
    ben_said = ben_run.channel.lines
    lost = next(index for index, line in enumerate(ben_said) if line.startswith("The connection to the server was"))
    back = ben_said.index("You are back.")
    assert lost < back and ben_said[back + 1] == "Resuming I Doubt It.", ben_said[back : back + 4]
    assert sum(line.startswith("Game over: ") for line in ben_said) == 1
    assert to_wire(anna.game.state.events[-1]) == to_wire(ben.game.state.events[-1])
    assert any(re.search(r"\bAnna\b", line) for line in ben_said[back:])  # still called by her name
