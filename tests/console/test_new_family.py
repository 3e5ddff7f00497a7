"""A new family of games plugs into the program by registration alone.

The toy family "Highest card" (``tests/console/toy_family.py``) is defined
here in the tests, nowhere in the package.  Each test puts it in the
registries and nowhere else: the game in ``engine.games.GAMES``, its console
part in ``console.families.FAMILIES``, its computer players in
``players.FAMILY_PLAYERS`` (its actions and events took their notation in
``engine.notation`` when the module was imported).  Then it is played through
the program's own entry point, ``console.cli.main``, in process (so that the
registries hold it) with piped standard input, as ``rook-access`` runs from a
script: its flag, its record, its save after every move, a quit and a
``--resume`` to the end.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from rook_access import players
from rook_access.console import cli, families
from rook_access.console.resume import describe
from rook_access.engine import RuleSetError, games
from rook_access.engine.cards import card_name, parse_card
from rook_access.engine.errors import IllegalActionError
from rook_access.engine.notation import action_from_json, action_to_json, event_to_json
from rook_access.engine.protocol import GameState, TableSetup, or_list
from rook_access.save_files import find_saves, save_paths
from rook_access.saves import GameSaver, GameSetup, make_table, read_save, record_extra, record_lines_of
from rook_access.settings import settings_path
from tests.console.toy_family import (
    DECK,
    FAMILY,
    TOY,
    TOY_HIGH,
    TOY_PLAYERS,
    HighCardPlayer,
    Lay,
    ToyRule,
    start_toy,
)
from tests.helpers.console import record_of
from tests.helpers.console import run_main as rook

SEED = 7
ROUNDS = 4


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy family in every registry, for this test only."""
    monkeypatch.setitem(games.GAMES, TOY_HIGH.name, TOY_HIGH)
    monkeypatch.setattr(families, "FAMILIES", (*families.FAMILIES, TOY))
    monkeypatch.setitem(players.FAMILY_PLAYERS, FAMILY, TOY_PLAYERS)


def the_save() -> Path:
    (path,) = save_paths()
    return path


def dealt() -> tuple[list[str], list[str]]:
    """South's and North's cards in the game of ``SEED`` with ``ROUNDS`` rounds, lowest first."""
    state = start_toy(TableSetup(TOY_HIGH.name, (("rounds", ROUNDS),), seed=SEED))
    south, north = ([card_name(card) for card in hand] for hand in state.hands)
    return south, north


def test_the_toy_game_meets_the_game_protocol() -> None:
    state = start_toy(TableSetup(TOY_HIGH.name, (("rounds", 3),), seed=SEED))
    assert isinstance(state, GameState)
    assert (state.seat_count, state.seats_to_act(), state.is_over) == (2, (0,), False)
    south, north = state.hands
    view = state.view(0)
    assert view.hand == tuple(south) and view.other_holds == 3
    assert not set(north) & set(view.hand) and view.laid == ()  # North's cards are nowhere in South's view
    before = (list(state.events), state.view(0), state.view(1))
    for action, seat, rule in ((Lay(north[0]), 0, ToyRule.CARD_NOT_HELD), (Lay(south[0]), 1, ToyRule.NOT_YOUR_TURN)):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action, seat)
        assert refused.value.rule is rule
        assert refused.value.legal == tuple(Lay(card) for card in south)
        assert (list(state.events), state.view(0), state.view(1)) == before  # nothing changed
    copy = state.clone()
    copy.apply(Lay(south[0]), 0)
    assert len(copy.events) == 2 and len(state.events) == 1  # the clone is its own game
    assert action_from_json(action_to_json(1, Lay(north[2]))) == (1, Lay(north[2]))
    assert event_to_json(state.events[0])["event"] == "game_start"
    computer = HighCardPlayer(1)
    while not state.is_over:
        (seat,) = state.seats_to_act()
        state.apply(computer.choose(state.view(seat)), seat)
    standings = state.standings()
    assert sorted(standing.seats[0] for standing in standings) == [0, 1]
    assert standings[0].score >= standings[1].score and standings[0].place == 1
    assert sum(standing.score for standing in standings) == 3


