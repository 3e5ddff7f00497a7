"""The narrator of the trick-taking games: its parts put together behind ``announcer.base.Narrator``.

Each event is first told to the story (``TrickStory``), then worded from the
event and the story alone; the lines about now (questions, refusals, the
review commands, a resumed game) are made from the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Phase, SeatView
from ...players.base import Advice
from ..base import Views
from ..hints import advice_line
from ..message import Message
from .booklet import BookletLines

REVIEW_TOPICS = ("hand", "trick", "last", "bids", "score", "trump", "turn", "legal", "taken", "dummy")
"""The review commands the trick-taking games answer."""


class TrickNarrator(BookletLines):
    """Every line said about a trick-taking game (``announcer.base.Narrator``).

    ``humans`` are the seats played at the keyboard.  With one human, that
    seat is "you"; with several, every seat is called by its name.
    """

    # ----------------------------------------------------------------- events
    def event_lines(self, event: object) -> list[str]:
        """The lines that announce ``event``, the next event of the game."""
        self.story.tell(event)
        wording: Callable[[object], list[str]] = getattr(self, "_on_" + type(event).__name__)
        return wording(event)

    def event_messages(self, event: object) -> list[Message]:
        """``event_lines`` with their spoken forms."""
        return self.messages(self.event_lines(event))

    # -------------------------------------------------------------------- now
    def resume_lines(self, views: Views) -> list[str]:
        """Where a resumed game stands: the hand, the score, trump, the hands held, a hand face up on the table,
        the trick."""
        view: SeatView = views(self.humans[0] if self.humans else self.rules.people[0])
        if self.braille:  # "Resumed, hand 2." and the score lines, each within 40 cells
            lines = [f"Resumed, hand {view.hand_number}.", *self.braille_score_lines(view.scores)]
        else:
            lines = [f"Resuming the game: hand {view.hand_number}. {self.scores_text(view.scores)}."]
        if view.phase is Phase.GAME_OVER:
            return lines
        if view.trump is not None:
            if self.rules.bidding and view.bidder is not None and view.high_bid is not None:
                lines.append(f"{self.does(view.bidder, 'took', 'took')} the bid at {view.high_bid}.")  # the contract
            lines.append(self.trump_line(view))
        elif view.bids:
            lines += self.bids_lines(view) if view.bidder is None else [self.bids_line(view)]
        for seat in self.humans:
            own: SeatView = views(seat)
            if not self.lists_own_hand(own):
                lines += self.hand_lines(seat, own.hand, own.trump)
        dummy = self.rules.dummy_seat
        # The hand on the table, as it was heard before the stop; not where the dummy's lead is asked next, which
        # lists its cards.
        if view.phase is Phase.PLAY and (
            view.displayed is not None or (dummy is not None and not (view.turn == dummy and not view.trick))
        ):
            lines += self.dummy_lines(view)
        if view.phase is Phase.PLAY and view.trick:
            lines += self.trick_lines(view)
        return lines

    @property
    def review_topics(self) -> tuple[str, ...]:
        """The review commands this family answers."""
        return REVIEW_TOPICS

    def review_lines(self, topic: str, view: SeatView) -> list[str]:
        """The lines answering review command ``topic`` for ``view``'s seat (``legal``: the seat to act's)."""
        if topic == "hand":
            if self.braille:
                return self.hand_lines(view.seat, view.hand, view.trump)
            return [self.grouped_hand_line(view)]
        if topic == "trick":
            return self.trick_lines(view)
        if topic == "last":
            return self.last_trick_lines(view)
        if topic == "bids":
            return self.bids_lines(view)
        if topic == "score":
            return self.score_lines(view)
        if topic == "trump":
            return [self.trump_line(view)]
        if topic == "turn":
            return [self.turn_line(view)]
        if topic == "legal":
            return self.legal_lines(view)
        if topic == "taken":
            return self.taken_lines(view)
        if topic == "dummy":
            return self.dummy_lines(view)
        raise ValueError(f"no review topic {topic!r}; topics: {', '.join(REVIEW_TOPICS)}")

    def grouped_hand_line(self, view: SeatView) -> str:
        """The hand grouped by color with the count of each, trump first: for the ``hand`` command
        (the braille verbosity says ``hand_lines`` instead)."""
        return self.grouped_line(view.seat, view.hand, view.trump)

    def advice_lines(self, view: SeatView, advice: Advice) -> list[str]:
        """A player's advice for ``view``, its move and its reason, for ``hint``."""
        return self.fit(advice_line(view, advice))
