"""Progressive parties through the program: a whole party of two tables, its record replayed table by
table and its scores counted again by the booklet's rule, a party left midway and resumed as if never left,
and bad flags refused in one line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from rook_access.engine.party import MOVING_BONUS
from rook_access.parties import PartySetup
from tests.helpers.console import record_of, run_program
from tests.helpers.party import party_moves, replay_table, table_games

REFUSED_GAME = "rook-access: A progressive party is played with dixie, partnership-1913, "
SETUP = PartySetup(variant="dixie", tables=2, rounds=2, level="easy", seed=5)
ARGS = ["--party", "2", "--party-rounds", "2", "--level", "easy", "--seed", "5"]


@pytest.fixture(scope="module")
def moves() -> list[str]:
    return party_moves(SETUP)


def booklet_scores(record: list[dict], players: int) -> list[int]:
    """Every player's score counted again from the record's rounds, as the booklet says: each player adds
    their partnership's points, and the winning partners (more points, or the higher cut) 50 each."""
    scores = [0] * players
    for line in record:
        if line["event"] != "party_round":
            continue
        cuts = {cut["table"]: cut["numbers"] for cut in line["cuts"]}
        for number, (seats, points) in enumerate(zip(line["tables"], line["points"], strict=True), 1):
            first, second = (seats[0], seats[2]), (seats[1], seats[3])
            won = first if (points[0] > points[1] or (number in cuts and cuts[number][0] > cuts[number][1])) else second
            for pair, score in ((first, points[0]), (second, points[1])):
                for player in pair:
                    scores[player] += score + (MOVING_BONUS if pair == won else 0)
    return scores


