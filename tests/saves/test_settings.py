"""Settings: a TOML file in the user's config directory, checked, never fatal."""

from __future__ import annotations

import pytest

from rook_access.settings import (
    MOST_WORDS_IN_A_NAME,
    SettingError,
    Settings,
    load_settings,
    save_settings,
    setting_groups,
    setting_names,
    settings_path,
    spoken_name,
)


def test_the_settings_file_lives_in_the_config_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("ROOK_ACCESS_CONFIG_DIR", str(tmp_path / "conf"))
    assert settings_path() == tmp_path / "conf" / "settings.toml"
    monkeypatch.delenv("ROOK_ACCESS_CONFIG_DIR")
    assert settings_path().name == "settings.toml" and "rook-access" in str(settings_path())


def test_settings_round_trip_through_toml(tmp_path):
    path = tmp_path / "sub" / "settings.toml"
    settings = Settings().changed("verbosity", "Terse").changed("rate", "220").changed("pacing", "delay")
    settings = settings.changed("delay", "0.5").changed("voice", "en-us")
    save_settings(path, settings)
    assert 'verbosity = "terse"' in path.read_text()
    loaded, notice = load_settings(path)
    assert loaded == settings and notice is None
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary file left


def test_no_file_gives_the_defaults(tmp_path):
    assert load_settings(tmp_path / "none.toml") == (Settings(), None)


@pytest.mark.parametrize("content", ["verbosity = ", "\x00\x01", "[[[", 'rate = "fast"\nverbosity = "terse"'])
def test_a_damaged_file_gives_defaults_and_one_notice(tmp_path, content):
    path = tmp_path / "settings.toml"
    path.write_text(content)
    settings, notice = load_settings(path)
    assert notice is not None and str(path) in notice and "\n" not in notice
    if "terse" in content:
        assert settings.verbosity == "terse" and settings.rate == 0 and "rate" in notice


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("verbosity", "loud", "verbosity can be terse, normal, verbose or braille, not loud."),
        ("braille", "maybe", "braille can be off or on, not maybe."),
        ("output", "braille", "output can be auto, plain, screenreader or voice, not braille."),
        ("rate", "9000", "rate is a number of words a minute from 80 to 450, or default."),
        ("delay", "-1", "delay is a number of seconds from 0 to 10."),
        ("colour", "red", "There is no setting colour."),
    ],
)
def test_bad_values_are_refused_with_what_is_allowed(name, value, message):
    with pytest.raises(SettingError) as error:
        Settings().changed(name, value)
    assert str(error.value).startswith(message)


def test_a_setting_may_be_named_with_hyphens_as_the_flags_spell_it():
    settings = Settings().changed("bird-rank", "low").changed("Reading-Speed", "250")
    assert settings == Settings().changed("bird_rank", "low").changed("reading_speed", "250")
    assert dict(settings.options)["bird_rank"] != dict(Settings().options).get("bird_rank")
    control = SettingsControl(Settings(), Settings(), lambda _: None)
    assert control.command(("bird-rank", "low")) == ["Bird rank is now low, saved; it applies from the next game."]
    # Typed in words, as the settings list says it (a screen reader may read an underscore aloud): the same.
    assert control.command(("Bird", "rank", "high")) == ["Bird rank is now high, saved; it applies from the next game."]
    assert control.command(("all", "tricks", "bonus", "20")) == [
        "All tricks bonus is now 20, saved; it applies from the next game."]
    assert control.command(("reading", "speed")) == [
        "Say settings reading speed and a value; now reading speed 200: how fast you read, or your screen reader "
        "speaks, in words a minute, 60 to 900, or default, for the wait before a call window opens."]
    assert control.command(("voice", "English", "(America)"))[0].startswith("Voice is now English (America)")
    assert control.command(("min", "bid", "72")) == ["min bid is a multiple of 5, 5 or more, or default, not 72."]
    assert control.command(("min-bd", "80")) == ["There is no setting min bd. Did you mean min bid?"]
    assert control.command(("min", "bd", "80")) == ["There is no setting min bd. Did you mean min bid?"]
    assert control.command(("bid", "80")) == ["There is no setting bid. Type settings to hear them all."]
    # default is taken by every setting that has one, and seconds are said as typed
    assert control.command(("reading", "speed", "default")) == ["Reading speed is now 200 words a minute, saved."]
    assert control.command(("call", "time", "10")) == ["Call time is now 10 seconds, saved."]
    assert control.command(("call", "time", "1")) == ["Call time is now 1 second, saved."]
    assert control.command(("delay", "1.5")) == ["Delay is now 1.5 seconds, saved."]
    assert control.command(("delay", "0")) == ["Delay is now 0 seconds, saved."]
    assert control.command(("call", "time", "default")) == ["Call time is now default, saved."]
    # No name is longer than the words the command looks at.
    assert max(len(name.split("_")) for name in setting_names()) == MOST_WORDS_IN_A_NAME


