"""One typed table setup (issue 15): the options declared once in engine.games, read by the flags,
the settings file, saves, --list-variants and the rules summary; a bad option is one line that
names what is allowed and changes nothing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from rook_access.announcer.rules_summary import rules_summary
from rook_access.console import cli
from rook_access.engine.games import GAMES, all_options, table_setup, trick_summary
from rook_access.engine.protocol import SeatKind
from rook_access.engine.rules import VARIANTS
from rook_access.saves import DamagedSaveError, GameSetup, read_save, record_extra, record_lines_of
from rook_access.settings import SettingError, Settings, load_settings, save_settings, settings_path

MADE_BY_0_1 = Path(__file__).parent / "made_by_0_1"
"""Saves and their records made by the program before the table setup (main at 65c1204)."""


@pytest.mark.parametrize("name", ["kentucky-options", "partnership-hands", "two-min-bid"])
def test_a_save_made_before_the_table_setup_still_loads_as_the_same_game(name):
    path = MADE_BY_0_1 / f"{name}.json"
    before = path.read_bytes()
    saved = read_save(path)
    assert saved is not None and len(saved.actions) == 40
    lines = record_lines_of(saved.state.events, record_extra(saved.setup))
    assert "".join(lines) == (MADE_BY_0_1 / f"{name}.jsonl").read_text()
    assert path.read_bytes() == before


def test_an_old_saves_table_is_typed():
    saved = read_save(MADE_BY_0_1 / "kentucky-options.json")
    assert saved is not None
    table = saved.setup.table_setup()
    assert table.game == "kentucky" and table.seed == 15
    assert table.options == (
        ("target", 400), ("bird_rank", "low"), ("min_bid", 110), ("all_tricks_bonus", 20), ("ones", True)
    )
    assert table.seats == (SeatKind.HUMAN, SeatKind.COMPUTER, SeatKind.COMPUTER, SeatKind.COMPUTER)
    assert table.levels == ("easy",) * 4
    again = GameSetup.from_table(table)
    assert again.to_json() == saved.setup.to_json()


def test_hands_is_a_table_option_kept_in_its_own_field_of_a_save():
    table = table_setup("individual", {"hands": 3}, seed=9, seats=(SeatKind.HUMAN,) * 4, levels=("easy",) * 4)
    setup = GameSetup.from_table(table)
    assert setup.hands == 3 and setup.options == {} and setup.table_setup() == table
    assert setup.rules().hands_limit == 3


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"bird": "low"},
            "the saved table option bird is not one of target, bird_rank, min_bid, all_tricks_bonus, ones, "
            "same_dealer, players, sides, colors",
        ),
        ({"min_bid": 72}, "the saved option min bid must be a multiple of 5, 5 or more, not 72"),
        ({"bird_rank": "middle"}, "the saved option bird rank must be high, low or ten-and-a-half, not 'middle'"),
        ({"ones": "yes"}, "the saved option ones must be on or off, not 'yes'"),
    ],
)
def test_a_save_with_an_unknown_or_out_of_range_option_is_one_line_and_left_alone(tmp_path, options, message):
    document = json.loads((MADE_BY_0_1 / "kentucky-options.json").read_text())
    document["setup"]["options"] = options
    path = tmp_path / "save.json"
    path.write_text(json.dumps(document))
    before = path.read_bytes()
    with pytest.raises(DamagedSaveError) as refused:
        read_save(path)
    assert str(refused.value) == message
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("min_bid", "72", "min bid is a multiple of 5, 5 or more, or default, not 72."),
        ("bird_rank", "middle", "bird rank is high, low or ten-and-a-half, or default, not middle."),
        ("all_tricks_bonus", "7", "all tricks bonus is a multiple of 5, 0 or more, or default, not 7."),
        ("ones", "maybe", "ones is on or off, not maybe."),
        ("hands", "-1", "hands is a whole number, 1 or more, or default, not -1."),
    ],
)
def test_a_bad_option_setting_is_one_line_naming_what_is_allowed(name, value, message):
    settings = Settings().changed("target", "250")
    with pytest.raises(SettingError) as refused:
        settings.changed(name, value)
    assert str(refused.value) == message
    assert settings.table_options() == {"target": 250}


def test_the_settings_file_keeps_the_options_in_their_old_form(tmp_path):
    path = tmp_path / "settings.toml"
    settings = Settings().changed("bird_rank", "low").changed("ones", "on").changed("min_bid", "default")
    save_settings(path, settings)
    text = path.read_text()
    for line in ('target = 0', 'bird_rank = "low"', 'min_bid = 0', 'all_tricks_bonus = 0', 'ones = "on"', 'hands = 0'):
        assert line in text.splitlines()
    assert load_settings(path) == (settings, None)
    assert settings.table_options() == {"bird_rank": "low", "ones": True}


def test_a_settings_file_with_a_bad_option_keeps_the_rest_and_says_what_is_allowed(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('target = 250\nmin_bid = 72\nbird_rank = "low"\n')
    settings, notice = load_settings(path)
    assert settings.table_options() == {"target": 250, "bird_rank": "low"}
    allowed = "min bid is a multiple of 5, 5 or more, or default, not 72."
    assert notice == f"Ignored bad settings in {path}: min_bid. {allowed}"


def test_every_option_has_its_flag_with_its_declared_help():
    parser = cli.build_parser()
    flags = {action.option_strings[0]: action for action in parser._actions if action.option_strings}
    for option in all_options():
        action = flags[option.flag]
        assert action.help == option.help and action.dest == option.name
        assert (action.nargs == 0) == (option.kind is bool)
    assert list(flags).index("--target") < list(flags).index("--ones") < list(flags).index("--record")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--min-bid", "72"], "rook-access: --min-bid: min bid must be a multiple of 5, 5 or more, not 72."),
        (
            ["--all-tricks-bonus", "-5"],
            "rook-access: --all-tricks-bonus: all tricks bonus must be a multiple of 5, 0 or more, not -5.",
        ),
        (["--target", "x"], "rook-access: --target: target must be a whole number, 1 or more, not 'x'."),
        (
            ["--bird-rank", "middle"],
            "rook-access: --bird-rank: bird rank must be high, low or ten-and-a-half, not 'middle'.",
        ),
    ],
)
def test_a_bad_option_flag_is_one_line_and_changes_nothing(capsys, args, line):
    with pytest.raises(SystemExit) as leaving:
        cli.main(args)
    assert leaving.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err == line + " Type rook-access --help for the flags.\n"
    assert not settings_path().exists()


def test_an_option_from_the_settings_that_the_game_cannot_take_is_left_out_and_says_how_to_clear_it(
    capsys, monkeypatch
):
    """A setting kept for another game does not stop this one (a player would be locked out of new games): it
    is left out, in one line that says how to clear it; the game starts without it."""
    save_settings(settings_path(), Settings(variant="two").changed("bird_rank", "low"))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\nyes\n"))
    assert cli.main(["--level", "easy", "--output", "plain"]) == 0
    out, err = capsys.readouterr()
    first = out.splitlines()[0]
    assert first.startswith("The Game for 2 Players is played without the Bird"), out
    assert first.endswith("Your setting bird rank is left out of this game; settings bird rank default clears it.")
    assert any(line.startswith("Rook: the Game for 2 Players") for line in out.splitlines()), out
    assert err == ""


def test_the_list_of_games_comes_from_the_registry():
    assert cli.variant_lines() == [f"{n}. {game.name}: {game.summary}" for n, game in enumerate(GAMES.values(), 1)]
    first = "1. partnership: The Original Rook Partnership Game: 4 players, two against two, to 300."
    assert cli.variant_lines()[0] == first
    tricks = [game.summary for game in GAMES.values() if game.family == "tricks"]
    assert tricks == [trick_summary(rules) for rules in VARIANTS.values()]
    assert cli.variant_lines()[9].startswith("10. clock: Rook Clock: one player")


def test_the_rules_summary_names_the_declared_options_with_their_values():
    rules = GameSetup(("human",) * 4, variant="kentucky", options={"ones": True, "bird_rank": "low"}).rules()
    assert rules_summary(rules)[-1] == (
        "Table options: target 300, bird rank low, min bid 100, all tricks bonus 0, ones on;"
        " to change one for the next game: settings, its name and a value."
    )
    assert rules_summary(VARIANTS["two"])[-1].startswith("Table options: target 300, min bid 50;")