def test_a_whole_party_of_two_tables_with_every_table_recorded_and_the_scores_as_the_booklet_counts(
    tmp_path: Path, moves: list[str]
):
    record_path = tmp_path / "party.jsonl"
    done = run_program([*ARGS, "--record", str(record_path)], "\n".join(moves) + "\n", timeout=180)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "A progressive party of Dixie Rook: 2 tables of four, 2 rounds of 4 hands."
    assert out[1] == "Round 1 of 2: you play at table 1 of 2."
    assert out[2].startswith("Your partner North is ") and ", East is " in out[2]
    assert sum(line.startswith("Round 2 of 2: you play at table ") for line in out) == 1
    table_lines = [line for line in out if line.startswith("Table ")]
    assert len(table_lines) == 4 and all(" you and " in line for line in table_lines[0::2])  # your table first
    assert sum(line.startswith(("You win 50", "You lose")) for line in out) == 1  # the move, after round 1 only
    assert out[-2].startswith("The party is over: you ")
    assert out[-1].startswith("Standings after round 2: 1 ")
    assert sum(line.startswith("Round over. ") for line in out) == 2  # each table's end, not "Game over"
    assert not any(line.startswith("Game over") for line in out)

    record = record_of(record_path)
    assert record[0]["event"] == "party_start" and record[0]["tables"] == 2 and len(record[0]["names"]) == 8
    assert [line["event"] for line in record if line["event"].startswith("party_")] == [
        "party_start", "party_round", "party_round", "party_over",
    ]  # fmt: skip
    games = table_games(record)
    assert len(games) == 4
    rounds = [line for line in record if line["event"] == "party_round"]
    for index, game in enumerate(games):
        start, end = game[0], game[-1]
        assert start["variant"] == "dixie" and start["hands"] == 4 and end["event"] == "game_end"
        assert start["seats"].count("human") == (1 if 0 in start["party_players"] else 0)
        rebuilt = replay_table(game)
        assert rebuilt.is_over and list(rebuilt.scores) == end["scores"]
        dealers, passed_out = [], []
        for line in game:
            if line["event"] == "deal":
                dealer = line["dealer"]
            elif line["event"] == "hand_end":
                dealers.append(dealer)
            elif line["event"] == "thrown_in":
                passed_out.append(dealer)
                assert line["dealer"] == dealer
        assert sorted(dealers) == [0, 1, 2, 3]  # each player deals one of the four hands played
        assert all(dealer in dealers for dealer in passed_out)  # a hand passed out is dealt again by its dealer
        # The round's line has each table as its game was seated, its sides' points in the game's order.
        assert rounds[index // 2]["tables"][start["party_table"] - 1] == start["party_players"]
        assert rounds[index // 2]["points"][start["party_table"] - 1] == end["scores"]
    final_move = next(move for move in rounds[-1]["moves"] if move["player"] == 0)
    assert ("You win 50." in out) == final_move["won"]  # the last round's 50, said though nobody moves
    final = booklet_scores(record, 8)
    assert rounds[-1]["scores"] == final
    ranked = sorted(([player, score] for player, score in enumerate(final)), key=lambda pair: (-pair[1], pair[0]))
    assert record[-1]["standings"] == ranked


def test_a_party_left_twice_and_resumed_goes_on_as_if_never_left(tmp_path: Path, moves: list[str]):
    whole = tmp_path / "whole.jsonl"
    once = run_program([*ARGS, "--record", str(whole)], "\n".join(moves) + "\n", timeout=180)
    assert once.returncode == 0, once.stderr
    data = tmp_path / "data"
    parts = tmp_path / "parts.jsonl"
    environment = {"ROOK_ACCESS_DATA_DIR": str(data)}
    cuts = [0, 40, 90, len(moves)]  # left in round 1, then in round 2
    said: list[str] = []
    for number, (start, end) in enumerate(zip(cuts, cuts[1:], strict=False)):
        args = [*ARGS, "--record", str(parts)] if number == 0 else ["--resume"]
        done = run_program(args, "\n".join(moves[start:end]) + "\n", timeout=180, environment=environment)
        assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr, done.stderr
        said += done.stdout.splitlines()
        saves = list((data / "saves").glob("*.json"))
        if end < len(moves):
            assert said[-1] == "End of input. Game saved. Goodbye. To go on later: rook-access --resume."
            assert len(saves) == 1 and json.loads(saves[0].read_text())["party"]["setup"]["tables"] == 2
        else:
            assert saves == []  # the party is over: its save is gone
    assert parts.read_bytes() == whole.read_bytes()
    assert said.count("Resuming the progressive party of Dixie Rook.") == 2
    assert said[-2:] == once.stdout.splitlines()[-2:]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--party", "9"], "rook-access: --party: a party has 2 to 6 tables, not 9. Type rook-access --help"),
        (["--party", "two"], "rook-access: --party: two is not a whole number; a party has 2 to 6 tables."),
        (["--party", "2", "--party-rounds", "13"], "rook-access: --party-rounds: a party plays 1 to 12 rounds,"),
        (["--party", "2", "--variant", "flip"], REFUSED_GAME),
        (["--party", "2", "--variant", "clock"], REFUSED_GAME),
    ],
)
def test_a_party_that_cannot_be_is_refused_in_one_line(tmp_path: Path, args: list[str], line: str):
    done = run_program(args, "", environment={"ROOK_ACCESS_DATA_DIR": str(tmp_path / "data")})
    assert done.returncode == 2
    assert done.stderr.splitlines()[0].startswith(line), done.stderr
    assert len(done.stderr.splitlines()) == 1 and done.stdout == ""
    assert not list(tmp_path.rglob("*.json"))


