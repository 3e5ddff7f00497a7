"""The ``hint`` command: a player's move for the seat to act, and one reason a person can follow.

The player does the thinking: ``Player.advise`` gives its action with its
reasons (the strong search player: the figure that decided it and the facts
it rests on, from the one evaluation that chose the action; the basic player:
its rule of thumb; the random player: chance).  This module only words that
value as one short line, and never asks the players' internals anything:

    Play 14r: your partner North is winning the trick; it gives 10 points to your side;
    over 96 guesses at the hidden cards, it does about 6 points better than 5r, the next best.

Of the search's figures only that difference is told, not the points the
side will take: the deals imagined for the hidden hands are often far from
the truth about the bid winner's hand, which moves every card's figure alike
(``why.stake_words``).

Where points count against their taker (Flip) the reasons are the other way
round: a card ducks under the winning card so as not to take the red cards,
or is thrown away to someone else's trick.
"""

from __future__ import annotations

from ..engine import (
    CHECK,
    COLOR_NAMES,
    PASS,
    Bid,
    Discard,
    NameTrump,
    Phase,
    Play,
    SeatView,
    card_color,
    card_name,
    card_names,
)
from ..engine.cards import BIRD_MASK, cards_in
from ..engine.rules import Teams
from ..players.base import Advice, Player, RandomAdvice, RuleAdvice
from ..players.search.advice import BidAdvice, NestAdvice, PlayAdvice, TrumpAdvice
from ..players.search.knowledge import Knowledge
from .base import plural, points_words, suit_words
from .why import seat_words, stake_words, trick_facts, trick_points_words, unbeatable


def hint_line(view: SeatView, player: Player, terse: bool = False) -> str:
    """The move ``player`` would make for ``view.seat`` now, with its reason, as one line (``terse``: the
    search's figures without the deals they are taken over, as ``why.stake_words`` says them)."""
    if view.turn != view.seat:
        return "No hint: it is not your turn."
    if view.phase is Phase.GAME_OVER:
        return "No hint: the game is over."
    if len(view.legal) == 1:  # nothing to choose: no reason to weigh
        only = next(iter(view.legal))
        return f"{action_words(only)}: the only legal {'card' if isinstance(only, Play) else 'move'}."
    return advice_line(view, player.advise(view), terse)


def advice_line(view: SeatView, advice: Advice, terse: bool = False) -> str:
    """One line wording ``advice``, the advice for ``view``: its action, then the reason it gives."""
    if isinstance(advice, RuleAdvice):
        return f"{action_words(advice.action)}: by rule of thumb, {advice.rule}."
    if isinstance(advice, RandomAdvice):
        return f"{action_words(advice.action)}: chosen at random among the legal moves."
    if isinstance(advice, BidAdvice):
        return _bid_line(view, advice)
    if isinstance(advice, NestAdvice):
        return _nest_line(advice)
    if isinstance(advice, TrumpAdvice):
        return (f"Trump {COLOR_NAMES[advice.action.color]}: you hold {len(advice.trumps)} of it, "
                f"{card_names(list(advice.trumps))}.")
    if isinstance(advice, PlayAdvice):
        return _play_line(view, advice, terse)
    return f"{action_words(advice.action)}."


def action_words(action: object) -> str:
    """An action as the start of a hint: "Bid 100", "Pass", "Discard 5r 6g", "Trump red", "Play 14r"."""
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if action == CHECK:
        return "Check"
    if action == PASS:
        return "Pass"
    if isinstance(action, Discard):
        return f"Discard {card_names(sorted(action.cards))}"
    if isinstance(action, NameTrump):
        return f"Trump {COLOR_NAMES[action.color]}"
    if isinstance(action, Play):
        return f"Play {card_name(action.card)}"
    return str(action)


def _bid_line(view: SeatView, advice: BidAdvice) -> str:
    """The bid and the highest bid the hand is worth: the one figure the choice follows from."""
    if isinstance(advice.action, Bid):
        amount = advice.action.amount
        if advice.limit is None or advice.limit < amount:  # the dealer who must open (the 1913 games)
            return f"Bid {amount}: the dealer must open, so the lowest bid, though your hand is not worth it."
        return f"Bid {amount}: {_with_the_bids(view)}your hand is worth a bid of up to {advice.limit}."
    verb = "Check" if advice.checks else "Pass"
    if advice.lowest is None:
        return f"{verb}: no higher bid is allowed."
    if advice.partner_holding is not None and advice.limit is None:
        partner = view.rules.names[advice.partner_holding]
        return f"{verb}: your partner {partner} holds the bid, and your hand adds too little to raise it."
    if advice.limit is None:
        return f"{verb}: your hand is not worth a bid, not even {view.rules.min_bid}."
    return (f"{verb}: {_with_the_bids(view)}your hand is worth a bid of {advice.limit} at most, "
            f"and the next bid is {advice.lowest}.")


