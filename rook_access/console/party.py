"""A progressive party at the console (the 1913 booklet's parties, ``--party TABLES``).

Each round the user plays their table's game in full through ``ConsoleGame``,
as any game, while the other tables are played by computer players in a
process of their own (``OtherTables``).  When the user's table ends, the
round's results are said, a line a table, then the user's move and the
standings; the next round's save is written at once.  The save of a party is
the save of the user's table's game with the party beside it
(``parties.PartyProgress``), so ``--resume`` finds it like any game; the
record file holds the party's start, every table's game of every round and a
line after each round, and goes on where it stopped when the party is resumed.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import queue
import signal
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from ..announcer import speakable
from ..announcer.message import Message
from ..announcer.party import (
    move_line,
    party_rules_lines,
    party_start_line,
    round_start_lines,
    standings_lines,
    table_line,
    your_place_line,
)
from ..announcer.rules_summary import rules_summary
from ..engine.party import MOVING_BONUS, Move, Table
from ..engine.state import GameState as TrickGame
from ..parties import (
    USER,
    PartyProgress,
    RoundDone,
    TableResult,
    partnership_points,
    party_rules,
    play_computer_table,
    player_name,
    seats_from,
    table_record_extra,
    trick_table,
)
from ..record import RecordWriter
from ..save_files import LockedGameSaver, SaveLock
from ..saves import GameSetup, SavedGame, delete_save
from .lines import LineSource, input_source, is_interactive
from .session import ConsoleGame, MessageSink, SettingsControl

WAITING = {False: "The other tables are finishing their hands.", True: "Other tables finishing."}
"""Said once when your table has ended and the others have not; its braille form second."""

WAIT_STEP = 0.25
"""Seconds between looks at whether the other tables have finished."""


class PartyTableSaver(LockedGameSaver):
    """The save of the user's table's game in a party: the file outlives the table's game, which is one
    round of the party, so the game's end does not delete it (the next round's save replaces it)."""

    def delete(self) -> None:
        """Keep the file: the party goes on (``PartyGame`` deletes it when the party ends)."""


def _play_tables(jobs: Sequence[tuple[GameSetup, int, tuple[int, ...]]], results: Any) -> None:
    """The other tables' process: play each table and send its result."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the user's, for the game in the front
    for setup, number, players in jobs:
        results.put(play_computer_table(setup, number, players))


class OtherTables:
    """A round's other tables, played by computer players in a process of their own while the user plays.

    Where a process cannot be started, the tables are played when their results are asked for.
    """

    def __init__(self, jobs: Sequence[tuple[GameSetup, int, tuple[int, ...]]]) -> None:
        self.jobs = list(jobs)
        self._results: list[TableResult] = []
        self._process: Any = None
        self._queue: Any = None
        if not self.jobs:
            return
        context = multiprocessing.get_context("spawn")  # no fork of a process with threads
        try:
            self._queue = context.Queue()
            self._process = context.Process(target=_play_tables, args=(self.jobs, self._queue), daemon=True)
            with _ctrl_c_ignored():  # the child starts with Ctrl-C ignored, so it never prints a traceback
                self._process.start()
        except (OSError, RuntimeError, ValueError):
            self._process = None

    def results(self, waiting: Callable[[], None]) -> list[TableResult]:
        """Every other table's result, table order; ``waiting`` is called once if they are not all done yet."""
        told = False
        while len(self._results) < len(self.jobs):
            if self._process is None:
                setup, number, players = self.jobs[len(self._results)]
                if not told:
                    waiting()
                    told = True
                self._results.append(play_computer_table(setup, number, players))
                continue
            try:
                self._results.append(self._queue.get(timeout=WAIT_STEP))
            except queue.Empty:
                if not self._process.is_alive() and self._queue.empty():
                    self._process = None  # it died: play what is left here
                elif not told:
                    waiting()
                    told = True
        return sorted(self._results, key=lambda result: result.number)

    def stop(self) -> None:
        """End the process, whether or not it has finished."""
        if self._process is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join(timeout=2)
            self._process = None
        if self._queue is not None:
            self._queue.close()
            self._queue.cancel_join_thread()
            self._queue = None


