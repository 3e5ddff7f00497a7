"""Benchmark: the time from a line of input to its reply, and proof that speech never delays it.

Run ``python -m rook_access.bench.latency``.  Four seats are played at the
keyboard (so no computer thinking is measured) through the real console
session, which saves the game after every move: every line of a whole scripted game, moves and review commands, is
timed from the moment the line is read to the moment the program is ready
for the next line, every reply and announcement it caused having been handed
to the output channel.

It runs the same game twice: with plain text output, and with the program's
own voice (espeak-ng through pyttsx3, written to WAV files in a temporary
folder so nothing plays).  If speech ran on the input's path, the second run
would be slower by whole utterances (tens to hundreds of milliseconds);
``say()`` of the voice channel is timed too.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from ..announcer.message import Message
from ..console.session import ConsoleGame
from ..engine import PARTNERSHIP, Deal, GameState
from ..engine.deal import EXAMPLE_DEAL
from ..output.channels import Channel, PlainChannel, open_channel
from ..players import BasicPlayer
from ..saves import GameSaver, GameSetup, make_table

DEAL = EXAMPLE_DEAL
REVIEWS = ["hand", "trick", "score", "bids", "last", "legal", "taken", "xyzzy"]


def game_script(hands: int) -> list[str]:
    """A whole game's lines for four keyboard seats: every move, with review commands between."""
    rules = PARTNERSHIP.replace(hands_limit=hands)
    state = GameState(rules, seed=1, first_deal=Deal.from_json(DEAL, rules))
    players = [BasicPlayer(seat) for seat in range(4)]
    lines: list[str] = []
    while not state.is_over:
        action = players[state.seat_to_act].choose(state.view(state.seat_to_act))
        lines.append(REVIEWS[len(lines) % len(REVIEWS)])
        lines.append(str(action))
        state.apply(action)
    return lines


class TimedLines:
    """Hands out the script's lines and times each from its reading to the next read."""

    interactive = False

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.read_at: float | None = None
        self.latencies: list[float] = []

    def read(self, question: str, fresh: bool = True) -> str | None:
        now = time.perf_counter()
        if self.read_at is not None:
            self.latencies.append(now - self.read_at)
        if not self.lines:
            return None
        self.read_at = time.perf_counter()
        return self.lines.pop(0)


class TimedChannel:
    """Passes messages on to a channel and times each ``say()``."""

    def __init__(self, inner: Channel, source: TimedLines) -> None:
        self.inner = inner
        self.source = source
        self.say_times: list[float] = []

    @property
    def latencies(self) -> list[float]:
        return self.source.latencies

    def say(self, message: Message) -> None:
        now = time.perf_counter()
        self.inner.say(message)
        self.say_times.append(time.perf_counter() - now)

    def stop(self) -> None:
        self.inner.stop()


def measure(channel: Channel, hands: int) -> TimedChannel:
    """Play the scripted game through ``channel``, saving after every move as the program does."""
    setup = GameSetup.create(["human"] * 4, seed=1, hands=hands, deal=DEAL)
    state, players = make_table(setup)
    source = TimedLines(game_script(hands))
    timed = TimedChannel(channel, source)
    with tempfile.TemporaryDirectory() as folder:
        saver = GameSaver(Path(folder) / "current-game.json", setup)
        ConsoleGame(state, players, source, timed, saver=saver).run()
    return timed


def _report(label: str, timed: TimedChannel) -> None:
    ms = sorted(1000 * value for value in timed.latencies)
    say_ms = sorted(1000 * value for value in timed.say_times)
    print(
        f"{label}: {len(ms)} lines, reply median {statistics.median(ms):.2f} ms, "
        f"p95 {ms[int(0.95 * (len(ms) - 1))]:.2f} ms, max {ms[-1]:.2f} ms; "
        f"say() median {statistics.median(say_ms):.3f} ms, max {say_ms[-1]:.3f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rook_access.bench.latency", description=__doc__)
    parser.add_argument("--hands", type=int, default=3, help="hands in the scripted game (default 3)")
    args = parser.parse_args(argv)
    quiet = PlainChannel(lambda line: None)
    _report("plain text", measure(quiet, args.hands))
    with tempfile.TemporaryDirectory() as folder:
        notices: list[str] = []
        voice = open_channel("voice", notice=notices.append, write=lambda line: None, wav_dir=folder)
        if notices:
            print(f"voice: not measured ({notices[0]})")
            return
        start = time.perf_counter()
        timed = measure(voice, args.hands)
        played = time.perf_counter() - start
        voice.close()
        spoken = time.perf_counter() - start
        _report("own voice", timed)
        print(f"own voice: the game took {played:.2f} s; its speech finished {spoken - played:.2f} s later")


if __name__ == "__main__":
    main()
