"""The patience games' part of the console: Rook Solitaire and Rook Clock.

Moves are typed as pile numbers or as cards, whichever is quicker to hand:

- ``3 5`` (or ``move 3 5``, ``m 3 5``): pile 3's face-up run onto pile 5;
- ``7r 8x``: the run from 7r onto the pile whose top is 8x;
- ``up 3`` (``u 3``) or ``2g up``: the top card of pile 3, or 2g, to its building pile;
- a card alone, ``7r``, when it has exactly one move.

Rook Clock has no choices: it plays itself, one card a step, and the user
paces it ("Press Enter to go on." at a terminal).  Games won and played are
kept in the user data folder (``patience_stats``), said by ``stats``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..announcer import Verbosity
from ..announcer.base import plural
from ..announcer.patience import PatienceNarrator, move_said, move_typed, moves_of
from ..engine.cards import CardNotationError, card_name, parse_color
from ..engine.clock import STEP, ClockState, ClockView
from ..engine.patience_deck import parse_pack_card
from ..engine.solitaire import (
    RESIGN,
    UNDO,
    Build,
    Move,
    SolitaireState,
    SolitaireView,
)
from ..patience_stats import STATS_FILE, read_stats, record_game
from ..players import Player
from ..players.solitaire_hint import SolitaireHintPlayer
from ..players.solitaire_solver import Solver, Verdict
from ..saves import data_folder
from .registry import (
    COMMON_COMMANDS,
    QUIET_COMMANDS,
    Command,
    CommandContext,
    CommandSpec,
    Refused,
    cards_joined,
    command_help,
    fit_words,
    is_number,
    no_such_command,
    typed_words,
    unknown_command,
    usage,
    words_of,
)

SOLITAIRE = frozenset({"solitaire"})
TITLES = {"solitaire": "Rook Solitaire", "clock": "Rook Clock"}


def game_name(state: Any) -> str:
    """``solitaire`` or ``clock``."""
    return "clock" if isinstance(state, ClockState) else "solitaire"


# ----------------------------------------------------------------- handlers
def _narrator(game: CommandContext) -> PatienceNarrator:
    narrator: PatienceNarrator = game.narrator
    return narrator


def _pile(game: CommandContext, command: Command) -> list[str]:
    if len(command.arguments) != 1 or not is_number(command.arguments[0]) or not 1 <= int(command.arguments[0]) <= 14:
        raise Refused("Say pile and a number from 1 to 14, like pile 3.")
    return _narrator(game).fit(_narrator(game).pile_line(game.state.view(0), int(command.arguments[0])))


def _tops(game: CommandContext, command: Command) -> list[str]:
    return [piece for line in _narrator(game).tops_lines(game.state.view(0)) for piece in _narrator(game).fit(line)]


def _building(game: CommandContext, command: Command) -> list[str]:
    view = game.state.view(0)
    if isinstance(view, ClockView):  # score, typed in Rook Clock: how far the clock has come
        return _narrator(game).score_lines(view)
    return _narrator(game).fit(_narrator(game).building_line(view))


def _moves(game: CommandContext, command: Command) -> list[str]:
    return _narrator(game).fit(_narrator(game).moves_line(game.state.view(0)))


CLOCK_PLAYS_ITSELF = "Rook Clock plays itself: press Enter for its next card."
"""The answer in Rook Clock to a Solitaire command that has nothing to do there (solve, demo)."""


def _solve(game: CommandContext, command: Command) -> list[str]:
    if not isinstance(game.state, SolitaireState):
        return [CLOCK_PLAYS_ITSELF]
    result = Solver().solve(game.state)
    if result.outcome is Verdict.WON:
        return ["There is a winning line."]
    if result.outcome is Verdict.LOST:
        return ["No winning line from here."]
    return ["Unknown: the solver found no answer in time."]


class LinePlayer:
    """Plays a list of moves in order, then the hint player's choices (``demo``)."""

    name = "demo"

    def __init__(self, line: Sequence[Any]) -> None:
        self.line = list(line)
        self.hint = SolitaireHintPlayer()

    def choose(self, view: SolitaireView) -> Any:
        while self.line:
            action = self.line.pop(0)
            if action in view.legal:
                return action
            self.line = []  # off the line (cannot happen from the position solved): fall back on the hint
        return self.hint.choose(view)


