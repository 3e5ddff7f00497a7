"""The computer players of I Doubt It, by level (docs/rules.md, "I Doubt It": what each level does).

- ``easy`` plays a true card when it holds one, else any card at random; it
  doubts at random now and then, counting nothing.
- ``normal`` plays a true card when it holds one, else a card whose number it
  will not have to call at its next turn; it doubts when its own hand holds
  enough of the number called to make a true card unlikely (three or four of
  them, or two against a player's last card).
- ``strong`` counts the cards seen (``Knowledge``): its own hand, the cards it
  played itself, every card shown at a doubt, which of those known cards went
  into whose hand when a centre was taken, and how many of each number are
  still unaccounted for.  From that it reckons the chance that a play is true
  (certain when the player is known to hold one, impossible when every copy
  is elsewhere, else the chance that the player's unknown cards hold one).
  It doubts as a strong player would at a table of players who count: only
  on strong evidence, since a wrong doubt takes the centre.  A last card it
  doubts unless it is likely true (let go, it wins); any other card only
  when it is sure the card is false (every copy accounted for).  (Doubting
  every card it reckoned unlikely, as it once did, caught nearly every
  bluff and sent a table of strong players round to the play limit: with
  four players each seat calls numbers of one parity only.)  It bluffs with
  the card it will need last (the numbers its own turns will call, in order;
  a number it will never call is the first to go), and keeps a true card to
  shed one it never calls when no one can tell and the table seldom doubts a
  true card (``hunches``).
- ``random`` plays and doubts at random.
- ``bluffer``, a benchmark's stand-in for a person who bluffs freely, never a
  level to choose: it plays a true card it holds only three times in ten
  (``BLUFFER_TRUE``), else the card it needs last, and doubts as ``normal``.

A player's choice depends only on its seed and the view (``decision_rng``),
so a saved game is rebuilt from its actions alone; ``reaction(view)`` is when
it answers a doubt window (``players.reactions``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from math import inf
from typing import Any

from ..engine.cards import Card, card_name
from ..engine.doubt import DOUBT, HIGHEST, LET_GO, DoubtState, DoubtView, Lay, SeenDoubt, SeenPlay, next_number
from ..engine.patience_deck import number_of
from ..engine.protocol import article
from .reactions import reaction_delay

COPIES = 4
"""Cards of each number in the pack (one of each color)."""
PACK = 56
"""Cards in the pack, all dealt."""
BELIEF = 0.95
"""How sure a player can be that a card seen going into a hand is still there when that hand calls its number."""

KEEP_FROM = 4
"""The strong player keeps a true card and sheds a card it never calls only while it holds this many cards."""
RISKED = 12
"""... and only while the centre holds at most this many cards (what it takes if the bluff is doubted) ..."""
PASSES = 0.7
"""... and only when anyone at the table must reckon a true card at least this likely."""

SURE_FALSE = 0.0
"""The strong player doubts a card that is not a last one only when it reckons it true at most this likely."""
LAST_FALSE = 0.1
"""It doubts a player's last card when it reckons it false more than this likely (let go, it wins)."""

SHED_RISK = 0.3
"""... and only while the cards it expects to take, the centre with its own card times how often the table
doubts a true card (``hunches``: it would doubt a bluff no one can tell as often), are at most this many."""

EASY_DOUBT = 0.1
"""How often the easy player doubts, at random."""

BLUFFER_TRUE = 0.3
"""How often the benchmarks' ``bluffer`` plays a true card it holds (else the card it needs last)."""


@dataclass(frozen=True)
class DoubtAdvice:
    """A player's move and its reason, as a clause: "you hold a 7, play it"."""

    action: Any
    reason: str


def decision_rng(seed: int | None, view: DoubtView) -> random.Random:
    """The random numbers of one decision: the same seed and view give the same numbers."""
    return random.Random(f"{seed}:{view.seat}:{view.plays}:{len(view.seen)}:{view.offer is None}:{len(view.hand)}")


def numbers_held(hand: tuple[Card, ...]) -> Counter[int]:
    """How many cards of each number a hand holds."""
    return Counter(number_of(card) for card in hand)


def my_calls(view: DoubtView, turns: int) -> list[int]:
    """The numbers ``view.seat`` calls at its next ``turns`` turns, the first being ``view.number`` when it is
    its turn now (else the number it will call next time round, as things stand)."""
    players = len(view.names)
    if view.turn == view.seat:
        first = view.number
    else:
        # Seats from the one to play now (or the left of the player under doubt) round to this seat.
        player = view.turn if view.turn is not None else (view.last_play.seat + 1 if view.last_play else 0) % players
        steps = (view.seat - player) % players
        first = (view.number - 1 + steps) % HIGHEST + 1
    return [(first - 1 + players * turn) % HIGHEST + 1 for turn in range(turns)]


