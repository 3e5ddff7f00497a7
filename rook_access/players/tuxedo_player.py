"""The computer players of Tuxedo, by level (docs/rules.md, "Tuxedo", says what each does).

- ``easy`` plays any legal move at random, and calls Orange late and
  seldom: it misses most Oranges and now and then calls one wrongly;
- ``normal`` takes the capture worth the most points (cards, 5s, a sweep,
  an Orange), and when it cannot take, lays its least useful card; it
  calls most Oranges;
- ``strong`` weighs each move by what it gains (cards toward "most cards",
  5s, sweeps, Oranges) less what the next player is likely to take from
  the centre it leaves (the sums the unseen cards can make), builds when
  no one else is likely to hold the build's sum, and is rarely wrong about
  an Orange;
- ``random`` picks among the legal actions, calls included, at random.

A player's choice depends only on its seed and the view (its random numbers
are drawn for each decision from both).

    >>> from rook_access.engine.tuxedo import TuxedoState
    >>> game = TuxedoState.from_seed(5, players=3)
    >>> seat = game.turn
    >>> TuxedoPlayer("strong", 1).choose(game.view(seat)) in game.legal_actions(seat)
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine.cards import RED, YELLOW, Card, card_name
from ..engine.patience_deck import HIGHEST, PATIENCE_PACK, color_of, number_of
from ..engine.tuxedo import (
    BIG_SWEEP,
    BIG_SWEEP_CARDS,
    LITTLE_SWEEP,
    ORANGE_POINTS,
    Build,
    Lay,
    NoOrange,
    Orange,
    Pile,
    Take,
    TuxedoState,
    TuxedoView,
    capture_groups,
    is_orange,
)
from .reactions import reaction_delay

CARD_WORTH = 0.5
"""A card taken, toward "most cards" (15 points shared out over the pack)."""

CALLS: dict[str, tuple[float, float]] = {
    "easy": (0.35, 0.06),
    "normal": (0.8, 0.02),
    "strong": (0.97, 0.005),
    "random": (0.5, 0.5),
}
"""Each level's chance to call a right Orange, and to call one that is wrong."""


@dataclass(frozen=True)
class TuxedoAdvice:
    """A move and its reason, for ``hint``."""

    action: Any
    rule: str


def capture_points(card: Card, groups: tuple[tuple[Card, ...], ...], sweep: bool) -> float:
    """What a capture is worth now: its cards toward the most, its 5s, its sweep and its Orange."""
    taken = [c for group in groups for c in group]
    fives = sum(number_of(c) == 5 for c in (*taken, card))
    points = CARD_WORTH * (len(taken) + 1) + 5 * fives
    if sweep:
        points += BIG_SWEEP if len(taken) >= BIG_SWEEP_CARDS else LITTLE_SWEEP
    if is_orange(taken):
        points += ORANGE_POINTS
    return points


def after_take(card: Card, centre: tuple[Pile, ...]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Pile, ...]]:
    """The cards ``card`` takes (by group) and the centre it leaves."""
    groups = capture_groups(card, centre)
    used = {index for group in groups for index in group}
    cards = tuple(tuple(c for index in group for c in centre[index].cards) for group in groups)
    return cards, tuple(pile for index, pile in enumerate(centre) if index not in used)


def after_move(action: Any, seat: int, centre: tuple[Pile, ...]) -> tuple[Pile, ...]:
    """The centre after a lay or a build."""
    if isinstance(action, Lay):
        return (*centre, Pile((action.card,)))
    if isinstance(action, Build):
        return tuple(Pile((*pile.cards, action.card), seat) if action.on in pile.cards else pile for pile in centre)
    return after_take(action.card, centre)[1]


