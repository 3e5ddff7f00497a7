"""The narrator of the trick-taking games: its parts put together behind ``announcer.base.Narrator``.

Each event is first told to the story (``TrickStory``), then worded from the
event and the story alone; the lines about now (questions, refusals, the
review commands, a resumed game) are made from the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...engine import BIRD, COLOR_NAMES, COLORS, Phase, SeatView, card_color
from ...players.base import Advice
from ..base import Views, cards_text, plural
from ..hints import advice_line
from ..message import Message
from .booklet import BookletLines
from .words import sort_hand

REVIEW_TOPICS = ("hand", "trick", "last", "bids", "score", "trump", "turn", "legal", "taken", "dummy")
"""The review commands the trick-taking games answer."""


class TrickNarrator(BookletLines):
    """Every line said about a trick-taking game (``announcer.base.Narrator``).

    ``humans`` are the seats played at the keyboard.  With one human, that
    seat is "you"; with several, every seat is called by its name.
    """

    # ----------------------------------------------------------------- events
    def recall(self, events: Iterable[object]) -> None:
        """Take in events said before (a resumed game), saying nothing."""
        for event in events:
            self.story.tell(event)

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
        """Where a resumed game stands: the hand, the score, trump, the hands held, the trick."""
        view: SeatView = views(self.humans[0] if self.humans else self.rules.people[0])
        lines = [f"Resuming the game: hand {view.hand_number}. {self.scores_text(view.scores)}."]
        if view.phase is Phase.GAME_OVER:
            return lines
        if view.trump is not None:
            lines.append(self.trump_line(view))
        elif view.bids:
            lines.append(self.bids_line(view))
        for seat in self.humans:
            own: SeatView = views(seat)
            if not self.lists_own_hand(own):
                lines += self.hand_lines(seat, own.hand, own.trump)
        if view.phase is Phase.PLAY and view.trick:
            lines.append(self.trick_line(view))
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
        if topic == "trick":  # a trick of six or seven cards takes two braille lines
            return self.fit(self.trick_line(view))
        if topic == "last":
            return self.fit(self.last_trick_line(view))
        if topic == "bids":
            return self.bids_lines(view)
        if topic == "score":
            return self.score_lines(view)
        if topic == "trump":
            return [self.trump_line(view)]
        if topic == "turn":
            return [self.turn_line(view)]
        if topic == "legal":
            return [self.legal_line(view)]
        if topic == "taken":
            return self.taken_lines(view)
        if topic == "dummy":
            return self.dummy_lines(view)
        raise ValueError(f"no review topic {topic!r}; topics: {', '.join(REVIEW_TOPICS)}")

    def grouped_hand_line(self, view: SeatView) -> str:
        """The hand grouped by color with the count of each, trump first: for the ``hand`` command
        (the braille verbosity says ``hand_lines`` instead)."""
        trump = view.trump if view.trump in COLORS else None  # Flip: no trump
        cards = sort_hand(view.hand, trump, self.rules)
        groups: list[str] = []
        missing: list[str] = []
        order = [trump, *(c for c in COLORS if c != trump)] if trump is not None else list(COLORS)
        for color in order:
            if trump is not None and color == trump:
                held = [card for card in cards if self.rules.suit_of[trump][card] == trump]
                label = f"Trump, {COLOR_NAMES[color]}"
            else:
                held = [card for card in cards if card != BIRD and card_color(card) == color]
                label = COLOR_NAMES[color].capitalize()
            if held:
                groups.append(f"{label} {len(held)}: {cards_text(held)}.")
            else:
                missing.append(COLOR_NAMES[color])
        if trump is None and BIRD in cards:
            groups.append("The Bird: rook.")
        line = f"{self.whose(view.seat)} hand, {plural(len(cards), 'card')}. " + " ".join(groups)
        if missing:
            line += f" No {' or '.join(missing)}."
        return line

    def advice_lines(self, view: SeatView, advice: Advice) -> list[str]:
        """A player's advice for ``view``, its move and its reason, for ``hint``."""
        return self.fit(advice_line(view, advice))