def test_a_setting_named_alone_or_misspelt_is_answered_about_that_setting():
    """A likely value comes before the list of every value; a setting named without a value gets an example of
    that setting (or what it is now), not of another; a setting that does not exist is said so."""
    control = SettingsControl(Settings(), Settings(), lambda _: None)
    misspelt = control.command(("variant", "dispaly"))[0]
    assert misspelt == "No variant dispaly. Did you mean display?", misspelt  # not all 21 games after it
    assert control.command(("verbosity", "tesre")) == [  # the typo named once
        "No verbosity tesre. Did you mean terse? verbosity can be terse, normal, verbose or braille."]
    assert control.command(("variant",)) == [
        "Say settings variant and a value; now variant partnership: the game a new start plays when none is named; "
        "rook-access --list-variants says them all."]
    # the value it has now is said, not an example that may or may not be it
    assert control.command(("pacing",)) == [
        "Say settings pacing and a value; now pacing enter: after a trick, enter waits for Enter, delay goes on by "
        "itself."]
    assert control.command(("rate",)) == [
        "Say settings rate and a value; now rate default: words a minute, 80 to 450, or default."]
    assert control.command(("zork",)) == ["There is no setting zork. Type settings to hear them all."]
    assert control.command(("rat",)) == ["There is no setting rat. Did you mean rate?"]
    assert control.effective == Settings()  # nothing changed


@pytest.mark.parametrize(("typed", "meant"), [("dixie-rook", "dixie"), ("Dixie Rook", "dixie"),
                                               ("kentucky-discard", "kentucky"), ("hi14", "high-14")])
def test_settings_variant_suggests_the_game_meant_by_its_title_too_as_the_flag_does(typed, meant):
    """Before, a game's title typed as a name got "variant is one of partnership, ..., not dixie-rook." (all 21
    games, and no suggestion), where --variant dixie-rook says "Did you mean dixie?"; yes then sets it."""
    control = SettingsControl(Settings(), Settings(), lambda _: None)
    assert control.command(("variant", *typed.split())) == [f"No variant {typed}. Did you mean {meant}?"]
    assert control.meant == f"settings variant {meant}"


def test_settings_variant_party_says_how_a_party_is_started():
    """Before, "variant is one of partnership, ..., i-doubt-it, not party.": the menu's party named no game."""
    control = SettingsControl(Settings(), Settings(), lambda _: None)
    assert control.command(("variant", "Party")) == [
        "party is not a variant: a progressive party is started with rook-access --party TABLES, "
        "like rook-access --party 2 for 2 tables."]
    assert control.meant is None and control.effective == Settings()


