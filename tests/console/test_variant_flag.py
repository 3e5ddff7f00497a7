"""``--variant`` refused: one short line that says what was meant, and the exit status of a bad flag (2)."""

from __future__ import annotations

import pytest

from rook_access.console import cli, online
from rook_access.settings import settings_path

HINT = " Type rook-access --help for the flags.\n"


def refusal(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    """What ``rook-access ARGS`` says on stderr; it must leave with status 2, saying nothing on stdout."""
    with pytest.raises(SystemExit) as leaving:
        cli.main(args)
    assert leaving.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and not settings_path().exists()
    return err


@pytest.mark.parametrize("typed", ["party", "Party"])
def test_variant_party_says_how_a_party_is_started_with_an_example(capsys, typed):
    """Before, "A progressive party is started with --party TABLES, not --variant.": no example."""
    assert refusal(capsys, ["--variant", typed]) == (
        "rook-access: --variant: A progressive party is started with --party TABLES, not --variant, "
        "like rook-access --party 2 for 2 tables." + HINT
    )


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("dixie-rook", "dixie"), ("hi14", "high-14"), ("partnersip", "partnership"), ("Kentucky-Discard", "kentucky"),
     ("tuxdo", "tuxedo"), ("idoubtit", "i-doubt-it")],
)
def test_a_mistyped_variant_says_the_game_meant_in_one_short_line(capsys, typed, meant):
    """Before, all 21 games followed the suggestion ("Did you mean high-14? Games: partnership, ..."), and a
    game's title typed as a name ("dixie-rook", Dixie Rook) got no suggestion at all."""
    assert refusal(capsys, ["--variant", typed]) == (
        f"rook-access: --variant: There is no game called {typed}. Did you mean {meant}?" + HINT
    )


def test_a_variant_like_no_game_still_names_the_games(capsys):
    line = refusal(capsys, ["--variant", "bridge"])
    assert line.startswith("rook-access: --variant: There is no game called bridge. Games: partnership, beginner, ")
    assert line.endswith(" tuxedo, i-doubt-it." + HINT)


GAME_NAMES = ("partnership, beginner, two, three, five, six, individual, kentucky, solitaire, clock, rook-1913, "
              "partnership-1913, dixie, display, flip, high-14, match, donkey, panjandrum, tuxedo, i-doubt-it")


@pytest.mark.parametrize("typed", ["", "  "])
def test_an_empty_variant_says_a_games_name_is_needed_and_names_the_games(capsys, typed):
    """Before, "There is no game called . Games: ...": a game called nothing, said as a full stop."""
    assert refusal(capsys, ["--variant", typed]) == f"rook-access: --variant needs a game's name: {GAME_NAMES}." + HINT
    with pytest.raises(SystemExit) as leaving:
        online.build_parser().parse_args(["localhost", "--new", f"--variant={typed}"])
    assert leaving.value.code == 2
    assert capsys.readouterr().err == (
        f"rook-access: --variant needs a game's name: {GAME_NAMES}. Type rook-access join --help for the flags.\n"
    )


def test_join_variant_suggests_the_game_meant_too(capsys):
    """Before, join's --variant was argparse's choices: all 21 names, sorted, and no suggestion."""
    with pytest.raises(SystemExit) as leaving:
        online.build_parser().parse_args(["localhost", "--new", "--variant", "dixie-rook"])
    assert leaving.value.code == 2
    assert capsys.readouterr().err == (
        "rook-access: --variant: There is no game called dixie-rook. Did you mean dixie?"
        " Type rook-access join --help for the flags.\n"
    )
    assert online.build_parser().parse_args(["localhost", "--new", "--variant", "Dixie"]).variant == "dixie"


@pytest.mark.parametrize("typed", ["party", "Party"])
def test_join_variant_party_says_a_party_is_played_at_home(capsys, typed):
    """Before, "A progressive party is started with --party TABLES, not --variant.": join has no --party."""
    with pytest.raises(SystemExit) as leaving:
        online.build_parser().parse_args(["localhost", "--new", "--variant", typed])
    assert leaving.value.code == 2
    assert capsys.readouterr().err == (
        "rook-access: --variant: A progressive party is not played online; at home, rook-access --party TABLES "
        "starts one, like rook-access --party 2 for 2 tables. Type rook-access join --help for the flags.\n"
    )
