"""Never lose a game: saved after every action, resumed exactly, the record whole."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from rook_access.engine import PARTNERSHIP, Deal
from rook_access.players import BasicPlayer
from rook_access.saves import GameSetup, make_table
from tests.helpers.console import FIXED_DEAL
from tests.helpers.terminal import Terminal

SEATS = "human,computer,human,computer"


def saves_in(home):
    """The save files of the data folder at ``home``, in the saves folder of one file a game."""
    return sorted((home / "data" / "saves").glob("*.json"))


def locks_in(home):
    return sorted((home / "data").rglob("*.lock"))


def run(args, text, home):
    env = dict(
        os.environ,
        ROOK_ACCESS_CONFIG_DIR=str(home / "config"),
        ROOK_ACCESS_DATA_DIR=str(home / "data"),
        PYTHONIOENCODING="utf-8",
    )
    return subprocess.run(
        [sys.executable, "-m", "rook_access", *args], input=text, capture_output=True, text=True, env=env, timeout=60
    )


def script_for_humans(seed: int) -> list[str]:
    """South's and North's commands for a whole hand against the basic computer players."""
    setup = GameSetup.create(SEATS.split(","), seed=seed, hands=1, deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    state, players = make_table(setup)
    stand_ins = [BasicPlayer(seat) for seat in range(4)]
    commands = []
    while not state.is_over:
        seat = state.turn
        player = players[seat] or stand_ins[seat]
        action = player.choose(state.view(seat))
        if players[seat] is None:
            commands.append(str(action))
        state.apply(action, seat)
    return commands


def test_a_game_interrupted_many_times_has_the_record_of_one_never_interrupted(tmp_path):
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(FIXED_DEAL))
    script = script_for_humans(seed=6)
    base = ["--seats", SEATS, "--deal", str(deal), "--hands", "1", "--seed", "6"]

    whole = tmp_path / "whole.jsonl"
    done = run(base + ["--record", str(whole)], "\n".join(script) + "\n", tmp_path / "a")
    assert done.returncode == 0 and "Game over." in done.stdout

    pieces = tmp_path / "pieces.jsonl"
    home = tmp_path / "b"
    cuts = [0, 1, 3, 7, 8, 12, len(script)]
    first = run(base + ["--record", str(pieces)], "", home)  # ends before any input: saved at once
    assert "End of input. Game saved." in first.stdout
    for start, stop in zip(cuts, cuts[1:], strict=False):
        done = run(["--resume"], "".join(line + "\n" for line in script[start:stop]), home)
        assert done.returncode == 0, done.stderr
        assert "Resuming the game: hand 1." in done.stdout
    assert "Game over." in done.stdout
    assert pieces.read_text() == whole.read_text()
    assert saves_in(home) == [] and locks_in(home) == []  # the finished game's save is gone, and its lock


def test_a_damaged_save_is_kept_and_said_in_one_line_and_a_new_game_starts(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    damaged = b'{"format": "rook-access save", "version": 1, "setup": '
    (data / "current-game.json").write_bytes(damaged)
    done = run(["--resume", "--seed", "2"], "", tmp_path)
    assert done.returncode == 0
    said = [line for line in done.stdout.splitlines() if "cannot be read" in line]
    assert said == ["The save current-game.json cannot be read: the save file is not valid JSON. It is kept."]
    assert "Traceback" not in done.stdout + done.stderr
    assert (data / "current-game.json").read_bytes() == damaged
    assert sorted(path.name for path in data.iterdir()) == ["current-game.json", "saves"]
    assert "Hand 1." in done.stdout


def test_resume_without_a_save_starts_a_new_game(tmp_path):
    done = run(["--resume", "--seed", "2"], "", tmp_path)
    assert done.returncode == 0
    assert "There is no saved game to resume; a new game starts." in done.stdout


def test_killed_mid_hand_the_game_is_offered_and_resumed_at_a_terminal(tmp_path):
    term = Terminal(["--seed", "5", "--hands", "1", "--record", str(tmp_path / "game.jsonl")], tmp_path)
    try:
        term.wait_for("Your bid:")
        term.type("pass")
        term.wait_for("You pass.")
        term.wait_for("Your ")
        os.kill(term.pid(), signal.SIGKILL)
        term.wait_for("EXIT=137")
    finally:
        term.close()
    [save] = saves_in(tmp_path)
    saved = json.loads(save.read_text())
    assert {"seat": 0, "pass": True} in saved["actions"]
    term = Terminal(["--record", str(tmp_path / "ignored.jsonl")], tmp_path)
    try:
        term.wait_for("Saved game: Original Rook Partnership Game of 1 hand, hand 1, ")
        term.wait_for("A saved game was found. Resume it? Type yes or no.")
        term.type("yes")
        term.wait_for("Resuming the game: hand 1.")
        screen = term.wait_for("Your hand")  # the hand is read after the resume line, not before
        assert screen.index("Resuming the game: hand 1.") < screen.index("Your hand")
        term.wait_for("Your play")  # the computers play on first; the user answers the prompt
        term.keys("C-d")
        term.wait_for("EXIT=0")
    finally:
        term.close()
    record = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert record[0]["event"] == "game_start" and record[0]["seed"] == 5
    assert [r for r in record if r["event"] == "bid" and r["seat"] == 0] == [
        {"event": "bid", "seat": 0, "amount": None}
    ]
    assert not (tmp_path / "ignored.jsonl").exists()


# ------------------------------------------------- saved games side by side
def make_save(home, name, seed, moves=0, when=None, variant="partnership"):
    """A real save in the saves folder at ``home``: a game of ``seed`` after ``moves`` actions; its bytes."""
    from rook_access.players import RandomPlayer
    from rook_access.saves import write_save

    seats = ["human"] + ["computer"] * (len(GameSetup(("human",), variant=variant).rules().people) - 1)
    setup = GameSetup.create(seats, level="random", seed=seed, variant=variant)
    state, players = make_table(setup)
    actions = []
    while len(actions) < moves:
        seat = state.turn
        action = (players[seat] or RandomPlayer(seat)).choose(state.view(seat))
        state.apply(action, seat)
        actions.append((seat, action))
    path = home / "data" / "saves" / name
    write_save(path, setup, actions, 0)
    if when is not None:
        os.utime(path, (when, when))
    return path.read_bytes()


def test_a_new_game_never_overwrites_an_older_save(tmp_path):
    first = run(["--seed", "2"], "", tmp_path)
    assert first.returncode == 0 and "Game saved." in first.stdout
    [old] = saves_in(tmp_path)
    kept = old.read_bytes()
    second = run(["--seed", "3"], "pass\n", tmp_path)
    assert second.returncode == 0
    assert "kept as" not in second.stdout  # nothing is moved
    assert len(saves_in(tmp_path)) == 2 and old.read_bytes() == kept
    assert locks_in(tmp_path) == []


def test_piped_input_without_resume_reads_no_save_and_asks_nothing(tmp_path):
    (tmp_path / "data" / "saves").mkdir(parents=True)
    damaged = tmp_path / "data" / "saves" / "game-20250101-100000.json"
    damaged.write_bytes(b"{")
    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    done = run(["--seed", "2"], "", tmp_path)
    assert done.returncode == 0
    assert done.stdout == run(["--seed", "2"], "", tmp_path / "empty").stdout  # as if there were no saves
    assert damaged.read_bytes() == b"{"


def test_resume_with_several_saves_and_piped_input_takes_the_newest_and_says_so(tmp_path):
    now = time.time()
    make_save(tmp_path, "game-20250101-090000.json", seed=4, when=now - 7200)
    newest = make_save(tmp_path, "game-20250102-090000.json", seed=5, moves=1, when=now - 60, variant="two")
    make_save(tmp_path, "game-20250103-090000.json", seed=6, when=now - 3600)
    done = run(["--resume"], "", tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("3 saved games; resuming the newest, Game for 2 Players, hand 1, You 0, North 0, saved ")
    assert lines[1] == "Resuming the game: hand 1. You 0, North 0."
    # The other two are untouched and still there.
    assert len(saves_in(tmp_path)) == 3
    assert json.loads((tmp_path / "data" / "saves" / "game-20250102-090000.json").read_bytes())["setup"]["seed"] == 5
    assert newest  # written


def test_the_old_layout_is_resumed_in_place(tmp_path):
    from rook_access.saves import write_save

    setup = GameSetup.create(SEATS.split(","), seed=8, level="easy", hands=1)
    (tmp_path / "data").mkdir()
    write_save(tmp_path / "data" / "current-game.json", setup, [], 0)
    done = run(["--resume"], "", tmp_path)
    assert "Resuming the game: hand 1." in done.stdout
    assert (tmp_path / "data" / "current-game.json").exists()
    assert saves_in(tmp_path) == [] and locks_in(tmp_path) == []


def test_a_stale_lock_of_a_killed_copy_is_taken_over(tmp_path):
    from rook_access.save_files import LockOwner, lock_path

    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    [save] = saves_in(tmp_path)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    lock_path(save).write_bytes(LockOwner(int(dead.stdout), "1", socket.gethostname()).to_bytes())
    done = run(["--resume"], "", tmp_path)
    assert "Resuming the game: hand 1." in done.stdout
    assert locks_in(tmp_path) == []


def test_the_lock_is_gone_after_quit_end_of_input_and_an_error(tmp_path):
    done = run(["--seed", "2"], "quit\n", tmp_path)
    assert done.stdout.splitlines()[-1] == "Game saved. Goodbye. To go on later: rook-access --resume."
    assert len(saves_in(tmp_path)) == 1 and locks_in(tmp_path) == []
    done = run(["--resume"], "", tmp_path)
    assert "End of input. Game saved." in done.stdout and locks_in(tmp_path) == []
    # An error after the lock is taken: the record file of the saved game cannot be written.
    folder = tmp_path / "records"
    folder.mkdir()
    home = tmp_path / "b"
    run(["--seed", "2", "--record", str(folder / "game.jsonl")], "", home)
    (folder / "game.jsonl").unlink()
    folder.rmdir()
    done = run(["--resume"], "", home)
    assert done.returncode == 2 and "cannot write the record file" in done.stderr
    assert len(saves_in(home)) == 1 and locks_in(home) == []


def test_a_second_copy_is_told_the_game_is_open_elsewhere(tmp_path):
    first = Terminal(["--seed", "5", "--hands", "1"], tmp_path)
    try:
        first.wait_for("Your bid:")
        [save] = saves_in(tmp_path)
        assert locks_in(tmp_path) == [save.with_name(save.name + ".lock")]
        before = save.read_bytes()
        second = run(["--resume", "--seed", "9"], "", tmp_path)
        assert second.returncode == 0
        assert "The saved game is open in another copy of rook-access; a new game starts." in second.stdout
        assert "Resuming" not in second.stdout
        assert save.read_bytes() == before  # the second copy saved its new game in a file of its own
        assert len(saves_in(tmp_path)) == 2
        first.type("quit")
        first.wait_for("EXIT=0")
    finally:
        first.close()
    assert locks_in(tmp_path) == []


def test_at_the_resume_question_typos_ask_again_and_ctrl_d_leaves_the_save_as_it_was(tmp_path):
    """The issue's check: yse, then Enter, are asked again; Ctrl-D leaves touching nothing; --resume resumes."""
    made = run(["--seed", "5", "--hands", "1"], "pass\n", tmp_path)
    assert "Game saved." in made.stdout
    [save] = saves_in(tmp_path)
    before = save.read_bytes()
    stamp = save.stat().st_mtime_ns
    refusal = "Type yes to resume the saved game, no for a new game, or quit to leave."
    term = Terminal([], tmp_path)
    try:
        term.wait_for("A saved game was found. Resume it? Type yes or no.")
        term.type("yse")
        term.wait_for_count("Resume it? Type yes or no.", 2)  # asked again
        term.type("")
        screen = term.wait_for_count("Resume it? Type yes or no.", 3)  # and again
        assert screen.count(refusal) == 2
        term.keys("C-d")
        screen = term.wait_for("EXIT=0")
        assert "Goodbye. Saved games are kept." in screen
        assert "Hand 1." not in screen
    finally:
        term.close()
    assert save.read_bytes() == before and save.stat().st_mtime_ns == stamp
    assert saves_in(tmp_path) == [save] and locks_in(tmp_path) == []
    term = Terminal(["--resume"], tmp_path)
    try:
        screen = term.wait_for("Resuming the game: hand 1.")
        assert "Resume it?" not in screen
        term.wait_for("Your ")
        term.type("quit")
        term.wait_for("EXIT=0")
    finally:
        term.close()
    assert saves_in(tmp_path) == [save] and locks_in(tmp_path) == []


