"""The console program as its users meet it: scripted tables, refusals, flags, the record."""

from __future__ import annotations

import json
import re

import pytest

from rook_access.players.search.player import NO_DEADLINE_VARIABLE
from tests.helpers.console import FIXED_DEAL, legal_script, noisy_script, run_in_process, run_program

FOUR_HUMANS = "human,human,human,human"
RECORD_KEYS = {
    "deal": {"event", "hand", "dealer", "hands", "nest"},
    "bid": {"event", "seat", "amount"},
    "nest": {"event", "seat", "discarded"},
    "trump": {"event", "seat", "color"},
    "play": {"event", "seat", "card"},
    "trick": {"event", "number", "leader", "cards", "winner", "points"},
    "hand_end": {"event", "hand", "bidder", "bid", "made", "counters", "score_change", "scores"},
    "game_end": {"event", "winner", "scores"},
}
CARD = re.compile(r"^(?:(?:[5-9]|1[0-4])[rxyg]|rook)$")


@pytest.fixture
def deal_file(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(FIXED_DEAL))
    return path


def read_record(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_four_keyboard_seats_play_a_hand_and_refused_commands_change_nothing(tmp_path, deal_file):
    clean = legal_script(FIXED_DEAL, seed=5)
    noisy = noisy_script(FIXED_DEAL, seed=5)
    assert len(noisy) > 3 * len(clean)
    results = {}
    for name, script in (("clean", clean), ("noisy", noisy)):
        record = tmp_path / f"{name}.jsonl"
        args = ["--seats", FOUR_HUMANS, "--deal", str(deal_file), "--hands", "1", "--seed", "5"]
        args += ["--record", str(record)]
        done = run_program(args, "\n".join(script) + "\n")
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        results[name] = (done.stdout, read_record(record))
    noisy_out, noisy_record = results["noisy"]
    clean_out, clean_record = results["clean"]
    # The refused commands left no trace in the game: the records are identical.
    assert noisy_record == clean_record
    assert clean_record[-1]["event"] == "game_end"
    for reply in (
        "Bids go up in fives: 75 or more.",
        "The highest bid is 120: bid ",
        "Unknown command: xyzzy. Type help for the commands.",
        "Discard exactly 5 cards, all on one line; you named 4.",
        "You named a card twice. Name each card once.",
        "purple is not a color.",
        "You must follow",
        "You do not hold",
    ):
        assert reply in noisy_out, reply
    assert "Traceback" not in noisy_out


def test_the_record_has_the_documented_format(tmp_path, deal_file):
    record = tmp_path / "game.jsonl"
    script = legal_script(FIXED_DEAL, seed=2)
    args = ["--seats", FOUR_HUMANS, "--deal", str(deal_file), "--hands", "1", "--seed", "2", "--record", str(record)]
    done = run_program(args, "\n".join(script) + "\n")
    assert done.returncode == 0
    events = read_record(record)
    kinds = [event["event"] for event in events]
    assert kinds[0] == "game_start" and kinds[-1] == "game_end"
    assert kinds.count("play") == 36 and kinds.count("trick") == 9
    for event in events:
        if event["event"] in RECORD_KEYS:
            assert set(event) == RECORD_KEYS[event["event"]], event
    deal = events[1]
    assert deal == {"event": "deal", "hand": 1, **FIXED_DEAL}
    for event in events:
        for card in event.get("cards", []) + event.get("discarded", []) + ([event["card"]] if "card" in event else []):
            assert CARD.match(card), card
    bids = [e for e in events if e["event"] == "bid"]
    assert bids[0]["seat"] == 0  # the dealer is East (3), so South bids first
    assert all(b["amount"] is None or b["amount"] % 5 == 0 for b in bids)
    tricks = [e for e in events if e["event"] == "trick"]
    hand_end = next(e for e in events if e["event"] == "hand_end")
    assert sum(t["points"] for t in tricks) == 120 == sum(hand_end["counters"])
    assert events[0]["seats"] == FOUR_HUMANS.split(",")


def test_end_of_input_ends_cleanly_with_status_0():
    done = run_program(["--seed", "3"], "hand\n")
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "End of input. Game saved. Goodbye. To go on later: rook-access --resume."
    assert done.stderr == ""


def test_piped_output_is_plain_lines_without_escape_codes():
    done = run_program(["--seed", "4"], "help\nhand\nbids\nscore\nturn\ntrump\nlast\ntrick\nlegal\npass\n" * 3)
    assert "\x1b" not in done.stdout and "\r" not in done.stdout
    assert "Warning" not in done.stdout + done.stderr
    for line in done.stdout.splitlines():
        assert line.strip() == line and line, repr(line)
        # Short lines; only the review of the bidding lists every bid of the hand, however many, and the hand by
        # color says each color's count in cards ("Red, 3 cards: 12r 11r 10r."), a little longer.
        assert len(line) <= (140 if line.startswith("Your hand, ") else 120) or line.startswith("Bids: "), line
        assert all(ch.isprintable() for ch in line)


def test_watch_mode_plays_a_whole_game_without_input(tmp_path):
    record = tmp_path / "watch.jsonl"
    # The easy level: watching does not depend on the players' level, and the search levels
    # take a minute for a whole game (their games are pinned in test_golden_records).
    args = ["--seats", "computer,computer,computer,computer", "--level", "easy", "--seed", "8"]
    done = run_program([*args, "--record", str(record)])
    assert done.returncode == 0
    events = read_record(record)
    assert events[-1]["event"] == "game_end"
    assert max(events[-1]["scores"]) >= 300
    assert done.stdout.splitlines()[-1].startswith("Game over.")


def test_seed_makes_games_repeatable(tmp_path):
    # The search stops at its sample budget, not at its deadline: on a busy machine a deadline
    # cuts the search short at a different point in each run.
    budget_only = {NO_DEADLINE_VARIABLE: "1"}
    args = ["--seats", "computer,computer,computer,computer", "--hands", "1"]
    outputs = [run_program([*args, "--seed", "11"], environment=budget_only).stdout for _ in range(2)]
    assert outputs[0] == outputs[1]
    other = run_program([*args, "--seed", "12"], environment=budget_only).stdout
    assert other != outputs[0]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not valid JSON"),
        ('{"dealer": 3, "hands": []}', "no 'nest'"),
        ('{"dealer": 3, "hands": [], "nest": []}', "needs 4 hands"),
        (json.dumps({**FIXED_DEAL, "nest": ["12g", "9g", "8g", "7g", "14r"]}), "14r is dealt twice"),
        (json.dumps({**FIXED_DEAL, "nest": ["12g", "9g", "8g", "7g", "4y"]}), "4y is not in the deck"),
        (json.dumps({**FIXED_DEAL, "nest": ["12g", "9g", "8g", "7g", "purple"]}), "purple is not a card"),
        (json.dumps({**FIXED_DEAL, "dealer": 7}), "dealer must be a seat from 0 to 3"),
    ],
)
def test_bad_deal_files_are_refused_with_a_clear_line(tmp_path, content, message):
    path = tmp_path / "deal.json"
    path.write_text(content)
    done = run_program(["--deal", str(path)])
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (b"", [], "is not valid JSON (line 1, column 1)."),
        (b"{not json", [], "is not valid JSON (line 1, column 2)."),
        (b'{"dealer": 3,\n "hands": [}', [], "is not valid JSON (line 2, column 12)."),
        (b"\xff\xfe", [], "is not valid JSON: it is not UTF-8 text."),
        (b"[" * 100000, [], "is not valid JSON."),
        (b'{"dealer": ' + b"9" * 5000 + b"}", [], "is not valid JSON."),
        (json.dumps(FIXED_DEAL).encode(), ["--variant", "dixie"], "The first hand, South's, has 9 cards; each hand "
         "needs 13."),
    ],
)
def test_a_deal_file_that_is_not_json_or_of_the_wrong_hand_size_is_refused_in_plain_words(
    tmp_path, content, args, message
):
    path = tmp_path / "deal.json"
    path.write_bytes(content)
    done = run_program([*args, "--deal", str(path)])
    assert done.returncode == 2
    assert done.stderr.endswith(f"{message}\n")
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert "Expecting" not in done.stderr and "codec" not in done.stderr
    assert done.stdout == ""


