"""Random lines at every prompt of every game (issue 13, the hunt: fuzz the input).

Every game of ``engine.VARIANTS`` is played at the console as at a terminal
(so the game pauses after tricks), South typing random lines and then the
rule-based player's move at every prompt.  No exception escapes, no line
hangs, every line said is one short printable line, and a line the game does
not act on leaves its events and every seat's view as they were
(``rook_access.bench.input_fuzz`` checks each line; its report lists faults).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rook_access.bench.input_fuzz import COMMAND_WORDS, HANG_SECONDS, FuzzReport, play_one_game, run
from rook_access.engine import VARIANTS
from rook_access.settings import SettingError, Settings
from tests.helpers.console import run_in_process

NEAR_MISS = st.lists(st.sampled_from(COMMAND_WORDS), min_size=1, max_size=4).flatmap(
    lambda words: st.sampled_from([" ".join(words), ",".join(words).upper(), " ".join(words) + "?",
                                   " ".join(w[::-1] for w in words), "\t".join(words) + "\x00"])
)
LINE = st.one_of(
    NEAR_MISS,
    st.text(max_size=40),
    st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()), max_size=30),
    st.text(st.characters(min_codepoint=0, max_codepoint=0x1F), max_size=20),
    st.sampled_from(["", " ", "\x00", "\x00" * 50, "\r", "\x1b[2J", "\u202e", "\ufeff"]),
    NEAR_MISS.map(lambda line: (line + " ") * (10_240 // (len(line) + 1) + 1)),
    st.text(max_size=10).map(lambda text: (text or "x") * 10_240),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10**6), data=st.data())
def test_random_lines_at_every_prompt_change_nothing_they_do_not_do(variant, seed, data):
    report = FuzzReport()

    def noise() -> str | None:
        return data.draw(LINE) if data.draw(st.integers(0, 3)) else None  # a move one time in four

    play_one_game(VARIANTS[variant].replace(hands_limit=1), seed, noise, report, budget=120)
    assert report.faults == []
    assert report.lines > 0
    assert max(report.times + report.hint_times) < HANG_SECONDS


def test_a_fuzz_run_reaches_every_prompt_and_finds_no_fault():
    report = run(1200, seed=7)
    assert report.faults == []
    assert report.lines == 1200
    assert set(report.prompts) >= {
        "bidding", "bidding with check", "discard", "trump", "play", "play (dummy)", "press enter", "leave"
    }


# Faults the fuzz found, each fixed:


def test_trump_in_the_beginner_game_says_the_turned_trump():
    """It crashed: the Beginner Game's trump is turned from the nest, and nobody named it."""
    output, _, _, status = run_in_process(["trump"], seats="human,computer,computer,computer",
                                          rules=VARIANTS["beginner"], seed=3)
    assert status == 0
    assert "Trump is yellow, turned from the nest: 13y." in output


def test_settings_replies_never_repeat_unprintable_or_endless_text():
    """They repeated a 10 kB line, and zero-width and control characters, back in full."""
    typed = [
        "settings l\u200bast",
        "settings ex\u200bit verbose",
        "settings pacing " + "lg n settings " * 800,
        "settings variant \x1b[2J" + "x" * 5000,
        "settings level strong\x00,easy",
    ]
    before, _, _, _ = run_in_process([])
    output, _, _, _ = run_in_process([*typed, "settings all"])
    replies = output[len(before) - 1:-1]
    assert len(replies) > len(typed)
    for line in replies:
        assert line.isprintable() and len(line) < 400, line


def test_a_voice_name_is_a_short_printable_name():
    """Any text was taken as the voice, and said back: a NUL, an escape code, 10 kB."""
    for junk in ("en\x00us", "\x1b[2J", "v" * 10_240):
        try:
            Settings().changed("voice", junk)
        except SettingError as error:
            assert "voice is a voice name" in str(error)
        else:
            raise AssertionError(f"took {junk[:20]!r} as a voice")
    assert Settings().changed("voice", "en-us").voice == "en-us"
    assert Settings().changed("voice", "default").voice == ""


def test_numbers_too_long_for_python_are_refused_in_a_line():
    """A 10,000-digit number crashed the game: Python will not turn so many digits into an int."""
    digits = "7" * 10_240
    before, _, unchanged, _ = run_in_process([])
    output, _, state, status = run_in_process([digits, f"bid {digits}", digits + "r", "settings target " + digits,
                                               "settings rate " + digits])
    assert status == 0 and state.events == unchanged.events
    replies = output[len(before) - 1:-1]
    assert len(replies) == 5, replies
    for line in replies:
        assert line.isprintable() and len(line) < 200, line
    for name in ("target", "min_bid", "rate"):
        try:
            Settings().changed(name, digits)
        except SettingError:
            pass
        else:
            raise AssertionError(name)


def test_the_game_menu_refuses_odd_digits_and_long_lines(tmp_path):
    """At "Which game?", a superscript digit and a 10,000-digit number crashed the program, and any
    other answer was said back whole."""
    from rook_access.console.cli import _offer_variants
    from rook_access.console.session import SettingsControl
    from tests.helpers.console import ScriptedLines

    said: list[str] = []
    lines = ScriptedLines(["\u00b2", "7" * 10_240, "x" * 10_240 + "\x1b[2J", "3"])
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    assert _offer_variants(lines, control, tmp_path / "settings.toml", said.append)
    assert control.effective.variant == control.stored.variant == list(VARIANTS)[2]
    refusals = [line for line in said if "is not a game here" in line]
    assert len(refusals) == 3
    for line in refusals:
        assert line.isprintable() and len(line) < 200, line