def test_a_group_given_a_value_is_said_to_be_a_group_and_players_no_game_takes_are_refused():
    control = SettingsControl(Settings(), Settings(), lambda _: None)
    assert control.command(("pace", "5")) == [
        "Pace is a group of settings: pacing, delay, calls, call time, reading speed. Change one by its name."]
    assert control.command(("players", "9")) == ["Players is 2 to 8, or default: no game is played by 9."]
    assert control.command(("players", "1")) == ["Players is 2 to 8, or default: no game is played by 1."]
    assert control.effective == Settings()  # nothing changed
    assert control.command(("players", "8")) == ["Players is now 8, saved; it applies from the next game."]


@pytest.mark.parametrize(("name", "value", "shipped"), [
    ("verbosity", "terse", "normal"), ("variant", "dixie", "partnership"), ("level", "easy", "strong"),
    ("delay", "3", 1.5), ("my level", "expert", "new"), ("calls", "turns", "timed"),
])  # fmt: skip
def test_every_setting_takes_default_for_its_value_as_shipped(name, value, shipped):
    changed = Settings().changed(name, value)
    assert changed != Settings()
    assert changed.changed(name, "Default") == Settings()
    assert getattr(Settings(), name.replace(" ", "_")) == shipped


def test_settings_says_each_group_in_a_line_and_a_group_or_all_says_what_each_does():
    """27 lines are long to listen to: ``settings`` says every setting's value in one line a group, ``settings``
    and a group says what that group's settings do, and ``settings all`` what every one does."""
    settings = Settings(delay=0, my_level="casual").changed("min bid", "80")
    control = SettingsControl(settings, settings, lambda _: None)
    said = control.command(())
    assert said[0] == SETTINGS_HEADING and said[-1] == SETTINGS_MORE
    assert said[1:-1] == settings.overview() and len(said) == len(setting_groups()) + 2
    assert said[2] == "pace: pacing enter, delay 0, calls timed, call time default, reading speed 200."
    assert said[3] == "computers: level strong, my level casual."
    assert "min bid 80, " in said[4] and said[4].startswith("rules: variant partnership, ")
    # every setting in one group, said as its own line says it
    grouped = [name for names in setting_groups().values() for name in names]
    assert sorted(grouped) == sorted(setting_names())
    described = settings.describe()
    for group, names in setting_groups().items():
        lines = control.command((group,))
        assert [line for line in described if line in lines] == lines, group  # as all says them, in that order
        assert all(line.startswith(f"{spoken_name(name)} ") for line, name in zip(lines, names, strict=True))
    assert control.command(("pace",))[1] == "delay 0: seconds to wait after a trick with pacing delay, 0 to 10."
    every = control.command(("all",))  # by group, as settings says them
    assert every == ["Every setting, with what it does:", *(line for group in setting_groups()
                                                           for line in control.command((group,)))]
    assert sorted(every[1:]) == sorted(described)
    assert control.command(("Rules",)) == control.command(("rules",))
    # a group's name is never a setting's, nor "all"
    assert not (set(setting_groups()) | {"all"}) & set(setting_names())
    assert control.effective == settings  # nothing changed


def test_a_group_mistyped_gets_the_likely_one_and_yes_says_it(monkeypatch, capsys):
    from tests.helpers.console import run_main

    status, said, _ = run_main(monkeypatch, capsys, ["--variant", "partnership"], ["settings speach", "yes"])
    assert status == 0
    assert "There is no setting speach. Did you mean speech?" in said
    assert "verbosity normal: terse, normal, verbose, or braille for a 40-cell display." in said


def test_default_words_reset_voice_and_rate():
    settings = Settings().changed("voice", "en-us").changed("rate", "300")
    assert settings.changed("voice", "default").voice == ""
    assert settings.changed("rate", "default").rate == 0
    assert "rate default" in " ".join(Settings().describe())


