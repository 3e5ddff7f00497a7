"""The ``hint`` command: the strong player's move for the seat to act, and one reason a person can follow.

The strong search player does the thinking (``SearchPlayer.choose`` and its
analyses); this module only puts what it found into one short line:

    Play 14r: your partner North is winning the trick; it gives him 10 points.
"""

from __future__ import annotations

from ..engine import (
    BIRD,
    COLOR_NAMES,
    Bid,
    Check,
    Phase,
    SeatView,
    card_name,
    card_names,
    cards_in,
    mask_of,
)
from ..players.search.bidding import plan_bid
from ..players.search.knowledge import Knowledge
from ..players.search.nest import choose_nest, choose_trump
from ..players.search.player import SearchPlayer
from ..players.search.tables import trump_tables


def hint_line(view: SeatView, player: SearchPlayer) -> str:
    """The move ``player`` would make for ``view.seat`` now, with its reason, as one line."""
    if view.turn != view.seat:
        return "No hint: it is not your turn."
    rng = player.rng_for(view)
    source = player.deal_source(view)
    if view.phase is Phase.BIDDING:
        plan = plan_bid(view, player.budget, rng, source, player.bid_tuning)
        expected = round(plan.expected_points / 5) * 5
        if isinstance(plan.action, Bid):
            return f"Bid {plan.action.amount}: your hand should take about {expected} points with the nest."
        verb = "Check" if isinstance(plan.action, Check) else "Pass"  # where checking is allowed, a pass checks
        if plan.limit is None:
            return f"{verb}: your hand should take only about {expected} points, too few to bid safely."
        return f"{verb}: your hand is worth a bid of {plan.limit} at most, and the bidding is past it."
    if view.phase is Phase.DISCARD:
        choice = choose_nest(view, player.budget, rng, source)
        return f"Discard {card_names(cards_in(choice.discard))} and name {COLOR_NAMES[choice.trump]} trump: " + _nest_reason(
            view, choice.trump, choice.discard
        )
    if view.phase is Phase.TRUMP:
        choice = choose_trump(view, player.budget, rng, source)
        hand = mask_of(view.hand)
        trumps = trump_tables(view.rules, choice.trump).trump_mask & hand
        return f"Trump {COLOR_NAMES[choice.trump]}: you hold {trumps.bit_count()} of it, {card_names(_high_first(view, choice.trump, trumps))}."
    if view.phase is Phase.PLAY:
        return _play_hint(view, player)
    return "No hint: the game is over."


def _high_first(view: SeatView, trump: int, cards: int) -> list[int]:
    rank = trump_tables(view.rules, trump).rank
    return sorted(cards_in(cards), key=lambda card: -rank[card])


def _nest_reason(view: SeatView, trump: int, discard: int) -> str:
    rules = view.rules
    kept = mask_of(view.hand) & ~discard
    tables = trump_tables(rules, trump)
    parts = [f"it keeps {(kept & tables.trump_mask).bit_count()} trumps"]
    voids = [COLOR_NAMES[color] for color in range(4)
             if color != trump and not kept & tables.suit_cards[color] and mask_of(view.hand) & tables.suit_cards[color]]
    if voids:
        parts.append(f"leaves you void in {' and '.join(voids)}")
    buried = rules.points_in(discard)
    if buried:
        parts.append(f"buries {buried} points")
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] + "."


def _play_hint(view: SeatView, player: SearchPlayer) -> str:
    analysis = player.analyse(view)
    card = analysis.chosen
    rules = view.rules
    assert view.trump is not None
    tables = trump_tables(rules, view.trump)
    reasons: list[str] = []
    trick = list(view.trick)
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    partner = view.partners[0] if view.partners else None
    points = rules.points
    if trick:
        led = tables.suit[trick[0]]
        powers = rules.trick_powers[view.trump][trick[0]]
        values = [powers[c] for c in trick]
        best = max(values)
        winner = (leader + values.index(best)) % rules.players
        names = rules.names
        who_led = "your partner " + names[leader] if leader == partner else names[leader]
        led_name = "trump" if led == view.trump else COLOR_NAMES[led]
        reasons.append(f"{who_led} leads {led_name}")
        voids = _shown_out_after(view, led)
        if voids:
            reasons.append(f"{' and '.join(voids)} showed out of {led_name}")
        trick_points = sum(points[c] for c in trick)
        if view.team_of[winner] == view.side and powers[card] <= best:
            reasons.append(f"{names[winner]} is winning the trick")
            if points[card]:
                reasons.append(f"it gives {points[card]} points to your side")
        elif powers[card] > best:
            total = trick_points + points[card]
            reasons.append(f"it takes the lead in a trick worth {total} points so far" if len(trick) < rules.players - 1
                           else f"it wins {total} points")
        elif not points[card]:
            reasons.append("you cannot win it, so it throws a card that loses nothing")
    else:
        if card == BIRD or tables.suit[card] == view.trump:
            reasons.append("you lead trump to draw out the other side's trumps")
        else:
            reasons.append(f"you lead {COLOR_NAMES[tables.suit[card]]}")
    if analysis.exact:
        reasons.append(f"the last tricks are solved exactly: your side takes {round(analysis.results[card].mean_points)} more points")
    elif analysis.samples:
        reasons.append(f"over {analysis.samples} likely deals your side takes about {round(analysis.results[card].mean_points)} more points")
    return f"Play {card_name(card)}: " + "; ".join(reasons) + "."


def _shown_out_after(view: SeatView, suit: int) -> list[str]:
    """Opponents still to play to this trick who have shown out of ``suit``."""
    knowledge = Knowledge.from_view(view)
    rules = view.rules
    assert view.trump is not None
    suit_cards = trump_tables(rules, view.trump).suit_cards[suit]
    names = []
    for offset in range(1, rules.players - len(view.trick)):
        other = (view.seat + offset) % rules.players
        if view.team_of[other] != view.side and knowledge.excluded.get(other, 0) & suit_cards:
            names.append(rules.names[other])
    return names


__all__ = ["hint_line"]