class _ctrl_c_ignored:
    """Ctrl-C ignored in this process for a moment (so a process started now inherits it ignored)."""

    def __enter__(self) -> None:
        self.previous: Any = None
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, signal.SIG_IGN)

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


class PartyGame:
    """Runs a progressive party at the console until it ends, the input ends or the user leaves.

    ``saved`` is the user's table's game as saved, when the party is resumed;
    ``record`` the open record file, or None.
    """

    def __init__(
        self,
        progress: PartyProgress,
        lines: LineSource,
        channel: MessageSink,
        settings: SettingsControl,
        path: Path,
        lock: SaveLock | None,
        record: IO[str] | None = None,
        saved: SavedGame | None = None,
    ) -> None:
        self.progress = progress
        self.lines = input_source(lines)
        self.channel = channel
        self.settings = settings
        self.path = path
        self.lock = lock
        self.record = record
        self.saved = saved
        self.game: ConsoleGame | None = None
        self.rules = party_rules(progress.setup.variant, progress.setup.options)
        self.title = self.rules.title
        self.round_lines: list[str] = []
        """What was said of the party since the last round began: ``repeat`` at the pause says it again,
        and the next round's ``history`` holds it."""
        self.names = [player_name(player) for player in range(progress.party.players)]

    # ------------------------------------------------------------ the party
    def run(self) -> int:
        """Play the party's rounds; the exit status (0 for a finished party, end of input or quit)."""
        progress = self.progress
        if self.saved is None:
            start = {key: value for key, value in progress.setup.to_json().items() if key != "record"}
            self._write({"event": "party_start", **start, "names": self.names})
            progress.record_kept = 1 if self.record is not None else 0
        while True:
            table = progress.user_table()
            state, game, others = self._start_round(table)
            try:
                status = game.run()
                if not state.is_over:
                    return status
                points = partnership_points(table, seats_from(table), state.scores)
                results = others.results(functools.partial(self.say, WAITING[game.narrator.braille]))
            finally:
                others.stop()
            if self.record is not None:
                progress.record_kept += len(state.events)  # the user's table's game, as the record holds it
            if self._finish_round(table, points, results):
                return 0
            if not self._pause():
                return 0

    def _start_round(self, table: Table) -> tuple[TrickGame, ConsoleGame, OtherTables]:
        """Your table's game this round (new, or as saved), the console that plays it, the other tables
        started; the round's first lines said."""
        progress = self.progress
        setup = progress.table_game(table)
        resumed = self.saved is not None
        if self.saved is not None:
            state, players, actions = self.saved.state, self.saved.players, list(self.saved.actions)
            self.saved = None
        else:
            state, players = trick_table(setup)
            actions = []
        assert isinstance(state, TrickGame), "a party's tables play trick games (parties.party_rules)"
        seating = seats_from(table)
        record = None
        if self.record is not None:
            record = RecordWriter(self.record, table_record_extra(setup, table.number, seating))
        saver = PartyTableSaver(self.path, setup, actions, self.lock, party=progress.to_json())
        if self.game is not None:
            self.channel = self.game.channel  # a change of output in the last round reopened it
        game = ConsoleGame(
            state, players, self.lines, self.channel, record, settings=self.settings, saver=saver,
            resumed=resumed, rules_lines=self._rules_lines,
        )  # fmt: skip
        game.narrator.ending = "Round over"  # the table's game is one round of the party
        game.looks_back_at_end = False  # the round's results come next, and the party's own pause
        self.game = game
        braille = game.narrator.braille
        if progress.round_number == 1 and not resumed:
            self.say(party_start_line(self.title, progress.setup.tables, progress.setup.rounds, braille))
        game.recent.extend(Message(line, speakable(line)) for line in self.round_lines)  # for history
        self.round_lines = []
        if resumed:
            self.say("Party resumed." if braille else f"Resuming the progressive party of {self.title}.")
        for line in round_start_lines(
            progress.round_number, progress.setup.rounds, table.number, progress.setup.tables,
            state.rules.names, [self.names[player] for player in seating], braille,
        ):  # fmt: skip
            self.say(line)
        others = OtherTables(
            [(progress.table_game(other), other.number, seats_from(other))
             for other in progress.party.tables if other != table]
        )  # fmt: skip
        return state, game, others

    def _finish_round(self, table: Table, points: tuple[int, int], others: list[TableResult]) -> bool:
        """Score the round, keep it (record, then save) and say it; True when the party is over."""
        progress = self.progress
        round_number = progress.round_number
        tables = list(progress.party.tables)
        by_table = {result.number: result for result in others}
        round_points = [
            points if each.number == table.number
            else partnership_points(each, by_table[each.number].players, by_table[each.number].points)
            for each in tables
        ]  # fmt: skip
        moves_before = {player: each.number for each in tables for player in each.seats}
        done = progress.finish_round(round_points)
        for result in others:
            for line in result.record_lines:
                self._write_line(line)
        moves = self._moves(done, moves_before)
        self._write(self._round_json(round_number, done, moves))
        if progress.is_over:
            self._write({"event": "party_over", "standings": [list(pair) for pair in progress.party.standings()]})
        if self.record is not None:
            progress.record_kept += sum(len(result.record_lines) for result in others) + 1 + progress.is_over
        self._keep()
        self._say_round(round_number, done, moves)
        return progress.is_over

    def _moves(self, done: RoundDone, before: dict[int, int]) -> list[Move]:
        """Every player's move of the round just scored, table 1's first."""
        progress = self.progress
        winners: set[int] = set()
        for table, points in zip(done.tables, done.points, strict=True):
            cut = next((cut for cut in done.cuts if cut.table == table.number), None)
            first_won = cut.winner == 0 if cut is not None else points[0] > points[1]
            winners.update(table.partnerships[0 if first_won else 1])
        moves = []
        for player, from_table in sorted(before.items(), key=lambda pair: (pair[1], pair[0])):
            to_table = progress.party.table_of(player).number
            moves.append(Move(player, from_table, to_table, player in winners, to_table == from_table))
        return moves

    def _round_json(self, round_number: int, done: RoundDone, moves: list[Move]) -> dict[str, Any]:
        return {
            "event": "party_round",
            "round": round_number,
            **done.as_played().to_json(),
            "moves": [
                {"player": move.player, "from": move.from_table, "to": move.to_table, "won": move.won}
                for move in moves
            ],
            "scores": list(self.progress.party.scores),
        }

    def _keep(self) -> None:
        """Save the party as it now stands: the next round's game with no move yet, or no save at the end."""
        progress = self.progress
        game = self.game
        if progress.is_over:
            delete_save(self.path)  # the lock is given back as the program leaves
            return
        saver = PartyTableSaver(
            self.path, progress.table_game(progress.user_table()), (), self.lock, party=progress.to_json()
        )
        try:
            saver.save(0)
        except OSError as error:
            if game is not None:
                game.say(f"The party cannot be saved: {error.strerror or error}. Play goes on.")

    def _say_round(self, round_number: int, done: RoundDone, moves: list[Move]) -> None:
        """The round's results: the user's table first, then the others, the user's move and the standings."""
        progress = self.progress
        braille = self.game is not None and self.game.narrator.braille
        played = done.as_played()  # each table as its game was seated: your side first at yours
        order = sorted(played.tables, key=lambda table: (USER not in table.seats, table.number))
        for table in order:
            points = played.points[table.number - 1]
            cut = next((cut.numbers for cut in played.cuts if cut.table == table.number), None)
            pairs = [[self.names[player] for player in pair] for pair in table.partnerships]
            self.say(table_line(table.number, pairs, points, cut, braille))
        mine = next(move for move in moves if move.player == USER)
        if progress.is_over:
            if mine.won:
                self.say(f"You win {MOVING_BONUS}.")
        else:
            self.say(move_line(mine.won, mine.from_table, mine.to_table, progress.setup.tables, MOVING_BONUS, braille))
        standings = progress.party.standings()
        self.say(your_place_line(standings, USER, self.names, final=progress.is_over, braille=braille))
        for line in standings_lines(standings, self.names, after=f"round {round_number}", braille=braille):
            self.say(line)

    def _pause(self) -> bool:
        """At a terminal, wait for Enter before the next round; False to leave (quit, the party saved).

        The round's results can be heard again meanwhile (``repeat``), and ``rules`` and ``help`` answer."""
        if not is_interactive(self.lines):
            return True
        braille = self.game is not None and self.game.narrator.braille
        question = f"Press Enter to start round {self.progress.round_number}."
        allowed = "Enter, repeat, rules or quit." if braille else (
            f"Press Enter to start round {self.progress.round_number}; repeat says the results again, "
            "rules the party's rules, quit leaves with the party saved."
        )  # fmt: skip
        while True:
            line = self.lines.read(question)
            word = (line or "").strip().lower()
            if line is None or word in ("quit", "q", "exit"):
                if self.game is not None:
                    self.game.say_goodbye()
                return False
            if not word:
                return True
            if word in ("repeat", "history", "score", "standings"):
                for said in self.round_lines:
                    self._say_once(said)
            elif word == "rules":
                for said in self._party_rules(braille):
                    self._say_once(said)
            else:
                self._say_once(allowed)

    def _rules_lines(self, braille: bool) -> list[str]:
        """What ``rules`` says at a party's table: the rules of a round's game (less how a game ends and
        its table options, which the party decides), then the party's rules and where it stands."""
        rules = self.game.state.rules if self.game is not None else self.rules
        return [*rules_summary(rules, whole_game=False), *self._party_rules(braille)]

    def _party_rules(self, braille: bool) -> list[str]:
        """The party's rules and where it stands: the round, your table and who sits there, your place."""
        progress = self.progress
        table = progress.user_table()
        seating = [self.names[player] for player in seats_from(table)]
        seats = round_start_lines(
            progress.round_number, progress.setup.rounds, table.number, progress.setup.tables,
            self.rules.names, seating, braille,
        )  # fmt: skip
        if progress.rounds:
            place = your_place_line(progress.party.standings(), USER, self.names, final=False, braille=braille)
        else:
            place = "No round is over yet."
        return party_rules_lines(
            progress.setup.tables, progress.setup.rounds, [*seats, place], MOVING_BONUS,
            passed_out=not self.rules.dealer_opens, braille=braille,
        )  # fmt: skip

    # ------------------------------------------------------------ output
    def say(self, line: str) -> None:
        """Say a line of the party (kept for ``repeat`` and the next round's history), fitted to the braille
        display's width with the braille verbosity."""
        self._say_once(line)
        self.round_lines.append(line)

    def _say_once(self, line: str) -> None:
        """Say a line without keeping it (an answer at the pause)."""
        game = self.game
        if game is None:
            return
        for piece in game.narrator.fit(line) if game.narrator.braille else [line]:
            game.say(piece)

    def _write(self, data: dict[str, Any]) -> None:
        self._write_line(json.dumps(data, separators=(",", ":")) + "\n")

    def _write_line(self, line: str) -> None:
        """Write a line of the party's own to the record file (never stopping the party)."""
        if self.record is None:
            return
        try:
            self.record.write(line)
            self.record.flush()
        except OSError:
            pass