def test_at_a_terminal_several_saves_are_a_list_answered_by_number(tmp_path):
    now = time.time()
    make_save(tmp_path, "game-20250101-090000.json", seed=4, when=now - 7200)
    make_save(tmp_path, "game-20250102-090000.json", seed=5, when=now - 60, variant="two")
    term = Terminal([], tmp_path)
    try:
        screen = term.wait_for("Resume which saved game? Type a number from 1 to 2, new for a new game, or quit.")
        assert "2 saved games, newest first:" in screen
        listed = [line for line in screen.splitlines() if line[:3] in ("1. ", "2. ")]
        assert len(listed) == 2
        assert re.fullmatch(
            r"1\. Game for 2 Players, hand 1, You 0, North 0, saved (today|yesterday) at \d+:\d\d\.", listed[0]
        )
        assert re.fullmatch(
            r"2\. Original Rook Partnership Game, hand 1, North-South 0, East-West 0, "
            r"saved (today|yesterday) at \d+:\d\d\.",
            listed[1],
        )
        term.type("3")
        term.wait_for("There is no saved game 3. Type a number from 1 to 2, new, delete and a number, or quit.")
        term.type("2")
        screen = term.wait_for("Resuming the game: hand 1. North-South 0, East-West 0.")
        term.wait_for("Your ")
        term.type("quit")
        term.wait_for("EXIT=0")
    finally:
        term.close()
    assert len(saves_in(tmp_path)) == 2 and locks_in(tmp_path) == []