def _with_the_bids(view: SeatView) -> str:
    """ "with the bids so far, " once another seat has bid: what the others bid tells where the cards lie, so
    the hand's worth changes from one turn to the next, and the line says why."""
    bid = any(amount is not None for seat, amount in view.bids if seat != view.seat)
    return "with the bids so far, " if bid else ""


def _nest_line(advice: NestAdvice) -> str:
    cards = sorted(advice.action.cards)
    parts = [f"it keeps {advice.kept_trumps} trumps"]
    if advice.voids:
        parts.append(f"leaves you void in {' and '.join(COLOR_NAMES[color] for color in advice.voids)}")
    if advice.buried_points:
        parts.append(f"buries {advice.buried_points} points")
    reason = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    return f"Discard {card_names(cards)} and name {COLOR_NAMES[advice.trump]} trump: {reason}."


def _side(view: SeatView) -> str:
    """Who a card's points go to: "your side" with partners this hand, "the defenders" for a defender
    of the 5- and 6-player games (the search plays them as one side against the bid winner), "you"
    for a player alone (Rook for 3 to 8, High 14 and Flip but at four, the bid winner playing alone)."""
    if view.partners:
        return "your side"
    if view.rules.teams is Teams.BIDDER_ALONE and view.bidder is not None and view.bidder != view.seat:
        return "the defenders"
    return "you"


def _person(view: SeatView) -> int:
    """The seat of the person the hint is for, "you": the player of ``view``'s seat (the dummy's player;
    Display Rook's dealer, for the hand laid face up), who is not that seat where it is another's hand."""
    return view.controller(view.seat)


def _card_chooser(view: SeatView, seat: int) -> int:
    """Who chose the card ``seat`` played to the trick under way: the player of its hand (``controller``), but
    for Display Rook's displayed hand the seat itself where it led the hand's first trick, before it lay face up."""
    if seat == view.displayed and not view.tricks and seat == view.trick_leader:
        return seat
    return view.controller(seat)


def _hand_words(view: SeatView, seat: int, person: int) -> str:
    """A hand the person plays, as "from ..." names it: "your hand", "the dummy", "North's hand"."""
    if seat == person:
        return "your hand"
    if seat == view.rules.dummy_seat:
        return "the dummy"
    return f"{view.rules.names[seat]}'s hand"


def _led_words(view: SeatView, leader: int, led: str) -> str:
    """Who led the trick, and what: "West leads red", "your partner North leads red"; a lead the person chose,
    as theirs: "you led red from your hand" (the hint for the dummy's card), "you led red from the dummy"."""
    person = _person(view)
    if _card_chooser(view, leader) == person:
        return f"you led {led} from {_hand_words(view, leader, person)}"
    partner = "your partner " if leader in view.partners else ""
    return f"{partner}{view.rules.names[leader]} leads {led}"


def _partner_words(view: SeatView, seat: int) -> str:
    """A seat on the hinted hand's side, by its card in the trick: "your partner North"; "your 12r" for the
    person's own hand (the hint for the dummy's card, whose partner is the person playing it); "North's 12r"
    where the person chose that card (the hand they play for another), which no partner chose."""
    person = _person(view)
    if seat == person:
        return f"your {_card_played_by(view, seat)}"
    if _card_chooser(view, seat) == person:
        return f"{view.rules.names[seat]}'s {_card_played_by(view, seat)}"
    return f"your partner {view.rules.names[seat]}"


def _play_line(view: SeatView, advice: PlayAdvice, terse: bool = False) -> str:
    if view.rules.avoid_points:
        return _avoid_line(view, advice, terse)
    card = advice.action.card
    names = view.rules.names
    side = _side(view)
    reasons: list[str] = []
    led_name = suit_words(advice.led_suit, advice.trump)
    if advice.leader is None:
        others = "the other side's" if view.partners else "the others'"
        drawn = advice.led_suit == advice.trump and _trumps_unseen(view)  # none unseen: none to draw out
        reasons.append(f"you lead trump to draw out {others} trumps" if drawn else f"you lead {led_name}")
    else:
        reasons.append(_led_words(view, advice.leader, led_name))
        if advice.shown_out:
            showed = " and ".join(seat_words(view, seat, _person(view)) for seat in advice.shown_out)
            reasons.append(f"{showed} showed out of {led_name}")
        if advice.partner_winning:
            assert advice.winning is not None  # someone is winning a trick that was led
            winning = f"your {_card_played_by(view, advice.winning)}" if advice.winning == _person(view) else (
                names[advice.winning])
            reasons.append(f"{winning} is winning the trick")
            if advice.card_points:
                given = f"it gives {plural(advice.card_points, 'point')} to {side}"
                winning_card = trick_facts(view, card).winning_card
                assert winning_card is not None
                holds = advice.last_to_play or unbeatable(view, winning_card)  # else a later card may take it
                reasons.append(given if holds else f"{given} if that card holds")
        elif advice.takes_lead:
            # the trick itself counts too: 5 in High 14, 2 in Display Rook
            total = advice.trick_points + advice.card_points + view.rules.points_per_trick + view.rules.trick_points
            if (1 << card) & view.rules.any_time_mask & ~BIRD_MASK and card_color(card) != advice.led_suit:
                reasons.append("a 14 may be played on any lead, and beats every trump")
            held = points_words(total)
            over = (f"it goes over {_partner_words(view, advice.winning)}" if advice.winning in view.partners
                    else "it beats every card so far")  # "takes the lead" is heard as leading the next trick
            reasons.append(f"it wins {held}" if advice.last_to_play
                           else f"{over}, and with it the trick holds {held} so far")
        else:
            lets = "you let it go" if trick_facts(view, card).beaters else "you cannot win it"
            reasons.append(f"{lets}, and this card gives away {points_words(advice.card_points)}")
    if advice.points is not None and advice.next_best is not None:
        reasons.append(stake_words(advice, verb="does", terse=terse))
    return f"Play {card_name(card)}: " + "; ".join(reasons) + "."


