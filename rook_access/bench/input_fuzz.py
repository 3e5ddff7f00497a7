"""Random lines at every prompt of every game: no exception, no hang, nothing changed by a refused line.

``python -m rook_access.bench.input_fuzz --lines 20000`` plays games of every
variant (``engine.VARIANTS``) at the console (``ConsoleGame``) with South at
the keyboard and quick computer players elsewhere, as at a terminal (so
"Press Enter to go on." is asked after tricks).  At every prompt it types a
few random lines (unicode, control characters, 10 kB lines, blank lines, NUL
bytes, near misses of real commands), then the move the rule-based player
would make, so every phase is reached: bidding, checking, the discard, trump,
the play, the dummy's turn, the pause after a trick and the question before
leaving a game that is not saved.

For every line it checks that no exception escapes, that the reply comes
within the bound, that every line said is one printable line of reasonable
length, and that a line the game did not act on left the game as it was (its
events and every seat's view).  It reports the lines tried, the prompts
covered, the reply times (median, 99th percentile, maximum) and the faults.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import signal
import string
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..announcer import Verbosity
from ..console.commands import UnknownCommandError, parse_command
from ..console.session import ConsoleGame
from ..engine import VARIANTS, DiscardChoices, GameState, Phase, RuleSet
from ..output.message import Message
from ..players import BasicPlayer

HANG_SECONDS = 5.0
"""A reply slower than this is a hang (the target is 0.2 s; the hint's search takes up to 0.8 s by design)."""
HANDS_A_GAME = 2
"""Each game is this many hands, so that a run goes through every variant often."""
LONGEST_REPLY = 400
"""The longest line the program may say (questions listing every legal card are the longest)."""

COMMAND_WORDS = (
    "bid b pass p check ch discard d trump t play pl hand h trick tr last l bids bs score s turn w who "
    "legal lg help ? hint hn taken c counters repeat rp history dummy rules settings quit q exit stop "
    "verbosity terse normal verbose braille output plain voice screenreader pacing enter delay default "
    "yes no y n red black yellow green r x y g rook bird 70 75 85 120 125 72 0 -5 1 9 14 15 "
    "14r 10r 5r 1r 13x 5x 9y 12y 7g 14g 6g 15r 3y 14 all"
).split()
"""Words of real commands, to build near misses from."""


def _near_miss(rng: random.Random) -> str:
    """A line close to a real command: words of commands, some misspelt, cased or punctuated oddly."""
    words = [rng.choice(COMMAND_WORDS) for _ in range(rng.randint(1, 4))]
    mangled = []
    for word in words:
        roll = rng.random()
        if roll < 0.15 and len(word) > 1:
            i = rng.randrange(len(word) - 1)
            word = word[:i] + word[i + 1] + word[i] + word[i + 2:]  # swapped letters: "blakc"
        elif roll < 0.25:
            word = word[: rng.randrange(len(word) + 1)]  # cut short
        elif roll < 0.35:
            word = word.upper()
        elif roll < 0.45:
            word += rng.choice(".,!?;: ")
        mangled.append(word)
    return rng.choice((" ", "  ", ", ", "\t")).join(mangled)


def _unicode(rng: random.Random, length: int) -> str:
    """Any code points: letters of other scripts, combining marks, emoji, lone surrogates, private use."""
    ranges = ((0x20, 0x7E), (0xA0, 0x2FF), (0x300, 0x36F), (0x590, 0x6FF), (0x2000, 0x206F),
              (0x4E00, 0x4FFF), (0xD800, 0xDFFF), (0xE000, 0xE0FF), (0xFE00, 0xFEFF), (0x1F300, 0x1F6FF),
              (0x10FFF0, 0x10FFFF))
    chars = []
    for _ in range(length):
        low, high = rng.choice(ranges)
        chars.append(chr(rng.randint(low, high)))
    return "".join(chars)


def random_line(rng: random.Random) -> str:
    """One line of the kinds the fuzz types."""
    kind = rng.random()
    if kind < 0.30:
        return _near_miss(rng)
    if kind < 0.45:
        return _unicode(rng, rng.randint(1, 40))
    if kind < 0.55:
        controls = "".join(chr(c) for c in [*range(0, 32), 127, *range(0x80, 0xA0)])
        return "".join(rng.choice(controls + "bid 75 \x1b[2J") for _ in range(rng.randint(1, 20)))
    if kind < 0.62:
        return ""
    if kind < 0.68:
        return rng.choice((" ", "\t", "\x00", "\x00" * 50, " \x00 ", "\r", "\x0c"))
    if kind < 0.74:
        base = _near_miss(rng)
        return (base + " ") * (10_240 // (len(base) + 1) + 1)  # a 10 kB line of commands
    if kind < 0.78:
        return "".join(rng.choice(string.printable) for _ in range(10_240))
    if kind < 0.86:
        word = _near_miss(rng)
        i = rng.randrange(len(word) + 1)
        return word[:i] + rng.choice(("\x00", "\x1b", "\u200b", "\u0301", "\ufeff", "\u202e")) + word[i:]
    return "".join(rng.choice(string.ascii_letters + string.digits + string.punctuation + " ")
                   for _ in range(rng.randint(1, 30)))


@dataclass
class FuzzReport:
    """What a fuzz run tried and found."""

    lines: int = 0
    prompts: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)
    hint_times: list[float] = field(default_factory=list)
    """Replies to ``hint``, kept apart: its search may take up to 0.8 s by design."""
    faults: list[str] = field(default_factory=list)
    games: int = 0
    slowest: list[tuple[float, str]] = field(default_factory=list)
    """The slowest replies, with their lines."""

    @staticmethod
    def percentile(times: list[float], share: float) -> float:
        ordered = sorted(times)
        if not ordered:
            return 0.0
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    @classmethod
    def _timing(cls, times: list[float]) -> str:
        return (f"median {cls.percentile(times, 0.5) * 1000:.2f} ms, 99th percentile "
                f"{cls.percentile(times, 0.99) * 1000:.2f} ms, maximum {max(times, default=0.0) * 1000:.2f} ms")

    def summary(self) -> list[str]:
        lines = [
            f"{self.lines} lines tried in {self.games} games; prompts covered: "
            + ", ".join(f"{name} {count}" for name, count in sorted(self.prompts.items())) + ".",
            f"Reply time, every line but hint ({len(self.times)}): {self._timing(self.times)}.",
            f"Reply time of hint ({len(self.hint_times)}): {self._timing(self.hint_times)}.",
            f"Faults: {len(self.faults)}.",
        ]
        slow = sorted(self.slowest, reverse=True)[:3]
        lines.append(
            "Slowest: " + "; ".join(f"{seconds * 1000:.0f} ms for {line[:30]!r}" for seconds, line in slow) + "."
        )
        return lines + self.faults[:20]


def prompt_kind(state: GameState, question: str) -> str:
    """The name of the prompt ``question`` is, for the coverage count."""
    if question.startswith("Press Enter"):
        return "press enter"
    if question.startswith("Leave the game?"):
        return "leave"
    if state.is_over:
        return "game over"
    phase = state.phase.value
    if state.phase is Phase.BIDDING and state.may_check():
        phase = "bidding with check"
    if state.turn is not None and state.turn == state.rules.dummy_seat:
        phase += " (dummy)"
    return phase


def fingerprint(state: GameState) -> tuple:
    """The game as far as a line could change it: its events and what each seat sees."""
    views = []
    for seat in range(state.rules.players):
        view = state.view(seat)
        legal = repr(view.legal) if isinstance(view.legal, DiscardChoices) else view.legal
        views.append((dataclasses.replace(view, legal=()), legal))
    return tuple(event.to_record() for event in state.events), tuple(views)


def _is_hint(line: str) -> bool:
    try:
        command = parse_command(line)
    except UnknownCommandError:
        return False
    return command is not None and command.name == "hint"


class _Hang(Exception):
    """A line took longer than the hang bound."""


@contextmanager
def _alarm(seconds: float) -> Iterator[Callable[[], object]]:
    """A timer that raises ``_Hang`` ``seconds`` after each reset (only in the main thread, where signals go)."""
    if sys.platform == "win32" or threading.current_thread() is not threading.main_thread():
        yield lambda: None  # Windows has no interval timer signal
        return

    def ring(signum: int, frame: object) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        yield lambda: signal.setitimer(signal.ITIMER_REAL, seconds)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class CheckedChannel:
    """An output channel that checks every line said: one printable line, not too long."""

    def __init__(self, report: FuzzReport) -> None:
        self.report = report
        self.said: list[str] = []
        self.line = ""

    def say(self, message: Message) -> None:
        # An empty spoken form is allowed: such a line is shown, not spoken ("Speech stopped.").
        for text in (message.compact, message.spoken or "-"):
            if not text or "\n" in text or not text.isprintable() or len(text) > LONGEST_REPLY:
                self.report.faults.append(f"bad output line after {self.line[:40]!r}: "
                                          f"{text[:80]!r} ({len(text)} chars)")
        self.said.append(message.compact)


class FuzzLines:
    """A line source typing random lines, then the rule-based player's move, at every prompt.

    It behaves as a terminal does (``interactive``): the game pauses after
    tricks.  ``noise`` gives the next random line, or None to stop typing
    random lines at this prompt.  Each line is timed from its return to the
    next question, and the game is compared before and after it.
    """

    interactive = True

    def __init__(self, noise: Callable[[], str | None], report: FuzzReport, channel: CheckedChannel,
                 budget: int, reset_alarm: Callable[[], object] = lambda: None) -> None:
        self.noise = noise
        self.report = report
        self.channel = channel
        self.budget = budget
        self.reset_alarm = reset_alarm
        self.game: ConsoleGame | None = None
        self._pending: tuple[str, tuple, float] | None = None

    def read(self, question: str, fresh: bool = True) -> str | None:
        now = time.perf_counter()
        self._settle(now)
        assert self.game is not None
        state = self.game.state
        if self.report.lines >= self.budget:
            return None
        kind = prompt_kind(state, question)
        self.report.prompts[kind] += 1
        line = self.noise()
        if line is None:
            line = self._move(state, kind)
        self.report.lines += 1
        self.channel.line = line
        self._pending = (line, fingerprint(state), time.perf_counter())
        self.reset_alarm()
        return line

    def _move(self, state: GameState, kind: str) -> str:
        """The line that moves the game on from this prompt."""
        if kind == "press enter":
            return ""
        if kind == "leave":
            return "no"
        seat = state.turn
        assert seat is not None
        action = BasicPlayer(seat).choose(state.view(seat))
        return str(action)

    def _settle(self, now: float) -> None:
        """Time and check the line answered just now."""
        if self._pending is None:
            return
        line, before, started = self._pending
        self._pending = None
        elapsed = now - started
        (self.report.hint_times if _is_hint(line) else self.report.times).append(elapsed)
        slowest = self.report.slowest
        if len(slowest) < 10 or elapsed > min(slowest)[0]:
            slowest.append((elapsed, line))
            slowest.sort(reverse=True)
            del slowest[10:]
        if elapsed > HANG_SECONDS:
            self.report.faults.append(f"slow reply ({elapsed:.1f} s) to {line[:40]!r}")
        assert self.game is not None
        after = fingerprint(self.game.state)
        if after[0] == before[0]:
            if after != before:
                self.report.faults.append(f"a line acted on nothing but changed the game: {line[:40]!r}")
        elif after[0][: len(before[0])] != before[0]:
            self.report.faults.append(f"a line rewrote past events: {line[:40]!r}")

    def finish(self) -> None:
        self._settle(time.perf_counter())


def play_one_game(rules: RuleSet, seed: int, noise: Callable[[], str | None], report: FuzzReport, budget: int,
                  verbosity: Verbosity = Verbosity.NORMAL) -> None:
    """One game at the console, South at the keyboard, typed at by ``noise`` and the rule-based player."""
    state = GameState(rules, seed=seed)
    players = [None if seat == 0 else BasicPlayer(seat) for seat in range(rules.players)]
    if rules.dummy_seat is not None:
        players[rules.dummy_seat] = None
    channel = CheckedChannel(report)
    with _alarm(HANG_SECONDS * 2) as reset:
        lines = FuzzLines(noise, report, channel, budget, reset)
        game = ConsoleGame(state, players, lines, channel, verbosity=verbosity)
        lines.game = game
        report.games += 1
        try:
            game.run()
        except _Hang:
            report.faults.append(f"hang: no reply within {HANG_SECONDS * 2:.0f} s to {channel.line[:40]!r}")
        except Exception as error:  # noqa: BLE001 - the fault being looked for
            where = traceback.extract_tb(error.__traceback__)[-1]
            report.faults.append(f"{type(error).__name__}: {error} after {channel.line[:40]!r} in {rules.name}, "
                                 f"{state.phase.value} ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})")
        lines.finish()


def run(lines: int, seed: int = 1, noise_share: float = 0.75) -> FuzzReport:
    """Fuzz games of every variant, in turn, until ``lines`` lines are typed."""
    rng = random.Random(seed)
    report = FuzzReport()

    def noise() -> str | None:
        return random_line(rng) if rng.random() < noise_share else None

    variants = [rules.replace(hands_limit=HANDS_A_GAME) for rules in VARIANTS.values()]
    verbosities = list(Verbosity)
    game = 0
    while report.lines < lines:
        rules = variants[game % len(variants)]
        play_one_game(
            rules, seed * 1000 + game, noise, report, lines, verbosities[game // len(variants) % len(verbosities)]
        )
        game += 1
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=20_000, help="how many lines to type in all")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = run(args.lines, args.seed)
    for line in report.summary():
        print(line)
    return 1 if report.faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
