"""The ``review`` command's lines: a hand's choices of the user that the strong player would have made
otherwise, the costliest first, each with the points at stake and one reason.

The judgement is the strong player's (``players.search.review``: the points
at stake come from the same analysis that chose its move); this module only
words it, one line a choice:

    Trick 3: you played 10r; 5r was better by about 28 points, over 96 guesses at the hidden cards:
    it beats West's 9r; the trick holds 15 points so far.
    Bidding: you passed; the strong player would bid 80: it reckons your hand worth up to 95.

The points at stake are in one measure, the hand's score of the user's side
less the other sides' (their mean): a card that takes a trick also keeps its
points from the other side, and one that makes or sets the bid moves the
score by the whole bid, so the figure may be more than the hand holds
(``hand_points``): the line then says why.  Only the difference is told, not
where the side would end the hand with each choice: the deals imagined for
the hidden hands are often far from the truth about the bid winner's hand,
which moves every choice's figure alike (``why.stake_words``).
"""

from __future__ import annotations

from ..engine import CHECK, COLOR_NAMES, PASS, Bid, Discard, NameTrump, Play, RuleSet, card_name, card_names
from ..players.search.advice import BidAdvice, NestAdvice, PlayAdvice, TrumpAdvice
from ..players.search.review import Difference, meaningful
from .base import points_words, suit_words
from .why import holds_words, over_deals, trick_facts

SHOWN = 6
"""How many differences ``review`` says before it stops and names ``review all`` for the rest."""


def review_lines(
    hand_number: int, differences: list[Difference], every: bool = False, terse: bool = False
) -> list[str]:
    """What ``review`` says of hand ``hand_number``: a heading, then a line for each difference worth telling
    (``differences`` the costliest first, as ``review_decisions`` gives them): the first ``SHOWN`` and a
    line naming ``review all`` for the rest, or all of them with ``every``; ``terse`` as ``difference_line``."""
    told = meaningful(differences)
    if not differences:
        return [f"Hand {hand_number}: you chose as the strong player would, every time."]
    if not told:
        return [f"Hand {hand_number}: your choices were as good as the strong player's, as far as its search can tell."]
    count = len(told)
    heading = (
        f"Hand {hand_number}: {count} choice{'s' if count != 1 else ''} the strong player would make "
        f"otherwise{', costliest first' if count > 1 else ''}:"
    )
    shown = told if every else told[:SHOWN]
    lines = [heading, *(difference_line(difference, terse) for difference in shown)]
    if len(shown) < count:
        rest = count - len(shown)
        lines.append(f"{rest} more, smaller: type review all for every one.")
    return lines


def _about(stake: float) -> str:
    points = max(1, round(stake))
    return f"about {points} point{'s' if points != 1 else ''}"


def difference_line(difference: Difference, terse: bool = False) -> str:
    """One choice of the user's and the strong player's, with the points at stake and its reason (``terse``:
    without the deals the stake is taken over)."""
    view, action, advice, stake = difference.view, difference.action, difference.advice, difference.stake
    basis = ""
    if isinstance(action, Play) and isinstance(advice, PlayAdvice):
        verb = "played" if view.trick else "led"
        better = card_name(advice.action.card)
        # the dummy's card, or the hand laid face up (Display Rook), played by the user for that seat
        played_for = f" for {view.rules.names[view.seat]}" if view.controller(view.seat) != view.seat else ""
        head = f"Trick {len(view.tricks) + 1}: you {verb} {card_name(action.card)}{played_for}; {better} was better"
        reason = _play_reason(difference, advice)
        basis = over_deals(advice)
    elif isinstance(action, Discard) and isinstance(advice, NestAdvice):
        head = (
            f"The nest: you buried {card_names(sorted(action.cards))}; burying "
            f"{card_names(sorted(advice.action.cards))} was better"
        )
        reason = f"with {COLOR_NAMES[advice.trump]} trump it keeps {advice.kept_trumps} trumps"
        if advice.voids:
            reason += f" and leaves you void in {' and '.join(COLOR_NAMES[color] for color in advice.voids)}"
        basis = f"over {advice.samples} guesses at the hidden cards"
    elif isinstance(action, NameTrump) and isinstance(advice, TrumpAdvice):
        head = f"Trump: you named {COLOR_NAMES[action.color]}; {COLOR_NAMES[advice.action.color]} was better"
        reason = f"you held {len(advice.trumps)} of it, {card_names(list(advice.trumps))}"
        basis = f"over {advice.samples} guesses at the hidden cards"
    elif isinstance(advice, BidAdvice):
        head = f"Bidding: you {_bid_words(action)}; the strong player would {_bid_words(advice.action, now=True)}"
        reason = _bid_reason(advice, action)
    else:  # no other decision is judged; worded plainly all the same
        head = f"You chose {action}; the strong player would choose {advice.action}"
        reason = ""
    if stake is not None:
        head += f" by {_about(stake)}{_beyond_the_hand(difference)}" + (f", {basis}" if basis and not terse else "")
    return f"{head}: {reason}." if reason else f"{head}."