def _demo(game: CommandContext, command: Command) -> list[str]:
    if not isinstance(game.state, SolitaireState):
        return [CLOCK_PLAYS_ITSELF]
    if not game.yours():
        return ["The demonstration is already playing."]
    result = Solver().solve(game.state)
    game.hand_over(LinePlayer(result.line))
    if result.outcome is Verdict.WON:
        return ["The solver plays the rest of the game by its winning line."]
    return ["There is no winning line known from here; the hint plays the rest of the game."]


def _stats(game: CommandContext, command: Command) -> list[str]:
    stats = read_stats(data_folder() / STATS_FILE)
    lines = []
    for name, title in TITLES.items():
        counts = stats.get(name, {"played": 0, "won": 0})
        won = "came out" if name == "clock" else "won"
        lines.append(f"{title}: {counts['won']} {won} of {counts['played']} played.")
    return lines


PATIENCE_HINT = dataclasses.replace(
    next(spec for spec in COMMON_COMMANDS if spec.name == "hint"),
    help="Say a good move now, and why.",
    brief="Suggest a move, and why",
)
PATIENCE_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("move", ("m",), "FROM TO",
                "Move pile FROM's face-up cards onto pile TO, like move 3 5; just 3 5, or the cards, 7r 8x, do too.",
                acts=True, brief="Move a pile's run", alone="two pile numbers or two cards",
                games=SOLITAIRE),
    CommandSpec("up", ("u",), "PILE", "Put pile PILE's top card on its building pile, like up 3; 2g up does too.",
                acts=True, brief="Build a top card up", games=SOLITAIRE),
    CommandSpec("undo", ("un",), "", "Take back the last move; again for the one before, back to the deal.",
                acts=True, brief="Take back a move", games=SOLITAIRE),
    CommandSpec("resign", ("rs",), "", "Give this game up; it counts as played, not won.", acts=True,
                brief="Give the game up", games=SOLITAIRE,
                asks="Give this game up? It counts as played, not won. Type yes or no."),
    CommandSpec("pile", ("pi",), "N", "Say pile N: its face-down cards and its face-up cards, like pile 3.",
                brief="Say one pile", handler=_pile),
    CommandSpec("tops", ("tp",), "", "Say the top card of every pile.", brief="Say every pile's top", handler=_tops),
    CommandSpec("building", ("bu", "score"), "", "Say how far each building pile is built.",
                brief="Say the building piles", handler=_building, games=SOLITAIRE),
    CommandSpec("moves", ("mv",), "", "Say the moves you can make now.", brief="Say the moves now", handler=_moves,
                games=SOLITAIRE),
    CommandSpec("solve", ("so",), "", "Say whether the game can still be won from here.", brief="Can it still be won",
                handler=_solve, games=SOLITAIRE),
    CommandSpec("demo", ("de",), "", "Let the solver play the rest of the game, at your pace.", brief="Solver plays on",
                handler=_demo, games=SOLITAIRE),
    CommandSpec("stats", ("st",), "", "Say the games won and played.", brief="Say games won", handler=_stats),
    *(PATIENCE_HINT if spec.name == "hint" else spec for spec in COMMON_COMMANDS),
)  # fmt: skip
_BY_WORD = words_of(PATIENCE_COMMANDS)
_CARDS_LINE = "Cards are a number and a color letter, r red, x black, y yellow, g green: 14r, 5x, 10y, 7g."


def _is_card(word: str) -> bool:
    try:
        parse_pack_card(word)
    except CardNotationError:
        return False
    return True


