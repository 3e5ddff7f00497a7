"""The announcer: every line the program says, from engine events and game facts.

Lines are short, self-contained and plain, cards in the notation, so a screen
reader or braille display reads each one on its own.  ``messages()`` pairs
each line with its spoken form for speech.  The verbosity changes the
wording, never the facts.  Nothing here prints: the session sends the
messages to an output channel.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from ..braille.panning import pan_pieces
from ..engine import (
    BIRD,
    COLOR_NAMES,
    COLORS,
    Bid,
    BidMade,
    BidWon,
    Card,
    CardPlayed,
    Check,
    Checked,
    Color,
    Dealt,
    Discard,
    Event,
    GameEnded,
    GameStarted,
    GameState,
    HandEnded,
    IllegalActionError,
    NameTrump,
    NestDiscarded,
    NestTaken,
    Pass,
    Phase,
    Play,
    Rule,
    RuleSet,
    Teams,
    TeamsFormed,
    ThrownIn,
    TrickTaken,
    TrumpNamed,
    TrumpTurned,
    card_color,
    card_name,
    card_number,
)
from ..output.message import Message
from .spoken import cards_in_words, speakable

SEAT_NAMES = ("South", "West", "North", "East")
"""The seats of the 4-player games (``RuleSet.names`` has every game's)."""
INITIALS = {
    "South": "S", "West": "W", "North": "N", "East": "E", "Northwest": "NW", "Northeast": "NE",
    "Southwest": "SW", "Dummy": "D",
}  # fmt: skip
"""Seat names' initials, for the braille verbosity."""
BRAILLE_WIDTH = 40
"""Cells on the common braille display, and the longest line of the braille verbosity."""
STEP_WORDS = {5: "fives", 10: "tens"}


def messages(lines: Iterable[str], urgent: bool = False) -> list[Message]:
    """Lines as messages, each with its spoken form."""
    return [Message(line, speakable(line), urgent) for line in lines]


def sort_hand(cards: Iterable[Card], trump: Color | None, rules: RuleSet) -> list[Card]:
    """Cards grouped by color, trump first once named, high to low; the Bird with trump (or last)."""
    order = [trump, *(c for c in COLORS if c != trump)] if trump is not None else list(COLORS)

    def key(card: Card) -> tuple[int, int]:
        if trump is not None:
            power = rules.trump_power[trump][card]
            if power:
                return (0, -power)
        color = card_color(card)
        if color is None:  # the Bird
            return (len(order), 0)
        return (order.index(color), -(card_number(card) or 0))

    return sorted(cards, key=key)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in the notation, separated by spaces."""
    return " ".join(card_name(card) for card in cards)


def fit_lines(label: str, groups: list[list[str]], width: int) -> list[str]:
    """``label`` and the words of ``groups`` in as few lines of at most ``width`` characters as it takes.

    Each line starts with ``label``; a group (the cards of one color) is kept
    on one line where it fits, and is only split between words otherwise.

    >>> fit_lines("Hand", [["14r", "5r"], ["10x"]], 14)
    ['Hand 14r 5r', 'Hand 10x']
    """
    lines: list[str] = []
    line = label
    for group in groups:
        text = " ".join(group)
        if line != label and len(line) + 1 + len(text) > width:
            lines.append(line)
            line = label
        for word in group:
            if line != label and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = label
            line += " " + word
    lines.append(line)
    return lines


def plural(count: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def signed(points: int) -> str:
    """A score change with its sign: +45, -95, 0."""
    return f"+{points}" if points > 0 else str(points)


class Verbosity(enum.Enum):
    """How much the announcer says about each thing that happens."""

    TERSE = "terse"
    """The fewest words: "West 10r.", "North takes it, 25."."""
    NORMAL = "normal"
    """Whole short sentences: "West plays 10r.", "North takes trick 3, 25 points."."""
    VERBOSE = "verbose"
    """Sentences with context: whether a card follows, what a side has taken so far."""
    BRAILLE = "braille"
    """Terse, and the hand, trick, bids and score each in one line of at most 40 cells
    ("Hand 14r 13r 5r 10x rook", "Trick 3: W 14r N rook; N wins")."""


class Announcer:
    """Turns events and game facts into lines for the people at the console.

    ``humans`` are the seats played at the keyboard.  With one human, that
    seat is "you"; with several, every seat is called by its name.
    """

    def __init__(self, rules: RuleSet, humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        self.rules = rules
        self.verbosity = verbosity
        self.humans = tuple(humans)
        self.you = self.humans[0] if len(self.humans) == 1 else None
        self.names = rules.names
        self.initials = tuple(INITIALS.get(name, name[:2]) for name in self.names)
        self.side_names = tuple("-".join(self.names[s] for s in reversed(side)) for side in rules.partnerships)
        self.side_initials = tuple("".join(self.initials[s] for s in reversed(side)) for side in rules.partnerships)
        self._lead: Card | None = None
        """The card that led the trick being announced (None between tricks)."""
        self._teams: tuple[tuple[int, ...], ...] = rules.partnerships
        """The teams of the hand being announced (events are said after the state has moved on)."""
        self._team_taken: dict[tuple[int, ...], int] = {}
        """Points each team has taken in the hand being announced."""
        self.card_words = False
        """Print cards in words ("14 red") instead of the notation: at a terminal
        where the screen reader reads the screen (the session decides)."""

    # ---------------------------------------------------------------- output
    def printed(self, line: str) -> str:
        """A line as it is printed: its cards in words when ``card_words`` is set."""
        return cards_in_words(line) if self.card_words else line

    def messages(self, lines: Iterable[str], urgent: bool = False) -> list[Message]:
        """Lines as messages: printed as ``printed`` says, spoken with their spoken form."""
        return [Message(self.printed(line), speakable(line), urgent) for line in lines]

    def fit(self, line: str) -> list[str]:
        """A line said in answer to a command: with the braille verbosity, cut at blanks
        into lines of at most 40 cells; otherwise the line itself."""
        return pan_pieces(line, BRAILLE_WIDTH) if self.braille else [line]

    # ------------------------------------------------------------------ names
    def name(self, seat: int) -> str:
        """The seat as the subject of a sentence: "You" or its name."""
        return "You" if seat == self.you else self.names[seat]

    def object_name(self, seat: int) -> str:
        """The seat inside a sentence: "you" or its name."""
        return "you" if seat == self.you else self.names[seat]

    def people_text(self, seats: Iterable[int]) -> str:
        """Seats as a phrase: "you and North", "West, North and East"."""
        named = [self.object_name(seat) for seat in seats]
        named.sort(key=lambda name: name != "you")
        return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"

    def _does(self, seat: int, you_form: str, other_form: str) -> str:
        return f"{self.name(seat)} {you_form if seat == self.you else other_form}"

    def side_name(self, side: int) -> str:
        """A fixed side's name, like North-South."""
        return self.side_names[side]

    def scorer_name(self, scorer: int) -> str:
        """Whose score this is: a side's name, or a player's ("You", "West")."""
        if self.rules.scores_by_side:
            return self.side_names[scorer]
        return self.name(self.rules.people[scorer])

    def scorer_initials(self, scorer: int) -> str:
        if self.rules.scores_by_side:
            return self.side_initials[scorer]
        return self.initials[self.rules.people[scorer]]

    def team_name(self, team: tuple[int, ...]) -> str:
        """A team of the hand: a fixed side's name, or its players ("You and West")."""
        if self.rules.scores_by_side and team in self.rules.partnerships:
            return self.side_names[self.rules.partnerships.index(team)]
        phrase = self.people_text(seat for seat in team if seat != self.rules.dummy_seat)
        if self.rules.dummy_seat in team:
            phrase += " with the dummy"
        return phrase[0].upper() + phrase[1:]

    def team_initials(self, team: tuple[int, ...]) -> str:
        if self.rules.scores_by_side and team in self.rules.partnerships:
            return self.side_initials[self.rules.partnerships.index(team)]
        return "".join(self.initials[seat] for seat in team if seat != self.rules.dummy_seat)

    def scores_text(self, scores: Iterable[int]) -> str:
        return ", ".join(f"{self.scorer_name(scorer)} {score}" for scorer, score in enumerate(scores))

    def _whose(self, seat: int) -> str:
        return "Your" if seat == self.you else f"{self.names[seat]}'s"

    def _holder(self, seat: int) -> str:
        """Whose cards a refusal is about, as a subject: "You", "The dummy", "West"."""
        if seat == self.rules.dummy_seat:
            return "The dummy"
        return "You" if seat == self.you or self.you is None else self.names[seat]

    def _holds(self, seat: int, you_form: str, other_form: str) -> str:
        holder = self._holder(seat)
        return f"{holder} {you_form if holder == 'You' else other_form}"

    def _lists_own_hand(self, seat: int, state: GameState) -> bool:
        """Whether the question asked next lists every card ``seat`` holds: its lead, made at
        the keyboard, with every card legal.  Its hand line would say the same again."""
        return (
            state.phase is Phase.PLAY
            and not state.trick_cards
            and state.turn == seat
            and state.controller(seat) in self.humans
            and len(state.legal_actions()) == len(state.hand(seat))
        )

    def _hands_before_play(self, state: GameState) -> list[str]:
        """The hands of the players at the keyboard (or every player's, when nobody plays),
        each left out when the question that follows lists it."""
        lines: list[str] = []
        for seat in self.humans or self.rules.people:
            if not self._lists_own_hand(seat, state):
                lines += self.hand_lines(seat, state)
        return lines

    # ----------------------------------------------------------------- events
    def event_lines(self, event: Event, state: GameState) -> list[str]:
        """The lines that announce ``event``; ``state`` is the game after it."""
        method = getattr(self, "_on_" + type(event).__name__)
        return method(event, state)

    def event_messages(self, event: Event, state: GameState) -> list[Message]:
        """``event_lines`` with their spoken forms."""
        return self.messages(self.event_lines(event, state))

    @property
    def terse(self) -> bool:
        """Terse wording: the terse and braille verbosities."""
        return self.verbosity in (Verbosity.TERSE, Verbosity.BRAILLE)

    @property
    def braille(self) -> bool:
        """Lines cut to fit a 40-cell braille display."""
        return self.verbosity is Verbosity.BRAILLE

    def initial(self, seat: int) -> str:
        """The seat in the braille verbosity's trick, bid and score lines: its initial, S W N E."""
        return self.initials[seat]

    def _braille_scores(self, scores: Iterable[int]) -> str:
        return " ".join(f"{self.scorer_initials(scorer)} {score}" for scorer, score in enumerate(scores))

    def _braille_counters(self, state: GameState) -> str:
        return " ".join(
            f"{self.team_initials(team)} {points}" for team, points in zip(state.teams, state.counters, strict=True)
        )

    @property
    def verbose(self) -> bool:
        return self.verbosity is Verbosity.VERBOSE

    def _table_line(self) -> str:
        """Who the one player at the keyboard is, and with whom they play."""
        rules = self.rules
        you = self.you
        assert you is not None
        me = self.names[you]
        if rules.teams is Teams.FIXED:
            partners = [self.names[s] for s in rules.partnerships[rules.side_of[you]] if s != you]
            if self.terse:
                return f"You are {me}, partner {' and '.join(partners)}."
            return f"You are {me}; your partner is {' and '.join(partners)}."
        if rules.dummy:
            other = next(self.names[s] for s in rules.people if s != you)
            return f"You are {me}, against {other}; whoever loses the bid plays the dummy too."
        how = {
            Teams.ROTATING: f"partners change every {rules.rotation_hands} hands",
            Teams.BIDDER_AGAINST_PARTNERS: "the bid winner plays alone against the other two",
            Teams.BIDDER_ALONE: "the bid winner plays alone against everyone",
            Teams.EACH_ALONE: "everyone plays alone",
        }[rules.teams]
        return f"You are {me}; {how}."

    def _on_GameStarted(self, event: GameStarted, state: GameState) -> list[str]:
        goal = (
            f"{event.hands} hand{'s' if event.hands != 1 else ''}" if event.hands else f"to {event.target} points"
        )
        players = len(self.rules.people)
        if self.braille:
            goal = plural(event.hands, "deal") if event.hands else f"to {event.target}"
            lines = [f"Rook, {goal}. Type help."]
            if self.you is not None:
                lines += self.fit(self._table_line())
            elif not self.humans:
                lines.append(f"{players} computer players.")
            else:
                lines.append(f"At the keyboard: {' '.join(self.initials[s] for s in self.humans)}.")
            return lines
        lines = [f"Rook: {self.rules.title}, {goal}."]
        if self.you is not None:
            help_text = "Help: type help." if self.terse else "Type help for commands, rules for the rules."
            lines.append(f"{self._table_line()} {help_text}")
        elif not self.humans:
            lines.append(f"{players} computer players. Watching.")
        else:
            lines.append(
                f"Played at the keyboard: {', '.join(self.names[s] for s in self.humans)}. Type help for commands."
            )
        return lines

    def _on_Dealt(self, event: Dealt, state: GameState) -> list[str]:
        self._teams = self.rules.teams_before_bidding(event.hand)
        self._team_taken = {}
        lines = [f"Hand {event.hand}. {self._does(event.dealer, 'deal', 'deals')}."]
        dealer = f"{self.object_name(event.dealer)} {'deal' if event.dealer == self.you else 'deals'}"
        if self.braille:
            # "Deal", not "Hand": "Hand" starts the line of the cards held.
            lines = [f"Deal {event.hand}, {dealer}."]
        elif self.terse:
            lines = [f"Hand {event.hand}, {dealer}."]
        elif self.verbose and self.rules.bidding:
            first = next(s for s in self._seats_from(event.dealer + 1) if s != self.rules.dummy_seat)
            lines[0] = lines[0][:-1] + f"; {self.object_name(first)} {'bid' if first == self.you else 'bids'} first."
        lines += self._hands_before_play(state)
        dummy = self.rules.dummy_seat
        if event.face_up and dummy is not None:
            lines.append(self._dummy_face_up_line(event.face_up, len(event.hands[dummy])))
        return lines

    def _seats_from(self, seat: int) -> list[int]:
        players = self.rules.players
        return [(seat + offset) % players for offset in range(players)]

    def _dummy_face_up_line(self, face_up: Iterable[Card], held: int) -> str:
        cards = cards_text(sort_hand(face_up, None, self.rules))
        if self.braille:
            return f"Dummy up {cards}"
        return f"The dummy shows {cards}, {len(tuple(face_up))} of its {held} cards."

    def dummy_lines(self, state: GameState) -> list[str]:
        """``dummy_line``; with the braille verbosity, in lines of at most 40 cells."""
        line = self.dummy_line(state)
        if not self.braille or len(line) <= BRAILLE_WIDTH:
            return [line]
        words = line.split()  # "Dummy 14r ..." or "Dummy up 14r ..."
        label = " ".join(words[:2]) if words[1] == "up" else words[0]
        return fit_lines(label, [words[len(label.split()):]], BRAILLE_WIDTH)

    def dummy_line(self, state: GameState) -> str:
        """The dummy's cards that can be seen now (the ``dummy`` command)."""
        dummy = self.rules.dummy_seat
        if dummy is None:
            return "This game has no dummy."
        seen = dict(state.shown_to(self.you if self.you is not None else self.rules.people[0])).get(dummy, ())
        held = len(state.hand(dummy))
        cards = cards_text(sort_hand(seen, state.trump, self.rules))
        if self.braille:
            return f"Dummy {cards}" if len(seen) == held else f"Dummy up {cards}"
        if len(seen) == held:
            return f"The dummy's hand, {plural(held, 'card')}: {cards}."
        return f"The dummy shows {cards}, {len(seen)} of its {held} cards; the rest turn up after trump."

    def _on_Checked(self, event: Checked, state: GameState) -> list[str]:
        return [self._does(event.seat, "check", "checks") + "."]

    def _on_TrumpTurned(self, event: TrumpTurned, state: GameState) -> list[str]:
        color = COLOR_NAMES[event.color]
        top = card_name(event.cards[-1])
        if self.terse:
            return [f"Trump {color}, from the nest's {top}."]
        if len(event.cards) > 1:
            return [f"The nest's top card is the Bird; it goes to the bottom. The next is {top}: trump is {color}."]
        return [f"The nest's top card is {top}: trump is {color}."]

    def _on_TeamsFormed(self, event: TeamsFormed, state: GameState) -> list[str]:
        rules = self.rules
        teams = self._teams = event.teams
        if rules.teams is Teams.EACH_ALONE or (rules.teams is not Teams.ROTATING and all(len(t) == 1 for t in teams)):
            if rules.teams is not Teams.BIDDER_ALONE or state.bidder is None:
                return []  # each alone until a bid is won: nothing to say
        if rules.teams is Teams.ROTATING:
            if self.braille:
                return ["Partners " + " ".join(self.team_initials(team) for team in teams)]
            return ["Partners this hand: " + "; ".join(self.team_name(team) for team in teams) + "."]
        alone = teams[0][0]
        if rules.teams is Teams.BIDDER_ALONE:
            return [self._does(alone, "play", "plays") + " alone against everyone."]
        others = teams[1]
        if rules.dummy:
            player = next(seat for seat in others if seat != rules.dummy_seat)
            too = "" if self.braille else " too"  # 40 cells
            return [
                self._does(alone, "play", "plays")
                + f" alone; {self.object_name(player)} {'play' if player == self.you else 'plays'} the dummy{too}."
            ]
        return [self._does(alone, "play", "plays") + f" alone; {self.people_text(others)} are partners this hand."]

    def _on_BidMade(self, event: BidMade, state: GameState) -> list[str]:
        if self.terse:
            if event.amount is None:
                return [self._does(event.seat, "pass", "passes") + "."]
            return [f"{self.name(event.seat)} {event.amount}."]
        if event.amount is None:
            line = self._does(event.seat, "pass", "passes") + "."
        else:
            line = self._does(event.seat, "bid", "bids") + f" {event.amount}."
        if self.verbose and state.phase is Phase.BIDDING and state.bids:
            still = state.passed.count(False)
            line = line[:-1] + f"; {still} still bidding."
        return [line]

    def _on_ThrownIn(self, event: ThrownIn, state: GameState) -> list[str]:
        dealer = f"{self.object_name(state.dealer)} {'deal' if state.dealer == self.you else 'deals'}"
        if self.braille:
            return [f"All passed, thrown in; {dealer}."]
        return [f"Everyone passed. The hand is thrown in; {dealer}."]

    def _on_BidWon(self, event: BidWon, state: GameState) -> list[str]:
        if self.terse:
            return [f"{self.name(event.seat)} {'win' if event.seat == self.you else 'wins'} the bid, {event.amount}."]
        return [self._does(event.seat, "take", "takes") + f" the bid at {event.amount}."]

    def _on_NestTaken(self, event: NestTaken, state: GameState) -> list[str]:
        if event.seat not in self.humans and self.humans:
            return [self._does(event.seat, "take", "takes") + " the nest."]
        nest = cards_text(sort_hand(event.cards, None, self.rules))
        if self.braille:
            return [
                f"{'Nest' if event.seat == self.you else self.initials[event.seat] + ' nest'} {nest}"
            ] + self.hand_lines(event.seat, state)
        return [f"{self._whose(event.seat)} nest: {nest}.", *self.hand_lines(event.seat, state)]

    def _on_NestDiscarded(self, event: NestDiscarded, state: GameState) -> list[str]:
        if event.seat not in self.humans and self.humans:
            return [self._does(event.seat, "discard", "discards") + f" {len(event.cards)} cards."]
        cards = cards_text(sort_hand(event.cards, None, self.rules))
        lines = [self._does(event.seat, "discard", "discards") + f" {cards}."]
        points = self.rules.points_in(sum(1 << card for card in event.cards))
        if points and self.braille:
            lines.append(f"The nest holds {points} points.")
        elif points:
            lines.append(f"The nest now holds {points} points; whoever takes the last trick gets them.")
        return lines

    def _on_TrumpNamed(self, event: TrumpNamed, state: GameState) -> list[str]:
        lines = [f"Trump is {COLOR_NAMES[event.color]}, named by {self.object_name(event.seat)}."]
        if self.braille:
            lines = [f"Trump {COLOR_NAMES[event.color]}, named by {self.object_name(event.seat)}."]
        lines += self._hands_before_play(state)
        if self.rules.dummy_seat is not None and not self._lists_own_hand(self.rules.dummy_seat, state):
            lines += self.dummy_lines(state)
        leader = state.trick_leader
        if state.controller(leader) not in self.humans:  # a player at the keyboard is asked at once
            lines.append(self._does(leader, "lead", "leads") + ".")
        return lines

    def _on_CardPlayed(self, event: CardPlayed, state: GameState) -> list[str]:
        lead, trump = self._lead, state.trump
        card = card_name(event.card)
        how = "plays"
        if lead is None:
            self._lead = event.card
            how = "leads"
        elif trump is not None:
            suit_of = self.rules.suit_of[trump]
            if suit_of[event.card] == trump and suit_of[lead] != trump:
                how = "trumps"  # the Bird on a plain lead too: it is a trump
            elif suit_of[event.card] != suit_of[lead]:
                how = "throws off"
        if self.terse:
            if how == "trumps":
                return [self._does(event.seat, "trump", "trumps") + f" {card}."]
            return [f"{self.name(event.seat)} {card}."]
        if how == "trumps":
            return [self._does(event.seat, "trump", "trumps") + f" with {card}."]
        line = self._does(event.seat, "play", "plays") + f" {card}."
        if self.verbose and lead is not None and trump is not None:
            led = COLOR_NAMES[self.rules.suit_of[trump][lead]]
            if how == "throws off":
                line = line[:-1] + f", no {led}."
            elif event.card != BIRD:
                line = line[:-1] + f", following {led}."
        elif self.verbose and lead is None:
            line = self._does(event.seat, "lead", "leads") + f" {card}."
        return [line]

    def _on_TrickTaken(self, event: TrickTaken, state: GameState) -> list[str]:
        self._lead = None
        if not self.verbose:
            team = next(team for team in self._teams if event.winner in team)
            self._team_taken[team] = self._team_taken.get(team, 0) + event.points
        taker = self._does(event.winner, "take", "takes")
        nest_line = (
            f"The nest held {cards_text(sort_hand(event.nest, state.trump, self.rules))}, {event.nest_points} points."
        )
        if self.braille and event.nest:
            nest = cards_text(sort_hand(event.nest, state.trump, self.rules))
            return [f"{taker} the last trick and nest, {event.points}.", f"Nest had {nest}, {event.nest_points}"]
        if self.terse:
            lines = [f"{taker} {'the last trick and nest' if event.nest else 'it'}, {event.points}."]
            return lines + ([nest_line] if event.nest else [])
        if event.nest:
            lines = [f"{taker} the last trick and the nest, {event.points} points.", nest_line]
        else:
            lines = [f"{taker} trick {event.number}, {event.points} points."]
        if self.verbose:
            winning = card_name(event.cards[(event.winner - event.leader) % self.rules.players])
            what = "the last trick and the nest" if event.nest else f"trick {event.number}"
            lines[0] = f"{taker} {what} with {winning}, {event.points} points."
            team = next(team for team in self._teams if event.winner in team)
            taken = self._team_taken[team] = self._team_taken.get(team, 0) + event.points
            verb = "have taken" if not event.nest else "took"
            lines.append(f"{self.team_name(team)} {verb} {taken} this hand.")
        return lines

    def _on_HandEnded(self, event: HandEnded, state: GameState) -> list[str]:
        rules = self.rules
        teams = event.teams or rules.partnerships
        tie = self._tie_at_target(event.scores)
        tail = [tie] if tie and not state.is_over else []
        if event.bidder is None or event.bid is None:
            return self._hand_without_bid(event) + tail
        bidders = next(index for index, team in enumerate(teams) if event.bidder in team)
        took = event.counters[bidders]
        change = event.score_change[self._scorer_of(event.bidder)]
        verdict = "made" if event.made else "set"
        if self.braille:
            changes = " ".join(
                f"{self.scorer_initials(scorer)} {signed(points)}" for scorer, points in enumerate(event.score_change)
            )
            lines = [
                f"Deal {event.hand}: {self.team_initials(teams[bidders])} bid {event.bid}, took {took}, {verdict}.",
                f"Change {changes}.",
                self.braille_score_line(event.scores),
            ]
            return lines + tail
        if self.terse:
            changes = ", ".join(
                f"{self.scorer_name(scorer)} {signed(points)}" for scorer, points in enumerate(event.score_change)
            )
            lines = [
                f"Hand {event.hand}: {self.team_name(teams[bidders])} "
                f"bid {event.bid}, took {took}, {verdict}. {changes}.",
                f"Score: {self.scores_text(event.scores)}.",
            ]
            return lines + tail
        if event.made:
            result = f"made it with {took}: {signed(change)}"
        else:
            result = f"took {took}: set back {event.bid}"
        lines = [f"Hand {event.hand} over. {self.team_name(teams[bidders])} bid {event.bid} and {result}."]
        for index, team in enumerate(teams):
            if index == bidders:
                continue
            points = event.score_change[self._scorer_of(team[0])]
            each = " each" if not rules.scores_by_side and len([s for s in team if s != rules.dummy_seat]) > 1 else ""
            taken = f"{event.counters[index]} points: {signed(points)}{each}" if points else "no points"
            lines.append(f"{self.team_name(team)} took {taken}.")
        if event.bonus:
            lines.append(f"Every trick taken by one side: a bonus of {event.bonus}.")
        lines.append(f"Score: {self.scores_text(event.scores)}.")
        return lines + tail

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
            taken = " ".join(f"{self.initials[seat]} {event.taken[seat]}" for seat in people)
            return [f"Deal {event.hand}: took {taken}.", self.braille_score_line(event.scores)]
        taken = ", ".join(f"{self.name(seat) if seat != self.you else 'you'} {event.taken[seat]}" for seat in people)
        first = f"Hand {event.hand}: took {taken}." if self.terse else f"Hand {event.hand} over. Taken: {taken}."
        return [first, f"Score: {self.scores_text(event.scores)}."]

    def _tie_at_target(self, scores: tuple[int, ...] | list[int]) -> str | None:
        """Why the game goes on although a side has reached the target (a tie at the top)."""
        if self.rules.hands_limit or max(scores) < self.rules.target_score:
            return None
        return f"Tied at {max(scores)}: another hand decides the game."

    def _on_GameEnded(self, event: GameEnded, state: GameState) -> list[str]:
        ranked = sorted(event.scores, reverse=True)
        margin = " to ".join(str(score) for score in ranked)
        if event.winner is None:
            return [f"Game over. A draw, {margin}."]
        win = "win" if self.rules.scores_by_side or self.rules.people[event.winner] == self.you else "wins"
        if self.braille:
            return [f"Game over: {self.scorer_initials(event.winner)} {win}, {margin}."]
        if self.rules.scores_by_side and self.you is not None and self.rules.side_of[self.you] == event.winner:
            partners = " and ".join(self.names[s] for s in self.rules.partnerships[event.winner] if s != self.you)
            winner = f"You and {partners}"
        else:
            winner = self.scorer_name(event.winner)
        return [f"Game over. {winner} {win}, {margin}."]

    # ---------------------------------------------------------- review lines
    def hand_lines(self, seat: int, state: GameState) -> list[str]:
        """The cards ``seat`` holds: one line, or with the braille verbosity as many
        lines of at most 40 cells as it takes (a hand with the nest does not fit one)."""
        cards = sort_hand(state.hand(seat), state.trump, self.rules)
        if not self.braille:
            return [f"{self._whose(seat)} hand, {plural(len(cards), 'card')}: {cards_text(cards)}."]
        label = "Hand" if seat == self.you else f"{self.initials[seat]} hand"
        groups = self._color_groups(cards, state.trump)
        lines = fit_lines(label, groups, BRAILLE_WIDTH)
        if len(lines) == 1:
            return lines
        # Several lines: each says which part of the hand it is, "Hand 1/2 ...".
        lines = fit_lines(label + " 1/2", groups, BRAILLE_WIDTH)
        count = len(lines)
        return [f"{label} {number}/{count}" + line[len(label) + 4 :] for number, line in enumerate(lines, 1)]

    def _color_groups(self, cards: list[Card], trump: Color | None) -> list[list[str]]:
        """Sorted cards in runs of one suit (trump and the Bird together), as card names."""
        groups: list[list[str]] = []
        last = None
        suit: Color | None
        for card in cards:
            if trump is not None and self.rules.suit_of[trump][card] == trump:
                suit = trump
            else:
                suit = None if card == BIRD else card_color(card)
            if not groups or suit != last:
                groups.append([])
            groups[-1].append(card_name(card))
            last = suit
        return groups

    def grouped_hand_line(self, seat: int, state: GameState) -> str:
        """The hand grouped by color with the count of each, trump first: for the ``hand`` command
        (the braille verbosity says ``hand_lines`` instead)."""
        cards = sort_hand(state.hand(seat), state.trump, self.rules)
        trump = state.trump
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
        line = f"{self._whose(seat)} hand, {plural(len(cards), 'card')}. " + " ".join(groups)
        if missing:
            line += f" No {' or '.join(missing)}."
        return line

    def trick_line(self, state: GameState) -> str:
        if state.phase is not Phase.PLAY:
            return "No trick is being played now."
        number = len(state.tricks) + 1
        if self.braille:
            return self._braille_trick_line(state, number)
        if not state.trick_cards:
            return f"Trick {number}: nothing played yet. {self._does(state.seat_to_act, 'lead', 'leads')}."
        played = ", ".join(f"{self.name(seat)} {card_name(card)}" for seat, card in state.trick)
        trump = state.trump
        assert trump is not None
        best = self.rules.trick_winner(state.trick_cards, trump)
        seat, card = state.trick[best]
        trumped = ", a trump" if card != BIRD and self.rules.suit_of[trump][card] == trump else ""
        winning = self._does(seat, "are", "is") + f" winning with {card_name(card)}{trumped}."
        return f"Trick {number}: {played}. {winning} {self.turn_line(state)}"

    def _braille_trick_line(self, state: GameState, number: int) -> str:
        """``Trick 3: W 14r N rook; N wins``: at most 40 cells."""
        if not state.trick_cards:
            return f"Trick {number}: {self.initial(state.seat_to_act)} to lead."
        played = " ".join(f"{self.initial(seat)} {card_name(card)}" for seat, card in state.trick)
        assert state.trump is not None
        seat, _ = state.trick[self.rules.trick_winner(state.trick_cards, state.trump)]
        return f"Trick {number}: {played}; {self.initial(seat)} wins"

    def last_trick_line(self, state: GameState) -> str:
        trick = state.last_trick
        if trick is None:
            return "No trick has been taken yet this hand."
        played = ", ".join(
            f"{self.name((trick.leader + i) % self.rules.players)} {card_name(card)}"
            for i, card in enumerate(trick.cards)
        )
        if self.braille:
            played = " ".join(
                f"{self.initial((trick.leader + i) % self.rules.players)} {card_name(card)}"
                for i, card in enumerate(trick.cards)
            )
            return f"Last {played}; {self.initial(trick.winner)} won {trick.points}"
        taker = self._does(trick.winner, "took", "took")
        return f"Last trick, {trick.number}: {played}. {taker} it, {trick.points} points."

    def bids_line(self, state: GameState) -> str:
        if not self.rules.bidding:
            return "There is no bidding in this game."
        if not state.bids:
            return f"No bids yet. {self._does(state.seat_to_act, 'bid', 'bids')} first."
        if self.braille:
            return self._braille_bids_line(state)
        bids = ", ".join(
            f"{self.name(seat)} {'pass' if amount is None else amount}" for seat, amount in state.bids
        )
        if state.bidder is not None:
            line = f"Bids: {bids}. {self._does(state.bidder, 'took', 'took')} the bid at {state.high_bid}."
            if state.trump is not None:
                line += f" Trump is {COLOR_NAMES[state.trump]}."
            return line
        if state.high_bid is None or state.high_bidder is None:
            return f"Bids: {bids}. Nobody has bid yet."
        return f"Bids: {bids}. High bid {state.high_bid}, {self.name(state.high_bidder)}."

    def _braille_bids_line(self, state: GameState) -> str:
        """Each seat's last bid, in bidding order (``Bids You 95 W pass N 100 E 105``);
        once the bid is won, who won it and trump."""
        if state.bidder is not None:
            trump = f", trump {COLOR_NAMES[state.trump]}" if state.trump is not None else ""
            return f"Bid {state.high_bid} {self.initial(state.bidder)}{trump}"
        return self._braille_last_bids(state)

    def _braille_last_bids(self, state: GameState) -> str:
        last: dict[int, int | None] = {}
        for seat, amount in state.bids:
            last.pop(seat, None)
            last[seat] = amount
        first = state.bids[0][0]
        order = sorted(last, key=lambda seat: (seat - first) % self.rules.players)
        return "Bids " + " ".join(
            f"{self.initial(seat)} {'pass' if last[seat] is None else last[seat]}" for seat in order
        )

    def bids_lines(self, state: GameState) -> list[str]:
        """The bids, for the ``bids`` command: with the braille verbosity, once the
        bid is won, each seat's last bid on a line of its own before the result."""
        if self.braille and state.bidder is not None and state.bids:
            return [self._braille_last_bids(state), self.bids_line(state)]
        return [self.bids_line(state)]

    def braille_score_line(self, scores: Iterable[int], hand_number: int | None = None) -> str:
        """``Score NS 120 EW -45, to 300``: at most 40 cells."""
        limit = self.rules.hands_limit
        if limit:
            goal = f"deal {hand_number} of {limit}" if hand_number else plural(limit, "deal")
        else:
            goal = f"to {self.rules.target_score}"
        return f"Score {self._braille_scores(scores)}, {goal}"

    def score_lines(self, state: GameState) -> list[str]:
        """The score, and in the play how the hand stands."""
        if self.braille:
            lines = [self.braille_score_line(state.scores, state.hand_number)]
            tie = self._tie_at_target(state.scores)
            if tie:
                lines.append(tie)
            return lines + (self.taken_lines(state) if state.phase is Phase.PLAY and state.bidder is not None else [])
        if self.rules.hands_limit:
            goal = f"hand {state.hand_number} of {self.rules.hands_limit}"
        else:
            goal = f"game to {self.rules.target_score}"
        lines = [f"Score: {self.scores_text(state.scores)}; {goal}."]
        tie = self._tie_at_target(state.scores)
        if tie:
            lines.append(tie)
        if state.phase is Phase.PLAY and state.bidder is not None:
            taken = ", ".join(
                f"{self.team_name(team)} {points}" for team, points in zip(state.teams, state.counters, strict=True)
            )
            bidders = self.team_name(state.teams[state.team_of[state.bidder]])
            lines.append(f"This hand {bidders} bid {state.high_bid}. Taken so far: {taken}.")
        elif state.phase is Phase.PLAY:
            taken = ", ".join(f"{self.name(seat)} {state.taken[seat]}" for seat in self.rules.people)
            lines.append(f"Taken so far this hand: {taken}.")
        return lines

    def resume_lines(self, state: GameState) -> list[str]:
        """Where a resumed game stands: the hand, the score, trump, the hand held, the trick."""
        lines = [f"Resuming the game: hand {state.hand_number}. {self.scores_text(state.scores)}."]
        if state.is_over:
            return lines
        if state.trump is not None:
            lines.append(self.trump_line(state))
        elif state.bids:
            lines.append(self.bids_line(state))
        for seat in self.humans:
            if not self._lists_own_hand(seat, state):
                lines += self.hand_lines(seat, state)
        if state.phase is Phase.PLAY and state.trick_cards:
            lines.append(self.trick_line(state))
        return lines

    def taken_lines(self, state: GameState) -> list[str]:
        """The counters each side (or team, or player) has taken so far this hand."""
        if state.phase is not Phase.PLAY:
            return ["No counters are taken before the play."]
        rules = self.rules
        out_of_play = rules.points_in(state.aside) + (0 if rules.bidding else rules.points_in(state.nest))
        left = rules.total_points - out_of_play - sum(state.counters)
        if state.bidder is None:
            if self.braille:
                taken = " ".join(f"{self.initials[seat]} {state.taken[seat]}" for seat in rules.people)
                return [f"Taken {taken}, {left} out"]
            taken = ", ".join(f"{self.name(seat)} {state.taken[seat]}" for seat in rules.people)
            return [f"Taken this hand: {taken}; {left} still out."]
        bidders = state.teams[state.team_of[state.bidder]]
        if self.braille:
            return [f"Taken {self._braille_counters(state)}, {left} out; "
                    f"{self.team_initials(bidders)} bid {state.high_bid}"]
        taken = ", ".join(
            f"{self.team_name(team)} {points}" for team, points in zip(state.teams, state.counters, strict=True)
        )
        return [f"Taken this hand: {taken}; {left} still out. {self.team_name(bidders)} bid {state.high_bid}."]

    def trump_line(self, state: GameState) -> str:
        if state.trump is None:
            if state.phase is Phase.TRUMP and state.turn in self.humans:
                return "Trump is not named yet. Say trump and a color, like trump red."
            return "Trump is not named yet."
        if state.bidder is None:  # turned from the nest (the Beginner Game)
            top = f": {card_name(state.trump_turned[-1])}" if state.trump_turned else ""
            return f"Trump is {COLOR_NAMES[state.trump]}, turned from the nest{top}."
        return f"Trump is {COLOR_NAMES[state.trump]}, named by {self.object_name(state.bidder)}."

    def turn_line(self, state: GameState) -> str:
        if state.is_over:
            return "The game is over."
        seat = state.turn
        assert seat is not None
        doing = {
            Phase.BIDDING: "bid",
            Phase.DISCARD: "discard",
            Phase.TRUMP: "name trump",
            Phase.PLAY: "lead" if not state.trick_cards else "play",
        }[state.phase]
        if seat == self.rules.dummy_seat:
            player = state.controller(seat)
            return (
                f"{'Your' if player == self.you else self.names[player] + chr(39) + 's'} "
                f"turn to {doing} for the dummy."
            )
        if seat == self.you:
            return f"Your turn to {doing}."
        return f"{self.names[seat]} to {doing}."

    # --------------------------------------------------------------- questions
    def question(self, state: GameState) -> str:
        """What the seat to act is asked, with what it may do (as printed)."""
        return self.printed(self._question(state))

    def _question(self, state: GameState) -> str:
        seat = state.turn
        assert seat is not None
        rules = self.rules
        if seat == rules.dummy_seat:
            player = state.controller(seat)
            you = "Dummy's" if player == self.you else f"{self.names[player]}, the dummy's"
        else:
            you = "Your" if seat == self.you else f"{self.names[seat]}, your"
        if state.phase is Phase.BIDDING:
            bids = rules.bid_range(state.high_bid)
            check = ", check," if state.may_check() else ","
            return f"{you} bid: {bids.start} to {rules.max_bid}{check} or pass."
        if state.phase is Phase.DISCARD:
            return f"{you} discard: name {rules.nest_size} cards to lay aside."
        if state.phase is Phase.TRUMP:
            return f"{you} trump: red, black, yellow or green."
        legal = sort_hand(state.legal_cards(), state.trump, rules)
        if self.braille:
            verb = "Lead" if not state.trick_cards else "Play"
            if seat == self.you:
                return f"{verb} {cards_text(legal)}."
            return f"{self.names[seat]}: {verb.lower()} {cards_text(legal)}."
        if not state.trick_cards:
            return f"{you} lead, {plural(len(legal), 'card')}: {cards_text(legal)}."
        return f"{you} play, {len(legal)} legal: {cards_text(legal)}."

    def _doing_now(self, state: GameState) -> str:
        """What the seat to act does now, in a few words: "bid or pass", "lead a card"."""
        if state.phase is Phase.BIDDING:
            return "bid, check or pass" if state.may_check() else "bid or pass"
        if state.phase is Phase.DISCARD:
            return f"discard {self.rules.nest_size} cards"
        if state.phase is Phase.TRUMP:
            return "name trump"
        verb = "play" if state.trick_cards else "lead"
        return f"{verb} a card{' for the dummy' if state.turn == self.rules.dummy_seat else ''}"

    def _bids_allowed_line(self, state: GameState) -> str:
        """The bids the seat to act may make, for ``legal`` in the bidding."""
        rules = self.rules
        bids = rules.bid_range(state.high_bid)
        if not bids:
            return f"The bid is at {rules.max_bid}, the most there is: you can only pass."
        step = STEP_WORDS.get(rules.bid_step, f"steps of {rules.bid_step}")
        if state.may_check():
            return (
                f"You may bid {bids.start} to {rules.max_bid} in {step}, "
                "check to keep your right to bid later, or pass."
            )
        return f"You may bid {bids.start} to {rules.max_bid} in {step}, or pass."

    def legal_line(self, state: GameState) -> str:
        """What the seat to act may do, with an example where the question alone is not enough."""
        if state.phase is Phase.DISCARD:
            size = self.rules.nest_size
            hand = state.hand(state.seat_to_act)
            held = len(hand)
            example = " ".join(card_name(card) for card in hand[:size])
            bird = " and the Bird" if self.rules.uses_bird else ""
            return (
                f"Discard any {size} of your {held} cards, naming each, like: discard {example}. "
                f"Counters{bird} may go too."
            )
        if state.phase is Phase.TRUMP:
            return "Name trump with trump and a color, or the color alone: red, black, yellow or green."
        if state.phase is Phase.PLAY:
            return self._play_rule_line(state)
        return self._bids_allowed_line(state)

    def _play_rule_line(self, state: GameState) -> str:
        """Which cards may be played now, and the rule that says so."""
        seat = state.turn
        assert seat is not None and state.trump is not None
        legal = sort_hand(state.legal_cards(), state.trump, self.rules)
        listed = ", ".join(card_name(card) for card in legal)
        if not state.trick_cards:
            return f"Any card may be led: {listed}."
        suit_of = self.rules.suit_of[state.trump]
        suit = suit_of[state.trick_cards[0]]
        if not any(suit_of[card] == suit for card in state.hand(seat)):
            return self._holds(seat, "have", "has") + f" no {COLOR_NAMES[suit]}, so any card may be played: {listed}."
        rule = "trump" if suit == state.trump else COLOR_NAMES[suit]
        must = f"{self._holder(seat)} must follow {rule}"
        return f"{must}; the Bird may be played any time: {listed}." if BIRD in legal and any(
            card != BIRD for card in legal
        ) else f"{must}: {listed}."

    # ----------------------------------------------------------------- errors
    def _out_of_phase(self, action: object, state: GameState) -> str:
        """Why an action does not belong to this part of the hand."""
        phase = state.phase
        if isinstance(action, Play):
            return (
                "Cards are played after the bidding."
                if phase is Phase.BIDDING
                else "Cards are played once trump is named."
            )
        if isinstance(action, (Bid, Pass, Check)):
            return "The bidding is over." if self.rules.bidding else "There is no bidding in this game."
        if isinstance(action, Discard):
            if phase is Phase.BIDDING:
                return "The high bidder discards after the bidding."
            return "The discard is done." if state.bidder in self.humans else "Only the high bidder discards."
        if isinstance(action, NameTrump):
            if phase is Phase.PLAY and state.trump is not None:  # trump is named before card play
                return f"Trump is already {COLOR_NAMES[state.trump]}."
            if phase is Phase.DISCARD:
                return "Discard first, then name trump."
            return "The high bidder names trump after the bidding."
        return "Not now."

    def refusal(self, error: IllegalActionError, state: GameState) -> str:
        """One line: what was wrong and what is allowed."""
        rules = self.rules
        rule = error.rule
        detail = error.detail
        seat = state.turn if state.turn is not None else -1
        holder = self._holder(seat)
        if rule is Rule.FOLLOW_SUIT:
            legal = sort_hand([a.card for a in error.legal if isinstance(a, Play)], state.trump, rules)
            listed = ", ".join(card_name(c) for c in legal)
            suit = COLOR_NAMES[detail["suit"]]
            inside = holder if holder not in ("You", "The dummy") else holder.lower()
            if state.trick_cards[0] == BIRD:
                return f"The Bird was led: {inside} must play trump, {suit}: {listed}."
            if legal == [BIRD]:
                whose = "your" if holder == "You" else f"{inside}'s"
                return f"Trump was led and {whose} only trump is the Bird: {inside} must play rook."
            if detail["suit"] == state.trump:
                return f"{holder} must follow trump, {suit}: {listed}."
            return f"{holder} must follow {suit}: {listed}."
        if rule is Rule.CARD_NOT_HELD:
            legal = sort_hand([a.card for a in error.legal if isinstance(a, Play)], state.trump, rules)
            card = card_name(detail["card"])
            can = "You can" if holder == "You" else "It can" if holder == "The dummy" else f"{holder} can"
            return self._holds(seat, "do", "does") + f" not hold {card}. {can} play: {cards_text(legal)}."
        if rule in (Rule.BID_NOT_MULTIPLE, Rule.BID_NOT_HIGHER, Rule.BID_BELOW_MINIMUM):
            lowest = detail.get("lowest")
            step = STEP_WORDS.get(rules.bid_step, f"steps of {rules.bid_step}")
            if lowest is None:
                return f"The bid is at {rules.max_bid}, the most there is: you can only pass."
            if rule is Rule.BID_BELOW_MINIMUM:
                return f"The first bid is at least {lowest}: {lowest} to {rules.max_bid} in {step}, or pass."
            if rule is Rule.BID_NOT_HIGHER:
                return f"The bid is {state.high_bid}: bid {lowest} or more, or pass."
            return f"Bids go up in {step}: {lowest} or more."
        if rule is Rule.BID_ABOVE_MAXIMUM:
            return f"The highest bid is {rules.max_bid}."
        if rule is Rule.DISCARD_NOT_HELD:
            cards = detail["cards"]
            return f"You do not hold {cards_text(cards)}. Discard {rules.nest_size} cards from your hand."
        if rule is Rule.DISCARD_COUNT:
            return f"Discard exactly {rules.nest_size} cards; you named {detail['given']}."
        # The question follows the refusal at once (it is the prompt): say what to do now in a few words only.
        if rule is Rule.WRONG_PHASE:
            return f"{self._out_of_phase(detail['action'], state)} Now {self._doing_now(state)}."
        if rule is Rule.GAME_OVER:
            return "The game is over."
        if rule is Rule.CHECK_NOT_ALLOWED:
            if not self.rules.checking:
                return f"There is no checking in {self.rules.title}. Now {self._doing_now(state)}."
            if state.high_bid is not None:
                return "Someone has bid, so you cannot check: bid or pass."
            return "You cannot check again now: bid or pass."
        return f"Not allowed: {error}."