# ------------------------------------------------------- in the game and on the command line
from rook_access.console.session import SETTINGS_HEADING, SETTINGS_MORE, ConsoleGame, SettingsControl  # noqa: E402
from rook_access.engine import PARTNERSHIP, Deal, GameState  # noqa: E402
from rook_access.players import BasicPlayer  # noqa: E402
from tests.helpers.console import FIXED_DEAL, ListChannel, ScriptedLines, run_program  # noqa: E402


def game_with(lines, control, interactive=False, seats=(None, 1, 2, 3), sleeps=None):
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    players = [None if seat is None else BasicPlayer(seat) for seat in seats]
    source = ScriptedLines(lines)
    source.interactive = interactive
    channel = ListChannel()
    game = ConsoleGame(
        state, players, source, channel, settings=control, sleep=sleeps.append if sleeps is not None else print
    )
    game.run()
    return channel.lines, source.questions, state


def test_the_settings_command_changes_saves_and_applies_a_setting(tmp_path):
    saved = []
    control = SettingsControl(Settings(), Settings().changed("rate", "200"), saved.append)
    output, _, _ = game_with(["settings verbosity terse", "settings speech", "set pacing slow", "pass"], control)
    assert "Verbosity is now terse, saved." in output
    assert saved == [Settings(verbosity="terse")]  # the flag's rate is not written to the file
    assert "verbosity terse: terse, normal, verbose, or braille for a 40-cell display." in output
    assert "pacing can be enter or delay, not slow." in output
    assert "You pass." in output


def test_pacing_waits_for_enter_after_a_trick_only_at_a_terminal():
    # South passes; the computers play on. At a "terminal" the game waits after tricks.
    control = SettingsControl(Settings(), Settings(), lambda _: None)
    south = FIXED_DEAL["hands"][0]
    lines = ["pass"] + (south + ["", "14r"]) * 12
    output, questions, state = game_with(lines, control, interactive=True)
    assert "Press Enter to go on." in questions
    # A card typed at the pause is refused by the pause's own line, and nothing is played: the card
    # typed for a trick already taken must not land on the next.
    assert "First press Enter to go on." in output
    assert "Wait: " not in output
    assert len(state.tricks) >= 3 or state.hand_number > 1
    _, questions, _ = game_with(lines, control, interactive=False)
    assert "Press Enter to go on." not in questions


def test_pacing_delay_sleeps_instead_of_asking():
    control = SettingsControl(Settings(), Settings(pacing="delay", delay=0.25), lambda _: None)
    sleeps: list[float] = []
    _, questions, _ = game_with(["pass"] + FIXED_DEAL["hands"][0] * 12, control, interactive=True, sleeps=sleeps)
    assert "Press Enter to go on." not in questions
    assert sleeps and set(sleeps) == {0.25}


def test_flags_override_the_settings_file_for_one_run(tmp_path):
    done = run_program(["--seed", "3", "--verbosity", "terse", "--hands", "1"], "pass\n")
    assert "West passes." in done.stdout or "North passes." in done.stdout
    bad = run_program(["--rate", "fast"])
    assert bad.returncode == 2 and "rate is a number of words a minute" in bad.stderr


def test_level_is_one_name_or_one_per_seat():
    assert Settings().level == "strong"
    assert Settings().changed("level", "Normal").level == "normal"
    assert Settings().changed("level", "easy, strong, normal, strong").level == "easy,strong,normal,strong"
    assert Settings().changed("level", "easy easy easy easy").level == "easy"
    for wrong, message in (("grandmaster", "no level called grandmaster"), ("easy,strong", "one per seat"),
                           ("cheat", "no level called cheat")):
        with pytest.raises(SettingError, match=message):
            Settings().changed("level", wrong)


def test_per_seat_levels_make_those_players():
    from rook_access.players import BasicPlayer, RandomPlayer, SearchPlayer
    from rook_access.saves import GameSetup, make_table

    _, players = make_table(GameSetup.create(["human", "computer", "computer", "computer"],
                                             level="random,easy,normal,strong", seed=1))
    assert players[0] is None
    assert isinstance(players[1], BasicPlayer) and isinstance(players[2], SearchPlayer)
    assert (players[2].name, players[3].name) == ("normal", "strong")
    _, players = make_table(GameSetup.create(["computer"] * 4, level="random", seed=1))
    assert all(isinstance(player, RandomPlayer) for player in players)