# ------------------------------------------- the questions, answer by answer
class Answers:
    """Typed answers at a terminal, one a question; after the last, Ctrl-D (None)."""

    interactive = True

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = []

    def read(self, question, fresh=True):
        self.asked.append((question, fresh))
        return self.answers.pop(0) if self.answers else None


def choose(home, *answers, resume=False, braille=False, variant=None, games=None):
    """The dialogue's outcome, its lines and its questions.

    The outcome is "leave", None for a new game, or the chosen save's file name.
    """
    from rook_access.console.resume import LeaveProgram, choose_saved_game

    said = []
    lines = Answers(*answers)
    try:
        chosen = choose_saved_game(
            lines, said.append, resume=resume, data=home / "data", braille=braille, variant=variant, games=games
        )
    except LeaveProgram:
        chosen = "leave"
    else:
        if chosen is not None:
            assert chosen.lock is not None and chosen.lock.held
            chosen.lock.release()
            chosen = chosen.path.name
    return chosen, said, [question for question, _ in lines.asked]


RESUME_QUESTION = "A saved game was found. Resume it? Type yes or no."
OTHER_SAVES_KEPT = "Your saved games of other games are kept: rook-access --resume lists them."
REFUSAL = "Type yes to resume the saved game, no for a new game, or quit to leave."


