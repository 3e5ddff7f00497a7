"""Benchmark: how many lines of the braille verbosity fit a 40-cell braille display.

Run ``python -m rook_access.bench.braille_lines [--games N] [--seed S] [--variant NAME --players N]``.
Whole games are played by computer players while an announcer with the
``braille`` verbosity speaks for South, the seat at the keyboard.  After every
move it also makes the lines South can ask for: the hand, the current and
last trick, the bids, the score and the counters taken, and the question
and the ``legal`` answer when it is South's turn.  Every line is measured in
cells by liblouis's 8-dot computer braille table, the code the braille
display channel writes with.

Lines are grouped by what they show: ``hand``, ``trick``, ``bid``, ``score``
(the four the braille verbosity promises to fit one line) and ``other``
(announcements of moves, questions, the end of a hand).  A hand announced
while the high bidder holds the nest (14 cards) is cut into several lines,
each of which fits; the report says how often a hand took more than one line.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from dataclasses import dataclass, field

from ..announcer import Announcer, Verbosity
from ..announcer.base import BRAILLE_WIDTH
from ..braille.translator import cell_count
from ..engine import PARTNERSHIP, VARIANTS, GameState, Phase, RuleSet
from ..engine.rules import TableOptions, with_options
from ..players import BasicPlayer

PROMISED = ("hand", "trick", "bid", "score")
"""The kinds of line the braille verbosity fits in one 40-cell line."""
YOU = 0


@dataclass
class Report:
    """Lines seen by kind: how many, how many fit, the longest, the ones that did not fit."""

    width: int = BRAILLE_WIDTH
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    fitting: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    longest: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    too_long: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    hands_shown: int = 0
    hands_in_one_line: int = 0
    hands_by_size: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    """Cards held → [hands shown, hands shown in one line]."""

    def add(self, kind: str, line: str) -> None:
        cells = cell_count(line)
        self.counts[kind] += 1
        self.longest[kind] = max(self.longest[kind], cells)
        if cells <= self.width:
            self.fitting[kind] += 1
        else:
            self.too_long[kind].add(line)

    def add_hand(self, lines: list[str], cards: int) -> None:
        for line in lines:
            self.add("hand", line)
        self.hands_shown += 1
        self.hands_by_size[cards][0] += 1
        if len(lines) == 1:
            self.hands_in_one_line += 1
            self.hands_by_size[cards][1] += 1

    def share(self, kind: str) -> float:
        """The share of lines of ``kind`` that fit the display."""
        return self.fitting[kind] / self.counts[kind] if self.counts[kind] else 1.0

    def lines(self) -> list[str]:
        """The report, to print."""
        out = [f"Lines of the braille verbosity that fit {self.width} cells (cells by liblouis, NABCC 8-dot):"]
        for kind in (*PROMISED, "other"):
            out.append(
                f"  {kind:6} {self.fitting[kind]:6} of {self.counts[kind]:6} = {100 * self.share(kind):6.2f}%"
                f"   longest {self.longest[kind]} cells"
            )
        for cards, (shown, one) in sorted(self.hands_by_size.items()):
            out.append(f"  hands of {cards} cards: {one} of {shown} in one line")
        for kind, lines in sorted(self.too_long.items()):
            sample = sorted(lines, key=len, reverse=True)[:8]
            out.append(f"  {kind} lines over {self.width} cells ({len(lines)} different), longest first:")
            out += [f"    {cell_count(line):3} {line}" for line in sample]
        return out


def _kind_of_event_line(line: str) -> str:
    return "hand" if line.startswith("Hand ") else "other"


def measure(games: int = 200, seed: int = 1, hands: int = 3, rules: RuleSet = PARTNERSHIP) -> Report:
    """Play ``games`` games of ``hands`` hands of ``rules`` (the Partnership Game by default) and measure
    every braille-verbosity line."""
    report = Report()
    rules = rules.replace(hands_limit=hands)
    chooser = random.Random(seed)
    for _ in range(games):
        state = GameState(rules, seed=chooser.randrange(2**32))
        players = [BasicPlayer(seed=chooser.randrange(2**32)) for _ in range(rules.players)]
        announcer = Announcer(rules, [YOU], Verbosity.BRAILLE)
        said = 0
        while True:
            for event in state.events[said:]:
                lines = announcer.event_lines(event)
                hand = [line for line in lines if line.startswith("Hand ")]
                if hand:
                    report.add_hand(hand, len(state.hand(YOU)))
                for line in lines:
                    if not line.startswith("Hand "):
                        report.add("other", line)
            said = len(state.events)
            if state.is_over:
                break
            _review(announcer, state, report)
            seat = state.turn
            assert seat is not None
            state.apply(players[seat].choose(state.view(seat)), seat)
    return report


def _review(announcer: Announcer, state: GameState, report: Report) -> None:
    """The lines South can ask for now, measured."""
    view = state.view(YOU)
    report.add_hand(announcer.review_lines("hand", view), len(view.hand))
    if state.phase is Phase.PLAY:
        for topic in ("trick", "last"):
            for line in announcer.review_lines(topic, view):
                report.add("trick", line)
    for line in announcer.review_lines("bids", view):
        report.add("bid", line)
    score, *rest = announcer.score_lines(view)
    report.add("score", score)
    for line in rest:
        report.add("score" if line.startswith("Taken ") else "other", line)
    if state.turn == YOU:
        report.add("other", announcer.question(view))
        for line in announcer.review_lines("legal", view):
            report.add("other", line)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="partnership", choices=list(VARIANTS),
                        help="the game (default partnership)")
    parser.add_argument("--players", type=int, help="the table size, where the game has several")
    args = parser.parse_args(argv)
    rules = with_options(VARIANTS[args.variant], TableOptions(players=args.players))
    for line in measure(args.games, args.seed, rules=rules).lines():
        print(line)


if __name__ == "__main__":
    main()
