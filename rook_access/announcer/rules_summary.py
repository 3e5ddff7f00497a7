"""A short summary of the rules being played, read from the rule set itself (the ``rules`` command).

Every line is made from the ``RuleSet``'s values, so the summary is always
the game the engine plays, table options included; the last line names the
table options the game declares (``engine.games``) with their values.
"""

from __future__ import annotations

from ..engine import BirdRank, RuleSet, Teams
from ..engine.cards import BIRD
from ..engine.games import GAMES, trick_option_values, trick_summary
from ..engine.protocol import spoken_name
from ..engine.rules import TrumpSource

_NUMBER_WORDS = {1: "1s", 5: "5s", 10: "10s", 14: "14s"}


def _counters(rules: RuleSet) -> str:
    if rules.avoid_points:  # Flip
        reds = sum(points for points in rules.points if points > 0)
        return (f"Red cards count against their taker: the red 10 ten, the red 5 five, every other red card one, "
                f"{reds} a hand. The Golden Ten, the yellow 10, takes 10 off its taker's red count for the hand, "
                "or all of it if it is 10 or less.")
    if rules.points_per_trick:  # High 14
        worth = ", ".join(f"each {number} counts {points}" for number, points in rules.counter_values)
        return (f"Each trick counts {rules.points_per_trick}, {worth}, the 14s nothing: "
                f"{rules.total_points} points a hand.")
    by_points: dict[int, list[str]] = {}
    for number, points in rules.counter_values:
        if number in rules.numbers:
            by_points.setdefault(points, []).append(_NUMBER_WORDS.get(number, f"{number}s"))
    parts = [f"{' and '.join(words)} {points}" for points, words in sorted(by_points.items())]
    if rules.uses_bird and rules.points[BIRD]:
        parts.append(f"the Bird {rules.points[BIRD]}")
    return f"Counters: {', '.join(parts)}; {rules.total_points} points in all."


def _deck(rules: RuleSet) -> str:
    numbers = rules.numbers
    if rules.ones_high:
        cards = f"1 and {numbers[1]} to 14"
    else:
        cards = f"{numbers[0]} to 14"
    bird = " and the Rook Bird" if rules.uses_bird else ", no Bird"
    return f"{len(rules.deck)} cards: {cards} in each color{bird}."


def _deal(rules: RuleSet) -> str:
    if rules.center_to_first_trick:
        center = (f", and the {rules.nest_size} left over lie face down in the center for whoever takes the "
                  "first trick" if rules.nest_size else "")
        return f"The whole pack is dealt one card at a time, {rules.hand_size} each{center}."
    if rules.deal_whole_pack:
        return _whole_pack(rules)
    aside = f", and {rules.out_of_play} are laid aside unseen" if rules.out_of_play else ""
    dummy = " (the dummy's too)" if rules.dummy else ""
    if not rules.nest_size:  # the whole pack dealt (the 1913 games)
        return f"Each hand gets {rules.hand_size} cards{' or one more' if rules.odd_cards else ''}; there is no nest."
    return f"Each hand{dummy} gets {rules.hand_size} cards; {rules.nest_size} go to the nest{aside}."


def _whole_pack(rules: RuleSet) -> str:
    """The deal of the whole pack (the 1913 games): the hands, and the odd cards.

    >>> from rook_access.engine.rules import ROOK_1913
    >>> print(_whole_pack(ROOK_1913.at_table(6)))  # doctest: +NORMALIZE_WHITESPACE
    The whole pack is dealt a card at a time from the dealer's left, no nest: 9 cards each, 10 for the 2 players
    nearest the dealer's left; after 9 tricks the odd cards go, unplayed, to the last trick's taker.
    """
    start = "The whole pack is dealt a card at a time from the dealer's left, no nest:"
    odd = rules.odd_cards
    if not odd:
        return f"{start} {rules.hand_size} cards each."
    nearest = "the player" if odd == 1 else f"the {odd} players"
    card = "the odd card goes" if odd == 1 else "the odd cards go"
    return (
        f"{start} {rules.hand_size} cards each, {rules.hand_size + 1} for {nearest} nearest the dealer's left; "
        f"after {rules.hand_size} tricks {card}, unplayed, to the last trick's taker."
    )