@pytest.mark.parametrize("answer", ["yes", "y", "YES", "Yes.", "y!", " yes  "])
def test_yes_resumes(tmp_path, answer):
    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    chosen, said, asked = choose(tmp_path, answer)
    assert chosen == "game-20250101-090000.json"
    assert said[0].startswith("Saved game: Original Rook Partnership Game, hand 1, North-South 0, East-West 0, saved ")
    assert asked == [RESUME_QUESTION]


@pytest.mark.parametrize("answer", ["no", "n", "No!", "N."])
def test_no_starts_a_new_game_and_keeps_the_save(tmp_path, answer):
    kept = make_save(tmp_path, "game-20250101-090000.json", seed=4)
    assert choose(tmp_path, answer)[0] is None
    assert (tmp_path / "data" / "saves" / "game-20250101-090000.json").read_bytes() == kept


def test_anything_else_is_refused_in_one_line_and_asked_again(tmp_path):
    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    chosen, said, asked = choose(tmp_path, "yse", "", "   ", "maybe", "yes")
    assert chosen == "game-20250101-090000.json"
    assert said[1:] == [
        f"yse is not an answer here. {REFUSAL}",
        REFUSAL,
        REFUSAL,
        f"maybe is not an answer here. {REFUSAL}",
    ]
    assert asked == [RESUME_QUESTION] * 5


def test_a_question_asked_again_after_a_refusal_is_not_said_twice(tmp_path):
    """The refusal line names what is allowed; the prompt is shown again, not spoken again."""
    from rook_access.console.resume import choose_saved_game

    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    lines = Answers("yse", "n")
    assert choose_saved_game(lines, [].append, resume=False, data=tmp_path / "data") is None
    assert lines.asked == [(RESUME_QUESTION, True), (RESUME_QUESTION, False)]


@pytest.mark.parametrize("answers", [(), ("quit",), ("q",), ("exit",), ("Quit.",), ("yse", "EXIT")])
def test_ctrl_d_or_quit_leaves_and_touches_no_save(tmp_path, answers):
    kept = make_save(tmp_path, "game-20250101-090000.json", seed=4)
    assert choose(tmp_path, *answers)[0] == "leave"
    assert saves_in(tmp_path) == [tmp_path / "data" / "saves" / "game-20250101-090000.json"]
    assert saves_in(tmp_path)[0].read_bytes() == kept and locks_in(tmp_path) == []


def test_help_and_settings_answer_in_a_line_or_two(tmp_path):
    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    chosen, said, _ = choose(tmp_path, "help", "settings output voice", "y")
    assert chosen == "game-20250101-090000.json"
    assert said[1] == (
        "Your games are saved after every move. Type yes to go on with this one, no to start a new game "
        "(this one is kept), or quit to leave."
    )
    assert said[2] == "Also: settings."  # quit is in the question's own help: not said twice
    assert said[3] == "Settings are changed at the game's prompts: type settings once the game starts."
    assert len(said) == 4


def test_resume_flag_at_a_terminal_resumes_the_only_save_without_asking(tmp_path):
    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    chosen, said, asked = choose(tmp_path, resume=True)
    assert chosen == "game-20250101-090000.json" and asked == [] and said == []