class TuxedoPlayer:
    """A computer player of Tuxedo at ``level`` (easy, normal, strong or random)."""

    def __init__(self, level: str = "normal", seed: int | None = None, exact_calls: bool = False) -> None:
        self.level = level if level in CALLS else "normal"
        self.exact_calls = exact_calls
        """Always right about Orange, with the reason (the ``hint`` command's player)."""
        self.name = f"tuxedo-{self.level}"
        self.seed = seed if seed is not None else random.randrange(2**32)

    def _rng(self, view: TuxedoView, purpose: str = "") -> random.Random:
        return random.Random(f"{self.seed}:{view.seat}:{view.deal}:{view.step}:{purpose}")

    def reaction(self, view: Any) -> float:
        """Seconds after the call window opens that this player answers."""
        return reaction_delay(self.level, self._rng(view, "reaction"))

    def choose(self, view: TuxedoView) -> Any:
        return self.advise(view).action

    # ---------------------------------------------------------------- advice
    def advise(self, view: TuxedoView) -> TuxedoAdvice:
        legal = list(view.legal)
        if not legal:
            raise ValueError("no legal action for this seat now")
        rng = self._rng(view)
        if view.offer is not None:
            return self._call(view, rng)
        if self.level in ("easy", "random"):
            return TuxedoAdvice(rng.choice(legal), "any move will do")
        takes = [action for action in legal if isinstance(action, Take)]
        if self.level == "normal":
            if takes:
                best = max(takes, key=lambda take: self._take_points(take, view))
                return TuxedoAdvice(best, self._take_reason(best, view))
            lays = [action for action in legal if isinstance(action, Lay)]
            if lays:
                return TuxedoAdvice(min(lays, key=lambda lay: _lay_cost(lay.card)), "nothing to take")
            return TuxedoAdvice(legal[0], "build")
        return self._strong(view, legal)

    def _call(self, view: TuxedoView, rng: random.Random) -> TuxedoAdvice:
        right = view.capture is not None and is_orange(view.capture.taken)
        if self.level == "random":
            return TuxedoAdvice(rng.choice(list(view.legal)), "any answer will do")
        if self.exact_calls:
            return _exact_call(view)
        call_right, call_wrong = CALLS[self.level]
        if rng.random() < (call_right if right else call_wrong):
            return TuxedoAdvice(Orange(), "call Orange")
        return TuxedoAdvice(NoOrange(), "let it go")

    def _take_points(self, take: Take, view: TuxedoView) -> float:
        groups, left = after_take(take.card, view.centre)
        return capture_points(take.card, groups, not left)

    def _take_reason(self, take: Take, view: TuxedoView) -> str:
        groups, left = after_take(take.card, view.centre)
        taken = [c for group in groups for c in group]
        what = f"it takes {len(taken)} {'card' if len(taken) == 1 else 'cards'}"
        extras = []
        if not left:
            extras.append("a sweep")
        if any(number_of(c) == 5 for c in (*taken, take.card)):
            extras.append("a 5")
        if is_orange(taken):
            extras.append("an Orange")
        return what + (f", with {' and '.join(extras)}" if extras else "")

    # ---------------------------------------------------------------- strong
    def _unseen(self, view: TuxedoView) -> dict[int, int]:
        known = set(view.hand) | set(view.gone) | {c for pile in view.centre for c in pile.cards}
        counts: dict[int, int] = {}
        for card in PATIENCE_PACK:
            if card not in known:
                counts[number_of(card)] = counts.get(number_of(card), 0) + 1
        return counts

    def _danger(self, view: TuxedoView, centre: tuple[Pile, ...], unseen: dict[int, int], holding: int) -> float:
        """What the next player is likely to take from ``centre``: the most any number they may hold is
        worth, weighed by the chance that they hold one."""
        total = sum(unseen.values())
        if not centre or total == 0 or holding == 0:
            return 0.0
        worst = 0.0
        for number in range(1, HIGHEST + 1):
            count = unseen.get(number, 0)
            if not count:
                continue
            chance = 1 - (1 - min(1.0, holding / total)) ** count
            groups, left = after_take(_probe(number), centre)
            if groups:
                worst = max(worst, chance * capture_points(_probe(number), groups, not left))
        return worst

    def _build_safety(self, view: TuxedoView, value: int, unseen: dict[int, int], others: list[int]) -> float:
        """The chance that no other player holding cards (``others``) holds a card of ``value`` to take the
        build first."""
        held = unseen.get(value, 0)
        total = max(1, sum(unseen.values()))
        cards_out = sum(view.hand_counts[seat] for seat in others)
        return (1 - min(1.0, cards_out / total)) ** held if held else 1.0

    def _strong(self, view: TuxedoView, legal: list[Any]) -> TuxedoAdvice:
        unseen = self._unseen(view)
        following = (view.seat + 1) % len(view.names)
        others = [seat for seat in range(len(view.names)) if seat != view.seat and view.hand_counts[seat]]
        best: tuple[float, Any, str] | None = None
        for action in legal:
            centre = after_move(action, view.seat, view.centre)
            risk = self._danger(view, centre, unseen, max(1, view.hand_counts[following]))
            if isinstance(action, Take):
                gain = self._take_points(action, view)
                reason = self._take_reason(action, view)
            elif isinstance(action, Build):
                pile = next(p for p in centre if action.card in p.cards)
                value = pile.value
                safe = self._build_safety(view, value, unseen, others)
                gain = safe * (CARD_WORTH * (len(pile.cards) + 1) + 5 * sum(number_of(c) == 5 for c in pile.cards))
                gain -= 1.0  # a build shows a card you hold and gives up a turn's take
                reason = f"it makes {value}, a sum no one else is likely to hold"
            else:
                gain = -_lay_cost(action.card)
                reason = "nothing to take; it leaves the least for the next player"
            score = gain - 0.6 * risk
            if best is None or score > best[0]:
                best = (score, action, reason)
        assert best is not None
        return TuxedoAdvice(best[1], best[2])


