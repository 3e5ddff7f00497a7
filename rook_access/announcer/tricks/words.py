"""The words of the trick-taking games that every part of their narrator uses.

Seats, sides and teams by name or initial, hands sorted and cut to the
braille display, and whose turn it is.  The ``TrickWords`` class is the base
of the trick narrator's parts (``bidding``, ``nest``, ``play``, ``scores``,
``questions``); ``TrickNarrator`` puts them together.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import (
    BIRD,
    COLOR_NAMES,
    COLORS,
    Card,
    Color,
    Phase,
    Play,
    RuleSet,
    SeatView,
    card_color,
    card_name,
    card_number,
)
from ..base import BRAILLE_WIDTH, NarratorBase, Verbosity, cards_text, fit_lines, numbered_fit_lines, plural
from .story import TrickStory

GROUPED_HAND = 12
"""A hand of more cards than this is said in color groups, with the count of each (14 cards dealt in
the 1913 games, a bidder holding the nest)."""
SEAT_NAMES = ("South", "West", "North", "East")
"""The seats of the 4-player games (``RuleSet.names`` has every game's)."""
INITIALS = {
    "South": "S", "West": "W", "North": "N", "East": "E", "Northwest": "NW", "Northeast": "NE",
    "Southwest": "SW", "Dummy": "D", "Southeast": "SE",
}  # fmt: skip
"""Seat names' initials, for the braille verbosity."""
TRUMP_COLORS = "red, black, yellow or green (r, x, y, g)"
"""The colors trump may be, with the letters that name them (black's is x; b is bid)."""
NAME_TRUMP_NOW = f"name trump: {TRUMP_COLORS}"
"""What the trump question asks for, after a refusal there."""

STEP_WORDS = {5: "fives", 10: "tens"}
YOUR_SIDE = "Your side"
"""Three against three: the side the user plays on, as others are "West's side"."""


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


def legal_cards(view: SeatView) -> list[Card]:
    """The cards the view's seat may play now, lowest card number first."""
    return [action.card for action in view.legal if isinstance(action, Play)]


def trick_pairs(view: SeatView) -> list[tuple[int, Card]]:
    """The trick being played as (seat, card) pairs in play order."""
    if view.trick_leader is None:
        return []
    players = view.rules.players
    return [((view.trick_leader + index) % players, card) for index, card in enumerate(view.trick)]


class TrickWords(NarratorBase):
    """Names, hands and turns in the words of the trick-taking games."""

    def __init__(self, rules: RuleSet, humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(rules.names, humans, verbosity)
        self.rules = rules
        self.initials = tuple(INITIALS.get(name, name[:2]) for name in self.names)
        places = rules.place_names or self.names
        self.side_names = tuple(  # three against three: "South's side", or "Your side" for the one you play on
            "-".join(places[s] for s in reversed(side)) if len(side) <= 2
            else YOUR_SIDE if self.you in side else f"{places[side[0]]}'s side"
            for side in rules.partnerships
        )
        # The braille verbosity names every side by its seats' initials, yours too (as NS, not "you"):
        # three against three, "S side" (not "NENWS"), short enough for a score line of 40 cells.
        self.side_initials = tuple(
            "".join(self.initials[s] for s in reversed(side)) if len(side) <= 2 else f"{self.initials[side[0]]} side"
            for side in rules.partnerships
        )
        self.story = TrickStory(rules)
        """What the events told so far make known: the only source of the words of an event."""

    # ------------------------------------------------------------------ names
    def initial(self, seat: int) -> str:
        """The seat in the braille verbosity's trick, bid and score lines: its initial, S W N E."""
        return self.initials[seat]

    def side_name(self, side: int, in_sentence: bool = False) -> str:
        """A fixed side's name, like North-South, "West's side" or "Your side" ("your side" with
        ``in_sentence``, inside a sentence)."""
        name = self.side_names[side]
        return "your side" if in_sentence and name == YOUR_SIDE else name

    def named_as_one(self, team: tuple[int, ...]) -> bool:
        """Whether a team's name takes a verb in the singular: one player not you ("West has"), or a
        side of three, named as a side ("Your side has", "West's side wins"); "North-South have"."""
        if len(team) == 1:
            return team[0] != self.you
        return self.rules.scores_by_side and team in self.rules.partnerships and len(team) > 2

    def scorer_name(self, scorer: int) -> str:
        """Whose score this is: a side's name, or a player's ("You", "West")."""
        if self.rules.scores_by_side:
            return self.side_names[scorer]
        return self.name(self.rules.people[scorer])

    def scorers_listed(self, values: Iterable[object]) -> str:
        """Each scorer's value with whose it is, in scorer order: "North-South 120, East-West -45",
        "West 8, you 3" (the player "You" and "Your side" only first, where the list may begin a sentence)."""
        listed: list[str] = []
        for scorer, value in enumerate(values):
            name = self.scorer_name(scorer)
            if listed and name in ("You", YOUR_SIDE):
                name = name[0].lower() + name[1:]
            listed.append(f"{name} {value}")
        return ", ".join(listed)

    def scorer_initials(self, scorer: int) -> str:
        """Whose score this is, in initials: ``NS``, ``W``."""
        if self.rules.scores_by_side:
            return self.side_initials[scorer]
        return self.initials[self.rules.people[scorer]]

    def team_name(self, team: tuple[int, ...], in_sentence: bool = False) -> str:
        """A team of the hand: a fixed side's name, or its players ("You and West"; "you and West" with
        ``in_sentence``, inside a sentence)."""
        if self.rules.scores_by_side and team in self.rules.partnerships:
            return self.side_name(self.rules.partnerships.index(team), in_sentence)
        phrase = self.people_text(seat for seat in team if seat != self.rules.dummy_seat)
        if self.rules.dummy_seat in team:
            phrase += " with the dummy"
        return phrase if in_sentence else phrase[0].upper() + phrase[1:]

    def teams_listed(self, teams: Iterable[tuple[int, ...]], values: Iterable[object]) -> str:
        """Each team's value with its name: "Your side 30, West's side 45" (the first named as at the start
        of a sentence, the others as inside it: "West's side 45, your side 30")."""
        return ", ".join(
            f"{self.team_name(team, in_sentence=index > 0)} {value}"
            for index, (team, value) in enumerate(zip(teams, values, strict=True))
        )

    def team_initials(self, team: tuple[int, ...]) -> str:
        """A team of the hand in initials."""
        if self.rules.scores_by_side and team in self.rules.partnerships:
            return self.side_initials[self.rules.partnerships.index(team)]
        return "".join(self.initials[seat] for seat in team if seat != self.rules.dummy_seat)

    def scores_text(self, scores: Iterable[int]) -> str:
        """The scores with whose they are: "North-South 120, East-West -45" (``scorers_listed``)."""
        return self.scorers_listed(scores)

    def braille_scores(self, scores: Iterable[int]) -> str:
        """The scores in initials: "NS 120 EW -45"."""
        return " ".join(f"{self.scorer_initials(scorer)} {score}" for scorer, score in enumerate(scores))

    def holder(self, seat: int) -> str:
        """Whose cards a refusal is about, as a subject: "You", "The dummy", "West"."""
        if seat == self.rules.dummy_seat:
            return "The dummy"
        return "You" if seat == self.you or self.you is None else self.names[seat]

    def holds(self, seat: int, you_form: str, other_form: str) -> str:
        """The holder of ``seat``'s cards and its verb: "You have", "West has"."""
        holder = self.holder(seat)
        return f"{holder} {you_form if holder == 'You' else other_form}"

    # ------------------------------------------------------------------ hands
    def hand_lines(self, seat: int, held: Iterable[Card], trump: Color | None) -> list[str]:
        """The cards ``seat`` holds: one line, or with the braille verbosity as many
        lines of at most 40 cells as it takes (a hand with the nest does not fit one)."""
        cards = sort_hand(held, trump, self.rules)
        if not self.braille and len(cards) > GROUPED_HAND:
            return [self.grouped_line(seat, cards, trump)]
        if not self.braille:
            return [f"{self.whose(seat)} hand, {plural(len(cards), 'card')}: {cards_text(cards)}."]
        label = "Hand" if seat == self.you else f"{self.initials[seat]} hand"
        groups = self.color_groups(cards, trump)
        return numbered_fit_lines(label, groups, BRAILLE_WIDTH)  # several lines: "Hand 1/2 ..."

    def grouped_line(self, seat: int, held: Iterable[Card], trump: Color | None) -> str:
        """The cards ``seat`` holds grouped by color with the count of each, trump first: "Your hand,
        14 cards. Red, 4 cards: 14r 10r 5r 1r. Black, 3 cards: ..." (a long hand, and the ``hand`` command).
        The count is said in cards: "Yellow 5" would sound like a card of its own."""
        trump = trump if trump in COLORS else None  # Flip: no trump
        cards = sort_hand(held, trump, self.rules)
        groups: list[str] = []
        missing: list[str] = []
        order = [trump, *(c for c in COLORS if c != trump)] if trump is not None else list(COLORS)
        for color in order:
            if trump is not None and color == trump:
                suit = [card for card in cards if self.rules.suit_of[trump][card] == trump]
                label = f"Trump {COLOR_NAMES[color]}"
            else:
                suit = [card for card in cards if card != BIRD and card_color(card) == color]
                label = COLOR_NAMES[color].capitalize()
            if suit:
                groups.append(f"{label}, {plural(len(suit), 'card')}: {cards_text(suit)}.")
            else:
                missing.append(COLOR_NAMES[color])
        if trump is None and BIRD in cards:
            groups.append("The Bird: rook.")
        line = f"{self.whose(seat)} hand, {plural(len(cards), 'card')}. " + " ".join(groups)
        if missing:
            line += f" No {' or '.join(missing)}."
        return line

    def braille_fitted(self, label: str, groups: list[list[str]], tail: str = "") -> list[str]:
        """``label``, the groups' words and ``tail`` as one line, or, with the braille verbosity where that
        line is longer than the display, in lines of at most 40 cells, as even as they can be, each starting
        with ``label`` and which part it is: "Score 1/2 S 0 SW 10 W 25 NW 20", "Score 2/2 NE -35 E 20 SE 0, to
        150" (a reader panning through knows whether more is to come, as with "Hand 1/2").

        The tail ends the last line, kept with the last group where they fit together: each line is read
        alone, and a tail alone after the label ("Score 2 deals", "Tricks NS +20") means nothing, or
        something false."""
        line = " ".join([label, *(" ".join(group) for group in groups)]) + tail
        if not self.braille or len(line) <= BRAILLE_WIDTH:
            return [line]
        if tail and groups:  # the tail glued to the last group's last word: never a line of its own
            groups = [*groups[:-1], [*groups[-1][:-1], groups[-1][-1] + tail]]
        elif tail:
            groups = [[tail.lstrip(",;: ")]]
        colon = label.endswith(":")
        bare = label[:-1] if colon else label

        def numbered(number: int, count: int) -> str:  # "Score 1/2", "Trick 3 1/2:"
            return f"{bare} {number}/{count}" + (":" if colon else "")

        widest = numbered(max(9, len(groups)), max(9, len(groups)))  # as wide as any number it may take
        count = len(fit_lines(widest, groups, BRAILLE_WIDTH))
        # The narrowest width that still takes no more lines: the lines as even as they can be.
        width = next(width for width in range(len(widest) + 1, BRAILLE_WIDTH + 1)
                     if len(fit_lines(widest, groups, width)) <= count)
        lines = fit_lines(widest, groups, width)
        return [numbered(number, len(lines)) + line[len(widest):] for number, line in enumerate(lines, 1)]

    def color_groups(self, cards: list[Card], trump: Color | None) -> list[list[str]]:
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

    def dummy_lines_of(self, seen: tuple[Card, ...] | list[Card], held: int, trump: Color | None) -> list[str]:
        """The dummy's cards that can be seen (``held`` in all); with the braille verbosity,
        in lines of at most 40 cells."""
        line = self.dummy_line_of(seen, held, trump)
        if not self.braille or len(line) <= BRAILLE_WIDTH:
            return [line]
        words = line.split()  # "Dummy 14r ..." or "Dummy up 14r ..."
        label = " ".join(words[:2]) if words[1] == "up" else words[0]
        return fit_lines(label, [words[len(label.split()):]], BRAILLE_WIDTH)

    def dummy_line_of(self, seen: tuple[Card, ...] | list[Card], held: int, trump: Color | None) -> str:
        """The dummy's cards that can be seen, ``held`` in all, as one line."""
        cards = cards_text(sort_hand(seen, trump, self.rules))
        if self.braille:
            return f"Dummy {cards}" if len(seen) == held else f"Dummy up {cards}"
        if len(seen) == held:
            return f"The dummy's hand, {plural(held, 'card')}: {cards}."
        return f"The dummy shows {len(seen)} of its {held} cards: {cards}; the rest turn up after trump."

    def lists_own_hand(self, view: SeatView) -> bool:
        """Whether the question asked next lists every card the view's seat holds: its lead,
        made at the keyboard, with every card legal.  Its hand line would say the same again."""
        return (
            view.phase is Phase.PLAY
            and not view.trick
            and view.turn == view.seat
            and view.controller(view.seat) in self.humans
            and len(legal_cards(view)) == len(view.hand)
            and self.cards_fit(view.seat, view.hand)
        )

    def cards_fit(self, seat: int, cards: Iterable[Card]) -> bool:
        """Whether the question to lead can list these cards in place of the hand's own lines: up to
        ``GROUPED_HAND`` of them (a longer hand is said in color groups first, as when another seat leads),
        and with the braille verbosity only within the display's 40 cells."""
        cards = tuple(cards)
        if not self.braille:
            return len(cards) <= GROUPED_HAND
        text = cards_text(cards)
        asked = f"Lead {text}." if seat == self.you else f"{self.names[seat]}: lead {text}."
        return len(asked) <= BRAILLE_WIDTH

    def leads_at_keyboard_now(self, seat: int) -> bool:
        """Whether, as the story stands, ``seat`` leads the hand's first trick next, played at
        the keyboard: the question then lists its hand (every card may be led)."""
        story = self.story
        return (
            seat == story.first_leader
            and story.controller(seat) in self.humans
            and self.cards_fit(seat, story.hands[seat])
        )

    def hands_before_play(self, play_starts: bool) -> list[str]:
        """The hands of the players at the keyboard (or every player's, when nobody plays), as
        the story holds them, each left out when the question that follows lists it (``play_starts``:
        the first trick is led next)."""
        story = self.story
        lines: list[str] = []
        for seat in self.humans or self.rules.people:
            if not (play_starts and self.leads_at_keyboard_now(seat)):
                lines += self.hand_lines(seat, story.hands[seat], story.trump)
        return lines

    def team_points(self, view: SeatView) -> list[int]:
        """The points each team of the hand has taken so far: its counters, and where each trick counts
        (Display Rook, 2 a trick) its tricks' points."""
        points = list(view.counters)
        if self.rules.trick_points:
            for trick in view.tricks:
                points[view.team_of[trick.winner]] += self.rules.trick_points
        return points

    def taken_by_scorer(self, view: SeatView) -> list[int]:
        """The points taken this hand by each score's owner: each side's together where sides score (High 14
        for four), else each player's."""
        return [sum(view.taken[seat] for seat in seats) for seats in self.rules.scorers]

    def taken_lines(self, view: SeatView) -> list[str]:
        """The counters each side (or team, or player) has taken so far this hand (with the tricks' points
        where each trick counts)."""
        if view.phase is Phase.GAME_OVER:
            return ["The game is over: score says how it ended."]
        if view.phase is not Phase.PLAY:
            return ["No counters are taken before the play."]
        rules = self.rules
        counters = self.team_points(view)
        whole = rules.total_points + rules.trick_points * rules.hand_size
        left = whole - view.points_out_of_play - sum(counters)
        # Cards no one has seen lie out of play: some of these points may be among them, how many is not known.
        out = f"up to {left}" if view.unseen_out_of_play else f"{left}"
        if view.bidder is None:
            scores = self.taken_by_scorer(view)
            if self.braille:
                pairs = [[self.scorer_initials(scorer), str(points)] for scorer, points in enumerate(scores)]
                return self.braille_fitted("Taken", pairs, f", {out} out")
            taken = self.scorers_listed(scores)
            return [f"Taken this hand: {taken}; {out} still out."]
        bidders = view.teams[view.team_of[view.bidder]]
        if self.braille:
            pairs = [
                [self.team_initials(team), str(points)] for team, points in zip(view.teams, counters, strict=True)
            ]
            bid = f", {out} out; {self.team_initials(bidders)} bid {view.high_bid}"
            return self.braille_fitted("Taken", pairs, bid)
        taken = self.teams_listed(view.teams, counters)
        return [f"Taken this hand: {taken}; {out} still out. {self.team_name(bidders)} bid {view.high_bid}."]

    # ------------------------------------------------------------------ turns
    def turn_line(self, view: SeatView) -> str:
        """Whose turn it is, and to do what."""
        if view.phase is Phase.GAME_OVER:
            return "The game is over."
        seat = view.turn
        assert seat is not None
        doing = {
            Phase.BIDDING: "bid",
            Phase.DISCARD: "discard",
            Phase.TRUMP: "name trump",
            Phase.PLAY: "lead" if not view.trick else "play",
        }[view.phase]
        if seat == self.rules.dummy_seat:
            player = view.controller(seat)
            return (
                f"{'Your' if player == self.you else self.names[player] + chr(39) + 's'} "
                f"turn to {doing} for the dummy."
            )
        if seat == view.displayed and view.controller(seat) != seat:  # Display Rook: the dealer plays it
            player = view.controller(seat)
            if player == self.you:
                return f"Your turn to {doing} for {self.names[seat]}."
            return f"{self.names[player]} to {doing} for {self.object_name(seat)}."
        if seat == self.you:
            return f"Your turn to {doing}."
        return f"{self.names[seat]} to {doing}."
