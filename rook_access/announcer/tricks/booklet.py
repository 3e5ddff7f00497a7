"""The 1913 booklet's Flip and High 14: the cut for trump, the center's cards, and Flip's points against.

High 14's trump is the color of a card cut from the pack (``TrumpCut``);
in both games the cards left over from the deal lie face down in the center
until the first trick's taker takes them (``CenterTaken``).  In Flip every
red card taken counts against its taker and the Golden Ten (the yellow 10)
takes 10 off a hand's red count: its lines say red points and the Golden
Ten, never counters, and the lowest score is the best.  ``BookletLines`` is
every part of the trick narrator with these games' lines over them; every
other game's lines are the parts' own.

    >>> from rook_access.engine.rules import VARIANTS
    >>> from rook_access.engine.cards import parse_cards
    >>> BookletLines(VARIANTS["flip"], [0]).points_words(parse_cards("5r 2r 10y 9x"))
    '6 red points and the Golden Ten'
    >>> BookletLines(VARIANTS["high-14"], [0]).points_words(parse_cards("5r 14g"), 5)
    '10 points'
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import (
    COLOR_NAMES,
    Dealt,
    Discard,
    GameEnded,
    HandEnded,
    IllegalActionError,
    NameTrump,
    Phase,
    Play,
    Rule,
    SeatView,
    TrickTaken,
    card_name,
)
from ...engine.cards import COLORS, Card
from ...engine.events import CenterTaken, TrumpCut
from ...engine.rules import TrumpSource
from ..base import cards_text, plural
from .bidding import BiddingLines
from .nest import NestLines
from .play import PlayLines
from .questions import QuestionLines
from .scores import ScoreLines
from .words import legal_cards, sort_hand


class BookletLines(BiddingLines, NestLines, PlayLines, ScoreLines, QuestionLines):
    """Every part of the trick narrator, with what is said of the cut, the center's cards and
    Flip's red points against over them (the other games' lines are the parts' own)."""

    # ----------------------------------------------------------------- events
    def _on_TrumpCut(self, event: TrumpCut) -> list[str]:
        color = COLOR_NAMES[event.color]
        card = card_name(event.card)
        if self.braille:
            lines = [f"{self.initial(event.seat)} cuts {card}: trump {color}."]
        elif self.terse:
            lines = [f"{self.name(event.seat)} {'cut' if event.seat == self.you else 'cuts'} {card}: trump {color}."]
        else:
            shows = "show" if event.seat == self.you else "shows"
            lines = [self.does(event.seat, "cut", "cuts") + f" the pack and {shows} {card}: trump is {color}."]
        lines += self.hands_before_play(play_starts=True)
        story = self.story
        leader = story.first_leader
        # A player at the keyboard is asked at once; a person at another console is said to lead by the console.
        if story.controller(leader) not in (*self.humans, *self.asked_elsewhere):
            lines.append(self.does(leader, "lead", "leads") + ".")
        return lines

    def _on_CenterTaken(self, event: CenterTaken) -> list[str]:
        cards = cards_text(sort_hand(event.cards, self.story.trump, self.rules))
        if self.braille:
            return self.fit(f"{self.initial(event.seat)} takes center {cards}, {event.points}")
        worth = self.points_words(event.cards)
        return [self.does(event.seat, "take", "takes") + f" the center's {cards}: {worth}."]

    def _on_Dealt(self, event: Dealt) -> list[str]:
        lines = super()._on_Dealt(event)
        if event.nest and self.rules.center_to_first_trick:  # the first line ends with its full stop
            if self.braille:
                words = f"; {len(event.nest)} in center"
            elif self.terse:
                words = f"; {len(event.nest)} to the center"
            else:
                words = f"; {plural(len(event.nest), 'card')} face down in the center for the first trick's taker"
            lines[0] = lines[0][:-1] + words + "."
        return lines

    def _on_TrickTaken(self, event: TrickTaken) -> list[str]:
        if not self.rules.avoid_points:
            return super()._on_TrickTaken(event)
        taker = self.does(event.winner, "take", "takes")
        worth = self.points_words(event.cards)
        if self.braille:
            return self.fit(f"{taker} trick {event.number}, {worth}.")
        if self.terse:
            return [f"{taker} it, {worth}."]
        lines = [f"{taker} trick {event.number}, {worth}."]
        if self.verbose:
            winning = card_name(event.cards[(event.winner - event.leader) % self.rules.players])
            lines[0] = f"{taker} trick {event.number} with {winning}, {worth}."
            team = self.story.team_of(event.winner)
            reds, golden = self.red_count(team)
            has = "has" if self.named_as_one(team) else "have"
            lines.append(f"{self.team_name(team)} {has} {plural(reds, 'red point')} this hand"
                         f"{' and the Golden Ten' if golden else ''}.")
        return lines

    def _fitted(self, lines: list[str]) -> list[str]:
        """Braille: each line cut into pieces that fit the display (a table of six or seven has long
        score lines); the other verbosities, the lines as they are."""
        return [piece for line in lines for piece in self.fit(line)] if self.braille else lines

    def _on_HandEnded(self, event: HandEnded) -> list[str]:
        lines = super()._on_HandEnded(event)
        return self._fitted(lines) if self.rules.table_sizes else lines

    def _hand_without_bid(self, event: HandEnded) -> list[str]:
        if self.rules.avoid_points:
            return self.hand_against_lines(event)
        if self.rules.scores_by_side:
            return self.hand_by_side_lines(event)
        return super()._hand_without_bid(event)

    def _on_GameEnded(self, event: GameEnded) -> list[str]:
        if self.rules.table_sizes and not self.rules.avoid_points:
            return self._fitted(super()._on_GameEnded(event))
        if not self.rules.avoid_points:
            return super()._on_GameEnded(event)
        margin = " to ".join(str(score) for score in sorted(event.scores))
        if event.winner is None:
            lowest = min(event.scores)
            tied = [scorer for scorer, score in enumerate(event.scores) if score == lowest]
            if self.braille:
                return self.fit(f"{self.ending}: {' '.join(self.scorer_initials(s) for s in tied)} tie, {margin}.")
            names = [self._scorer_word(scorer) for scorer in tied]
            together = ", ".join(names[:-1]) + " and " + names[-1]
            tie = f"{together[0].upper() + together[1:]} tie with the fewest points against"
            return [f"{self.ending}. {tie}, {margin}."]
        win = "win" if self.rules.scores_by_side or self.rules.people[event.winner] == self.you else "wins"
        others = sorted((s for s in range(len(event.scores)) if s != event.winner), key=lambda s: event.scores[s])
        if self.braille:
            if len(event.scores) > 2:  # whose each score is: "Game over: NE wins, NE 0 S 1 W 6."
                margin = self.initialed_scores(event.scores, (event.winner, *others))
            return self.fit(f"{self.ending}: {self.scorer_initials(event.winner)} {win}, {margin}.")
        winner = self._scorer_word(event.winner)
        winner = winner[0].upper() + winner[1:]
        if len(event.scores) > 2:  # "Northeast wins with the fewest points against, 0; you 1, West 6."
            rest = ", ".join(f"{self._scorer_word(s)} {event.scores[s]}" for s in others)
            return [f"{self.ending}. {winner} {win} with the fewest points against, {event.scores[event.winner]}; "
                    f"{rest}."]  # fmt: skip
        return [f"{self.ending}. {winner} {win} with the fewest points against, {margin}."]

    # ------------------------------------------------------------------ words
    def points_words(self, cards: Iterable[Card], extra: int = 0) -> str:
        """What taking ``cards`` is worth, in the game's words: ``6 red points and the Golden Ten`` in
        Flip, ``10 points`` elsewhere (``extra``: the points for the trick itself)."""
        points = self.rules.points
        cards = list(cards)
        if not self.rules.avoid_points:
            return plural(sum(points[card] for card in cards) + extra, "point")
        reds = sum(points[card] for card in cards if points[card] > 0)
        golden = any(points[card] < 0 for card in cards)
        words = plural(reds, "red point") if reds or not golden else ""
        if golden:
            words += (" and " if words else "") + "the Golden Ten"
        return words

    def red_count(self, seats: Iterable[int]) -> tuple[int, bool]:
        """The red points the story says ``seats`` took this hand, and whether they took the Golden Ten."""
        points = self.rules.points
        cards = [card for seat in seats for card in self.story.won_cards[seat]]
        return sum(points[card] for card in cards if points[card] > 0), any(points[card] < 0 for card in cards)

    def hand_against_lines(self, event: HandEnded) -> list[str]:
        """The end of a hand of Flip: each score's red points against, the Golden Ten's relief, the score."""
        rules = self.rules
        parts = []
        golden_with = ""
        for scorer, seats in enumerate(rules.scorers):
            reds, golden = self.red_count(seats)
            who = self.scorer_initials(scorer) if self.braille else self._scorer_word(scorer)
            against = event.score_change[scorer]
            if golden and not self.braille:
                parts.append(f"{who} {against} ({reds} less the Golden Ten)")
            else:
                parts.append(f"{who} {against}")
            if golden:
                golden_with = who
        if self.braille:
            golden_text = f"; Golden Ten {golden_with}" if golden_with else ""
            return [*self.fit(f"Deal {event.hand} against: {' '.join(parts)}{golden_text}"),
                    self.braille_score_line(event.scores)]
        first = f"Hand {event.hand}: against" if self.terse else f"Hand {event.hand} over. Against:"
        return [f"{first} {', '.join(parts)}.", f"Score: {self.scores_text(event.scores)}; lowest wins."]

    def _scorer_word(self, scorer: int) -> str:
        """A score's owner in a sentence: ``you``, ``West``, ``North-South``."""
        rules = self.rules
        if rules.scores_by_side:
            return self.side_name(scorer, in_sentence=True)
        if rules.people[scorer] == self.you:
            return "you"
        return self.scorer_name(scorer)

    def hand_by_side_lines(self, event: HandEnded) -> list[str]:
        """The end of a hand without bidding where sides score together (High 14 for four)."""
        rules = self.rules
        if self.braille:
            taken = " ".join(f"{self.scorer_initials(side)} {event.score_change[side]}"
                             for side in range(len(rules.scorers)))
            return [f"Deal {event.hand}: took {taken}.", self.braille_score_line(event.scores)]
        taken = self.scorers_listed(event.score_change[side] for side in range(len(rules.scorers)))
        first = f"Hand {event.hand}: took {taken}." if self.terse else f"Hand {event.hand} over. Taken: {taken}."
        return [first, f"Score: {self.scores_text(event.scores)}."]

    # ---------------------------------------------------------- review lines
    def trump_line(self, view: SeatView) -> str:
        source = self.rules.trump_from
        if source is TrumpSource.NONE:
            return "There is no trump in this game."
        if source is TrumpSource.CUT and view.trump in COLORS and view.trump_cut is not None:
            return f"Trump is {COLOR_NAMES[view.trump]}, from the card cut, {card_name(view.trump_cut)}."
        return super().trump_line(view)

    def braille_score_line(self, scores: Iterable[int], hand_number: int | None = None) -> str:
        line = super().braille_score_line(scores, hand_number)
        return "Against" + line[len("Score"):] if self.rules.avoid_points else line

    def score_lines(self, view: SeatView) -> list[str]:
        lines = super().score_lines(view)
        if self.rules.table_sizes:
            lines = self._fitted(lines)
        if not self.rules.avoid_points or self.braille:
            return lines
        lines[0] = lines[0][:-1] + "; points against, the lowest wins."
        if view.phase is Phase.PLAY:
            lines[1:] = self.taken_lines(view)
        return lines

    def taken_lines(self, view: SeatView) -> list[str]:
        if not self.rules.avoid_points or view.phase is not Phase.PLAY:
            return super().taken_lines(view)
        return self.against_taken_lines(view)

    def _play_rule_line(self, view: SeatView) -> str:
        rules = self.rules
        line = super()._play_rule_line(view)
        if not rules.fourteens_any_time or not view.trick or view.trump is None:
            return line
        suit_of = rules.suit_of[view.trump]
        suit = suit_of[view.trick[0]]
        fourteens = [card for card in legal_cards(view) if (1 << card) & rules.any_time_mask and suit_of[card] != suit]
        if fourteens and any(suit_of[card] == suit for card in view.hand):
            clause = ", or a 14: " if self.braille else "; a 14 may be played any time: "  # braille: 40 cells
            return line[:-1].replace(": ", clause, 1) + "."
        return line

    def refusal(self, error: IllegalActionError, view: SeatView) -> str:
        rules = self.rules
        if error.rule is Rule.FOLLOW_SUIT and rules.fourteens_any_time:
            legal = sort_hand([a.card for a in error.legal if isinstance(a, Play)], view.trump, rules)
            suit = COLOR_NAMES[error.detail["suit"]]
            holder = self.holder(view.turn if view.turn is not None else -1)
            return f"{holder} must follow {suit}, or play a 14: {', '.join(card_name(c) for c in legal)}."
        return super().refusal(error, view)

    def _out_of_phase(self, action: object, view: SeatView) -> str:
        if isinstance(action, NameTrump) and self.rules.trump_from in (TrumpSource.NONE, TrumpSource.CUT):
            return self.trump_line(view)
        if isinstance(action, Discard) and self.rules.center_to_first_trick:
            return "There is no nest to discard to in this game."
        return super()._out_of_phase(action, view)

    def against_taken_lines(self, view: SeatView) -> list[str]:
        """Flip's ``taken`` line: the red points each score has taken this hand, and the Golden Ten."""
        rules = self.rules
        points = rules.points
        won: list[list[Card]] = [[] for _ in range(rules.players)]
        for trick in view.tricks:
            won[trick.winner] += trick.cards
        if view.center_taker is not None:
            won[view.center_taker] += view.center_taken
        parts = []
        golden_with = None
        reds_out = sum(points[card] for card in rules.deck if points[card] > 0)
        for scorer, seats in enumerate(rules.scorers):
            cards = [card for seat in seats for card in won[seat]]
            reds = sum(points[card] for card in cards if points[card] > 0)
            reds_out -= reds
            if any(points[card] < 0 for card in cards):
                golden_with = scorer
            who = self.scorer_initials(scorer) if self.braille else self._scorer_word(scorer)
            parts.append(f"{who} {reds}")
        if self.braille:
            golden = f"; Golden Ten {self.scorer_initials(golden_with)}" if golden_with is not None else ""
            return self.fit(f"Red {' '.join(parts)}, {reds_out} out{golden}")
        golden_text = ("The Golden Ten is still out." if golden_with is None
                       else f"The Golden Ten: {self._scorer_word(golden_with)}.")
        return [f"Red points taken this hand: {', '.join(parts)}; {reds_out} still out. {golden_text}"]


__all__ = ["BookletLines"]