class CheatingTuxedoPlayer(TuxedoPlayer):
    """The strong player that sees every hand: a benchmark's yardstick (level ``cheat``), never an opponent.

    It weighs its moves as the strong player does, but with what the next player really holds in place of
    the chances of the unseen cards (the most that player can take from the centre a move leaves), builds
    only where no other player holds the build's sum, and is always right about Orange; ``bench.party``
    measures how much of its edge the fair players reach.
    """

    needs_state = True

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("strong", seed, exact_calls=True)
        self.name = "cheat"
        self._hands: tuple[tuple[Card, ...], ...] = ()

    def choose_with_state(self, state: TuxedoState, seat: int) -> Any:
        """Choose seeing every hand."""
        self._hands = tuple(tuple(hand) for hand in state.hands)
        try:
            return self.choose(state.view(seat))
        finally:
            self._hands = ()

    def _danger(self, view: TuxedoView, centre: tuple[Pile, ...], unseen: dict[int, int], holding: int) -> float:
        if not self._hands:
            return super()._danger(view, centre, unseen, holding)
        following = (view.seat + 1) % len(view.names)
        worst = 0.0
        for card in self._hands[following]:
            groups, left = after_take(card, centre)
            if groups:
                worst = max(worst, capture_points(card, groups, not left))
        return worst

    def _build_safety(self, view: TuxedoView, value: int, unseen: dict[int, int], others: list[int]) -> float:
        if not self._hands:
            return super()._build_safety(view, value, unseen, others)
        return 0.0 if any(number_of(card) == value for seat in others for card in self._hands[seat]) else 1.0


def _exact_call(view: TuxedoView) -> TuxedoAdvice:
    """Call Orange exactly when the capture took a red card and a yellow card, saying which."""
    taken = view.capture.taken if view.capture is not None else ()
    reds = [card_name(card) for card in taken if color_of(card) == RED]
    yellows = [card_name(card) for card in taken if color_of(card) == YELLOW]
    if reds and yellows:
        return TuxedoAdvice(Orange(), f"the capture took {reds[0]}, red, and {yellows[0]}, yellow")
    missing = "no red card" if not reds else "no yellow card"
    return TuxedoAdvice(NoOrange(), f"the capture took {missing}")


def _probe(number: int) -> Card:
    """A card of ``number`` (its color does not matter to what it takes)."""
    return PATIENCE_PACK[number - 1]


def _lay_cost(card: Card) -> float:
    """What laying ``card`` gives away: a 5 most, then the high cards that take the most."""
    number = number_of(card)
    return (5.0 if number == 5 else 0.0) + number / HIGHEST


def tuxedo_levels() -> dict[str, Any]:
    """The player makers by level, for ``players.register_players``: the levels a person may choose, and the
    benchmark's cheating yardstick (``cheat``)."""
    levels: dict[str, Any] = {level: (lambda seed, level=level: TuxedoPlayer(level, seed)) for level in CALLS}
    levels["cheat"] = CheatingTuxedoPlayer
    return levels
