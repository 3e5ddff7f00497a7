"""Scores and the end of a hand and of the game: their events, and the ``score`` review lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...engine import GameEnded, HandEnded, Phase, SeatView, TricksCut
from ..base import BRAILLE_WIDTH, cards_text, plural, signed
from .words import YOUR_SIDE, TrickWords


class ScoreLines(TrickWords):
    """What is said as a hand is scored and the game ends."""

    def _on_HandEnded(self, event: HandEnded) -> list[str]:
        rules = self.rules
        teams = event.teams or rules.partnerships
        tie = self.tie_at_target(event.scores)
        tail = [tie] if tie and not self.story.game_over else []
        if event.bidder is None or event.bid is None:
            return self._hand_without_bid(event) + tail
        bidders = next(index for index, team in enumerate(teams) if event.bidder in team)
        took = self._took(event, bidders)
        change = event.score_change[self._scorer_of(event.bidder)]
        verdict = "made" if event.made else "set"
        if self.braille:
            pairs = [
                [self.scorer_initials(scorer), signed(points)] for scorer, points in enumerate(event.score_change)
            ]
            lines = [
                f"Deal {event.hand}: {self.team_initials(teams[bidders])} bid {event.bid}, took {took}, {verdict}.",
                *self._braille_tricks(event, teams),
                *self.braille_fitted("Change", pairs, "."),
                *self.braille_score_lines(event.scores),
            ]
            return lines + tail
        if self.terse:
            changes = self.scorers_listed(signed(points) for points in event.score_change)
            lines = [
                f"Hand {event.hand}: {self.team_name(teams[bidders])} "
                f"bid {event.bid}, took {took}, {verdict}. {changes}.",
                *self._trick_bonus_lines(event, teams),
                f"Score: {self.scores_text(event.scores)}.",
            ]
            return lines + tail
        took_words = str(took)
        if self._bonus_toward_bid(event, bidders):  # Dixie Rook: the 20 for most tricks makes the bid too
            bonus = self.rules.most_tricks_bonus
            took_words = f"{took - bonus} and {bonus} for tricks"
        elif event.made and self._bonus_in_change(event, teams, bidders, took):
            took_words = f"{took} and {rules.most_tricks_bonus} for tricks"
        if event.made:
            result = f"made it with {took_words}: {signed(change)}"
        else:
            result = f"took {took_words}: set back {event.bid}"
        lines = [f"Hand {event.hand} over. {self.team_name(teams[bidders])} bid {event.bid} and {result}."]
        for index, team in enumerate(teams):
            if index == bidders:
                continue
            points = event.score_change[self._scorer_of(team[0])]
            each = " each" if not rules.scores_by_side and len([s for s in team if s != rules.dummy_seat]) > 1 else ""
            counted = self._took(event, index)
            with_bonus = self._bonus_in_change(event, teams, index, counted)
            and_bonus = f" and {rules.most_tricks_bonus} for tricks" if with_bonus else ""
            taken = f"{counted} points{and_bonus}: {signed(points)}{each}" if points else "no points"
            if points and event.made and rules.made_others_score_tricks_only:
                taken += " for tricks"
            lines.append(f"{self.team_name(team)} took {taken}.")
        if event.bonus:
            lines.append(f"Every trick taken by one side: a bonus of {event.bonus}.")
        lines += self._trick_bonus_lines(event, teams, said=True)
        lines.append(f"Score: {self.scores_text(event.scores)}.")
        return lines + tail

    def _bonus_toward_bid(self, event: HandEnded, team: int) -> bool:
        """Whether ``team`` bid and won the bonus for most tricks where it counts toward the bid (Dixie Rook)."""
        rules = self.rules
        return bool(rules.most_tricks_bonus and rules.trick_bonus_makes_bid and event.tricks
                    and event.most_tricks == team and event.bidder in (event.teams or rules.partnerships)[team])

    def _bonus_in_change(self, event: HandEnded, teams: tuple[tuple[int, ...], ...], team: int, took: int) -> bool:
        """Whether ``team`` took most tricks and its score changed by its points ``took`` and the bonus for it."""
        bonus = self.rules.most_tricks_bonus
        if not bonus or not event.tricks or event.most_tricks != team:
            return False
        return event.score_change[self._scorer_of(teams[team][0])] == took + bonus

    def _trick_bonus_lines(self, event: HandEnded, teams: tuple[tuple[int, ...], ...], said: bool = False) -> list[str]:
        """Who took most tricks and the bonus for it (Partnership Rook, Dixie Rook), or each side's tricks where
        they score by the trick (Display Rook): one line, or none.  ``said``: the teams' lines said the bonus
        with the points it came with, so this line does not add it again."""
        if not event.tricks:
            return []
        rules = self.rules
        if not rules.most_tricks_bonus:  # Display Rook: no bonus for most tricks, 2 points a trick
            return [f"Tricks: {self.teams_listed(teams, event.tricks)}, {rules.trick_points} points each."]
        counts = " to ".join(str(count) for count in sorted(event.tricks, reverse=True))
        if rules.nest_is_trick:  # Dixie Rook: 13 tricks played make 14, the nest one of them
            counts += " with the nest"
        if event.most_tricks is None:
            return [f"Tricks {counts}: a tie, no bonus for most tricks."]
        bonus = rules.most_tricks_bonus
        most = teams[event.most_tricks]
        # Equal tricks, and the cut gave the bonus (Dixie Rook): the cut's line said who won it, just before.
        cut = event.tricks.count(max(event.tricks)) > 1
        took = f"Tricks {counts}" if cut else f"{self.team_name(most)} took most tricks, {counts}"
        if self._bonus_toward_bid(event, event.most_tricks):
            return [f"{took}."]  # the bid's line said the bonus with what the bidders took
        winner = event.most_tricks
        if said and self._bonus_in_change(event, teams, winner, self._took(event, winner)):
            return [f"{took}."]  # the team's line said the bonus with its points
        if event.bidder is not None and event.bidder in teams[event.most_tricks] and not event.made:
            return [f"{took}; set back, so no {bonus}."]
        if cut:  # whose the bonus is, not who won the cut again
            gets = "gets" if self.named_as_one(most) else "get"
            return [f"{took}; {self.team_name(most, in_sentence=True)} {gets} the {bonus}."]
        return [f"{took}: {bonus} more."]

    def _braille_tricks(self, event: HandEnded, teams: tuple[tuple[int, ...], ...]) -> list[str]:
        """``Tricks NS 8 EW 6, NS +20``: the tricks of each side and the bonus for most tricks."""
        if not event.tricks:
            return []
        pairs = [[self.team_initials(team), str(count)] for team, count in zip(teams, event.tricks, strict=True)]
        most = event.most_tricks
        if not self.rules.most_tricks_bonus:  # Display Rook: each trick counts, no bonus for most
            tail = f", {self.rules.trick_points} each"
        elif most is None:
            tail = ", tie"
        elif event.bidder is not None and event.bidder in teams[most] and not event.made:
            tail = f", {self.team_initials(teams[most])} set"
        else:
            tail = f", {self.team_initials(teams[most])} +{self.rules.most_tricks_bonus}"
        return self.braille_fitted("Tricks", pairs, tail)

    def _took(self, event: HandEnded, team: int) -> int:
        """The points a team took in the hand: its counters, and its tricks' points where tricks count
        (Display Rook), or the bonus for most tricks where it counts toward the bid and the team bid (Dixie Rook)."""
        tricks = self.rules.trick_points * event.tricks[team] if self.rules.trick_points and event.tricks else 0
        bonus = self.rules.most_tricks_bonus if self._bonus_toward_bid(event, team) else 0
        return event.counters[team] + tricks + bonus

    def _scorer_of(self, seat: int) -> int:
        """The index in the scores of the score ``seat`` plays for."""
        rules = self.rules
        if rules.scores_by_side:
            return rules.side_of[seat]
        return rules.people.index(seat)

    def _hand_without_bid(self, event: HandEnded) -> list[str]:
        """The end of a hand with no bidding (the Beginner Game): what each player took."""
        people = self.rules.people
        if self.braille:
            pairs = [[self.initials[seat], str(event.taken[seat])] for seat in people]
            return [*self.braille_fitted(f"Deal {event.hand}: took", pairs, "."),
                    *self.braille_score_lines(event.scores)]
        taken = ", ".join(f"{self.name(seat) if seat != self.you else 'you'} {event.taken[seat]}" for seat in people)
        first = f"Hand {event.hand}: took {taken}." if self.terse else f"Hand {event.hand} over. Taken: {taken}."
        return [first, f"Score: {self.scores_text(event.scores)}."]

    def tie_at_target(self, scores: Iterable[int]) -> str | None:
        """Why the game goes on although a side has reached the target (a tie at the top)."""
        scores = list(scores)
        top = max(scores)
        if self.rules.hands_limit or top < self.rules.target_score or scores.count(top) < 2:
            return None  # the one score at the top, at the target, has won: no tie
        return f"Tied at {top}: another hand decides the game."

    def _on_GameEnded(self, event: GameEnded) -> list[str]:
        ranked = sorted(event.scores, reverse=True)
        margin = " to ".join(str(score) for score in ranked)
        if event.winner is None:
            line = f"{self.ending}. A draw, {margin}."
            if self.braille and len(line) > BRAILLE_WIDTH:  # many scores: the tie, then all
                return [f"{self.ending}. A draw at {ranked[0]}.", *self.braille_score_lines(event.scores)]
            return [line]
        win = "win" if self.rules.scores_by_side or self.rules.people[event.winner] == self.you else "wins"
        if self.rules.scores_by_side and self.named_as_one(self.rules.partnerships[event.winner]):
            win = "wins"  # three against three: "West's side wins", "S side wins"
        if self.braille:
            if len(event.scores) > 2:  # whose each score is: "Game over: W wins, W 65 S 30 E 30."
                order = sorted(range(len(event.scores)), key=lambda s: (s != event.winner, -event.scores[s]))
                margin = self.initialed_scores(event.scores, order)
            line = f"{self.ending}: {self.scorer_initials(event.winner)} {win}, {margin}."
            if len(line) > BRAILLE_WIDTH:  # many scores: the winner's and the next, then all
                line = f"{self.ending}: {self.scorer_initials(event.winner)} {win}, {ranked[0]} to {ranked[1]}."
                return [line, *self.braille_score_lines(event.scores)]
            return [line]
        if self.rules.scores_by_side and self.you is not None and self.rules.side_of[self.you] == event.winner:
            winner = self.people_text(self.rules.partnerships[event.winner])  # "you, Northwest and Northeast"
            winner = winner[0].upper() + winner[1:]
            win = "win"
        else:
            winner = self.scorer_name(event.winner)
        if len(event.scores) > 2:  # whose each other score is: "North wins with 47; West 39, East 12, you 7."
            order = sorted((s for s in range(len(event.scores)) if s != event.winner), key=lambda s: -event.scores[s])
            others = [self.scorer_name(s) for s in order]
            others = [name[0].lower() + name[1:] if name in ("You", YOUR_SIDE) else name for name in others]
            rest = ", ".join(f"{name} {event.scores[s]}" for name, s in zip(others, order, strict=True))
            return [f"{self.ending}. {winner} {win} with {event.scores[event.winner]}; {rest}."]
        return [f"{self.ending}. {winner} {win}, {margin}."]

    def initialed_scores(self, scores: Sequence[int], order: Iterable[int]) -> str:
        """The scores in ``order``, each after its owner's initials: ``W 65 S 30 E 30``."""
        return " ".join(f"{self.scorer_initials(scorer)} {scores[scorer]}" for scorer in order)

    # ---------------------------------------------------------- review lines
    def braille_score_line(self, scores: Iterable[int], hand_number: int | None = None) -> str:
        """``Score NS 120 EW -45, to 300``: at most 40 cells."""
        limit = self.rules.hands_limit
        if limit:
            goal = f"deal {hand_number} of {limit}" if hand_number else plural(limit, "deal")
        else:
            goal = f"to {self.rules.target_score}"
        return f"Score {self.braille_scores(scores)}, {goal}"

    def braille_score_lines(self, scores: Iterable[int], hand_number: int | None = None) -> list[str]:
        """``braille_score_line`` in lines of at most 40 cells (many scores, a table of many)."""
        scores = list(scores)
        line = self.braille_score_line(scores, hand_number)
        if len(line) <= BRAILLE_WIDTH:
            return [line]
        goal = line[line.rindex(", ") :]
        pairs = [[self.scorer_initials(scorer), str(score)] for scorer, score in enumerate(scores)]
        return self.braille_fitted("Score", pairs, goal)

    def score_lines(self, view: SeatView) -> list[str]:
        """The score, and in the play how the hand stands."""
        in_play = view.phase is Phase.PLAY
        if self.braille:
            lines = self.braille_score_lines(view.scores, view.hand_number)
            tie = self.tie_at_target(view.scores)
            if tie:
                lines.append(tie)
            return lines + (self.taken_lines(view) if in_play and view.bidder is not None else [])
        if self.rules.hands_limit:
            goal = f"hand {view.hand_number} of {self.rules.hands_limit}"
        else:
            goal = f"game to {self.rules.target_score}"
        lines = [f"Score: {self.scores_text(view.scores)}; {goal}."]
        tie = self.tie_at_target(view.scores)
        if tie:
            lines.append(tie)
        if in_play and view.bidder is not None:
            taken = self.teams_listed(view.teams, self.team_points(view))
            bidders = self.team_name(view.teams[view.team_of[view.bidder]], in_sentence=True)
            lines.append(f"This hand {bidders} bid {view.high_bid}. Taken so far: {taken}.")
        elif in_play:
            taken = self.scorers_listed(self.taken_by_scorer(view))
            lines.append(f"Taken so far this hand: {taken}.")
        return lines

    # Dixie Rook (the 1913 booklet): equal tricks, so the sides cut for the bonus for most tricks.
    def _on_TricksCut(self, event: TricksCut) -> list[str]:
        """The cut on equal tricks, one line: each side's cut cards and total, and who wins the cut (not "gets
        the 20": bidders who win it and are set back do not; the hand's lines say what each side scores)."""
        teams = self.rules.partnerships
        if self.braille:
            sides = ", ".join(f"{self.side_initials[i]} {total}" for i, total in enumerate(event.totals))
            if event.winner is None:
                result = "cut again"
            else:
                winner = self.side_initials[event.winner]
                result = f"{winner} {'wins' if winner.endswith(' side') else 'win'}"
            line = f"Cut: {sides}: {result}."
            if len(line) > BRAILLE_WIDTH:  # three against three: "S side 30, SW side 25" and the result apart
                return [f"Cut: {sides}.", f"Cut: {result}."]
            return [line]
        sides = "; ".join(
            f"{self.side_name(i, in_sentence=i > 0)} {cards_text([event.cards[seat] for seat in reversed(team)])}, "
            f"{event.totals[i]}"
            for i, team in enumerate(teams)
        )
        if event.winner is None:
            return [f"Equal tricks, so all cut: {sides}. Equal: cut again."]
        win = "wins" if self.named_as_one(teams[event.winner]) else "win"
        return [f"Equal tricks, so all cut: {sides}. {self.side_name(event.winner)} {win} the cut."]