def test_no_save_is_no_question(tmp_path):
    assert choose(tmp_path) == (None, [], [])
    assert choose(tmp_path, resume=True) == (None, ["There is no saved game to resume; a new game starts."], [])


def three_saves(home):
    now = time.time()
    make_save(home, "game-20250101-090000.json", seed=4, when=now - 300)
    make_save(home, "game-20250102-090000.json", seed=5, moves=3, when=now - 100, variant="three")
    make_save(home, "game-20250103-090000.json", seed=6, when=now - 200, variant="two")


def test_several_saves_are_listed_newest_first_and_chosen_by_number(tmp_path):
    three_saves(tmp_path)
    chosen, said, asked = choose(tmp_path, "2")
    assert chosen == "game-20250103-090000.json"
    assert said[0] == "3 saved games, newest first:"
    assert [line[:30] for line in said[1:]] == [
        "1. Game for 3 Players, hand 1,",
        "2. Game for 2 Players, hand 1,",
        "3. Original Rook Partnership G",
    ]
    assert all(re.search(r", saved (today|yesterday) at \d+:\d\d\.$", line) for line in said[1:])
    assert asked == ["Resume which saved game? Type a number from 1 to 3, new for a new game, or quit."]


def test_two_saves_alike_to_the_minute_are_told_apart_by_the_second(tmp_path):
    now = time.time()
    minute = now - now % 60 - 120  # two minutes ago, on the minute: both saves fall in that minute
    make_save(tmp_path, "game-20250101-090000.json", seed=4, when=minute + 5)
    make_save(tmp_path, "game-20250101-090030.json", seed=4, when=minute + 35)
    make_save(tmp_path, "game-20250102-090000.json", seed=5, moves=3, when=now - 30, variant="three")
    _, said, _ = choose(tmp_path, "quit")
    alike = [line for line in said[1:4] if "Original Rook Partnership" in line]
    assert len(alike) == 2 and alike[0] != alike[1]
    assert all(re.search(r", saved (today|yesterday) at \d+:\d\d:\d\d\.$", line) for line in alike), alike
    assert re.search(r", saved (today|yesterday) at \d+:\d\d\.$", said[1]), said[1]  # unlike the others: minutes


def test_a_bad_number_or_word_in_the_list_is_refused_and_asked_again(tmp_path):
    three_saves(tmp_path)
    chosen, said, asked = choose(tmp_path, "4", "0", "two", "", "delete", "1.")
    assert chosen == "game-20250102-090000.json"
    refusal = "Type a number from 1 to 3, new, delete and a number, or quit."
    assert said[4:] == [
        f"There is no saved game 4. {refusal}",
        f"There is no saved game 0. {refusal}",
        refusal,
        refusal,
        "Say which save to delete: delete and a number from 1 to 3, like delete 1, or delete all.",
    ]
    assert len(asked) == 6


def test_new_in_the_list_starts_a_new_game_and_quit_leaves(tmp_path):
    three_saves(tmp_path)
    assert choose(tmp_path, "new")[0] is None
    assert choose(tmp_path, "help", "list", "quit")[0] == "leave"
    assert len(saves_in(tmp_path)) == 3


def test_in_braille_the_questions_before_the_game_fit_40_cells(tmp_path):
    """The list's question was 80 cells, the delete question 57, the one save's question 50."""
    three_saves(tmp_path)
    _, _, asked = choose(tmp_path, "delete 3", "no", "quit", braille=True)
    assert asked == ["Resume which? 1 to 3, new, or quit.", "Delete save 3 for good? yes or no.",
                     "Resume which? 1 to 3, new, or quit."]
    one = tmp_path / "one"
    make_save(one, "game-20250101-090000.json", seed=4)
    assert choose(one, "no", braille=True)[2] == ["Resume the saved game? yes or no."]
    assert all(len(question) <= 40 for question in asked)


def test_delete_asks_first_then_says_how_many_are_left_not_the_whole_list(tmp_path):
    three_saves(tmp_path)
    chosen, said, asked = choose(tmp_path, "delete 3", "no", "delete 3", "yse", "yes", "1")
    assert chosen == "game-20250102-090000.json"
    assert asked[1] == "Delete saved game 3? It cannot be undone. Type yes or no."
    described = next(line for line in said if line.startswith("Saved game 3: "))
    assert described.startswith("Saved game 3: Original Rook Partnership Game, hand 1, ") and described.endswith(".")
    assert (
        "Saved game 3 is kept." in said
        and "yse is not an answer here. Type yes to delete it, or no to keep it." in said
    )
    assert "Saved game 3 deleted." in said
    assert said[said.index("Saved game 3 deleted.") + 1:] == ["2 saved games left, numbered anew; list says them."]
    assert [path.name for path in saves_in(tmp_path)] == ["game-20250102-090000.json", "game-20250103-090000.json"]