class PatienceConsole:
    """The console of the patience games (``FamilyConsole``)."""

    family = "patience"
    commands: tuple[CommandSpec, ...] = PATIENCE_COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, (SolitaireState, ClockState))

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> PatienceNarrator:
        return PatienceNarrator(verbosity)

    def save_progress(self, state: Any, humans: Sequence[int]) -> str:
        return PatienceNarrator().progress_text(state.view(0))

    def humans(self, state: Any, players: Sequence[Player | None]) -> list[int]:
        return [seat for seat, player in enumerate(players) if player is None]

    def controller(self, state: Any, seat: int) -> int:
        return seat

    def automatic(self, state: Any, seat: int) -> Any | None:
        return STEP if isinstance(state, ClockState) else None

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        words = typed_words(line)
        if not words or _BY_WORD.get(words[0].lower()) is not _BY_WORD["up"]:
            # "7 red 8 black" and "2 green up", as the cards are said in words; "up 3 red" stays pile 3's top
            # card to the red building pile
            words = cards_joined(words)
        if len(words) == 3 and words[1].lower() in ("on", "onto") and _is_card(words[0]):
            words = [words[0], words[2]]  # "8g on 9r", as the moves are said, is "8g 9r"
        if not words:
            return None
        first = words[0].lower()
        spec = _BY_WORD.get(first)
        if spec is not None:
            return Command(spec, tuple(words[1:]))
        if is_number(first):
            return Command(_BY_WORD["move"], tuple(words))
        if _is_card(first):
            if len(words) == 2 and words[1].lower() in ("up", "u"):
                return Command(_BY_WORD["up"], (words[0],))
            return Command(_BY_WORD["move"], tuple(words))
        raise unknown_command(words[0], [choice for choice in choices if not choice[:1].isdigit()], words[1:])

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        return not spec.games or game_name(state) in spec.games

    def move_words(self, state: Any, seat: int) -> list[str]:
        if not isinstance(state, SolitaireState):
            return []
        view = state.view(0)
        return [move_typed(action, view) for action in moves_of(view)]

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        state = game.state
        braille = game.narrator.braille
        word = arguments[0].lower() if arguments else ""
        if word == "all":
            lines = ["Commands, with short forms:", *(command_help(spec, braille) for spec in PATIENCE_COMMANDS)]
            game.say_as_typed(_CARDS_LINE)
            return lines
        if word:
            spec = _BY_WORD.get(word)
            if spec is None:
                return [no_such_command(word, PATIENCE_COMMANDS)]
            line = command_help(spec)
            if not self.applies(spec, state):
                line += f" Not in {TITLES[game_name(state)]}."
            return list(game.narrator.fit(line))
        here = [spec for spec in PATIENCE_COMMANDS if self.applies(spec, state)]
        moves = [usage(spec) for spec in here if spec.acts and game.yours()]
        sayers = [spec.name for spec in here if not spec.acts and spec.name not in QUIET_COMMANDS]
        if braille:
            lines = fit_words("Now:", moves) if moves else []
            return [*lines, *fit_words("Say:", sayers), "Also: settings, stop, quit", "help NAME: one command"]
        lines = []
        if moves:
            lines.append(f"Moves now: {', '.join(moves)}; or just 3 5, 7r 8x, 2g up.")
        if isinstance(state, ClockState):
            lines.append("Rook Clock plays itself: press Enter for each card.")
        lines.append(f"To hear the game: {', '.join(sayers)}.")
        lines.append("Also settings, stop and quit. Type help and a command's name for more, or help all.")
        return lines

    def enter_alone(self, state: Any) -> tuple[str, str] | None:
        words = self.move_words(state, 0)
        if len(words) != 1:
            return None
        return "Enter makes it.", words[0]

    def enter_does_nothing(self, state: Any) -> str:
        """Enter alone among several moves: the command the question names, ``moves``, with their count.  Rook
        Clock never asks (Enter goes on); were it to, it says what ``moves`` says there."""
        if not isinstance(state, SolitaireState):
            return PatienceNarrator().moves_line(state.view(0))
        count = len(self.move_words(state, 0))
        return f"Enter alone makes no move now. Type moves to hear the {plural(count, 'move')}, or hint."

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return bool(events)  # each step the solver's demonstration or the clock makes

    def ends_the_move(self, event: Any) -> bool:
        return False  # the pause comes right after the event that makes it

    def hint_player(self) -> SolitaireHintPlayer:
        return SolitaireHintPlayer()

    def hint_lines(self, game: CommandContext, player: SolitaireHintPlayer) -> list[str]:
        if isinstance(game.state, ClockState):
            return ["Rook Clock has no choices: it plays itself."]
        view = game.state.view(0)
        advice = player.advise(view)
        line = advice.line
        action = advice.action
        if isinstance(action, (Move, Build)):
            line = f"Type {move_typed(action, view)}. {line}"
        return list(game.narrator.fit(line))

    def rules_lines(self, state: Any) -> list[str]:
        if isinstance(state, ClockState):
            return [
                "Rook Clock: twelve piles round the dial and two in the centre, four cards each, face down.",
                "From one o'clock, each card turned goes under the pile of its number; 13s under the hour hand, "
                "14s under the minute hand; the next card comes from that pile.",
                "It comes out when every card is face up in its place; it is blocked when the pile to turn from "
                "is empty.",
            ]
        return [
            "Rook Solitaire: 14 piles of 4, the top card face up; build the four colors up from 1 to 14.",
            "Move a pile's face-up cards whole onto a card one higher of another color; never split them.",
            "1s go up at once; a 14 turned goes to the bottom of its pile; an empty pile stays empty.",
        ]

    def legal_lines(self, game: CommandContext) -> list[str]:
        return list(game.narrator.fit(_narrator(game).moves_line(game.state.view(0))))

    def game_over(self, game: CommandContext) -> list[str]:
        """Count the finished game in the statistics; a line if they cannot be written."""
        state = game.state
        won = state.standings()[0].won
        try:
            record_game(data_folder() / STATS_FILE, game_name(state), won)
        except OSError as error:
            return [f"The statistics cannot be written: {error.strerror or error}."]
        return []

    def action(self, game: CommandContext, command: Command) -> Any:
        """The action a move command asks for, checked for form; the engine checks the rules."""
        state = game.state
        if not isinstance(state, SolitaireState):
            raise Refused("Rook Clock has no moves: it plays itself.")
        name, arguments = command.name, command.arguments
        view = state.view(0)
        moves = _narrator(game).moves_pointer(view)
        try:
            if name == "resign":
                return RESIGN
            if name == "undo":
                return UNDO
            if name == "up":
                if not 1 <= len(arguments) <= 2:
                    raise Refused(f"Say up and a pile number, like up 3. {moves}")
                card = self._top_or_card(arguments[0], view, moves)
                color = parse_color(arguments[1]) if len(arguments) == 2 else card // 14
                return Build(card, color)
            if len(arguments) == 2:
                first, second = arguments
                if is_number(first) and is_number(second):
                    source = self._pile(first, view, moves)
                    if not source.up:
                        raise Refused(f"Pile {source.number} has no face-up card. {moves}")
                    return Move(source.up[0], self._pile(second, view, moves).number)
                card = parse_pack_card(first)
                target = parse_pack_card(second)
                for pile in view.piles:
                    if pile.top == target:
                        return Move(card, pile.number)
                raise Refused(f"{card_name(target)} is not the top card of a pile. {moves}")
            if len(arguments) == 1 and _is_card(arguments[0]):
                card = parse_pack_card(arguments[0])
                mine = [action for action in moves_of(view) if action.card == card]
                if len(mine) == 1:
                    return mine[0]
                if mine:
                    choices = ", ".join(f"{move_typed(a, view)} ({move_said(a, view)})" for a in mine)
                    raise Refused(f"{card_name(card)} has {len(mine)} moves: type one of {choices}.")
                raise Refused(f"{card_name(card)} has no move now. {moves}")
            raise Refused(f"Say two pile numbers, like 3 5, or two cards, like 7r 8x. {moves}")
        except CardNotationError as error:
            raise Refused(f"{error} {moves}") from None

    @staticmethod
    def _pile(word: str, view: SolitaireView, moves: str) -> Any:
        number = int(word)
        if not 1 <= number <= len(view.piles):
            raise Refused(f"There is no pile {number}: the piles are 1 to 14. {moves}")
        return view.piles[number - 1]

    def _top_or_card(self, word: str, view: SolitaireView, moves: str) -> int:
        if is_number(word):
            pile = self._pile(word, view, moves)
            if pile.top is None:
                raise Refused(f"Pile {pile.number} is empty. {moves}")
            return int(pile.top)
        return parse_pack_card(word)


PATIENCE = PatienceConsole()
"""The patience games' console."""
