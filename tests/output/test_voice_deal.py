"""A whole deal with the program's own voice (``--output voice``): every
announcement is spoken in full and in order, and only the user cuts speech.

The program runs as a user starts it, its keyboard seats scripted, with two
things a test can read: the speech log (``ROOK_ACCESS_SPEECH_LOG``), and an
audio player (``ROOK_ACCESS_AUDIO_PLAYER``) that "plays" each WAV file
forty times faster than real time and keeps what it played, cut where it
was stopped.  Each kept file is then measured with sox against the same text
synthesized alone (ACCESS-TESTING.md, "Was anything cut off?").
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.output.channels import EspeakSpeaker
from tests.helpers.console import FIXED_DEAL, legal_script
from tests.helpers.screen_reader import program_env, write_deal

SEED = 5
SPEED = 40
"""How many times faster than real time the test's player plays."""

PLAYER = """
import os, signal, sys, time, wave
out, speed, path = sys.argv[1], float(sys.argv[2]), sys.argv[3]
with wave.open(path) as wav:
    params = wav.getparams()
    frames = wav.readframes(params.nframes)
seconds = params.nframes / params.framerate
start = time.monotonic()

def keep(played):
    count = min(params.nframes, int(played * params.framerate))
    with wave.open(os.path.join(out, os.path.basename(path)), "wb") as kept:
        kept.setparams(params)
        kept.writeframes(frames[: count * params.sampwidth * params.nchannels])

def stopped(*_):
    keep((time.monotonic() - start) * speed)
    sys.exit(0)

signal.signal(signal.SIGTERM, stopped)
time.sleep(seconds / speed)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
keep(seconds)
"""


def play_deal(folder: Path, interrupt: str) -> tuple[subprocess.CompletedProcess[str], list[dict], Path]:
    """Play the seeded deal with ``--output voice``; (the run, the speech log's events, the played files)."""
    folder.mkdir()
    played = folder / "played"
    played.mkdir()
    player = folder / "player.py"
    player.write_text(PLAYER)
    log = folder / "speech.jsonl"
    env = dict(os.environ, **program_env(folder))
    env["ROOK_ACCESS_SPEECH_LOG"] = str(log)
    env["ROOK_ACCESS_AUDIO_PLAYER"] = shlex.join([sys.executable, str(player), str(played), str(SPEED)])
    deal = write_deal(folder / "deal.json")
    script = legal_script(FIXED_DEAL, SEED)
    done = subprocess.run(
        [sys.executable, "-m", "rook_access", "--output", "voice", "--interrupt", interrupt,
         "--seats", "human,human,human,human", "--level", "easy", "--seed", str(SEED), "--hands", "1",
         "--deal", str(deal)],
        input="\n".join(script) + "\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=folder,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return done, events, played


@pytest.fixture(scope="module")
def deal_said_in_full(tmp_path_factory):
    """The deal with ``interrupt none``: the script types ahead, nothing may be cut."""
    return play_deal(tmp_path_factory.mktemp("voice") / "none", "none")


def test_every_announcement_of_a_deal_is_spoken_in_full_and_in_order(deal_said_in_full):
    done, events, _ = deal_said_in_full
    shown = done.stdout.splitlines()
    assert shown[-1].startswith("Game over."), shown[-5:]
    said = [event for event in events if event["event"] == "say"]
    # Everything printed is said (and the questions, which a prompt shows at a terminal), none interrupting.
    assert len(said) >= len(shown) > 100
    assert not any(event["interrupt"] for event in said)
    assert said[-1]["text"].startswith("Game over")
    order = [event["id"] for event in said]
    assert [event["id"] for event in events if event["event"] == "start"] == order
    assert [(event["id"], event["cut"]) for event in events if event["event"] == "end"] == [(n, False) for n in order]
    assert [event for event in events if event["event"] in ("drop", "stop")] == []
    assert events[-1]["event"] == "close" and events[-1]["cut"] is False  # the game over was said before leaving


def soxi_seconds(path: Path) -> float:
    return float(subprocess.run(["soxi", "-D", str(path)], capture_output=True, text=True, check=True).stdout)


def test_every_announcement_was_played_at_its_full_length(deal_said_in_full, tmp_path):
    _, events, played = deal_said_in_full
    texts = [event["text"] for event in events if event["event"] == "say"]
    files = sorted(played.glob("speech-*.wav"))
    assert len(files) == len(texts)  # one file played for each announcement, in order
    alone = EspeakSpeaker(wav_dir=tmp_path)
    try:
        short = []
        for number, (text, file) in enumerate(zip(texts, files, strict=True)):
            reference = tmp_path / f"alone-{number:04d}.wav"
            assert alone.synthesize(text, reference)
            full, heard = soxi_seconds(reference), soxi_seconds(file)
            if abs(heard - full) > 0.03 * full:
                short.append((text, heard, full))
    finally:
        alone.close()
    assert short == []


def test_with_interrupt_all_only_a_line_typed_cuts_speech(tmp_path):
    done, events, _ = play_deal(tmp_path / "all", "all")
    assert done.stdout.splitlines()[-1].startswith("Game over.")
    said = {event["id"]: event for event in events if event["event"] == "say"}
    assert not any(event["interrupt"] for event in said.values())
    user = ("input", "stop", "close")
    started: dict[int, int] = {}
    last_user = -1
    for at, event in enumerate(events):
        kind = event["event"]
        if kind in user:
            last_user = at
        elif kind == "start":
            started[event["id"]] = at
        elif kind == "end" and event["cut"]:
            # Cut: the user typed after it began.
            assert last_user > started[event["id"]], event
        elif kind == "drop":
            # Dropped unsaid: right after a line typed (or a stop).
            previous = next(e for e in reversed(events[:at]) if e["event"] != "drop")
            assert previous["event"] in user, (event, previous)
    assert any(event["event"] == "end" and event["cut"] for event in events)  # typing ahead did cut
    # After the last line typed, the end of the game is said in full.
    last_input = max(at for at, event in enumerate(events) if event["event"] == "input")
    after = [event for event in events[last_input:] if event["event"] == "say"]
    assert after and after[-1]["text"].startswith("Game over")
    ends = {event["id"]: event["cut"] for event in events[last_input:] if event["event"] == "end"}
    assert all(ends.get(event["id"]) is False for event in after), (after, ends)