def test_list_after_a_deletion_reads_the_saves_left_numbered_anew(tmp_path):
    three_saves(tmp_path)
    _, said, _ = choose(tmp_path, "delete 1", "yes", "list", "quit")
    left = said[said.index("2 saved games left, numbered anew; list says them.") + 1:]
    assert left[0] == "2 saved games, newest first:"
    assert [line[:30] for line in left[1:]] == ["1. Game for 2 Players, hand 1,", "2. Original Rook Partnership G"]


def test_delete_all_asks_once_and_deletes_every_save_then_a_new_game_starts(tmp_path):
    three_saves(tmp_path)
    chosen, said, asked = choose(tmp_path, "delete all", "no", "delete all", "yes")
    assert chosen is None and saves_in(tmp_path) == []
    assert asked[1] == "Delete all 3 saved games? It cannot be undone. Type yes or no."
    assert "All 3 saved games are kept." in said
    assert said[-2:] == ["3 saved games deleted.", "There is no saved game left; a new game starts."]


@pytest.mark.parametrize("typed", ["delete 1-2", "delete 2 to 1", "delete 1 - 2."])
def test_delete_a_range_deletes_those_saves_after_one_yes(tmp_path, typed):
    three_saves(tmp_path)
    chosen, said, asked = choose(tmp_path, typed, "yes", "quit")
    assert chosen == "leave"
    assert asked[1] == "Delete saved games 1 to 2? It cannot be undone. Type yes or no."
    assert "2 saved games deleted." in said
    assert [path.name for path in saves_in(tmp_path)] == ["game-20250101-090000.json"]  # the oldest, number 3
    assert said[-1] == "Saved game: Original Rook Partnership Game, hand 1, " + said[-1].split("hand 1, ", 1)[1]


def test_a_range_past_the_list_is_refused_and_deletes_nothing(tmp_path):
    three_saves(tmp_path)
    _, said, _ = choose(tmp_path, "delete 2-9", "quit")
    assert "There are saved games 1 to 3 only. Type a number from 1 to 3, new, delete and a number, or quit." in said
    assert len(saves_in(tmp_path)) == 3


def test_in_braille_deleting_several_is_asked_within_40_cells(tmp_path):
    three_saves(tmp_path)
    _, _, asked = choose(tmp_path, "delete all", "no", "delete 1-2", "no", "quit", braille=True)
    assert asked[1::2][:2] == ["Delete all 3 for good? yes or no.", "Delete 1 to 2 for good? yes or no."]
    assert all(len(question) <= 40 for question in asked)


def test_a_damaged_save_is_in_the_list_kept_and_removed_only_when_asked(tmp_path):
    make_save(tmp_path, "game-20250101-090000.json", seed=4, when=time.time() - 300)
    damaged = tmp_path / "data" / "saves" / "game-20250102-090000.json"
    damaged.write_bytes(b"not json")
    chosen, said, _ = choose(tmp_path, "1", "new")
    assert chosen is None and damaged.read_bytes() == b"not json"
    assert re.fullmatch(r"1\. cannot be read, saved \w+ at \d+:\d\d: the save file is not valid JSON\.", said[1])
    assert said[3] == (
        "Save 1 cannot be read: the save file is not valid JSON. "
        "Type delete 1 to remove it, or another number."
    )
    chosen, said, _ = choose(tmp_path, "delete 1", "y", "yes")
    assert not damaged.exists() and "Saved game 1 deleted." in said
    assert chosen == "game-20250101-090000.json"  # one good save left: the yes or no question


def test_a_game_open_in_another_copy_is_marked_and_not_resumed(tmp_path):
    from rook_access.save_files import LockOwner, lock_path, process_start

    three_saves(tmp_path)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        save = tmp_path / "data" / "saves" / "game-20250102-090000.json"
        lock_path(save).write_bytes(LockOwner(sleeper.pid, process_start(sleeper.pid), socket.gethostname()).to_bytes())
        chosen, said, _ = choose(tmp_path, "1", "delete 1", "yes", "2")
        assert said[1].endswith(", open in another copy.")
        assert said[4] == "Game 1 is open in another copy of rook-access. Type another number, new, or quit."
        assert said[5].startswith("Saved game 1: ") and said[5].endswith(", open in another copy.")  # what is asked
        assert said[6] == f"Saved game 1 is open in another copy of rook-access (process {sleeper.pid}); it is kept."
        assert chosen == "game-20250103-090000.json" and save.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_when_a_save_was_written_is_said_as_people_say_it():
    from rook_access.console.resume import saved_when

    now = time.mktime((2025, 3, 14, 20, 15, 0, 0, 0, -1))
    assert saved_when(now - 60, now) == "today at 20:14"
    assert saved_when(time.mktime((2025, 3, 13, 9, 5, 0, 0, 0, -1)), now) == "yesterday at 9:05"
    assert saved_when(time.mktime((2025, 1, 2, 9, 5, 0, 0, 0, -1)), now) == "2 January at 9:05"
    assert saved_when(time.mktime((2024, 12, 31, 9, 5, 0, 0, 0, -1)), now) == "31 December 2024"