ESPEAK_LIKE = [("gmw/en-us", "English (America)"), ("gmw/en", "English (Great Britain)"), ("gmw/de", "German"),
               ("roa/fr", "French")]  # fmt: skip
SAPI_LIKE = [(r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_EN-US_ZIRA_11.0",
              "Microsoft Zira Desktop - English (United States)"),
             (r"HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Speech\Voices\Tokens\TTS_MS_DE-DE_HEDDA_11.0",
              "Microsoft Hedda Desktop - German")]  # fmt: skip


def test_settings_voice_lists_the_voices_of_the_user_s_language_and_list_says_all():
    from rook_access.console.session import SettingsControl

    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    asked: list[str | None] = []
    control.voices = lambda language: asked.append(language) or [f"voices for {language}"]
    assert control.command(["voice"]) == [f"voices for {asked[0]}"] and asked[0]
    assert control.command(["Voice", "LIST"]) == ["voices for None"]
    assert control.effective.voice == ""  # listing changes nothing


def test_voice_lines_filter_by_language_in_espeak_and_sapi_names():
    from rook_access.output.channels import voice_lines

    english = voice_lines(ESPEAK_LIKE, language="en")
    assert english == [
        "2 of 4 voices speak your language; choose one with settings voice and its name, or default:",
        "English (America), en-us",
        "English (Great Britain), en",
        "settings voice list says all 4.",
    ]
    assert voice_lines(SAPI_LIKE, language="de")[1] == "Microsoft Hedda Desktop - German, TTS_MS_DE-DE_HEDDA_11.0"
    assert len(voice_lines(SAPI_LIKE, language="en")) == 3
    everything = voice_lines(ESPEAK_LIKE)
    assert everything[0].startswith("4 voices;") and len(everything) == 5
    assert voice_lines(ESPEAK_LIKE, language="xx") == everything  # none in that language: all of them


def test_my_level_says_how_well_the_person_plays(tmp_path):
    assert Settings().my_level == "new"
    settings = Settings().changed("my_level", " Expert ")
    assert settings.my_level == "expert"
    with pytest.raises(SettingError) as error:
        Settings().changed("my_level", "pro")
    assert str(error.value) == "my level can be new, casual or expert, not pro."
    path = tmp_path / "settings.toml"
    save_settings(path, Settings().changed("my_level", "casual"))
    assert 'my_level = "casual"' in path.read_text()
    assert load_settings(path) == (Settings(my_level="casual"), None)
    assert "my level casual: how well you play, as the computer players assume: new, casual or expert." in (
        Settings(my_level="casual").describe())


def test_my_level_is_given_to_the_computer_players_for_the_keyboard_seats():
    from rook_access.players import SearchPlayer
    from rook_access.players.search.skill import PERSON_MISTAKES
    from rook_access.saves import GameSetup, make_table

    for level in ("new", "casual", "expert"):
        _, players = make_table(GameSetup.create(["human", "computer", "computer", "computer"], level="strong",
                                                 seed=1, my_level=level))
        for player in players[1:]:
            assert isinstance(player, SearchPlayer) and player.priors is not None
            person, *computers = player.priors.seats
            assert person.rate == PERSON_MISTAKES[level] and not person.known
            assert all(seat.rate == 0.0 and seat.known for seat in computers)