def test_missing_deal_file_is_refused(tmp_path):
    done = run_program(["--deal", str(tmp_path / "none.json")])
    assert done.returncode == 2 and "Cannot read the deal file" in done.stderr


@pytest.mark.parametrize(
    "args",
    [["--seats", "human"], ["--seats", "human,robot,computer,computer"], ["--hands", "0"], ["--seed", "x"],
     ["--variant", "bridge"], ["--bird-rank", "middle"]],
)
def test_bad_flags_are_refused(args):
    done = run_program(args)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("rook-access: ") and done.stderr.endswith(" Type rook-access --help for the flags.\n")


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--seats", "human,computer"], "The Original Rook Partnership Game needs 4 seats, each human or computer"),
        (["--variant", "two", "--bird-rank", "low"], "The Game for 2 Players is played without the Bird"),
        (["--ones"], "The deck with 1s belongs to the tournament rules of Kentucky Discard"),
        (["--target", "200", "--hands", "2"], "Play to a target score or a number of hands, not both."),
        (["--variant", "beginner", "--min-bid", "50"], "The Beginner Game has no bidding, so it has no minimum bid."),
    ],
)
def test_tables_that_cannot_be_played_are_refused_with_the_reason(args, reason):
    done = run_program(args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("rook-access: " + reason) and len(done.stderr.splitlines()) == 1


def test_hands_flag_plays_exactly_that_many_hands(tmp_path):
    record = tmp_path / "r.jsonl"
    args = ["--seats", "computer,computer,computer,computer", "--level", "easy", "--seed", "2", "--hands", "3"]
    done = run_program([*args, "--record", str(record)])
    assert done.returncode == 0
    events = read_record(record)
    assert [e["event"] for e in events].count("hand_end") == 3
    scores = events[-1]["scores"]
    assert events[-1]["winner"] == (scores.index(max(scores)) if scores[0] != scores[1] else None)


# ------------------------------------------------------------ in-process checks
def test_the_user_is_told_the_hand_sorted_by_color_trump_first():
    output, records, state, _ = run_in_process([], deal=FIXED_DEAL, seed=1)
    assert "Your hand, 9 cards: 14r 10r 5r 12x 9x 13y 6y 11g rook." in output


def test_review_commands_answer_without_changing_the_game():
    lines = ["hand", "h", "trick", "last", "bids", "score", "turn", "who", "trump", "legal", "help", "?", "HELP"]
    output, records, state, status = run_in_process(lines, seats="human,human,human,human", deal=FIXED_DEAL)
    assert status == 0
    assert [r["event"] for r in records] == ["game_start", "deal"]
    assert "South's hand, 9 cards: 14r 10r 5r 12x 9x 13y 6y 11g rook." in output
    assert "No trick is being played now." in output
    assert "No trick has been taken yet this hand." in output
    assert "No bids yet. South bids first." in output
    assert "Trump is not named yet." in output
    assert "South to bid." in output
    assert output.count("Moves now: bid N or a number alone, pass.") == 3


def test_commands_work_in_any_case_and_with_aliases():
    output, records, _, _ = run_in_process(
        ["BID 70", "P", "pass", "b 80"], seats="human,human,human,human", deal=FIXED_DEAL
    )
    bids = [(r["seat"], r["amount"]) for r in records if r["event"] == "bid"]
    assert bids == [(0, 70), (1, None), (2, None), (3, 80)]


def test_a_number_alone_bids_and_a_card_alone_plays():
    script = legal_script(FIXED_DEAL, seed=3)
    short = [line.split()[1] if line.startswith(("bid ", "play ")) else line for line in script]
    output, records, state, _ = run_in_process(short, seats="human,human,human,human", deal=FIXED_DEAL, seed=3)
    assert [r["event"] for r in records].count("play") == 36


def test_end_of_input_in_process_says_goodbye():
    output, _, _, status = run_in_process([], seed=9)
    assert status == 0 and output[-1] == "End of input. Goodbye."


def test_quit_asks_first_and_leaves_on_yes():
    output, records, _, status = run_in_process(["quit", "yes", "bid 70"], deal=FIXED_DEAL)
    assert status == 0 and output[-1] == "Goodbye."
    assert "Score: North-South 0, East-West 0; game to 300." in output
    assert not [r for r in records if r["event"] == "bid" and r["seat"] == 0]


def test_quit_then_anything_else_goes_on():
    output, records, _, status = run_in_process(["quit", "no", "bid 70"], deal=FIXED_DEAL)
    assert "Going on." in output
    assert [r for r in records if r["event"] == "bid" and r["seat"] == 0] == [{"event": "bid", "seat": 0, "amount": 70}]