def test_the_only_save_open_in_another_copy_is_said_once_and_a_new_game_starts(tmp_path):
    from rook_access.save_files import LockOwner, lock_path, process_start

    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    [save] = saves_in(tmp_path)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock_path(save).write_bytes(LockOwner(sleeper.pid, process_start(sleeper.pid), socket.gethostname()).to_bytes())
        chosen, said, asked = choose(tmp_path)
    finally:
        sleeper.kill()
        sleeper.wait()
    assert chosen is None and asked == []
    assert len(said) == 1 and said[0].count("open in another copy") == 1
    assert said[0].startswith("The saved game, Original Rook Partnership Game, hand 1, ")
    assert said[0].endswith(", is open in another copy of rook-access; a new game starts.")


def test_settings_typed_at_the_questions_go_to_the_settings_command(tmp_path):
    """When the program hands the dialogue its settings command, settings works at every question."""
    from rook_access.console.resume import choose_saved_game

    three_saves(tmp_path)
    given = []

    def settings(words):
        given.append(list(words))
        return [f"Output {words[-1]}." if words else "Output plain."]

    said = []
    lines = Answers("settings output voice", "delete 1", "settings", "no", "new")
    assert choose_saved_game(lines, said.append, resume=False, data=tmp_path / "data", settings=settings) is None
    assert given == [["output", "voice"], []]
    assert said[4] == "Output voice." and said[-2] == "Output plain."
    # After a settings change the question is said again in full (a new voice may say it).
    assert [fresh for _, fresh in lines.asked] == [True, True, True, True, True]


def test_a_patience_game_killed_mid_game_is_offered_and_resumed_at_a_terminal(tmp_path):
    record_file = tmp_path / "solitaire.jsonl"
    term = Terminal(["--variant", "solitaire", "--seed", "5", "--record", str(record_file)], tmp_path)
    try:
        term.wait_for("Your move, 10 moves.")
        term.type("3 9")
        term.wait_for("pile 3 to pile 9.")
        term.type("4 13")
        term.wait_for("pile 4 to pile 13.")
        os.kill(term.pid(), signal.SIGKILL)
        term.wait_for("EXIT=137")
    finally:
        term.close()
    [save] = saves_in(tmp_path)
    saved = json.loads(save.read_text())
    assert saved["setup"]["variant"] == "solitaire"
    assert [action["seat"] for action in saved["actions"]] == [0, 0]
    term = Terminal([], tmp_path)
    try:
        term.wait_for("Saved game: Rook Solitaire, 0 of 56 cards built, ")
        term.wait_for("A saved game was found. Resume it? Type yes or no.")
        term.type("yes")
        term.wait_for("Resuming Rook Solitaire.")
        term.type("3 9")  # pile 3's 2x went to pile 9 before the kill: this move is gone
        term.wait_for("Type moves to hear the 11 moves.")
        term.keys("C-d")
        term.wait_for("EXIT=0")
    finally:
        term.close()
    record = [json.loads(line) for line in record_file.read_text().splitlines()]
    assert record[0]["event"] == "game_start" and record[0]["variant"] == "solitaire"
    moved = [(line["source"], line["target"]) for line in record if line["event"] == "run_moved"]
    assert moved == [(3, 9), (4, 13)]  # each move once: the resumed record goes on, it does not start again