def _avoid_line(view: SeatView, advice: PlayAdvice, terse: bool = False) -> str:
    """A card's reasons where points count against its taker (Flip): why it ducks, or goes over.  What the
    trick holds is said as the game tells a trick taken: its red points, and the Golden Ten apart; that the
    card takes the trick, or that a card goes to a side, only where no card still to come can go over."""
    card = advice.action.card
    rules = view.rules
    names = rules.names
    facts = trick_facts(view, card)
    color = COLOR_NAMES[advice.led_suit]
    reasons: list[str] = []
    if advice.leader is None:
        unbeaten = unbeatable(view, card)
        if unbeaten and advice.card_points < 0:
            reasons.append("you lead the Golden Ten, and no one can go over it, so you win it back")
        elif unbeaten:
            reasons.append(f"you lead {color}, and no one can go over it: the trick is yours")
        elif advice.card_points < 0:
            reasons.append("you lead the Golden Ten to win it back")
        else:
            reasons.append(f"you lead {color}, for someone else to go over")
    else:
        reasons.append(_led_words(view, advice.leader, color))
        if advice.shown_out:
            showed = " and ".join(seat_words(view, seat, _person(view)) for seat in advice.shown_out)
            reasons.append(f"{showed} showed out of {color} and may throw red cards on it")
        assert advice.winning is not None  # someone is winning a trick that was led
        holds = trick_points_words(rules, facts) + ("" if facts.last else " so far")
        if advice.takes_lead and (advice.last_to_play or unbeatable(view, card)):
            cannot = "you cannot duck: " if facts.beaters == len(view.legal) else ""
            reasons.append(f"{cannot}the trick is yours, {holds}")
        elif advice.takes_lead:
            reasons.append("it goes over the winning card, and a later card may still go higher")
        elif advice.card_points < 0 and advice.partner_winning:
            assert facts.winning_card is not None
            sure = advice.last_to_play or unbeatable(view, facts.winning_card)
            goes = "goes to your side" if sure else "goes to your side unless someone goes over"
            reasons.append(f"{_partner_words(view, advice.winning)} is winning it: the Golden Ten {goes}")
        elif advice.card_points < 0:
            how = "it ducks under the winning card" if card_color(card) == advice.led_suit else "you cannot follow"
            reasons.append(f"{how}, and the Golden Ten goes to whoever takes the trick")
        elif advice.partner_winning:  # the red cards your partner takes count against your side
            duck = f"it ducks under your partner's {_card_played_by(view, advice.winning)}"
            if advice.card_points > 0:
                duck += f", and puts {points_words(advice.card_points, red=True)} in the trick"
            reasons.append(duck)
        else:
            duck = (f"it ducks under {names[advice.winning]}'s {_card_played_by(view, advice.winning)}, "
                    "so you do not take the red cards")
            if advice.card_points > 0:
                duck += f", and it gives away {points_words(advice.card_points, red=True)}"
            reasons.append(duck)
    if advice.points is not None and advice.next_best is not None:
        reasons.append(stake_words(advice, verb="does", terse=terse))
    return f"Play {card_name(card)}: " + "; ".join(reasons) + "."


def _trumps_unseen(view: SeatView) -> bool:
    """Whether any trump (the Bird among them) is unseen by the seat to play: in another hand, or the nest."""
    assert view.trump is not None
    suit_of = view.rules.suit_of[view.trump]
    unseen = Knowledge.from_view(view).unseen
    return any(suit_of[c] == view.trump for c in cards_in(unseen))


def _card_played_by(view: SeatView, seat: int) -> str:
    """The card ``seat`` has played to the trick under way ("12g"), or "card" if it has played none."""
    if view.trick_leader is None:
        return "card"
    offset = (seat - view.trick_leader) % view.rules.players
    return card_name(view.trick[offset]) if offset < len(view.trick) else "card"


__all__ = ["action_words", "advice_line", "hint_line"]