def hand_points(rules: RuleSet) -> int:
    """The points a hand holds, as ``rules`` tells them: its counters (the reds, where they count against),
    the points for tricks and the bonus for most tricks.

    >>> from rook_access.engine import PARTNERSHIP
    >>> hand_points(PARTNERSHIP)
    120
    """
    counters = sum(max(0, rules.points[card]) for card in rules.deck) + rules.points_per_trick * rules.hand_size
    return counters + rules.trick_points * rules.hand_size + rules.most_tricks_bonus


def _beyond_the_hand(difference: Difference) -> str:
    """Where the points at stake are more than the hand holds, why: the measure is the side's score less the
    others', so a point taken counts for one side and against the other, and a set bid scores minus the bid
    instead of what was taken; "" where they are not."""
    assert difference.stake is not None
    view = difference.view
    whole = hand_points(view.rules)
    if max(1, round(difference.stake)) <= whole:
        return ""
    if view.bidder is not None:
        return f", more than the hand's {whole}, as a set bid costs the bid"
    return f", more than the hand's {whole}, as the others' points count too"


def _bid_words(action: object, now: bool = False) -> str:
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if action == CHECK:
        return "check" if now else "checked"
    if action == PASS:
        return "pass" if now else "passed"
    return str(action)


def _bid_reason(advice: BidAdvice, action: object = None) -> str:
    if isinstance(advice.action, Bid):
        if advice.limit is None or advice.limit < advice.action.amount:
            return "the dealer must open the bidding"
        if isinstance(action, Bid) and advice.action.amount < action.amount <= advice.limit:
            # The user's bid was within what the hand is worth: the difference is bidding more than needed now.
            return f"it bids only what it must now, and would go up to {advice.limit} if the others bid on"
        return f"it reckons your hand worth a bid of up to {advice.limit}"
    if advice.partner_holding is not None and advice.limit is None:
        return "your partner holds the bid, and your hand adds too little to raise it"
    if advice.limit is None:
        return "it reckons your hand not worth a bid"
    return f"it reckons your hand worth {advice.limit} at most"


def _play_reason(difference: Difference, advice: PlayAdvice) -> str:
    """Why the strong player's card was better: what it does in the trick that the user's did not."""
    view = difference.view
    assert isinstance(difference.action, Play)
    mine = trick_facts(view, difference.action.card)
    better = trick_facts(view, advice.action.card)
    names = view.rules.names
    parts: list[str] = []
    if not better.lead and better.winner is not None and better.winning_card is not None:
        winning = f"{names[better.winner]}'s {card_name(better.winning_card)}"
        if better.winner in view.partners:
            winning = f"your partner {winning}"
        if better.beats and not mine.beats and better.winner in view.partners:
            # Going over one's partner is no reason in itself: what it keeps is.
            parts.append(f"it goes over {winning} and keeps your {card_name(difference.action.card)} for later")
        elif better.beats and not mine.beats:
            parts.append(f"it beats {winning}; {holds_words(view.rules, better)}")
        elif mine.beats and not better.beats:
            parts.append(f"it leaves the trick to {winning} and keeps your card")
        elif (
            better.winner in view.partners
            and view.rules.points[advice.action.card] > view.rules.points[difference.action.card]
        ):
            parts.append(f"{winning} was winning, and it gives more points")
        elif not (better.beats or mine.beats or better.winner in view.partners or view.rules.avoid_points):
            given = view.rules.points[advice.action.card]
            yours = view.rules.points[difference.action.card]
            if given < yours:  # both lose the trick to the other side: the better one gives it less
                parts.append(f"it gives away {points_words(given)}, not {yours}")
    your_card = card_name(difference.action.card)
    if not parts and view.trump is not None:
        suit_of = view.rules.suit_of[view.trump]
        ours, theirs = suit_of[advice.action.card], suit_of[difference.action.card]
        # A card's power against the lead of the trick (the better card's own lead, where it leads)
        powers = view.rules.trick_powers[view.trump][view.trick[0] if view.trick else advice.action.card]
        higher = powers[advice.action.card] > powers[difference.action.card]
        later = view.rules.players - 1 - len(view.trick)  # the seats still to play to this trick
        if better.lead and ours != theirs:
            parts.append(f"it leads {suit_words(ours, view.trump)} rather than {suit_words(theirs, view.trump)}")
        elif better.lead:
            which = "higher" if higher else "lower"
            parts.append(f"it leads {which} {suit_words(ours, view.trump)} than your {your_card}")
        elif better.beats and mine.beats and higher and later:
            # both take the lead now; the better one is harder for the seats still to play to beat
            players = "one player" if later == 1 else f"{later} players"
            parts.append(f"both beat the trick so far; it is the higher, with {players} still to play")
    if not parts and view.rules.avoid_points:  # Flip: a card kept may be a danger, not a worth
        parts.append("either leaves the trick as it stands so far; the difference is in the tricks to come")
    elif not parts:  # the trick goes the same way with either: the better card keeps the user's for later
        parts.append(f"it keeps your {your_card} for a later trick")
    return "; ".join(parts)


__all__ = ["SHOWN", "difference_line", "hand_points", "review_lines"]
