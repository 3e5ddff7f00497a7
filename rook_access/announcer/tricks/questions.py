"""What the seat to act is asked, what it may do (``legal``), and why an action was refused.

Every line here is about now, so each is made from the view of the seat to
act (``state.view(seat)``).
"""

from __future__ import annotations

from ...engine import (
    BIRD,
    CHECK,
    COLOR_NAMES,
    PASS,
    Bid,
    Check,
    Discard,
    IllegalActionError,
    NameTrump,
    Pass,
    Phase,
    Play,
    Rule,
    SeatView,
    card_name,
)
from ...engine.rules import bids_near
from ..base import BRAILLE_WIDTH, cards_text, fit_lines, plural, suit_words
from .words import NAME_TRUMP_NOW, STEP_WORDS, TRUMP_COLORS, TrickWords, legal_cards, sort_hand


def _may_check(view: SeatView) -> bool:
    return CHECK in view.legal


def _must_bid(view: SeatView) -> bool:
    """Whether the seat to act opens the bidding as the dealer, who may not pass (the 1913 games)."""
    return view.phase is Phase.BIDDING and PASS not in view.legal and any(isinstance(a, Bid) for a in view.legal)


class QuestionLines(TrickWords):
    """The question to the seat to act, the ``legal`` line, and refusals."""

    def question(self, view: SeatView) -> str:
        """What the seat to act is asked, with what it may do (as printed)."""
        return self.printed(self._question(view))

    def _question(self, view: SeatView) -> str:
        seat = view.turn
        assert seat is not None
        rules = self.rules
        if seat == rules.dummy_seat:
            player = view.controller(seat)
            you = "Dummy's" if player == self.you else f"{self.names[player]}, the dummy's"
        elif seat == view.displayed:  # Display Rook: the dealer plays the partner's hand laid face up
            player = view.controller(seat)
            you = f"{self.names[seat]}'s" if player == self.you else f"{self.names[player]}, {self.names[seat]}'s"
        else:
            you = "Your" if seat == self.you else f"{self.names[seat]}, your"
        if view.phase is Phase.BIDDING:
            bids = rules.bid_range(view.high_bid)
            if _must_bid(view):
                return f"{you} opening bid, as dealer: {bids.start} to {rules.max_bid}."
            check = ", check," if _may_check(view) else ","
            return f"{you} bid: {bids.start} to {rules.max_bid}{check} or pass."
        if view.phase is Phase.DISCARD:
            aside = "" if self.braille else " to lay aside"  # within the 40 cells of a display
            return f"{you} discard: name {rules.nest_size} cards{aside}."
        if view.phase is Phase.TRUMP:
            if self.braille and you != "Your":  # a keyboard seat named, within the 40 cells
                return f"{you} trump: name a color."
            if self.braille:
                return f"{you} trump: red, black, yellow or green."  # the letters would pass the 40 cells
            return f"{you} trump: {TRUMP_COLORS}."
        legal = sort_hand(legal_cards(view), view.trump, rules)
        if self.braille:
            verb = "Lead" if not view.trick else "Play"
            listed = cards_text(legal)
            mark = ":"  # "Play rook 8x." would read as an order to play the Bird
            if len(f"{self.names[seat]}: {verb} {listed}.") > BRAILLE_WIDTH:
                listed = self._braille_any(view, legal)  # too many cards for the display: which ones, in words
                mark = ""  # "Play any red or a 14."
            if seat == self.you:
                return f"{verb}{mark} {listed}."
            return f"{self.names[seat]}: {verb.lower()} {listed}."
        if not view.trick:
            return f"{you} lead, {plural(len(legal), 'card')}: {cards_text(legal)}."
        return f"{you} play, {len(legal)} legal: {cards_text(legal)}."

    def _braille_any(self, view: SeatView, legal: list[int]) -> str:
        """Which cards may be played, where they are too many to list on the display: "any card", "any red",
        with the cards that may be played on any lead besides: "any red or rook", High 14's "any red or a 14"."""
        if len(legal) == len(view.hand) or not view.trick or view.trump is None:
            return "any card"
        suit_of = self.rules.suit_of[view.trump]
        suit = suit_of[view.trick[0]]
        off_suit = [card for card in legal if suit_of[card] != suit]  # the Bird, High 14's 14s
        bird = " or rook" if BIRD in off_suit else ""
        fourteen = " or a 14" if any(card != BIRD for card in off_suit) else ""
        return f"any {suit_words(suit, view.trump)}{bird}{fourteen}"

    def _doing_now(self, view: SeatView) -> str:
        """What the seat to act does now, in a few words: "bid or pass", "lead a card"."""
        if _must_bid(view):
            return "open the bidding"
        if view.phase is Phase.BIDDING:
            return "bid, check or pass" if _may_check(view) else "bid or pass"
        if view.phase is Phase.DISCARD:
            return f"discard {self.rules.nest_size} cards"
        if view.phase is Phase.TRUMP:
            return NAME_TRUMP_NOW
        verb = "play" if view.trick else "lead"
        if view.turn is not None and view.turn == view.displayed:
            return f"{verb} a card for {self.names[view.turn]}"
        return f"{verb} a card{' for the dummy' if view.turn == self.rules.dummy_seat else ''}"

    def _bids_allowed_line(self, view: SeatView) -> str:
        """The bids the seat to act may make, for ``legal`` in the bidding."""
        rules = self.rules
        bids = rules.bid_range(view.high_bid)
        if not bids:
            return f"The bid is at {rules.max_bid}, the most there is: you can only pass."
        step = STEP_WORDS.get(rules.bid_step, f"steps of {rules.bid_step}")
        if _must_bid(view):
            return f"As dealer you open the bidding: bid {bids.start} to {rules.max_bid} in {step}; you may not pass."
        if _may_check(view):
            return (
                f"You may bid {bids.start} to {rules.max_bid} in {step}, "
                "check to keep your right to bid later, or pass."
            )
        return f"You may bid {bids.start} to {rules.max_bid} in {step}, or pass."

    def legal_lines(self, view: SeatView) -> list[str]:
        """``legal_line``; with the braille verbosity, in lines of at most 40 cells: in card play, the rule
        (cut at blanks where it is longer), then the legal cards in color groups, "Legal 14r 10r 5r 13x"."""
        line = self.legal_line(view)
        if not self.braille or len(line) <= BRAILLE_WIDTH:
            return [line]
        if view.phase is not Phase.PLAY:
            return self.fit(line)
        rule = line[: line.rindex(": ") + 1]  # the cards follow the last colon
        legal = sort_hand(legal_cards(view), view.trump, self.rules)
        return [*self.fit(rule), *fit_lines("Legal", self.color_groups(legal, view.trump), BRAILLE_WIDTH)]

    def legal_line(self, view: SeatView) -> str:
        """What the seat to act may do, with an example where the question alone is not enough."""
        if view.phase is Phase.DISCARD:
            size = self.rules.nest_size
            hand = view.hand
            example = " ".join(card_name(card) for card in hand[:size])
            bird = " and the Bird" if self.rules.uses_bird else ""
            return (
                f"Discard any {size} of your {len(hand)} cards, naming each, like: discard {example}. "
                f"Counters{bird} may go too."
            )
        if view.phase is Phase.TRUMP:
            return f"Name trump with trump and a color, or the color alone: {TRUMP_COLORS}."
        if view.phase is Phase.PLAY:
            return self._play_rule_line(view)
        return self._bids_allowed_line(view)

    def _play_rule_line(self, view: SeatView) -> str:
        """Which cards may be played now, and the rule that says so."""
        seat = view.turn
        assert seat is not None and view.trump is not None
        legal = sort_hand(legal_cards(view), view.trump, self.rules)
        listed = ", ".join(card_name(card) for card in legal)
        if not view.trick:
            return f"Any card may be led: {listed}."
        suit_of = self.rules.suit_of[view.trump]
        suit = suit_of[view.trick[0]]
        # The braille verbosity's rules are shorter, to leave the display's 40 cells to the cards.
        if not any(suit_of[card] == suit for card in view.hand):
            if self.braille:
                return self.holds(seat, "have", "has") + f" no {COLOR_NAMES[suit]}, so any card: {listed}."
            return self.holds(seat, "have", "has") + f" no {COLOR_NAMES[suit]}, so any card may be played: {listed}."
        rule = suit_words(suit, view.trump)
        must = f"{self.holder(seat)} must follow {rule}"
        if BIRD in legal and any(card != BIRD for card in legal):
            if self.braille:
                return f"{must}, or rook: {listed}."
            return f"{must}; the Rook Bird may be played any time: {listed}."
        return f"{must}: {listed}."

    # ----------------------------------------------------------------- errors
    def _out_of_phase(self, action: object, view: SeatView) -> str:
        """Why an action does not belong to this part of the hand."""
        phase = view.phase
        if isinstance(action, Play):
            if phase is Phase.BIDDING:
                return "Cards are played after the bidding."
            return "Cards are played once trump is named."
        if isinstance(action, (Bid, Pass, Check)):
            return "The bidding is over." if self.rules.bidding else "There is no bidding in this game."
        if isinstance(action, Discard):
            if phase is Phase.BIDDING:
                return "The high bidder discards after the bidding."
            return "The discard is done." if view.bidder in self.humans else "Only the high bidder discards."
        if isinstance(action, NameTrump):
            if phase is Phase.PLAY and view.trump is not None:  # trump is named before card play
                return f"Trump is already {COLOR_NAMES[view.trump]}."
            if phase is Phase.DISCARD:
                return "Discard first, then name trump."
            return "The high bidder names trump after the bidding."
        return "Not now."

    def refusal(self, error: IllegalActionError, view: SeatView) -> str:
        """One line: what was wrong and what is allowed (``view``: the seat to act's)."""
        rules = self.rules
        rule = error.rule
        detail = error.detail
        seat = view.turn if view.turn is not None else -1
        holder = self.holder(seat)
        if rule is Rule.FOLLOW_SUIT:
            legal = sort_hand([a.card for a in error.legal if isinstance(a, Play)], view.trump, rules)
            listed = ", ".join(card_name(c) for c in legal)
            suit = COLOR_NAMES[detail["suit"]]
            inside = holder if holder not in ("You", "The dummy") else holder.lower()
            if view.trick[0] == BIRD:
                return f"The Bird was led: {inside} must play trump, {suit}: {listed}."
            if legal == [BIRD]:
                whose = "your" if holder == "You" else f"{inside}'s"
                return f"Trump was led and {whose} only trump is the Bird: {inside} must play rook."
            if detail["suit"] == view.trump:
                return f"{holder} must follow trump, {suit}: {listed}."
            return f"{holder} must follow {suit}: {listed}."
        if rule is Rule.CARD_NOT_HELD:
            legal = sort_hand([a.card for a in error.legal if isinstance(a, Play)], view.trump, rules)
            card = card_name(detail["card"])
            can = "You can" if holder == "You" else "It can" if holder == "The dummy" else f"{holder} can"
            return self.holds(seat, "do", "does") + f" not hold {card}. {can} play: {cards_text(legal)}."
        if rule in (Rule.BID_NOT_MULTIPLE, Rule.BID_NOT_HIGHER, Rule.BID_BELOW_MINIMUM):
            lowest = detail.get("lowest")
            step = STEP_WORDS.get(rules.bid_step, f"steps of {rules.bid_step}")
            if lowest is None:
                return f"The bid is at {rules.max_bid}, the most there is: you can only pass."
            if rule is Rule.BID_BELOW_MINIMUM and PASS not in error.legal:
                return f"The first bid is at least {lowest}: {lowest} to {rules.max_bid} in {step}."
            if rule is Rule.BID_BELOW_MINIMUM:
                return f"The first bid is at least {lowest}: {lowest} to {rules.max_bid} in {step}, or pass."
            if rule is Rule.BID_NOT_HIGHER:
                return f"The bid is {view.high_bid}: bid {lowest} or more, or pass."
            amount = detail.get("amount")  # None from an older server: the lowest allowed, as it was said then
            if amount is None:
                return f"Bids go up in {step}: {lowest} or more."
            return f"Bids go up in {step}: {bids_near(rules.nearest_bids(amount, view.high_bid), rules.max_bid)}."
        if rule is Rule.BID_ABOVE_MAXIMUM:
            bids = rules.bid_range(view.high_bid)
            step = STEP_WORDS.get(rules.bid_step, f"steps of {rules.bid_step}")
            if not bids:
                return f"The highest bid is {rules.max_bid}: you can only pass."
            allowed = f"{bids.start}" if bids.start == rules.max_bid else f"{bids.start} to {rules.max_bid}"
            pass_too = "" if _must_bid(view) else ", or pass"
            if self.braille:  # 40 cells
                return f"Highest bid {rules.max_bid}: {allowed}{pass_too}."
            in_step = "" if bids.start == rules.max_bid else f" in {step}"
            return f"The highest bid is {rules.max_bid}: bid {allowed}{in_step}{pass_too}."
        if rule is Rule.DEALER_MUST_BID:
            step = STEP_WORDS.get(rules.bid_step, f"steps of {rules.bid_step}")
            dealer = "you" if holder == "You" else holder
            return (
                f"The dealer opens the bidding and may not pass: {dealer} bid "
                f"{detail['lowest']} to {rules.max_bid} in {step}."
            )
        if rule is Rule.DISCARD_NOT_HELD:
            cards = detail["cards"]
            return f"You do not hold {cards_text(cards)}. Discard {rules.nest_size} cards from your hand."
        if rule is Rule.DISCARD_COUNT:
            return f"Discard exactly {rules.nest_size} cards, all on one line; you named {detail['given']}."
        # The question follows the refusal at once (it is the prompt): say what to do now in a few words only.
        if rule is Rule.WRONG_PHASE:
            return f"{self._out_of_phase(detail['action'], view)} Now {self._doing_now(view)}."
        if rule is Rule.GAME_OVER:
            return "The game is over."
        if rule is Rule.CHECK_NOT_ALLOWED:
            if not self.rules.checking:
                return f"There is no checking in {self.rules.title}. Now {self._doing_now(view)}."
            if view.high_bid is not None:
                return "Someone has bid, so you cannot check: bid or pass."
            return "You cannot check again now: bid or pass."
        return f"Not allowed: {error}."
