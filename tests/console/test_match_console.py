"""Match through the program: piped input never waits, a whole game with its record replayed, a save resumed
exactly, a bad line refused in one line, and the braille verbosity's lines within 40 cells."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from rook_access.console import cli
from rook_access.console.match import MatchConsole
from rook_access.console.resume import describe
from rook_access.console.session import ConsoleGame
from rook_access.engine.games import GAMES
from rook_access.engine.match import TURN, CardTurned, MatchOver, MatchState, PileTaken
from rook_access.players.match_player import MatchPlayer
from rook_access.save_files import find_saves, save_paths
from rook_access.saves import GameSetup, make_table, read_save, record_extra, record_lines_of
from tests.helpers.console import ListChannel, ScriptedLines, record_of
from tests.helpers.console import run_main as rook

SEED = 11
PLAYERS = 3
ARGS = ["--variant", "match", "--players", str(PLAYERS), "--seed", str(SEED)]


def test_match_is_listed_after_the_booklets_trick_games_and_the_party_last(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, err = rook(monkeypatch, capsys, ["--list-variants"])
    assert (status, err) == (0, "")
    number = list(GAMES).index("match") + 1
    assert f"{number}. match: {GAMES['match'].summary}" in lines
    assert lines[-1].startswith(f"{len(GAMES) + 1}. party: ")


def test_a_table_size_match_is_not_for_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["--variant", "match", "--players", "9", "--output", "plain"])
    out, err = capsys.readouterr()
    assert status != 0 and out == ""
    assert err.strip().splitlines() == [err.strip()] and "Match is for 2 to 8 players, not 9." in err
    assert save_paths() == []


def test_a_whole_game_with_piped_input_its_record_replayed_and_its_save_resumed_exactly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.jsonl"
    args = [*ARGS, "--record", str(record)]
    # Blank lines do nothing in a script; a word after p is refused in one line; then two cards and quit.
    status, said, err = rook(monkeypatch, capsys, args, ["", "help", "pile", "count", "p now", "", "p", "t", "quit"])
    assert (status, err) == (0, "")
    assert said[0] == "Match, 3 players: match the first card's number."
    question = "Your turn: Enter or p turns a card."
    refusal = "Type p alone: Match has no choices, you turn your top card."
    assert said.count(refusal) == 1
    mine = ("You turn ", "You start pile ")
    assert said[said.index(refusal) + 1].startswith(mine)  # nothing else said or done in between
    assert sum(line.startswith(mine) for line in said) == 2
    assert question in said and said[-1] == "Game saved. Goodbye. To go on later: rook-access --resume."
    (path,) = save_paths()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["setup"]["variant"] == "match" and saved["setup"]["options"] == {"players": PLAYERS}
    assert {json.dumps(action) for action in saved["actions"]} <= {
        json.dumps({"seat": seat, "turn": True}) for seat in range(PLAYERS)
    }
    rebuilt = read_save(path)
    assert rebuilt is not None
    first_part = record.read_bytes()
    assert first_part.decode().splitlines(keepends=True) == record_lines_of(
        rebuilt.state.events, record_extra(rebuilt.setup)
    )
    turned = sum(1 for line in record_of(record) if line["event"] == "turn")
    assert turned == len(saved["actions"])
    (entry,) = find_saves()
    state = rebuilt.state
    assert isinstance(state, MatchState)
    cards = ", ".join(f"{name} {count}" for name, count in zip(("you", "West", "East"), state.counts(), strict=True))
    assert describe(entry, time.time()).startswith(f"Match, pile {state.pile_number}, cards: {cards}, saved today at")

    # --resume: the game goes on from the very card it stopped at, to its end.
    status, said, err = rook(monkeypatch, capsys, ["--resume"], ["p"] * 400)
    assert (status, err) == (0, "")
    assert said[0] == "Resuming Match."
    assert save_paths() == []  # a finished game's save is deleted
    whole = record.read_bytes()
    assert whole.startswith(first_part)
    lines = record_of(record)
    assert [line["event"] for line in lines].count("game_start") == 1 and lines[-1]["event"] == "match_over"

    # The record replayed on a table made as the program makes it: the same events, line for line.
    setup = GameSetup.create(
        ["human", "computer", "computer"], seed=SEED, record=str(record), variant="match",
        options={"players": PLAYERS},
    )  # fmt: skip
    state, players = make_table(setup)
    assert isinstance(state, MatchState) and players[0] is None
    for line in lines:
        if line["event"] == "turn":
            state.apply(TURN, line["seat"])
    assert state.is_over
    assert whole.decode().splitlines(keepends=True) == record_lines_of(state.events, record_extra(setup))
    over = state.events[-1]
    assert isinstance(over, MatchOver)
    assert lines[-1]["counts"] == list(state.counts()) and lines[-1]["winners"] == list(over.winners)
    assert any(line.startswith("Game over: ") for line in said)


def test_the_braille_verbosity_says_every_line_within_40_cells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", "match", "--players", "8", "--seed", "3", "--colors", "--verbosity", "braille"]
    script = ["help", "pile", "count", "hint", "legal", "turn", *(["p"] * 10), "pile", "count", "quit"]
    status, said, err = rook(monkeypatch, capsys, args, script)
    assert (status, err) == (0, "")
    # the first line, cut where its phrases end: the second phrase fits a line whole, and is kept whole
    assert said[:2] == ["Match, 8 players:", "match the first card's color."]
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]
    assert sum(line.startswith("You ") for line in said) >= 1


class PacedLines(ScriptedLines):
    """Scripted lines that stand for a terminal: Enter is a key there, and play waits after a pile taken."""

    interactive = True


def test_at_a_terminal_enter_turns_your_card_and_play_waits_after_a_pile_another_takes() -> None:
    state = MatchState.from_seed(SEED, PLAYERS)
    players = [None, MatchPlayer(1), MatchPlayer(2)]
    channel = ListChannel()
    lines = PacedLines([""] * 600)
    ConsoleGame(state, players, lines, channel, sleep=lambda _: None).run()
    assert state.is_over
    said = channel.lines
    assert "" not in said  # Enter says nothing of its own: the card's line is all
    mine = [line for line in said if line.startswith(("You turn ", "You start pile "))]
    assert len(mine) == sum(1 for event in state.events if isinstance(event, CardTurned) and event.seat == 0)
    assert "Your turn: Enter or p turns a card." in lines.questions
    taken = sum(1 for event in state.events if isinstance(event, PileTaken))
    assert 0 < lines.questions.count("Press Enter to go on.") <= taken  # after a pile taken, unless you are next
    assert said[-1] == "Goodbye. To play again: rook-access."  # at a terminal: a game without review ends so
    assert said[-2].startswith(("Cards: ", "The last pile")) or said[-3].startswith("Game over: ")


def test_two_players_at_one_keyboard_are_each_asked_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", "match", "--players", "2", "--seats", "human,human", "--seed", "4"]
    status, said, err = rook(monkeypatch, capsys, args, ["p"] * 120)
    assert (status, err) == (0, "")
    assert said[2] == "Two players in: 5 more piles, then the game ends."
    asked = [line for line in said if line.endswith("turn: Enter or p turns a card.")]
    assert {line.split("'")[0] for line in asked} == {"South", "North"}
    assert not any(line.startswith(("You ", "Your ")) for line in said)
    assert any(line.startswith("Game over: ") for line in said) and save_paths() == []


def test_turn_on_ones_own_turn_turns_the_card_and_at_anothers_says_whose_turn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, said, err = rook(monkeypatch, capsys, ARGS, ["turn", "turn", "help turn", "quit"])
    assert (status, err) == (0, "")
    assert sum(line.startswith(("You turn ", "You start pile ")) for line in said) == 2
    assert any(line.startswith("turn, short w or who: On your turn, turn your top card") for line in said)
    console = MatchConsole()
    mine = console.parse("turn", ["p"])
    others = console.parse("turn", [])
    assert mine is not None and mine.spec.acts and mine.name == "play"
    assert others is not None and others.name == "turn" and not others.spec.acts
    for word in ("w", "who"):  # asking whose turn never turns a card
        asked = console.parse(word, ["p"])
        assert asked is not None and not asked.spec.acts, word


def test_the_pile_says_any_card_of_its_first_number_matches_it() -> None:
    """A playtest: "Pile 3, 1 card: 7x; match 7x." had a child look for a black 7."""
    from rook_access.announcer.match import MatchNarrator
    from rook_access.engine.match import MatchState
    from rook_access.engine.patience_deck import number_of

    state = MatchState.from_seed(3)
    while not state.view(0).pile:
        seat = state.seats_to_act()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    view = state.view(0)
    (line,) = MatchNarrator(state.names, [0]).pile_lines(view)
    assert line.endswith(f"; match any {number_of(view.pile[0])}."), line
