"""End to end through a real speech-dispatcher: the program, started as a
user starts it with ``--output screenreader``, speaks a whole scripted hand
through accessible_output2 to a headless speech-dispatcher that the test runs
itself (log level 5, so the log holds every text it was asked to say).

Speech gets the spoken forms ("14 red"), never the card notation; standard
output keeps the compact lines for the screen and braille.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.helpers.console import FIXED_DEAL, legal_script
from tests.helpers.screen_reader import NOTATION, find_in_order, program_env, write_deal
from tests.helpers.speech import SpeechDispatcher, raw_stats, wait_until

SEED = 5


@pytest.fixture
def speech_dispatcher(request):
    server = SpeechDispatcher()
    request.addfinalizer(server.stop)
    server.start()
    return server


def test_a_scripted_hand_is_spoken_through_speech_dispatcher(speech_dispatcher, tmp_path):
    deal = write_deal(tmp_path / "deal.json")
    script = legal_script(FIXED_DEAL, SEED)
    env = dict(os.environ, **program_env(tmp_path))
    env["SPEECHD_ADDRESS"] = speech_dispatcher.address
    # Never start (autospawn) a speech-dispatcher of the user's own, whatever happens to ours.
    env["SPEECHD_CMD"] = str(tmp_path / "no-autospawn")
    done = subprocess.run(
        # A script types ahead of speech: with interrupt none every line is still said.
        [sys.executable, "-m", "rook_access", "--output", "screenreader", "--interrupt", "none",
         "--seats", "human,human,human,human", "--seed", str(SEED), "--hands", "1", "--deal", str(deal)],
        input="\n".join(script) + "\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no library chatter, no notice of a missing screen reader
    shown = done.stdout.splitlines()
    assert shown[-1].startswith("Game over."), shown[-5:]

    # Everything said has reached the server by the time the game's last line has.
    assert wait_until(lambda: any(t.startswith("Game over") for t in speech_dispatcher.queued()), timeout=10), (
        speech_dispatcher.log_text()[-3000:]
    )
    spoken = speech_dispatcher.queued()

    # Each line on the screen is said once, in the same order, in its spoken form.
    assert len(spoken) == len(shown), (len(spoken), len(shown), spoken)
    first_word = re.compile(r"[A-Za-z']+")
    for line, said in zip(shown, spoken, strict=True):
        assert first_word.match(line).group(0) == first_word.match(said).group(0), (line, said)

    # The hand, the bidding, the nest, trump, plays, every trick's result, the score.
    speech = "\n".join(spoken)
    find_in_order(speech, [
        r"(?m)^South's hand, 9 cards: 14 red, 10 red, 5 red, 12 black, 9 black, 13 yellow, 6 yellow, 11 green, "
        r"the Rook\.$",
        r"(?m)^South, your bid: 70 to 120, or pass\.$",
        r"(?m)^South bids \d+\.$",
        r"(?m)^South's nest: 5 yellow, 12 green, 9 green, 8 green, 7 green\.$",
        r"(?m)^South discards (?:(?:\d+ \w+|the Rook), ){4}(?:\d+ \w+|the Rook)\.$",
        r"(?m)^Trump is green, named by South\.$",
        r"(?m)^South plays the Rook\.$",
        r"(?m)^West plays 6 green\.$",
        r"(?m)^North plays 14 green\.$",
        r"(?m)^East plays 13 green\.$",
        *(rf"(?m)^(?:South|West|North|East) takes trick {number}, \d+ points?\.$" for number in range(1, 9)),
        r"(?m)^(?:South|West|North|East) takes the last trick and the nest, \d+ points?\.$",
        r"(?m)^Hand 1 over\. North South bid \d+ and made it with \d+: plus \d+\.$",
        r"(?m)^Score: North South \d+, East West \d+\.$",
        r"(?m)^Game over\. ",
    ])
    plays = [text for text in spoken if re.match(r"(?:South|West|North|East) (?:plays|trumps with) ", text)]
    assert len(plays) == 36, plays

    # Speech never got the card notation (espeak reads "14r" as "fourteen ar").
    assert [text for text in spoken if NOTATION.search(text)] == []
    assert not any(re.search(r"\brook\b", text) for text in spoken)  # "the Rook", capitalized as a name

    # The screen still has the compact lines, notation and all.
    find_in_order(done.stdout, [
        r"(?m)^South's hand, 9 cards: 14r 10r 5r 12x 9x 13y 6y 11g rook\.$",
        r"(?m)^South plays rook\.$",
        r"(?m)^West plays 6g\.$",
        r"(?m)^(?:South|West|North|East) takes trick 1, \d+ points?\.$",
        r"(?m)^Score: North-South \d+, East-West \d+\.$",
    ])
    assert len([line for line in shown if NOTATION.search(line)]) > 40

    # And espeak-ng really synthesized it, into the server's private sound card.
    assert wait_until(lambda: raw_stats(speech_dispatcher.capture)[1] > 300, timeout=10)