def bluff_card(view: DoubtView) -> Card:
    """The card needed last: each held number is given the turns at which this seat will call it (one card a
    call), and the card whose call comes latest (or never) goes."""
    calls = my_calls(view, 2 * HIGHEST)
    when: list[tuple[float, int, Card]] = []
    used: Counter[int] = Counter()
    for card in view.hand:
        number = number_of(card)
        times = [turn for turn, call in enumerate(calls) if call == number]
        index = used[number]
        used[number] += 1
        when.append((times[index] if index < len(times) else inf, number, card))
    return max(when)[2]


def hunches(view: DoubtView) -> float:
    """How often the table doubts a true card, as seen so far: wrong doubts a play (one in ten, before much is
    seen).  Players who doubt on a hunch doubt a bluff no one can tell just as often.

    >>> from ..engine.doubt import DoubtState
    >>> hunches(DoubtState.from_seed(1, 4).view(0))
    0.1
    """
    wrong = sum(1 for seen in view.seen if isinstance(seen, SeenDoubt) and number_of(seen.card) == seen.called)
    return (wrong + 1) / (view.plays + 10)


def true_cards(view: DoubtView) -> list[Card]:
    """The cards of the number to call in ``view``'s hand."""
    return [card for card in view.hand if number_of(card) == view.number]


# ------------------------------------------------------------------ what the strong player counts
class Knowledge:
    """What one seat can know of where the cards are, from its view alone, card by card.

    ``held[seat][card]`` is how sure this seat can be that another seat still holds ``card``, a card it has
    seen go into that hand (a card it had played itself, or one shown at a doubt, in a centre that seat took).
    A seat that calls a number it is known to hold is believed to play that card (players play a true card
    when they have one); a seat that plays without being believed may have played any of its cards, so each
    known card of its hand is a little less sure, and that much more likely in the centre.  ``pile`` is the
    centre's cards in order, each how sure this seat is of which card it is (empty: unknown).  A card shown
    is certain where it is, and nowhere else.  ``sizes`` is every hand's size as the game went.
    """

    def __init__(self, view: DoubtView) -> None:
        players = len(view.names)
        self.seat = view.seat
        self.held: list[dict[Card, float]] = [{} for _ in range(players)]
        self.pile: list[dict[Card, float]] = []
        self.sizes = [
            PACK // players + (1 if (seat - view.dealer - 1) % players < PACK % players else 0)
            for seat in range(players)
        ]
        self.seen: tuple[SeenPlay | SeenDoubt, ...] = ()
        self.update(view)

    def update(self, view: DoubtView) -> Knowledge:
        """Take in what ``view`` shows beyond what was taken in (the same seat's view, later in the same game:
        ``fits``)."""
        mine = dict(view.mine)
        for index in range(len(self.seen), len(view.seen)):
            seen = view.seen[index]
            if isinstance(seen, SeenPlay):
                self._play(seen, mine.get(index))
            else:
                self._doubt(seen)
        self.seen = view.seen
        return self

    def fits(self, view: DoubtView) -> bool:
        """Whether ``view`` goes on from what was taken in: the same seat, and everything seen so far seen the
        same way."""
        count = len(self.seen)
        return view.seat == self.seat and len(view.seen) >= count and view.seen[:count] == self.seen

    def _play(self, seen: SeenPlay, card: Card | None) -> None:
        seat = seen.seat
        before = self.sizes[seat]
        self.sizes[seat] -= 1
        if card is not None:
            self.pile.append({card: 1.0})
            return
        held = self.held[seat]
        true = [known for known in held if number_of(known) == seen.called]
        total = sum(held[known] for known in true)
        sure = min(BELIEF, total)
        entry: dict[Card, float] = {}
        for known in true if total > 0 else ():
            entry[known] = held[known] * sure / total
            held[known] -= entry[known]
        unsure = (1.0 - sure) / max(before, 1)  # the chance that any one other card of its hand was played
        for known in held:
            if known not in entry:
                entry[known] = held[known] * unsure
                held[known] -= entry[known]
        self.pile.append(entry)

    def _doubt(self, seen: SeenDoubt) -> None:
        for place in (*self.held, *self.pile):
            place.pop(seen.card, None)  # shown: it is here, and nowhere else
        if self.pile:
            self.pile[-1] = {seen.card: 1.0}
        self.sizes[seen.taker] += seen.size
        if seen.taker != self.seat:
            held = self.held[seen.taker]
            for entry in self.pile:
                for card, sure in entry.items():
                    held[card] = held.get(card, 0.0) + sure
        self.pile = []

    def known(self, seat: int) -> float:
        """How many of ``seat``'s cards are known, never more than it holds."""
        return min(float(self.sizes[seat]), sum(self.held[seat].values()))

    def chance_true(self, view: DoubtView) -> float:
        """The chance that the play under doubt is true, as this seat can reckon it."""
        assert view.last_play is not None
        player, called = view.last_play.seat, view.last_play.called
        last = self.pile[-1] if self.pile else {}
        sure = sum(weight for card, weight in last.items() if number_of(card) == called)
        if sum(last.values()) >= 1.0:
            return sure
        unknown = self.chance_unknown(view.hand, player, called, sum(last.values()), self.pile[:-1])
        return sure + (1.0 - sure) * unknown

    def chance_holds(self, hand: tuple[Card, ...], seat: int, number: int) -> float:
        """The chance that ``seat`` holds a card of ``number`` now, as a seat holding ``hand`` can reckon it."""
        held = self.held[seat]
        sure = min(1.0, sum(weight for card, weight in held.items() if number_of(card) == number))
        return sure + (1.0 - sure) * self.chance_unknown(hand, seat, number, -1.0, self.pile)

    def chance_unknown(self, hand: tuple[Card, ...], seat: int, number: int, played: float,
                       pile: list[dict[Card, float]]) -> float:
        """The chance that ``seat``'s unknown cards hold a card of ``number``: the copies accounted for
        nowhere spread over every unknown card of the others' hands and the centre (``pile``, the play under
        doubt left out).  ``played`` is how sure the card under doubt is, or -1 for no card under doubt."""
        mine = set(hand)
        elsewhere = float(sum(1 for card in mine if number_of(card) == number))
        for place in (*self.held, *pile):
            elsewhere += sum(weight for card, weight in place.items() if number_of(card) == number and card not in mine)
        free = COPIES - elsewhere
        if free < 0.05:
            return 0.0
        players = range(len(self.sizes))
        slots = self.sizes[seat] - self.known(seat) + (1 - played if played >= 0 else 0)
        others = sum(self.sizes[other] - self.known(other) for other in players if other not in (seat, self.seat))
        others += sum(1.0 - sum(entry.values()) for entry in pile)
        slots, others = max(slots, 0.0), max(others, 0.0)
        if slots + others <= 0:
            return 0.0
        return 1.0 - (others / (slots + others)) ** free