def test_partnership_rook_parties_too(tmp_path: Path):
    setup = PartySetup(variant="partnership-1913", tables=2, rounds=1, level="easy", seed=3)
    moves = party_moves(setup)
    args = ["--party", "2", "--party-rounds", "1", "--variant", "partnership-1913", "--level", "easy", "--seed", "3"]
    done = run_program(args, "\n".join(moves) + "\n", timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "A progressive party of Partnership Rook: 2 tables of four, 1 round of 4 hands."
    assert out[-2].startswith("The party is over: you ")


def test_a_damaged_party_save_is_listed_with_its_reason_and_kept(tmp_path: Path, moves: list[str]):
    data = tmp_path / "data"
    environment = {"ROOK_ACCESS_DATA_DIR": str(data)}
    done = run_program(ARGS, "\n".join(moves[:10]) + "\n", environment=environment, timeout=120)
    assert done.returncode == 0, done.stderr
    (save,) = (data / "saves").glob("*.json")
    document = json.loads(save.read_text())
    document["party"]["rounds"] = "many"
    save.write_text(json.dumps(document))
    before = save.read_bytes()
    again = run_program(["--resume", "--hands", "1"], "quit\n", environment=environment)
    assert again.returncode == 0, again.stderr
    out = again.stdout.splitlines()
    assert out[0] == f"The save {save.name} cannot be read: the saved party's rounds are not a list. It is kept."
    assert save.read_bytes() == before


def test_every_party_line_of_the_braille_verbosity_fits_40_cells(moves: list[str]):
    from rook_access.braille.translator import cell_count

    done = run_program([*ARGS, "--verbosity", "braille"], "\n".join(moves) + "\n", timeout=180)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    party = [line for line in out if line.startswith(("Party", "Round ", "Partner ", "T1:", "T2:", "You win 50",
                                                       "You lose", "You are ", "Standings"))]  # fmt: skip
    assert len(party) >= 14 and out[0] == "Party, Dixie Rook: 2 tables, 2 rounds."
    assert sum(line.startswith("Standings after round ") for line in party) == 2
    standings = out.index("Standings after round 1:")
    assert " ".join(out[standings + 1 : standings + 4]).count(",") == 7  # all eight places, in lines that fit
    too_long = [line for line in out if cell_count(line) > 40]
    assert too_long == []


def test_rules_at_a_party_table_add_the_partys_rules_and_where_it_stands(moves: list[str]):
    first_round = len(party_moves(dataclasses.replace(SETUP, rounds=1)))  # the same first round
    done = run_program(ARGS, "\n".join([*moves[: first_round + 2], "rules", "quit"]) + "\n", timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    start = out.index(next(line for line in out if line.startswith("Progressive party: 2 tables of four, 2 rounds;")))
    assert "each player dealing one; a hand everyone passes is dealt again by the same dealer" in out[start]
    assert out[start + 1].startswith("The partners with more points get 50 each and move up a table")
    assert out[start + 3].startswith("Round 2 of 2: you play at table ")
    assert out[start + 4].startswith("Your partner North is ") and out[start + 5].startswith("You are ")
    assert " of 8 with " in out[start + 5]
    game_rules = out[out.index("Dixie Rook, 4 players.") : start]
    assert not any(line.startswith(("After 4 hands", "Table options:")) for line in game_rules)  # the party decides


def test_flags_a_party_decides_itself_are_left_out_each_in_one_line():
    args = [*ARGS, "--hands", "2", "--seats", "human,human,computer,computer", "--players", "4", "--same-dealer"]
    done = run_program(args, "quit\n", timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:4] == [
        "--seats does not apply to a party: its tables are you and computer players; it is left out.",
        "--hands does not apply to a party: each table plays 4 hands a round; it is left out.",
        "--players does not apply to a party: each table is four players, two partnerships; it is left out.",
        "--same-dealer does not apply to a party: its tables always deal a passed-out hand again so; it is left out.",
    ]


def test_the_next_rounds_history_holds_the_last_rounds_results(moves: list[str]):
    first_round = len(party_moves(dataclasses.replace(SETUP, rounds=1)))
    done = run_program(ARGS, "\n".join([*moves[:first_round], "history", "quit"]) + "\n", timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    recalled = out[out.index(next(line for line in out if line.startswith("The last "))) :]
    assert any(line.startswith("Table 1: ") for line in recalled)
    assert any(line.startswith("Standings after round 1: ") for line in recalled)


def test_party_flags_without_a_party_or_beside_a_saved_game_are_left_out_in_one_line(tmp_path: Path):
    done = run_program(["--party-rounds", "3", "--seed", "1"], "quit\n")
    assert done.stdout.splitlines()[0] == "--party-rounds is for a progressive party (--party TABLES); it is left out."
    environment = {"ROOK_ACCESS_DATA_DIR": str(tmp_path / "data")}
    run_program(["--seed", "1"], "quit\n", environment=environment)  # a saved game
    again = run_program(["--resume", "--party", "2"], "quit\n", environment=environment)
    assert "--party is left out: the saved game goes on." in again.stdout.splitlines()
    assert not any(line.startswith("A progressive party") for line in again.stdout.splitlines())


def test_a_party_whose_record_file_is_gone_goes_on_writing_a_new_one_and_says_so(tmp_path: Path, moves: list[str]):
    environment = {"ROOK_ACCESS_DATA_DIR": str(tmp_path / "data")}
    record = tmp_path / "party.jsonl"
    first = run_program([*ARGS, "--record", str(record)], "\n".join(moves[:30]) + "\n", environment=environment)
    assert first.returncode == 0 and record.exists()
    record.unlink()
    again = run_program(["--resume"], "\n".join(moves[30:]) + "\n", timeout=180, environment=environment)
    assert again.returncode == 0, again.stderr
    assert f"The record file {record} was gone; it goes on from here." in again.stdout.splitlines()
    lines = record_of(record)
    assert lines[0]["event"] == "game_start" and lines[0]["party_table"] == 1  # your table's game, from its start
    assert [line["event"] for line in lines if line["event"].startswith("party_")] == [
        "party_round", "party_round", "party_over",
    ]  # fmt: skip


def test_rules_at_a_display_party_keep_the_displayed_hand_and_leave_out_what_cannot_happen():
    done = run_program(["--party", "2", "--variant", "display", "--level", "easy", "--seed", "5"], "rules\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert any(line.startswith("After the first card the dealer's partner lays the hand face up") for line in out)
    assert not any(line.startswith(("Table options:", "After 4 hands")) for line in out)
    party = next(line for line in out if line.startswith("Progressive party: "))
    assert party.endswith("each player dealing one.")  # the dealer must open: no hand is passed out


def test_a_variant_beside_a_saved_game_of_another_game_is_left_out_in_one_line(tmp_path: Path):
    environment = {"ROOK_ACCESS_DATA_DIR": str(tmp_path / "data")}
    run_program(["--variant", "tuxedo", "--seed", "3"], "quit\n", environment=environment)  # a saved game
    other = run_program(["--resume", "--variant", "donkey"], "quit\n", environment=environment)
    assert other.stdout.splitlines()[0] == "--variant is left out: the saved game of Tuxedo goes on."
    same = run_program(["--resume", "--variant", "Tuxedo"], "quit\n", environment=environment)
    assert not any(line.startswith("--variant") for line in same.stdout.splitlines())  # the game it asked for


def test_a_party_asked_for_offers_only_the_saved_parties_each_said_by_its_round_and_table(tmp_path: Path):
    """A playtest: ``--party 2`` offered every saved game of every kind, and a party's line said "round 3 of 4 at
    table 1 of 4 hands" (its round's length after the table)."""
    from rook_access.console.resume import OTHER_SAVES_KEPT, choose_saved_game

    environment = {"ROOK_ACCESS_DATA_DIR": str(tmp_path / "data")}
    run_program([*ARGS, "--seed", "5"], "quit\n", environment=environment)  # a saved party
    run_program(["--variant", "tuxedo", "--seed", "3"], "quit\n", environment=environment)  # a saved game

    class Answers:
        interactive = True

        def __init__(self, *answers: str) -> None:
            self.answers, self.asked = list(answers), []

        def read(self, question: str, fresh: bool = True) -> str | None:
            self.asked.append(question)
            return self.answers.pop(0) if self.answers else None

    said: list[str] = []
    chosen = choose_saved_game(Answers("no"), said.append, resume=False, data=tmp_path / "data", party=True)
    assert chosen is None
    assert said[0].startswith("Saved game: Dixie Rook party of 2 tables, round 1 of 2 at table 1, hand 1, "), said
    said.clear()
    chosen = choose_saved_game(Answers(), said.append, resume=False, data=tmp_path / "data", variant="donkey",
                               party=True)
    assert chosen is None and said == [OTHER_SAVES_KEPT]