def _bidding(rules: RuleSet) -> list[str]:
    if rules.trump_from is TrumpSource.NONE:
        return ["No bidding and no trump. The dealer's left leads."]
    if rules.trump_from is TrumpSource.CUT:
        return ["No bidding. Before the deal the player at the dealer's right cuts the pack: "
                "the color of the card shown is trump. The dealer's left leads."]
    if not rules.bidding:
        return [
            "No bidding: trump is the color of the nest's top card "
            "(a Bird goes to the bottom and the next card is turned).",
            "The nest stays out of play.",
        ]
    lines = [
        f"Bids go from {rules.min_bid} to {rules.max_bid} in steps of {rules.bid_step}; a pass is final for the hand."
    ]
    if rules.dealer_opens:
        lines.append(f"The dealer bids first and must bid; then each player to the left raises by {rules.bid_step} "
                     "or more, or passes.")
    if not rules.nest_size:
        lines.append("The high bidder names trump; the player at the dealer's left leads.")
        return lines
    if rules.dummy:
        lines.append("The two players bid; the dummy does not.")
    if rules.checking:
        lines.append("Before anyone bids you may check once instead: you keep the right to bid later.")
    if not rules.nest_size:
        lines.append("The high bidder names trump.")
        return lines
    lines.append(
        f"The high bidder takes the nest, lays {rules.nest_size} cards aside and names trump;"
        " whoever takes the last trick gets the cards laid aside."
    )
    return lines


def _teams(rules: RuleSet, you: int | None = None) -> str:
    """Who plays with whom; ``you`` (a seat) is said as "you", and their side first.

    >>> from rook_access.engine.rules import PARTNERSHIP
    >>> _teams(PARTNERSHIP)
    'Partners: South and North against West and East; each side keeps one score.'
    >>> _teams(PARTNERSHIP, you=3)
    'Partners: you and West against South and North; each side keeps one score.'
    """
    names = ["you" if seat == you else name for seat, name in enumerate(rules.names)]
    if rules.teams is Teams.FIXED:
        ordered = sorted(rules.partnerships, key=lambda side: you not in side)  # your side first
        sides = " against ".join(
            " and ".join(names[seat] for seat in sorted(side, key=lambda seat: seat != you)) for side in ordered
        )
        return f"Partners: {sides}; each side keeps one score."
    if rules.teams is Teams.ROTATING:
        return f"Partners change every {rules.rotation_hands} hands; each player keeps a score of their own."
    if rules.teams is Teams.BIDDER_AGAINST_PARTNERS and rules.dummy:
        return (
            "The player who wins the bid plays alone; the other plays the dummy too, and the dummy's tricks count "
            "for that player."
        )
    if rules.teams is Teams.BIDDER_AGAINST_PARTNERS:
        return (
            "The bid winner plays alone against the other two, "
            "partners for the hand; each of them scores what they take together."
        )
    if rules.teams is Teams.BIDDER_ALONE:
        return ("The bid winner plays alone against everyone; "
                "every other player scores the counters in the tricks they take.")
    return "Each player plays alone and keeps a score."


def _bird(rules: RuleSet) -> str | None:
    if not rules.uses_bird:
        return None
    return {
        BirdRank.HIGH: "The Bird is the highest trump, and may be played at any time.",
        BirdRank.LOW: "The Bird is the lowest trump: it beats every other color, and may be played at any time.",
        BirdRank.TEN_AND_A_HALF: "The Bird ranks between the 10 and the 11 of trump and follows suit like any trump.",
    }[rules.bird_rank]


def _taking(rules: RuleSet) -> str:
    """How a trick is played and won."""
    if rules.fourteens_any_time:
        return ("Follow the color led if you can, but a 14 may be played at any time. The 14 of the color led "
                "takes the trick; else the first 14 played; else the highest trump; else the highest card "
                "of the color led.")
    if rules.trump_from is TrumpSource.NONE:
        return "Follow the color led if you can; the highest card of the color led takes the trick."
    return ("Follow the color led if you can; the highest trump, "
            "or else the highest card of the color led, takes the trick.")


def _scoring(rules: RuleSet, whole_game: bool = True) -> list[str]:
    if rules.avoid_points and rules.hands_limit:
        hands = f"{rules.hands_limit} deal{'s' if rules.hands_limit != 1 else ''}"
        whose = "Each side keeps" if rules.scores_by_side else "Each player keeps"
        return [f"{whose} a score of points against; after {hands} the lowest total wins, "
                "and equal lowest totals draw."]
    lines = []
    if rules.made_others_score_tricks_only:  # Display Rook
        lines.append("Bidders who take their bid score all they take, the others only their tricks; "
                     "bidders short of it lose the bid, and the others score all they take.")
    elif rules.bidding:
        lines.append("Bidders who take their bid score all they take; "
                     "otherwise they lose the bid. The others score what they take.")
    elif rules.points_per_trick:
        lines.append("Everyone scores what they take" + (", each side together." if rules.scores_by_side else "."))
    else:
        lines.append("Everyone scores the counters they take.")
    if rules.all_tricks_bonus:
        lines.append(f"Taking every trick adds {rules.all_tricks_bonus} points.")
    if rules.most_tricks_bonus and not rules.nest_is_trick:  # Dixie Rook says it with the nest and the cut
        toward = "counts toward the bid" if rules.trick_bonus_makes_bid else "the bid is made in counters alone"
        lines.append(
            f"The side that takes most tricks scores {rules.most_tricks_bonus} more, none on a tie or when set back; "
            f"{toward}; "
            f"{rules.total_points + rules.most_tricks_bonus} points a hand in all."
        )
    if not whole_game:
        pass  # the round's end is the larger game's to say
    elif rules.hands_limit:
        hands = f"{rules.hands_limit} hand{'s' if rules.hands_limit != 1 else ''}"
        lines.append(f"After {hands} the highest score wins; equal scores draw.")
    else:
        lines.append(
            f"The game ends after a hand in which {'a side' if rules.scores_by_side else 'someone'} has "
            f"{rules.target_score} or more; the highest wins, "
            "and a tie at the top plays another hand."
        )
    return lines


