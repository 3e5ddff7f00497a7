"""Settings: a TOML file in the user's config directory, checked, never fatal."""

from __future__ import annotations

import pytest

from rook_access.settings import SettingError, Settings, load_settings, save_settings, settings_path


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
        ("verbosity", "loud", "verbosity can be terse, normal or verbose, not loud."),
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


def test_default_words_reset_voice_and_rate():
    settings = Settings().changed("voice", "en-us").changed("rate", "300")
    assert settings.changed("voice", "default").voice == ""
    assert settings.changed("rate", "default").rate == 0
    assert "rate default" in " ".join(Settings().describe())