def test_my_level_is_kept_in_the_save_only_when_it_is_not_new():
    from rook_access.saves import DamagedSaveError, GameSetup

    plain = GameSetup.create(["human", "computer", "computer", "computer"], seed=1)
    assert "my_level" not in plain.to_json() and GameSetup.from_json(plain.to_json()).my_level == "new"
    expert = GameSetup.create(["human", "computer", "computer", "computer"], seed=1, my_level="expert")
    assert expert.to_json()["my_level"] == "expert" and GameSetup.from_json(expert.to_json()) == expert
    with pytest.raises(DamagedSaveError, match="my_level"):
        GameSetup.from_json({**expert.to_json(), "my_level": "wizard"})


def test_the_my_level_flag_sets_it_for_one_run_and_a_new_game_takes_it(tmp_path):
    from rook_access.console import cli
    from rook_access.saves import read_save

    args = cli.build_parser().parse_args(["--my-level", "casual", "--seed", "4"])
    settings = cli.effective_settings(Settings(), args)
    assert settings.my_level == "casual"
    bad = run_program(["--my-level", "wizard"])
    assert bad.returncode == 2 and "casual" in bad.stderr
    data = tmp_path / "data"
    run_program(["--my-level", "expert", "--seed", "4", "--level", "easy"], "quit\n",
                environment={"ROOK_ACCESS_DATA_DIR": str(data)})
    saves = [read_save(path) for path in data.rglob("*.json")]
    assert [saved.setup.my_level for saved in saves if saved is not None] == ["expert"]


def test_in_braille_the_settings_lines_fit_40_cells_and_say_no_card_the_terminal_would_turn_into_words(
    monkeypatch, capsys
):
    from tests.helpers.console import run_main

    status, said, _ = run_main(monkeypatch, capsys, ["--variant", "dixie", "--verbosity", "braille"],
                               ["settings", "settings all"])
    assert status == 0
    assert any(line.startswith("rules: variant dixie, ") for line in said)  # the groups' lines, cut to fit
    assert any(line.startswith("variant dixie: ") for line in said)
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]
    assert not any("14r" in line for line in Settings().describe())  # "14r" would be shown as "14 red"


def test_yes_after_did_you_mean_carries_out_the_setting_meant(monkeypatch, capsys):
    """ "There is no setting min bd. Did you mean min bid?": yes sets min bid to the value typed, as yes after
    any "Did you mean" does; and yes after a value misspelt takes the value meant."""
    from tests.helpers.console import run_main

    script = ["settings min bd 80", "yes", "settings variant dispaly", "yes", "yes"]
    status, said, _ = run_main(monkeypatch, capsys, ["--variant", "partnership"], script)
    assert status == 0
    assert "There is no setting min bd. Did you mean min bid?" in said
    assert "Min bid is now 80, saved; it applies from the next game." in said
    # the likely game alone: the list of all 21 is for "settings variant" to tell
    assert "No variant dispaly. Did you mean display?" in said
    # a second yes: nothing more
    assert said.count("Variant is now display, saved; the next game plays it.") == 1


def test_settings_in_a_resumed_game_of_another_game_say_which_game_this_is(tmp_path):
    """A playtest: after --resume into Rook for 3 to 8 Players, settings said "rules: variant partnership", heard
    as the program taking the game for another; the variant setting is the game a new start plays."""
    environment = {"ROOK_ACCESS_DATA_DIR": str(tmp_path / "data"), "ROOK_ACCESS_CONFIG_DIR": str(tmp_path / "config")}
    run_program(["--variant", "rook-1913", "--seed", "5"], "quit\n", environment=environment)
    out = run_program(["--resume"], "settings\nquit\n", environment=environment).stdout.splitlines()
    heading = out.index(SETTINGS_HEADING)
    assert out[heading + 1] == (
        "This game is Rook for 3 to 8 Players; the variant setting is the game a new start plays.")
    assert any(line.startswith("rules: variant partnership,") for line in out)
    played = run_program(["--variant", "rook-1913", "--seed", "6"], "settings\nquit\n", environment=environment)
    assert not any(line.startswith("This game is ") for line in played.stdout.splitlines())