def test_with_the_braille_verbosity_the_lines_before_the_game_fit_40_cells(tmp_path):
    """The saves' list and the notices before a game are cut where their phrases end, as a game's answers are."""
    now = time.time()
    make_save(tmp_path, "game-20250101-090000.json", seed=4, when=now - 7200)
    make_save(tmp_path, "game-20250102-090000.json", seed=5, moves=1, when=now - 60, variant="two")
    done = run(["--resume", "--verbosity", "braille"], "", tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines and all(len(line) <= 40 for line in lines), [line for line in lines if len(line) > 40]
    assert lines[0].startswith("2 saved games;")  # the first phrase, whole, on a line of its own


def test_two_saves_of_one_game_tell_apart_by_the_target_or_hands_set_for_them(tmp_path):
    """A game to 50 and a game to the rule book's 300 (or of 2 hands) are not the same line in the list."""
    from rook_access.console.resume import describe
    from rook_access.save_files import find_saves
    from rook_access.saves import write_save

    seats = ["human", "computer", "computer", "computer"]
    setups = {
        "game-a.json": GameSetup.create(seats, level="random", seed=3),
        "game-b.json": GameSetup.create(seats, level="random", seed=3, options={"target": 50}),
        "game-c.json": GameSetup.create(seats, level="random", seed=3, hands=2),
    }
    for name, setup in setups.items():
        write_save(tmp_path / "saves" / name, setup, [], 0)
    lines = {entry.path.name: describe(entry, time.time()) for entry in find_saves(tmp_path)}
    assert lines["game-a.json"].startswith("Original Rook Partnership Game, hand 1, ")
    assert lines["game-b.json"].startswith("Original Rook Partnership Game to 50, hand 1, ")
    assert lines["game-c.json"].startswith("Original Rook Partnership Game of 2 hands, hand 1, ")


def test_a_game_asked_for_offers_only_its_own_saves(tmp_path):
    three_saves(tmp_path)
    make_save(tmp_path, "game-20250104-090000.json", seed=7, when=time.time() - 50, variant="two")
    chosen, said, asked = choose(tmp_path, "2", variant="two")
    assert said[0] == "2 saved games, newest first:"
    assert [line[:30] for line in said[1:3]] == ["1. Game for 2 Players, hand 1,", "2. Game for 2 Players, hand 1,"]
    assert chosen == "game-20250103-090000.json"
    chosen, said, asked = choose(tmp_path, "yes", variant="three")
    assert said[0].startswith("Saved game: Game for 3 Players, hand 1, ") and asked == [RESUME_QUESTION]
    assert chosen == "game-20250102-090000.json"
    # None of that game: a new one, asked nothing; where the others' saves are is said, not to be forgotten.
    assert choose(tmp_path, variant="tuxedo") == (None, [OTHER_SAVES_KEPT], [])
    assert choose(tmp_path / "none", variant="tuxedo") == (None, [], [])  # no save at all: nothing to say


def test_variant_at_a_terminal_offers_that_games_saves_and_resume_any(tmp_path):
    from rook_access.console import cli

    three_saves(tmp_path)
    offered = []

    def recorded(*arguments, **keywords):
        offered.append(keywords["variant"])
        return None

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "choose_saved_game", recorded)
        for flags in (["--variant", "Two"], ["--variant", "two", "--resume"], []):
            args = cli.build_parser().parse_args(flags)
            assert cli._resume(args, tmp_path / "data", Answers(), [].append) is None
    assert offered == ["two", None, None]


def test_games_at_either_question_offers_the_list_of_games_and_starts_a_new_game(tmp_path):
    offered = []
    three_saves(tmp_path)
    assert choose(tmp_path, "help", "games", games=lambda: offered.append("list"))[0] is None
    one = tmp_path / "one"
    make_save(one, "game-20250101-090000.json", seed=4)
    chosen, said, _ = choose(one, "help", "Games.", games=lambda: offered.append("one"))
    assert chosen is None and offered == ["list", "one"]
    assert said[1].endswith(" Games lists the games, to start another.")
    assert len(saves_in(tmp_path)) == 3 and len(saves_in(one)) == 1  # every save is kept


def test_games_is_no_answer_where_the_game_was_named(tmp_path):
    three_saves(tmp_path)
    _, said, _ = choose(tmp_path, "games", "quit")
    assert said[-1] == "Type a number from 1 to 3, new, delete and a number, or quit."
    one = tmp_path / "one"
    make_save(one, "game-20250101-090000.json", seed=4)
    _, said, _ = choose(one, "games", "quit")
    assert said[-1] == "games is not an answer here. " + REFUSAL


def test_games_typed_at_the_resume_question_in_a_terminal_starts_the_game_chosen(tmp_path):
    make_save(tmp_path, "game-20250101-090000.json", seed=4)
    term = Terminal(["--seed", "3"], tmp_path)
    try:
        term.wait_for("A saved game was found. Resume it? Type yes or no.")
        term.type("games")
        term.wait_for("Which game? The games of the Rook rule books:")
        term.wait_for("Type a number from 1 to ")
        term.type("dixie")
        term.wait_for("Rook: Dixie Rook, 4 players", timeout=20)
        term.wait_for("Your ", timeout=30)
        term.type("quit")
        term.wait_for("Game saved. Goodbye.")
        term.wait_for("EXIT=0")
    finally:
        term.close()
    assert len(saves_in(tmp_path)) == 2  # the old save kept, the Dixie game saved beside it