def worth_doubting(view: DoubtView, chance: float) -> bool:
    """Whether the strong player doubts a play it reckons true with ``chance``: a last card unless it is likely
    true (let go, it wins); any other only when it is sure the card is false (``SURE_FALSE``)."""
    assert view.last_play is not None
    if view.counts[view.last_play.seat] == 0:
        return 1.0 - chance > LAST_FALSE
    return chance <= SURE_FALSE


# ------------------------------------------------------------------ the players
class DoubtPlayer:
    """A computer player of I Doubt It at ``level`` (easy, normal, strong or random)."""

    def __init__(self, level: str, seed: int | None = None, sheds: bool = True) -> None:
        self.level = level
        self.sheds = sheds
        """Whether the strong player may keep a true card to shed one it never calls (the hint does not:
        it names a true card whenever you hold one)."""
        self.name = level
        self.seed = seed
        self._knowledge: Knowledge | None = None
        self._public: Knowledge | None = None
        """What was counted at the last decision, carried on when the next view goes on from it (the same
        figures as counting again from the start, only quicker)."""

    def choose(self, view: DoubtView) -> Any:
        return self.advise(view).action

    def public(self, view: DoubtView) -> Knowledge:
        """What anyone at the table can count (no hand, no card of their own played)."""
        seen = dataclasses.replace(view, seat=-1, hand=(), mine=())
        if self._public is None or not self._public.fits(seen):
            self._public = Knowledge(seen)
        return self._public.update(seen)

    def knowledge(self, view: DoubtView) -> Knowledge:
        """What this seat can count from ``view``."""
        if self._knowledge is None or not self._knowledge.fits(view):
            self._knowledge = Knowledge(view)
        return self._knowledge.update(view)

    def reaction(self, view: DoubtView) -> float:
        """Seconds after the doubt window opens that this player answers."""
        return reaction_delay(self.level, decision_rng(self.seed, view))

    def advise(self, view: DoubtView) -> DoubtAdvice:
        rng = decision_rng(self.seed, view)
        if view.offer is not None:
            return self._answer(view, rng)
        return self._play(view, rng)

    # ------------------------------------------------------------ playing
    def _play(self, view: DoubtView, rng: random.Random) -> DoubtAdvice:
        true = true_cards(view)
        if self.level == "random":
            return DoubtAdvice(Lay(rng.choice(view.hand)), "any card, at random")
        if self.level == "bluffer" and (not true or rng.random() >= BLUFFER_TRUE):
            card = bluff_card(view)
            return DoubtAdvice(Lay(card), f"play {card_name(card)}, the card you need last, whatever is called")
        if true and self.level == "strong" and self.sheds and len(view.hand) >= KEEP_FROM:
            calls = my_calls(view, 2 * HIGHEST)
            dead = [card for card in view.hand if number_of(card) not in calls]
            public = self.public(view).chance_holds((), view.seat, view.number)
            risk = hunches(view) * (view.pile + 1)
            if dead and view.pile <= RISKED and public >= PASSES and risk <= SHED_RISK:
                card = bluff_card(view)
                return DoubtAdvice(Lay(card), f"you hold {article(view.number)} {view.number}, but keep it: "
                                              f"play {card_name(card)}, {article(number_of(card))} "
                                              f"{number_of(card)} you never call; no one can tell")
        if true:
            card = true[0]
            held = f"{article(view.number)} {view.number}"
            return DoubtAdvice(Lay(card), f"you hold {held}: play {card_name(card)}, a true card")
        if self.level == "easy":
            return DoubtAdvice(Lay(rng.choice(view.hand)), f"you hold no {view.number}: any card will do")
        if self.level == "normal":
            following = my_calls(view, 2)[1]
            spare = [card for card in view.hand if number_of(card) != following] or list(view.hand)
            card = rng.choice(spare)
            return DoubtAdvice(Lay(card), f"you hold no {view.number}: play {card_name(card)}, "
                                          f"keeping your {following}s for your next turn")
        card = bluff_card(view)
        calls = my_calls(view, 2 * HIGHEST)
        number = number_of(card)
        when = "a number you never call" if number not in calls else "the number you need last"
        return DoubtAdvice(Lay(card), f"you hold no {view.number}: play {card_name(card)}, {number} is {when}")

    # ------------------------------------------------------------ doubting
    def _answer(self, view: DoubtView, rng: random.Random) -> DoubtAdvice:
        assert view.last_play is not None
        player, called = view.last_play.seat, view.last_play.called
        name = view.names[player]
        mine = numbers_held(view.hand)[called]
        if self.level == "random":
            return DoubtAdvice(rng.choice((DOUBT, LET_GO)), "at random")
        if self.level == "easy":
            if rng.random() < EASY_DOUBT:
                return DoubtAdvice(DOUBT, "a hunch")
            return DoubtAdvice(LET_GO, "no reason to doubt")
        if self.level in ("normal", "bluffer"):
            last = view.counts[player] == 0
            if mine == COPIES:
                return DoubtAdvice(DOUBT, f"you hold all four {called}s")
            if mine == COPIES - 1 and rng.random() < 0.6 or last and mine >= 2:
                return DoubtAdvice(DOUBT, f"you hold {mine} of the four {called}s")
            if rng.random() < 0.03:
                return DoubtAdvice(DOUBT, "a hunch")
            return DoubtAdvice(LET_GO, f"{name} may well hold {article(called)} {called}")
        chance = self.knowledge(view).chance_true(view)
        percent = round(100 * chance)
        doubt = worth_doubting(view, chance)
        if view.counts[player] == 0:
            if doubt:
                return DoubtAdvice(DOUBT, f"it is {name}'s last card, and a true {called} is only {percent}% likely")
            return DoubtAdvice(LET_GO, f"it is {name}'s last card, but a true {called} is {percent}% likely")
        if doubt:
            if chance == 0.0:
                return DoubtAdvice(DOUBT, f"{name} cannot hold {article(called)} {called}: every one is accounted for")
            return DoubtAdvice(
                DOUBT, f"{name} can hardly hold {article(called)} {called}: a true one is {percent}% likely"
            )
        if chance >= BELIEF:
            return DoubtAdvice(LET_GO, f"{name} is known to hold {article(called)} {called}")
        return DoubtAdvice(LET_GO, f"a true {called} is {percent}% likely: not sure enough to risk the centre")


class CheatingDoubtPlayer(DoubtPlayer):
    """The strong player that sees the card under doubt: a benchmark's yardstick (level ``cheat``), never an
    opponent.  It doubts every false card and no true one, at the strong player's speed, and plays as the
    strong player does; ``bench.party`` measures how much of its edge the fair players reach."""

    needs_state = True

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("strong", seed)
        self.name = "cheat"

    def choose_with_state(self, state: DoubtState, seat: int) -> Any:
        """Choose seeing the card under doubt (the engine's ``last``: seat, card, number called)."""
        view = state.view(seat)
        if view.offer is not None and state.last is not None:
            _player, card, called = state.last
            if number_of(card) != called:
                return DOUBT
            return LET_GO
        return self.choose(view)


def player_maker(level: str) -> Any:
    """The maker of ``level``'s player from a seed, for ``register_players``."""
    if level == "cheat":
        return CheatingDoubtPlayer
    return lambda seed: DoubtPlayer(level, seed)


__all__ = ["CheatingDoubtPlayer", "DoubtAdvice", "DoubtPlayer", "Knowledge", "bluff_card", "my_calls", "next_number",
           "player_maker"]