def rules_summary(rules: RuleSet, whole_game: bool = True, you: int | None = None, online: bool = False) -> list[str]:
    """The rules of the game being played, in a few short lines.

    ``whole_game`` False: the game is one round of something larger (a progressive party's table), which
    decides how it ends and its table options, so those two lines are left out.  ``you``: the seat of the
    player who asks, said as "you", first (at an online table, where the others are named by name or place,
    one's own place name is heard as another player's).  ``online``: the game is an online table's, whose
    options were fixed when it was made: a setting changed there is for the player's own next game.
    """
    title = rules.title[0].upper() + rules.title[1:]
    players = len(rules.people)
    # "The Game for 5 Players" names its players already: "The Game for 5 Players, 5 players." said it twice.
    count = "" if f"{players} players" in title.lower() else f", {players} players"
    lines = [f"{title}{count}{' and a dummy hand' if rules.dummy else ''}.", _deck(rules), _deal(rules)]
    lines += _bidding(rules)
    lines.append(_teams(rules, you))
    if rules.dummy:
        lines.append(
            f"Half the dummy's cards ({rules.dummy_face_up}) are face up during the bidding, all of them after trump; "
            "the dummy leads the first trick."
        )
    bird = _bird(rules)
    if bird:
        lines.append(bird)
    lines.append(_taking(rules))
    lines.append(_counters(rules))
    lines += _nest_trick_and_cut(rules)
    lines += _scoring(rules, whole_game)
    if whole_game:
        lines.append(_table_options(rules, online))
    return lines


def _nest_trick_and_cut(rules: RuleSet) -> list[str]:
    """Dixie Rook's rules of the nest as a trick, the cut on equal tricks and the 14 that counts nothing."""
    lines = []
    if 13 in dict(rules.counter_values) and 14 not in dict(rules.counter_values):  # Dixie Rook's 13 counts
        lines.append("The 14 counts nothing, but it is the highest card of its color.")
    if rules.nest_is_trick:
        bid = ", which counts toward the bid" if rules.trick_bonus_makes_bid else ""
        lines.append(
            f"The nest counts as a trick. The side with more tricks gets {rules.most_tricks_bonus}{bid}: "
            f"{rules.total_points + rules.most_tricks_bonus} points a hand in all."
        )
    if rules.trick_points:
        tricks = rules.trick_points * rules.hand_size
        lines.append(f"Each trick is worth {rules.trick_points} more: {rules.total_points + tricks} points a hand.")
    if rules.dealer_partner_displays:  # the dealer's opening is said with the bidding
        lines.append(
            "After the first card the dealer's partner lays the hand face up, and the dealer plays it: "
            "the dummy command says it."
        )
    if rules.cut_for_tricks:
        lines.append(
            f"On equal tricks all cut; each side adds its cut cards' numbers, the higher gets the "
            f"{rules.most_tricks_bonus}; equal sums cut again."
        )
    return lines


def _table_options(rules: RuleSet, online: bool = False) -> str:
    """The declared table options this game has, with their values now, and how one is changed: at home for the
    next game; at an online table, made with its options, for the player's next game at home or table they
    make (``join --new`` takes the table options from the settings)."""
    values = dict(trick_option_values(rules))
    game = GAMES.get(rules.name)
    declared = [option.name for option in game.options] if game else list(values)
    shown = [
        f"{spoken_name(name)} {'on' if value is True else 'off' if value is False else value}"
        for name in declared
        if (value := values.get(name)) is not None
    ]
    if online:
        return (f"Table options: {', '.join(shown)}, fixed for this table; settings, its name and a value, changes one "
                "for your next game at home or table you make.")
    return f"Table options: {', '.join(shown)}; to change one for the next game: settings, its name and a value."


def variant_line(rules: RuleSet) -> str:
    """The game in one line: its title, players and the way it is played (as ``--list-variants`` says it)."""
    return trick_summary(rules)