def test_make_table_seats_the_familys_own_computer_player(toy_registered: None) -> None:
    setup = GameSetup.create(["human", "computer"], level="strong", seed=SEED, variant=TOY_HIGH.name)
    state, seated = make_table(setup)
    assert seated[0] is None and isinstance(seated[1], HighCardPlayer)
    random_table = GameSetup.create(["computer", "computer"], level="random", seed=SEED, variant=TOY_HIGH.name)
    assert [player.name for player in make_table(random_table)[1] if player] == ["random", "random"]
    # Patience registers no computer players: a computer seat there is refused, in words.
    with pytest.raises(RuleSetError, match="Rook Solitaire: the patience family of games has no computer players"):
        make_table(GameSetup(("computer",), seed=1, variant="solitaire"))


def test_list_variants_and_help_name_the_game_and_its_option(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, err = rook(monkeypatch, capsys, ["--list-variants"])
    assert (status, err) == (0, "")
    assert lines[-2] == f"{len(games.GAMES)}. toy-high: {TOY_HIGH.summary}"
    assert lines[-1].startswith(f"{len(games.GAMES) + 1}. party: a progressive party")  # the party comes last
    monkeypatch.setenv("COLUMNS", "1000")  # no line wrapped inside a game's name (argparse wraps at a hyphen)
    help_text = " ".join(cli.build_parser().format_help().split())
    assert "--rounds N Highest card: rounds to play, one card each" in help_text
    assert "or toy-high; --list-variants" in help_text


def test_an_option_out_of_range_is_one_line_naming_what_is_allowed(
    toy_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as leaving:
        cli.main(["--variant", "toy-high", "--rounds", "9"])
    assert leaving.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "rook-access: --rounds: rounds must be a whole number from 1 to 5, not 9."
        " Type rook-access --help for the flags.\n"
    )
    assert save_paths() == [] and not settings_path().exists()


def test_the_toy_game_is_played_saved_quit_and_resumed_to_its_end(
    toy_registered: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    south, north = dealt()
    not_held = next(name for name in (card_name(card) for card in DECK) if name not in south + north)
    record = tmp_path / "toy.jsonl"
    saves: list[tuple[int, int]] = []
    save = GameSaver.save

    def counting_save(saver: GameSaver, record_lines: int) -> None:
        saves.append((len(saver.actions), record_lines))
        save(saver, record_lines)

    monkeypatch.setattr(GameSaver, "save", counting_save)

    # ------------------------------------------------ the first part, then quit
    args = ["--variant", "toy-high", "--seed", str(SEED), "--rounds", str(ROUNDS), "--record", str(record)]
    script = ["help", "rules", "legal", "hint", f"lay {not_held}", "hand", south[0], "quit"]
    status, said, err = rook(monkeypatch, capsys, args, script)
    assert (status, err) == (0, "")
    held = or_list(south)
    assert said[:3] == [
        f"Highest card, {ROUNDS} rounds: the higher card wins each round.",
        f"Your hand: {' '.join(south)}.",
        f"Round 1: lay {held}.",
    ]
    assert said[3:10] == [
        "Moves now: lay CARD, or a card alone.",
        "To hear the game: hand, score, rules, hint, repeat, history, turn, legal.",
        "Also settings, stop and quit.",
        f"Highest card: 2 players, {ROUNDS} cards each from 5r to 14r.",
        "Each round both lay a card, the last round's winner first; the higher card wins a point.",
        f"After {ROUNDS} rounds the most points wins. Table option: rounds {ROUNDS}.",
        f"You may lay {held}.",
    ]
    assert said[10] == f"Lay {south[-1]}: lead your highest card."
    # A card not held: one line, and nothing changed (the hand, the save, the record).
    assert said[11:13] == [f"No: {not_held} is not in the hand. You may lay {held}.", f"Your hand: {' '.join(south)}."]
    assert said[13] == f"You lay {south[0]}."
    assert said[-1] == "Game saved. Goodbye. To go on later: rook-access --resume."
    for card in north:  # North's cards are said only as North lays them (the rules name the deck's range)
        first = next((line for line in said if card in line.rstrip(".;").split() and "5r to 14r" not in line), None)
        assert first in (None, f"North lays {card}.")

    saved = json.loads(the_save().read_text(encoding="utf-8"))
    assert saved["setup"]["variant"] == "toy-high" and saved["setup"]["seed"] == SEED
    assert saved["setup"]["seats"] == ["human", "computer"] and saved["setup"]["options"] == {"rounds": ROUNDS}
    actions = saved["actions"]
    assert actions[0] == {"seat": 0, "lay": south[0]} and {"seat": 1, "lay": actions[1]["lay"]} == actions[1]
    assert len(actions) >= 2 and all(set(action) == {"seat", "lay"} for action in actions)
    first_part = record.read_bytes()
    lines = record_of(record)
    assert saved["record_lines"] == len(lines)
    # Saved at the start and after every move, each save counting the record lines written so far.
    assert [count for count, _ in saves] == list(range(len(actions) + 1))
    assert saves[-1][1] == len(lines)
    start = lines[0]
    assert start == {
        "event": "game_start", "variant": "toy-high", "rounds": ROUNDS, "hands": [south, north],
        "seats": ["human", "computer"], "seed": SEED,
    }  # fmt: skip
    assert lines[1] == {"event": "lay", "seat": 0, "card": south[0]}
    assert [line["event"] for line in lines[1:]].count("round") == 1
    # Every event is in the record, written from the saved game as the program rebuilds it.
    rebuilt = read_save(the_save())
    assert rebuilt is not None
    assert first_part.decode().splitlines(keepends=True) == record_lines_of(
        rebuilt.state.events, record_extra(rebuilt.setup)
    )
    (entry,) = find_saves()
    assert describe(entry, time.time()).startswith("Highest card, round 2, you 0 to North 1, saved today at")

    # ------------------------------------------------------ resumed to the end
    status, said, err = rook(monkeypatch, capsys, ["--resume"], south[1:])
    assert (status, err) == (0, "")
    assert said[:2] == ["Resuming the toy game.", "Round 2 of 4. You 0, North 1."]
    assert save_paths() == []  # a finished game's save is deleted
    whole = record.read_bytes()
    assert whole.startswith(first_part)  # the record goes on: nothing written before is lost or written twice
    lines = record_of(record)
    assert [line["event"] for line in lines].count("game_start") == 1
    assert [line["event"] for line in lines].count("round") == ROUNDS
    assert sorted((line["seat"], line["card"]) for line in lines if line["event"] == "lay") == sorted(
        [(0, card) for card in south] + [(1, card) for card in north]
    )
    # The whole record is the game's events, exactly: replay its moves on a table made as the program makes it.
    setup = GameSetup.create(
        ["human", "computer"], seed=SEED, record=str(record), variant="toy-high", options={"rounds": ROUNDS}
    )
    state, _ = make_table(setup)
    for line in lines:
        if line["event"] == "lay":
            state.apply(Lay(parse_card(line["card"])), line["seat"])
    assert state.is_over
    assert whole.decode().splitlines(keepends=True) == record_lines_of(state.events, record_extra(setup))
    points = {standing.seats[0]: standing.score for standing in state.standings()}
    assert lines[-1] == {"event": "toy_over", "points": [points[0], points[1]], "winner": lines[-1]["winner"]}
    winner = lines[-1]["winner"]
    if winner is None:
        assert said[-1] == f"The game is a tie, {points[0]} all."
    else:
        verb = "You win" if winner == 0 else "North wins"
        assert said[-1] == f"{verb} the game, {points[winner]} to {points[1 - winner]}."
        assert state.standings()[0].seats == (winner,) and state.standings()[0].won
