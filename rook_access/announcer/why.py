"""The ``why`` command: a computer player's move, and the reason that player had, in one line.

The reason is the player's own (``Player.advise`` for the view that seat had
when it moved: the search player's figure and facts, from the evaluation that
chose; the basic player's rule of thumb as data, ``BasicAdvice.kind``; the
random player's chance).  This module only words it, in the third person and
in the past, naming cards in the notation typed at the keyboard:

    North played 14r: its only card that beats West's 12r; the trick holds 15 points.
    East bid 85: it reckoned its hand worth a bid of up to 90.

The facts of the trick (who was winning it with which card, the points in it)
are read from that view, which holds only what the table had seen, and a
reason never names a card the seat held but had not shown (a discard is told
by its number of cards, not its cards).  Nor does it give away what the
asker cannot know yet: a card the search ranked next is named only once the
asker can see it (``secret``, the cards hidden from the asker now), and a
bid's limit (how high the seat would have gone) only once the bidding is over
(``bidding_over``); until then a bid or a pass is explained by what it says
to the table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine import (
    BIRD,
    CHECK,
    COLOR_NAMES,
    PASS,
    Bid,
    Discard,
    GameState,
    NameTrump,
    Phase,
    Play,
    SeatView,
    card_color,
    card_name,
    mask_of,
)
from ..engine.rules import RuleSet
from ..players.base import Advice, BasicAdvice, Decision, RandomAdvice, RuleAdvice
from ..players.basic import RuleKind
from ..players.search.advice import BidAdvice, NestAdvice, PlayAdvice, TrumpAdvice
from ..players.search.knowledge import Knowledge
from .base import points_words, suit_words
from .tricks.words import legal_cards


def did_words(view: SeatView, action: object, you: int | None = None) -> str:
    """What a seat did, in the past, as the start of a ``why`` line: "North bid 85", "East led 5r"; the move
    is its player's (``chooser``): a hand another plays is named as the hand the card came from ("North played
    your 13r", Display Rook's dealer; "North led Dummy's 6x").  The asker's seat (``you``) is "You" ("You led
    5r": a computer's move for it, made while the asker was away) and "your"."""
    player = chooser(view)
    name = "You" if player == you else view.rules.names[player]
    if isinstance(action, Bid):
        return f"{name} bid {action.amount}"
    if action == CHECK:
        return f"{name} checked"
    if action == PASS:
        own = [amount for seat, amount in view.bids if seat == view.seat and amount is not None]
        # "why west bid" after West bid and then passed: its bid is said with the pass that ended its bidding
        return f"{name} bid {own[-1]}, then passed" if own and view.phase is Phase.BIDDING else f"{name} passed"
    if isinstance(action, Discard):
        count = len(action.cards)
        return f"{name} buried {count} card{'s' if count != 1 else ''}"
    if isinstance(action, NameTrump):
        return f"{name} named {COLOR_NAMES[action.color]} trump"
    if isinstance(action, Play):
        whose = "" if player == view.seat else f"{_its(view, you)} "
        return f"{name} {'played' if view.trick else 'led'} {whose}{card_name(action.card)}"
    return f"{name} moved"


def chooser(view: SeatView) -> int:
    """Who chose the move made from ``view``: the seat itself, or the player of its hand then (the dummy's
    player; in Display Rook, the dealer, once the hand is laid face up after the first card)."""
    return view.controller(view.seat)


def _its(view: SeatView, you: int | None = None) -> str:
    """Whose the cards of ``view``'s hand are, as a reason says it: "its" where the seat chose for itself;
    where another player played it, the hand's own: "your" (the asker's, ``you``), "Dummy's", "West's"."""
    if chooser(view) == view.seat:
        return "its"
    return "your" if view.seat == you else f"{view.rules.names[view.seat]}'s"


def _it_had(view: SeatView, you: int | None = None) -> str:
    """What held the cards of ``view``'s hand: "it" (the seat), or "your hand", "Dummy's hand" where another
    player played it: that player's own cards are not meant."""
    its = _its(view, you)
    return "it" if its == "its" else f"{its} hand"


def reason_line(decision: Decision, asker: SeatView, over: bool, named: RuleSet | None = None,
                you: bool = True, terse: bool = False) -> str:
    """``why``'s line for a computer's move, told to the person whose own seat's view now is ``asker`` (the seat
    they sit in, called "you", not a hand they play for another; ``over``: the game has ended): the move as its
    player's (``chooser``), with the player's own reason (``advise`` for the view it chose from), without the
    cards hidden from the asker while the move's hand is played, nor a bid's limit while the bidding is open; a
    move of an earlier hand begins "In hand 1,".  ``named``: the rules with the seats named as the asker hears
    them (an online table's people by their names).  With ``you`` False the asker's own seat is named as the
    others are: a computer's move for it, told in the computer's words ("North played 6y: its partner ...").
    ``terse``: the search's figures without the deals they are taken over (``why_line``)."""
    advice = None if len(decision.view.legal) <= 1 else decision.player.advise(decision.view)
    view = decision.view if named is None else replace(decision.view, rules=named)
    asker_seat = asker.seat if you else None
    if advice is not None and advice.action != decision.action:
        # worked out again (its evaluation no longer kept) the search stopped elsewhere: no reason but the one it had
        did = did_words(view, decision.action, asker_seat)
        line = f"{did}: its reason cannot be worked out again now."
    elif view.hand_number != asker.hand_number or over:
        line = why_line(view, decision.action, advice, you=asker_seat, terse=terse)
    else:
        secret = Knowledge.from_view(asker).unseen
        line = why_line(view, decision.action, advice, secret, asker.phase is not Phase.BIDDING, asker_seat, terse)
    if view.hand_number != asker.hand_number:
        if line.startswith("You "):
            line = "y" + line[1:]
        line = f"In hand {view.hand_number}, {line}"  # not yet moved this hand: its move is the last hand's
    return line


def no_card_line(rules: RuleSet, seat: int | None, trick: int, since: str = "") -> str:
    """``why`` asked for a card in trick ``trick`` that no computer (of ``seat``, or any for None) has played
    (``since``: a clause saying since when moves are known, at an online table)."""
    whose = f"{rules.names[seat]}'s" if seat is not None else "a computer player's"
    return f"No card of {whose} in trick {trick} to explain{since}."


def no_bidding_line(rules: RuleSet) -> str:
    """``why`` asked for a bid (``why west bid``) in a game played without bidding."""
    return f"There is no bidding in {rules.title}."


def why_line(view: SeatView, action: object, advice: Advice | None, secret: int = 0,
             bidding_over: bool = True, you: int | None = None, terse: bool = False) -> str:
    """One line: what the seat of ``view`` did (``action``) and why (``advice``, the player's own reasons
    for that view; None where there was nothing to choose).

    ``secret`` is the set of cards hidden from the asker now (bit ``c`` for card ``c``), which the line never
    names; while the bidding is still open (not ``bidding_over``) a bid's limit is not told.  The asker's own
    seat (``you``) is called "you" in the reason ("it beats your 10y").  ``terse`` (the terse and braille
    verbosities) leaves out how many deals the search's figures are taken over: "about 12 points better than
    7y", where the full line says "over 96 guesses at the hidden cards, it did about 12 points better than 7y, the
    next best"."""
    did = did_words(view, action, you)
    followed = _hidden_follow(view, action, secret)
    if followed is not None:
        # Whether it had another card to follow with (and so which) would show what else it holds: the
        # reason is the trick's facts, the same whoever chose the card and whether it had a choice.
        return f"{did}: {_trick_clause(view, followed, hidden=True, you=you)}."
    if advice is None or len(view.legal) == 1:
        its = _its(view, you)
        return f"{did}: it was {'its only legal move' if its == 'its' else its + ' only legal card'}."
    if not bidding_over and (isinstance(action, Bid) or action in (PASS, CHECK)) and view.phase is Phase.BIDDING:
        return f"{did}: {_open_bidding_reason(view, action)}."
    if isinstance(advice, BasicAdvice) and advice.kind:
        return f"{did}: {_rule_reason(view, action, advice, _held_back(view, action, secret), you)}."
    if isinstance(advice, RuleAdvice):
        return f"{did}: by its rule of thumb, {advice.rule}."
    if isinstance(advice, RandomAdvice):
        return f"{did}: it chose at random among the legal moves."
    if isinstance(advice, BidAdvice):
        return f"{did}: {_bid_reason(view, advice, you)}."
    whose = "its side" if view.partners else "itself"  # the bid winner plays alone in some games
    if isinstance(advice, NestAdvice) and terse:
        return f"{did}: the discard that scored best for {whose}, with {COLOR_NAMES[advice.trump]} trump."
    if isinstance(advice, NestAdvice):
        return (
            f"{did}: of the discards it tried over {advice.samples} guesses at the hidden cards, with "
            f"{COLOR_NAMES[advice.trump]} trump after it, this one scored best for {whose}."
        )
    if isinstance(advice, TrumpAdvice):
        over = "" if terse else f"over {advice.samples} guesses at the hidden cards, "
        return f"{did}: {over}the color that scored best for {whose}."
    if isinstance(advice, PlayAdvice):
        return f"{did}: {_play_reason(view, advice, secret, you, terse)}."
    return f"{did}."


# ------------------------------------------------------------------ the trick
@dataclass(frozen=True)
class TrickFacts:
    """The trick as a seat found it when it played ``card``: who was winning it and with what, whether the
    card beat that, how many of its legal cards would have, and the points in it."""

    card: int
    winner: int | None
    """Who was winning the trick before the card; None on a lead."""
    winning_card: int | None
    beats: bool
    beaters: int
    """How many of the seat's legal cards would have beaten the winning card."""
    points: int
    """The points the trick holds with the card (the points for the trick itself counted: High 14's 5); where
    points count against (Flip), its red points, the Golden Ten apart (``golden``)."""
    last: bool
    """Whether the card was the last played to the trick."""
    follows: bool = True
    """Whether the card is of the suit led (a lead follows itself)."""
    led_suit: int | None = None
    """The suit led (the trump color for trump); None on a lead."""
    golden: bool = False
    """Whether the Golden Ten (Flip's yellow 10, which takes 10 off its taker's red count) is in the trick with
    the card."""

    @property
    def lead(self) -> bool:
        return self.winner is None


def asker_view(state: GameState, seat: int) -> SeatView:
    """What the person in ``seat`` sees of ``state``: ``seat``'s view, but for the hand of the player who plays
    the seat's own hand for it (Display Rook's dealer, whose hand that view shows while the dealer decides
    there): the person at that seat only watches.  ``why`` reads a move against it, at home and online."""
    view = state.view(seat)
    return view if state.controller(seat) == seat else replace(view, shown=())


def trick_facts(view: SeatView, card: int) -> TrickFacts:
    """The facts of the trick for ``card`` played from ``view``."""
    rules = view.rules
    trick = list(view.trick)
    points = rules.points
    cards = [*trick, card]
    golden = any(points[c] < 0 for c in cards)
    if rules.avoid_points:  # red points, as the game counts them: the Golden Ten is told apart, not taken off
        held = sum(points[c] for c in cards if points[c] > 0)
    else:
        held = sum(points[c] for c in cards) + rules.points_per_trick + rules.trick_points
    if not trick or view.trump is None:
        return TrickFacts(card, None, None, True, 0, held, rules.players == 1, golden=golden)
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    powers = rules.trick_powers[view.trump][trick[0]]
    values = [powers[c] for c in trick]
    best = max(values)
    winner = (leader + values.index(best)) % rules.players
    legal = [action.card for action in view.legal if isinstance(action, Play)]
    beaters = sum(1 for c in legal if powers[c] > best)
    suit_of = rules.suit_of[view.trump]
    led = suit_of[trick[0]]
    return TrickFacts(
        card, winner, trick[values.index(best)], powers[card] > best, beaters, held, len(trick) == rules.players - 1,
        suit_of[card] == led, led, golden,
    )


def unbeatable(view: SeatView, card: int) -> bool:
    """Whether no seat still to play after ``view.seat`` can beat ``card`` (played now by that seat, or already
    winning the trick), by what the seat knows: none may hold a card that would beat it (an unseen card not
    ruled out by a suit it showed out of, or a card of its shown to the table).  A seat that may be void of
    the suit led may trump it, whether or not it has shown out yet."""
    rules = view.rules
    assert view.trump is not None
    led = view.trick[0] if view.trick else card
    powers = rules.trick_powers[view.trump][led]
    beaters = sum(1 << c for c in rules.deck if powers[c] > powers[card])
    knowledge = Knowledge.from_view(view)
    for offset in range(1, rules.players - len(view.trick)):
        seat = (view.seat + offset) % rules.players
        if beaters & (knowledge.allowed(seat) | knowledge.known.get(seat, 0)):
            return False
    return True


def trick_points_words(rules: RuleSet, facts: TrickFacts) -> str:
    """The points a trick holds, as the game tells a trick taken: "25 points", "no points"; where points count
    against, "3 red points", "1 red point and the Golden Ten", "the Golden Ten"."""
    red = rules.avoid_points
    words = points_words(facts.points, red) if facts.points or not facts.golden else ""
    if facts.golden:
        words += f"{' and ' if words else ''}the Golden Ten"
    return words


def holds_words(rules: RuleSet, facts: TrickFacts) -> str:
    """ "the trick holds 25 points", with "so far" before its last card: "the trick holds no points so far"."""
    return f"the trick holds {trick_points_words(rules, facts)}{'' if facts.last else ' so far'}"


def seat_words(view: SeatView, seat: int, you: int | None = None) -> str:
    """A seat as a reason names it: "West", or "you" for the asker's own seat (``you``)."""
    return "you" if seat == you else view.rules.names[seat]


def _winning(view: SeatView, facts: TrickFacts, you: int | None = None) -> str:
    """ "West's 12r", "its partner North's 12r", or "your 12r" (``you``, the asker's seat); "its own 12r" for
    the card of the player who played the hand for its seat (the dummy's player, Display Rook's dealer)."""
    assert facts.winner is not None and facts.winning_card is not None
    if facts.winner == you:
        return f"your {card_name(facts.winning_card)}"
    if facts.winner == chooser(view) != view.seat:  # the dealer's own card, playing the displayed hand
        return f"its own {card_name(facts.winning_card)}"
    partner = "its partner " if facts.winner in view.partners else ""
    return f"{partner}{view.rules.names[facts.winner]}'s {card_name(facts.winning_card)}"


def _trick_clause(view: SeatView, facts: TrickFacts, hidden: bool = False, you: int | None = None) -> str:
    """What the card did in the trick, as facts: it beat the winning card (the only one of its cards that
    could), or it did not; its partner was winning; the points the trick holds.  While its hand is ``hidden``
    from the asker, nothing is said of the cards it held besides the one played (whether it could have beaten
    the winning card, how many of its cards would have)."""
    red = view.rules.avoid_points
    holds = holds_words(view.rules, facts)
    if facts.lead:
        return ""
    winning = _winning(view, facts, you)
    partner_winning = facts.winner in view.partners
    if facts.beats:
        only = f"{_its(view, you)} only card that beats" if facts.beaters == 1 and not hidden else "it beats"
        return f"{only} {winning}; {holds}"
    card_points = view.rules.points[facts.card]
    if partner_winning:
        if card_points > 0 and not red:
            return f"{winning} was winning the trick, so it gave {points_words(card_points)}"
        return f"{winning} was winning the trick; {holds}"
    if facts.beaters and not hidden:
        lets = f"it let {winning} win"
    elif not facts.follows and not (1 << facts.card) & view.rules.any_time_mask:
        # It played another color (not a trump over the winning card): it had none of the suit led, as the
        # table saw; "it did not beat" would read as if it could have.
        assert facts.led_suit is not None
        led = suit_words(facts.led_suit, view.trump)
        had = _it_had(view, you)
        if card_points and not red:
            return f"{had} had no {led}; {winning} was winning, and it gave up {points_words(card_points)}"
        return f"{had} had no {led}; {winning} was winning; {holds}"
    elif hidden:
        lets = f"it did not beat {winning}"
    else:
        lets = f"it could not beat {winning}"
    if card_points and not red:
        return f"{lets}, and gave up {points_words(card_points)}"
    return f"{lets}; {holds}"


def _held_back(view: SeatView, action: object, secret: int) -> bool:
    """Whether some of the cards the seat held besides the one it played (or, naming trump, any of them) are
    hidden from the asker (``secret``): then the reason says nothing of them."""
    played = 1 << action.card if isinstance(action, Play) else 0
    return bool(secret & mask_of(view.hand) & ~played)


def _hidden_follow(view: SeatView, action: object, secret: int) -> TrickFacts | None:
    """The trick's facts where a card's reason is those facts alone: while the seat's other cards are hidden
    from the asker (``secret``), a card that followed the suit led; None for any other move.  Any reason
    more (a figure against its next best card, a rule of thumb that weighs its other cards, or that it was
    its only legal card) would tell whether it held another card of that suit.  A lead or a card of another
    color (all its cards were legal) says nothing of the kind, and is told in full."""
    if not isinstance(action, Play) or not view.trick or not _held_back(view, action, secret):
        return None
    facts = trick_facts(view, action.card)
    return facts if facts.follows else None


def _play_reason(view: SeatView, advice: PlayAdvice, secret: int = 0, you: int | None = None,
                 terse: bool = False) -> str:
    """The search player's reason for a card: the trick's facts, then the figure that chose it."""
    facts = trick_facts(view, advice.action.card)
    # What it held besides the card, while some of it is still hidden from the asker, is not told.
    hidden = _held_back(view, advice.action, secret)
    parts = [clause for clause in (_trick_clause(view, facts, hidden, you),) if clause]
    if advice.shown_out and not facts.lead:
        names = " and ".join(seat_words(view, seat, you) for seat in advice.shown_out)
        led = suit_words(advice.led_suit, advice.trump)
        parts.append(f"{names} had shown out of {led}")
    if advice.score is not None and advice.next_best is not None:
        parts.append(stake_words(advice, bool(secret >> advice.next_best & 1), its=_its(view, you), terse=terse))
    if not parts:
        return "it had nothing to weigh"
    return "; ".join(parts)


def stake_words(advice: PlayAdvice, hidden: bool = False, verb: str = "did", its: str = "its",
                terse: bool = False) -> str:
    """How much better the card did than the search's next best, over the deals it imagined: "over 96 likely
    deals, it did about 12 points better than 7y, the next best" (the next best not named while ``hidden``
    from the asker, but as "its next best card", ``its`` the hand's; ``verb`` "does" for a hint); ``terse``:
    "about 12 points better than 7y", "about as good as 7y".

    Only the difference is told, not where the side would end the hand: every card is weighed on the same
    deals, so a belief far from the truth about the hidden hands moves them all alike and leaves their
    difference near the truth, while the figure itself is often wrong by a whole bid (``bench.figure_bias``).
    """
    assert advice.next_best is not None
    points = round(advice.next_best_by)
    if terse:
        label = f"{its} next best card" if hidden else card_name(advice.next_best)
        if points < 1:
            return f"about as good as {label}"
        return f"about {points} point{'s' if points != 1 else ''} better than {label}"
    label = f"{its} next best card" if hidden else f"{card_name(advice.next_best)}, the next best"
    if points < 1:
        return f"{over_deals(advice)}, it {verb} about as well as {label}"
    return f"{over_deals(advice)}, it {verb} about {points} point{'s' if points != 1 else ''} better than {label}"


def over_deals(advice: PlayAdvice) -> str:
    """What a card's figure is an average over: "over 96 guesses at the hidden cards", "solved exactly over
    40 guesses at the hidden cards" (each deal's last tricks solved exactly, the figure still their mean)."""
    return f"{'solved exactly ' if advice.exact else ''}over {advice.samples} guesses at the hidden cards"


# ----------------------------------------------------------------- the bids
def _its_partner(view: SeatView, partner: int, you: int | None) -> str:
    """ "its partner North", or "you, its partner" for the asker's own seat."""
    return "you, its partner," if partner == you else f"its partner {view.rules.names[partner]}"


def _open_bidding_reason(view: SeatView, action: object) -> str:
    """A bid or pass explained, while the bidding is open, by what it tells the table and no more."""
    bids = [legal.amount for legal in view.legal if isinstance(legal, Bid)]
    if isinstance(action, Bid) and PASS not in view.legal and CHECK not in view.legal and bids and (
            action.amount == bids[0]):
        return "the dealer must open the bidding, so it bid the least"  # the 1913 games: no pass allowed
    if isinstance(action, Bid):
        return (f"it reckoned its hand worth {action.amount} or more; after the bidding, "
                f"why {view.rules.names[view.seat].lower()} bid says how much more")
    if action == CHECK:
        return "it checked rather than bid"
    if bids:
        return f"it reckoned its hand not worth {bids[0]}"
    return "no higher bid was allowed"


def _bid_reason(view: SeatView, advice: BidAdvice, you: int | None = None) -> str:
    if isinstance(advice.action, Bid):
        if advice.limit is None or advice.limit < advice.action.amount:
            return "the dealer must open the bidding, so it bid the least"
        return f"it reckoned its hand worth a bid of up to {advice.limit}"
    if advice.lowest is None:
        return "no higher bid was allowed"
    if advice.partner_holding is not None and advice.limit is None:
        holding = _its_partner(view, advice.partner_holding, you)
        return f"{holding} held the bid, and its hand added too little to raise it"
    if advice.limit is None:
        return f"it reckoned its hand not worth a bid, not even {view.rules.min_bid}"
    own = [amount for seat, amount in view.bids if seat == view.seat and amount is not None]
    # It bid more before: what the others bid since lowered its reckoning, which the line says.
    since = "with the bids since, " if own and own[-1] > advice.limit else ""  # its bid was said before the colon
    return f"{since}it reckoned its hand worth {advice.limit} at most, and the least it could bid was {advice.lowest}"


# ----------------------------------------------------- the basic player's rules
_FOLLOW_REASONS: dict[str, str] = {
    RuleKind.KEEP: "{winning} was winning the trick, so it kept {its} good cards",
    RuleKind.TAKE_LEAD: "it took the lead in a trick worth 10 points or more, over {winning}; {holds}",
    RuleKind.TAKE_GOLDEN: "the Golden Ten is in the trick, so it went over {winning} with {its} highest card",
    RuleKind.DUCK: "it ducked under {winning} with {its} highest card that still loses",
    RuleKind.GIVE_GOLDEN: "{winning} was winning the trick, so it gave {its} partner the Golden Ten",
}
"""The basic player's reasons for a card played to a trick that are words alone, with who was winning it
(``{winning}``) and the points in it (``{holds}``)."""

_HIDDEN_FOLLOW_REASONS: dict[str, str] = {
    RuleKind.KEEP: "{winning} was winning the trick; {holds}",
    RuleKind.WIN_CHEAPLY: "it beats {winning}; {holds}",
    RuleKind.DUCK: "it stayed under {winning}; {holds}",
    RuleKind.MUST_TAKE: "it went over {winning} and took the trick; {holds}",
    RuleKind.MUST_GO_OVER: "it went over {winning}; {holds}",
    RuleKind.THROW_COSTLY: "{it} could not follow; {holds}",
}
"""The same reasons where they would tell what else the seat held ("its highest card that still loses", "it
had to go over": it held none under), worded by the trick alone while its hand is hidden from the asker."""

_HIDDEN_LEAD_REASONS: dict[str, str] = {
    RuleKind.PULL_TRUMP: "it led trump, to pull {others} trumps",
    RuleKind.SURE_WINNER: "by its rule of thumb, it led a card it counted a winner",
    RuleKind.LEAD_LOW: "it led low, keeping {its} points back",
    RuleKind.AVOID_LEAD: "by its rule of thumb, it leads low, red cards last",
}
"""The leads' reasons while the seat's hand is hidden from the asker: "its lowest sure trump" and "no unseen
card beats it" tell where the higher cards are, as "its only card that is not red" tells its other cards: a
Flip lead is told by its rule, and as sure to take the trick only where every card that would beat it has been
played, as the whole table saw."""


def _avoid_lead_reason(view: SeatView, card: int, advice: BasicAdvice) -> str:
    """A Flip lead: the lowest card, red cards (and the Golden Ten) kept for last; to lose the trick, unless no
    unseen card beats it."""
    rules = view.rules
    points, rank = rules.points, rules.rank
    legal = legal_cards(view)
    if points[card] > 0:
        besides = " and the Golden Ten" if any(points[c] < 0 for c in legal) else ""
        led = f"it had only red cards{besides}, and led its lowest red card"
    else:
        plain = [c for c in legal if not points[c]]
        # the cards its rule passed over: all the red ones (and the Golden Ten) for its only plain card, else
        # those ranked under it
        passed = [c for c in legal if points[c] and (len(plain) == 1 or rank[c] < rank[card])]
        red = any(points[c] > 0 for c in passed)
        golden = any(points[c] < 0 for c in passed)
        which = "only" if len(plain) == 1 else "lowest"
        if red and golden:
            led = f"it led its {which} card that is neither red nor the Golden Ten"
        elif red:
            led = f"it led its {which} card that is not red"
        elif golden:
            led = f"it led its {which} card but the Golden Ten"
        else:
            led = "it led its lowest card"
    if card in advice.sure:  # no unseen card of its color is higher, and nothing is trump: it takes the trick
        color = card_color(card)
        unseen = f"no unseen {COLOR_NAMES[color]} card" if color is not None else "no unseen card"
        return f"{led}; {unseen} beats it, so it takes the trick"
    return f"{led}, so that someone else takes the trick"


def _beyond_all(view: SeatView, card: int) -> bool:
    """Whether every card that would beat ``card`` led has been played, as the whole table saw (or none is in the
    pack): it takes the trick, by what the asker knows too, whatever the leader held."""
    rules = view.rules
    assert view.trump is not None
    powers = rules.trick_powers[view.trump][card]
    gone = {c for trick in view.tricks for c in trick.cards} | set(view.center_taken)
    return not any(powers[c] > powers[card] for c in rules.deck if c not in gone)


def _win_cheaply_reason(view: SeatView, card: int, facts: TrickFacts, winning: str) -> str:
    """The lowest card that beats the winning card ("as cheaply as it could"), or where lower ones beat it too,
    the lowest of those it counted sure to win the trick (no unseen card of its suit higher, and for a card not
    trump, no one still to play on the other side shown out of the suit while trumps are out); never the Bird,
    kept for a trick worth 15 points or more."""
    assert view.trump is not None and facts.winning_card is not None
    powers = view.rules.trick_powers[view.trump][view.trick[0]]
    best = powers[facts.winning_card]
    lower = [c for c in legal_cards(view) if best < powers[c] < powers[card]]
    bird = ", keeping the Bird back" if BIRD in lower else ""
    if any(c != BIRD for c in lower):  # they beat it too, but it did not count them sure to win the trick
        return f"it beats {winning} with the lowest card it counted sure to win the trick{bird}"
    return f"it beats {winning} as cheaply as it could{bird}"


def _flip_follow_reason(view: SeatView, kind: str, card: int, winning: str) -> str:
    """Where points count against (Flip): made to go over the winning card, or throwing a card on a partner's
    trick or another's: the card its rule chose, said as that rule chose it (the fewest red points first)."""
    rules = view.rules
    points, rank = rules.points, rules.rank
    legal = legal_cards(view)
    if kind in (RuleKind.MUST_TAKE, RuleKind.MUST_GO_OVER):
        assert view.trump is not None
        powers = rules.trick_powers[view.trump][view.trick[0]]
        if kind == RuleKind.MUST_TAKE:
            head = f"it had to go over {winning} and take the trick, so it took it with"
            highest = max(legal, key=lambda c: powers[c])
            plain = "its highest card" if card == highest else "the highest of its cards with the fewest red points"
        else:
            head = f"it had to go over {winning}, so it went over with"
            lowest = min(legal, key=lambda c: powers[c])
            plain = "its lowest card" if card == lowest else "the lowest of its cards with the fewest red points"
        return f"{head} {'the Golden Ten' if points[card] < 0 else plain}"
    if kind == RuleKind.THROW_HIGH:
        if points[card] > 0:  # the Golden Ten would have gone to its partner: it had only red cards
            return f"{winning} was winning the trick; it had only red cards, and gave the fewest red points it could"
        return f"{winning} was winning the trick, so it threw its highest card that costs nothing"
    # THROW_COSTLY: the costliest red card, or with none its highest card (the Golden Ten kept)
    if points[card] > 0:
        return f"it could not follow, so it threw its costliest red card on {winning}"
    kept = any(points[c] < 0 and rank[c] > rank[card] for c in legal)
    return (f"it could not follow and had no red card, so it threw its highest card"
            f"{' but the Golden Ten' if kept else ''} on {winning}")


def _rule_reason(view: SeatView, action: object, advice: BasicAdvice, hidden: bool = False,
                 you: int | None = None) -> str:
    """The basic player's rule of thumb, in the third person, with the facts it rests on; while the seat's
    other cards are ``hidden`` from the asker, without what the rule would tell of them."""
    kind = advice.kind
    others = "the other side's" if view.partners else "the others'"
    its, it = _its(view, you), _it_had(view, you)  # the hand's cards, where another player played it
    if kind == RuleKind.DISCARD:
        return "by its rule of thumb, it keeps trump and sure winners, and buries short colors first"
    if kind == RuleKind.TRUMP:
        if hidden:
            return "by its rule of thumb, it names a long, strong color"
        return "by its rule of thumb, it names its longest color, the strongest among equals"
    if kind == RuleKind.DEALER_OPENS:
        return "the dealer must open the bidding, so it bid the least"
    if kind in (RuleKind.BID, RuleKind.PASS):
        partner = view.high_bidder if view.high_bidder is not None and view.high_bidder in view.partners else None
        raise_only = (
            f"; {_its_partner(view, partner, you)} held the bid, raised only with a clearly better hand"
            if partner is not None
            else ""
        )
        if kind == RuleKind.BID:
            return f"by its rule of thumb, it reckoned its hand worth a bid of up to {advice.limit}{raise_only}"
        bids = [a.amount for a in view.legal if isinstance(a, Bid)]
        nxt = f", and the least it could bid was {bids[0]}" if bids else ""
        return f"by its rule of thumb, it reckoned its hand worth {advice.limit} at most{nxt}{raise_only}"
    assert isinstance(action, Play)
    facts = trick_facts(view, action.card)
    color = card_color(action.card)
    if hidden and kind in _HIDDEN_LEAD_REASONS:
        reason = _HIDDEN_LEAD_REASONS[kind].format(others=others, its=its)
        if kind == RuleKind.AVOID_LEAD and _beyond_all(view, action.card):
            reason += "; no card left beats it, so it takes the trick"
        return reason
    if kind == RuleKind.PULL_TRUMP:
        return f"it led {its} lowest sure trump, to pull {others} trumps"
    if kind == RuleKind.SURE_WINNER:
        if action.card in advice.sure:  # no unseen card of its color higher, and no one left to trump it
            return "a sure winner: no card still to come can beat it, and it led the one with the most points"
        where = f"no unseen {COLOR_NAMES[color]} card beats it" if color is not None else "no unseen card beats it"
        return f"{where}, though it may be trumped; it led the one with the most points"
    if kind == RuleKind.LEAD_LOW:
        return f"it led low from a long color, keeping {its} points back"
    if kind == RuleKind.AVOID_LEAD:
        return _avoid_lead_reason(view, action.card, advice)
    if facts.lead:
        return f"by its rule of thumb, {advice.rule}"
    winning = _winning(view, facts, you)
    holds = holds_words(view.rules, facts)
    card_points = view.rules.points[action.card]
    if kind == RuleKind.FEED:
        return f"{winning} was winning the trick, so it gave {points_words(card_points)}"
    if hidden and kind == RuleKind.THROW_HIGH:  # the card's cost is seen; what else it held is not
        if card_points:
            return f"{winning} was winning the trick; {holds}"
        return f"{winning} was winning the trick, so it threw a card that costs nothing"
    if hidden and kind in _HIDDEN_FOLLOW_REASONS:
        return _HIDDEN_FOLLOW_REASONS[kind].format(winning=winning, holds=holds, it=it)
    if kind in _FOLLOW_REASONS:
        return _FOLLOW_REASONS[kind].format(winning=winning, holds=holds, its=its, it=it)
    if kind == RuleKind.WIN_CHEAPLY:
        return f"{_win_cheaply_reason(view, action.card, facts, winning)}; {holds}"
    if kind == RuleKind.BIRD:
        if facts.beats:
            return f"the Bird goes over {winning} in a trick worth 15 points or more; {holds}"
        return f"it played the Bird on a trick worth 15 points or more, though it does not beat {winning}; {holds}"
    if kind in (RuleKind.MUST_TAKE, RuleKind.MUST_GO_OVER, RuleKind.THROW_HIGH, RuleKind.THROW_COSTLY):
        return _flip_follow_reason(view, kind, action.card, winning)
    if kind == RuleKind.THROW_CHEAPEST:
        if facts.winner in view.partners:  # not surely: an unseen card might still beat it
            if hidden:
                return f"{winning} was winning the trick, though not surely; {holds}"
            return f"{winning} was winning the trick, though not surely, so it played {its} cheapest card"
        if hidden:
            return _trick_clause(view, facts, hidden=True, you=you)
        if not facts.beaters:
            return f"it could not beat {winning}, so it threw {its} cheapest card"
        if BIRD in advice.sure:  # kept for a trick worth 15 points or more
            return (f"only the Bird was sure to win the trick over {winning}, and it keeps the Bird for a trick "
                    f"worth 15 points or more, so it played {its} cheapest card")
        return f"none of {its} cards was sure to win the trick over {winning}, so it played {its} cheapest"
    return f"by its rule of thumb, {advice.rule}"


__all__ = [
    "TrickFacts", "asker_view", "chooser", "did_words", "holds_words", "no_bidding_line", "no_card_line", "trick_facts",
    "seat_words", "stake_words", "trick_points_words", "unbeatable", "why_line",
]
