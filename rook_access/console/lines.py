"""Where the console's input lines come from.

On a terminal, prompt_toolkit reads a line with editing and history; anything
else (a pipe, a file, a test) is read as plain lines, with no escape codes and
no terminal warnings, so the program can be scripted.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, Protocol, TextIO, cast, runtime_checkable

from ..announcer.tricks.words import STEP_WORDS
from ..streams import encodable_line, terminal_rows, terminal_width
from .interrupts import CtrlC, ctrl_c_notice
from .signal_lines import SignalLines, wakes_on_signals

if TYPE_CHECKING:
    from asyncio import AbstractEventLoop

    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.document import Document
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.output import Output

QUICK_KEYS: tuple[tuple[str, str], ...] = (
    ("f1", "help"),
    ("f3", "repeat"),
    ("f4", "hand"),
    ("f5", "trick"),
    ("f6", "score"),
)
"""Keys that submit a command as if it were typed (F2, which stops speech at once, is apart)."""

CTRL_Z = "\x1a"
"""Ctrl-Z then Enter ends the input in a Windows console, as Ctrl-D does: a line of it alone ends it here too."""


TYPED_BEFORE_SECONDS = 0.03
"""Keys taken within this time of a call prompt's opening were waiting before it: typed, not pressed now."""


def ends_input(line: str) -> bool:
    """Whether ``line`` is Ctrl-Z alone, which ends the input in a Windows console."""
    return line.strip() == CTRL_Z


def console_output() -> Output:
    """prompt_toolkit's output for this console: no colors, no bell, no cursor position queries.

    On Windows, prompt_toolkit's own choice (as its ``create_output`` makes
    it): ``Windows10_Output`` where the console takes escape sequences
    (Windows Terminal, the console host of Windows 10 and later), else
    ``Win32Output``, which draws through the console API (the classic console
    host).  Elsewhere a VT100 terminal.  Either way the escape sequences go to
    the console, which acts on them; a screen reader reads the text shown.
    """
    from prompt_toolkit.output.color_depth import ColorDepth

    if sys.platform == "win32":
        from prompt_toolkit.output.win32 import Win32Output
        from prompt_toolkit.output.windows10 import Windows10_Output, is_win_vt100_enabled

        if is_win_vt100_enabled():
            modern = Windows10_Output(sys.stdout, default_color_depth=ColorDepth.MONOCHROME)
            modern.vt100_output.enable_bell = False
            modern.vt100_output.enable_cpr = False
            return cast("Output", modern)
        return Win32Output(sys.stdout, default_color_depth=ColorDepth.MONOCHROME)
    from prompt_toolkit.output.vt100 import Vt100_Output

    output = Vt100_Output.from_pty(sys.stdout, default_color_depth=ColorDepth.MONOCHROME, enable_bell=False)
    output.enable_cpr = False
    return output


def _cancel_line(event: KeyPressEvent) -> None:
    """Ctrl-C at a prompt: the line is cleared, on the screen too (left there, it would look like an answer),
    and the prompt ends with ``KeyboardInterrupt``, which the console answers with how to leave."""
    event.current_buffer.text = ""
    event.app.exit(exception=KeyboardInterrupt, style="class:aborting")


ANSWER_ROOM = 12
"""The cells an answer gets after its question on the question's last row; with fewer left, the answer starts a
row of its own: the window would cut a word typed there in two ("1", "4g")."""


def _prompt_rows(question: str) -> str:
    """A question as the prompt shows it, a space after it: wider than the window, broken between words as the
    printed lines are (``terminal_rows``), so a screen reader reading row by row never says a word cut in two
    ("6 g", "reen"); where its last row leaves less than ``ANSWER_ROOM`` cells, the answer goes below it."""
    rows = terminal_rows(question, sys.stdout)
    width = terminal_width(sys.stdout)
    if width is not None and width - len(rows.rsplit("\n", 1)[-1]) - 2 < ANSWER_ROOM:
        return rows + "\n"
    return rows + " "


def leaving_signals() -> tuple[int, ...]:
    """The signals that tell the program to leave: SIGTERM, and SIGHUP when its terminal closes (a window, a
    dropped ssh) or, on Windows, SIGBREAK (Ctrl-Break)."""
    if sys.platform == "win32":
        return (signal.SIGTERM, signal.SIGBREAK)
    return (signal.SIGTERM, signal.SIGHUP)


def terminal_hung_up(streams: Sequence[TextIO] | None = None) -> bool:
    """Whether one of ``streams`` (standard input and output) is a terminal that has hung up: its window
    closed, its ssh dropped.

    Every call on a hung-up terminal fails with EIO, asking for its settings too; a file or a pipe answers
    that it is no terminal (ENOTTY), and a terminal still there answers.
    """
    if sys.platform == "win32":
        return False  # no termios; a closed console window ends its programs itself
    import termios

    for stream in (sys.stdin, sys.stdout) if streams is None else streams:
        try:
            termios.tcgetattr(stream.fileno())
        except termios.error as error:
            if error.args and error.args[0] == errno.EIO:
                return True
        except (OSError, ValueError, AttributeError):
            pass  # closed, or no file at all
    return False


class PromptGivenUp(Exception):
    """A prompt given up for a signal that came while it was open (``SignalsAfterPrompt``)."""


class SignalsAfterPrompt:
    """While a prompt_toolkit prompt is open, the program's own handlers of the leaving signals wait until
    it is over.

    Such a handler leaves by raising ``SystemExit``, and a Python handler runs wherever the main thread
    happens to be.  Inside the prompt's asyncio event loop that is anywhere: between the loop taking a
    task's next step from its queue and running it, the step is lost, the task is never woken again, and
    ``asyncio.run``'s shutdown waits for it for ever (CPython's bpo-39622, mended there for Ctrl-C alone);
    inside prompt_toolkit's output a bare ``except`` swallows the exit.  A closed terminal then left the
    program waiting for ever (its connection to a table open, its saved game locked) until it was
    killed.  So while the prompt is open the signal is only noted, and the prompt asked to end from
    within its loop (``call_soon_threadsafe``, as the loop's own signal handling does); once ``prompt``
    has returned, the program's handler runs.
    ``started`` is called from the prompt's ``pre_run``, in its loop.
    """

    def __init__(self) -> None:
        self.came: list[int] = []
        """The signals that came while the prompt was open, in order."""
        self.kept: Document | None = None
        """What was typed when a signal gave the prompt up."""
        self._handlers: dict[int, Callable[[int, FrameType | None], Any]] = {}
        self._app: Application[Any] | None = None
        self._loop: AbstractEventLoop | None = None

    def __enter__(self) -> SignalsAfterPrompt:
        if threading.current_thread() is not threading.main_thread():
            return self  # only the main thread has signal handlers
        for number in leaving_signals():
            handler = signal.getsignal(number)
            if callable(handler):  # a handler of the program's (the default action or ignoring needs no wait)
                self._handlers[number] = handler
                signal.signal(number, self._note)
        return self

    def started(self) -> None:
        """The prompt has started, in its event loop: a signal that came while it was set up ends it now."""
        import asyncio

        from prompt_toolkit.application import get_app

        self._app = get_app()
        self._loop = asyncio.get_running_loop()
        if self.came:
            self._end()

    def _note(self, number: int, frame: FrameType | None) -> None:
        """The signal handler while the prompt is open: only note the signal and ask the loop to end the prompt."""
        self.came.append(number)
        loop = self._loop
        if loop is None:
            return  # not started yet (``started`` ends it) or over (``__exit__`` runs the handler)
        try:
            loop.call_soon_threadsafe(self._end)
        except RuntimeError:
            pass  # the loop has closed: the prompt is over, and ``__exit__`` runs the handler

    def _end(self) -> None:
        """In the prompt's loop: give the prompt up, unless it is ending anyway."""
        app = self._app
        if app is not None and app.is_running and not app.is_done:
            self.kept = app.current_buffer.document
            app.exit(exception=PromptGivenUp())

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        """Put the program's handlers back, and run them for the signals that came (out of any event loop)."""
        for number, handler in self._handlers.items():
            signal.signal(number, handler)
        self._app = self._loop = None
        for number in dict.fromkeys(self.came):
            if number in self._handlers:
                self._handlers[number](number, None)  # SystemExit, as a rule: the program leaves from here


class LineSource(Protocol):
    """Reads one line of input for ``question``; None at the end of input.

    ``fresh`` is False when the same question is asked again after a reply
    that changed nothing (a review command or a refused move).  The least a
    source of lines must do; ``InputSource`` is the whole interface the game
    uses, and ``input_source`` makes one of any line source.
    """

    def read(self, question: str, fresh: bool = True) -> str | None: ...


@runtime_checkable
class SaysInteractive(Protocol):
    """A line source that says whether a person types its lines."""

    interactive: bool


@runtime_checkable
class SharesCtrlC(Protocol):
    """A line source that counts Ctrl-C presses at its prompts, shared with the game between prompts."""

    ctrl_c: CtrlC | None


NEWS_SECONDS = 0.1
"""How often a prompt that watches for news (``read_watching``) looks."""


class ReadInterrupted(Exception):
    """A prompt given up for news (an online table's message came): what was typed is kept for the next."""


@runtime_checkable
class ReadsWatching(Protocol):
    """A line source whose prompt can be given up when news comes (a terminal's)."""

    def read_watching(self, question: str, news: Callable[[], bool] | None, fresh: bool = True) -> str | None:
        """``read``, but ``ReadInterrupted`` the moment ``news()`` is true, what was typed kept for the next."""
        ...

    def typing_kept(self) -> bool:
        """Whether a line half typed when a prompt was given up waits for the next prompt."""
        ...


@runtime_checkable
class HoldsLines(Protocol):
    """A terminal that can show lines together with its next prompt, in one write.

    A terminal screen reader (Fenrir) takes the question drawn again with a half-typed word after it, when
    that comes a moment after a line, for a completion, and cuts the line off to read it: a line said while a
    question was given up (a chat line) is shown with the question that comes back, and so read whole, first.
    """

    def hold_for_prompt(self, line: str) -> None:
        """Show ``line`` (already spoken) when the next prompt is first drawn, before the question."""
        ...

    def write_held(self) -> None:
        """Show the lines held at once (something else is to be shown first), in order."""
        ...


@runtime_checkable
class ReadsCalls(Protocol):
    """A line source that can take a quick call against the clock (``console.calls``)."""

    def keys_waiting(self) -> bool:
        """Whether keys have been typed and wait to be read (none is read)."""
        ...

    def wait_for_keys(self, seconds: float) -> bool:
        """Wait ``seconds``, or less if a key is typed meanwhile: whether one was (none is read)."""
        ...

    def read_call(self, question: str, keys: Sequence[str], seconds: float, typed_before: bool = False) -> str | None:
        """What the user typed within ``seconds``: one of the one-letter ``keys`` the moment it is
        pressed alone on an empty line, or a line with Enter (empty for Enter alone); None when the time
        is up.  With ``typed_before``, the keys already waiting were typed before the event and are
        taken as typing, never as a call.  EOFError at the end of input."""
        ...


def is_interactive(lines: LineSource) -> bool:
    """Whether a person types the lines, so the game may wait for them (a source that does not say is scripted)."""
    return isinstance(lines, SaysInteractive) and lines.interactive


NUMBER_RUN = 4
"""A run of at least this many numbers an even step apart is said as its ends and step (``moves_in_short``)."""


def moves_in_short(moves: Sequence[str]) -> str:
    """The moves Tab says, joined by commas, each run of numbers an even step apart said by its ends and step:
    ``70 to 120 in fives, pass`` for the eleven bids and pass, which took a screen reader long to read.

    >>> moves_in_short(["70", "75", "80", "85", "90", "pass"]), moves_in_short(["5", "10", "pass"])
    ('70 to 90 in fives, pass', '5, 10, pass')
    """
    said: list[str] = []
    index = 0
    while index < len(moves):
        end = _number_run_end(moves, index)
        if end - index >= NUMBER_RUN:
            step = int(moves[index + 1]) - int(moves[index])
            said.append(f"{moves[index]} to {moves[end - 1]} in {STEP_WORDS.get(step, f'steps of {step}')}")
        else:
            end = index + 1
            said.append(moves[index])
        index = end
    return ", ".join(said)


def _number_run_end(moves: Sequence[str], start: int) -> int:
    """Where the run of numbers an even step apart that starts at ``start`` ends (``start + 1`` if none)."""
    if start + 1 >= len(moves) or not (moves[start].isdigit() and moves[start + 1].isdigit()):
        return start + 1
    step = int(moves[start + 1]) - int(moves[start])
    end = start + 1
    while step > 0 and end < len(moves) and moves[end].isdigit() and int(moves[end]) - int(moves[end - 1]) == step:
        end += 1
    return end


@dataclass
class GameKeys:
    """What the game lends the input for its keys: Tab's completions, the moves, F2."""

    words: Callable[[], list[str]] = list
    """What Tab completes now."""
    moves: Callable[[], list[str]] = list
    """The legal moves alone, which Tab says on an empty line."""
    stop_speech: Callable[[], None] = lambda: None
    """What F2 does."""


@runtime_checkable
class InputSource(LineSource, Protocol):
    """Every source of the game's input: terminal lines, piped lines, a test's script.

    ``interactive``: a person types (the game may wait for Enter);
    ``ctrl_c``: the Ctrl-C presses the source counts at its prompts, shared
    with the game between prompts (None: Python's own Ctrl-C);
    ``keys_held()``: while the game runs between prompts, typed keys wait
    for the next prompt; ``connect(keys)``: the game lends its completions,
    moves and speech stop to the source's keys.
    """

    interactive: bool
    ctrl_c: CtrlC | None

    def keys_held(self) -> AbstractContextManager[None]: ...

    def connect(self, keys: GameKeys) -> None: ...


class ScriptSource:
    """An ``InputSource`` around a bare ``LineSource`` (a test's script): no keys, nothing held."""

    def __init__(self, lines: LineSource) -> None:
        self.lines = lines
        self.interactive = is_interactive(lines)
        self.ctrl_c: CtrlC | None = lines.ctrl_c if isinstance(lines, SharesCtrlC) else None

    def read(self, question: str, fresh: bool = True) -> str | None:
        return self.lines.read(question, fresh)

    def keys_held(self) -> AbstractContextManager[None]:
        return nullcontext()

    def connect(self, keys: GameKeys) -> None:
        """A script has no keys to lend anything to."""


def input_source(lines: LineSource) -> InputSource:
    """``lines`` as the whole input interface: itself if it is one, else wrapped (``ScriptSource``)."""
    return lines if isinstance(lines, InputSource) else ScriptSource(lines)


class ReadsLines(Protocol):
    """A source of text lines: a text stream, or ``SignalLines``."""

    def readline(self) -> str:
        """The next line with its newline; "" at the end of input."""
        ...


class PlainLines:
    """Plain lines from a stream; a fresh question is written as a line of its own first."""

    interactive = False
    """Scripted input: nothing waits for a person."""
    ctrl_c: CtrlC | None = None
    """Scripted input keeps Python's own Ctrl-C."""

    def __init__(self, stream: ReadsLines, say: Callable[[str], None]) -> None:
        self.stream = stream
        self.say = say

    def keys_held(self) -> AbstractContextManager[None]:
        """Nothing to hold: piped lines are read only when asked for."""
        return nullcontext()

    def connect(self, keys: GameKeys) -> None:
        """Piped lines have no keys."""

    def read(self, question: str, fresh: bool = True) -> str | None:
        if fresh:
            self.say(question)
        line = self.stream.readline()
        if not line or ends_input(line):
            return None
        return line.rstrip("\r\n")


class TerminalLines:
    """Lines typed at a terminal through prompt_toolkit, the question as the prompt.

    Set up to disturb a screen reader as little as possible: no cursor
    position queries, no space kept below the prompt for menus, no colors,
    no bell.  Ctrl-D, or Ctrl-Z then Enter as in a Windows console, ends the
    input like the end of a file; Ctrl-C stops
    speech, clears the line and says how to leave, and a second Ctrl-C
    within a second leaves (the line ``quit``).  The quick keys submit their
    command like a typed line, kept out of the history; what was half typed
    comes back at the next prompt.
    """

    interactive = True
    """A person is typing: the game may wait for them."""

    def __init__(self, say: Callable[[str], None], speak: Callable[[str], None]) -> None:
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings


        self.say = say
        self.speak = speak
        self.words: Callable[[], list[str]] = list
        """What Tab completes now: the session sets it to the legal moves and the commands."""
        self.moves: Callable[[], list[str]] = list
        """The legal moves alone, which Tab says on an empty line."""
        self.stop_speech: Callable[[], None] = lambda: None
        """What F2 does: the session sets it to silence the program's speech."""
        self.ctrl_c: CtrlC | None = CtrlC()
        """Ctrl-C presses, shared with the game, which gets Ctrl-C as a signal between prompts."""
        self._kept: Document | None = None
        self._held: list[str] = []
        """Lines to show with the next prompt (``hold_for_prompt``)."""
        self._call_sessions: dict[tuple[str, ...], PromptSession[str | None]] = {}
        """The quick-call prompts, one for each set of call keys."""
        self._call_opened = 0.0
        """When the quick-call prompt now open opened (``time.monotonic``)."""
        self._typed_before = False
        """Whether keys waiting when it opened were typed before the event (``read_call``)."""
        """What was half typed when a quick key was pressed, for the next prompt."""
        bindings = KeyBindings()
        for key, command in QUICK_KEYS:
            bindings.add(key)(self._quick_key(command))

        @bindings.add("tab")
        def _complete(event: KeyPressEvent) -> None:
            """Tab completes the word being typed; with several choices it says them on one line."""
            self._complete(event.current_buffer)

        # Tab is bound above: no pop-up menu and no columns of choices, which a screen reader reads in a
        # confusing order.
        self.session: PromptSession[str] = self._prompt_session(bindings, history=InMemoryHistory(),
                                                                complete_while_typing=False)

    def _prompt_session(self, bindings: KeyBindings, **more: Any) -> PromptSession[Any]:
        """A prompt of this console with ``bindings`` (and ``more`` of prompt_toolkit's settings): F2 stops the
        speech, keeping the line being typed; Ctrl-C clears the line (``_cancel_line``); no space kept for menus,
        no system prompt or suspend; and Enter leaves the question's line as drawn (``draw_in_place``)."""
        from prompt_toolkit import PromptSession

        from .prompt_renderer import draw_in_place

        @bindings.add("f2")
        def _stop_speech(event: object) -> None:
            self.stop_speech()

        bindings.add("c-c")(_cancel_line)
        session: PromptSession[Any] = PromptSession(key_bindings=bindings, output=console_output(),
                                                    reserve_space_for_menu=0, enable_system_prompt=False,
                                                    enable_suspend=False, **more)
        draw_in_place(session)
        return session

    def connect(self, keys: GameKeys) -> None:
        """Tab completes ``keys.words``, says ``keys.moves`` on an empty line; F2 calls ``keys.stop_speech``."""
        self.words = keys.words
        self.moves = keys.moves
        self.stop_speech = keys.stop_speech

    def _quick_key(self, command: str) -> Callable[[KeyPressEvent], None]:
        def submit(event: KeyPressEvent) -> None:
            buffer = event.current_buffer
            self._kept = buffer.document
            buffer.text = command  # the screen shows the command after the prompt, as if typed
            event.app.exit(result=command)  # not through accept: the history keeps only typed lines

        submit.__doc__ = f"Submit {command} like a typed line."
        return submit

    def choices(self, word: str) -> list[str]:
        """The completions of ``word`` among what may be typed now."""
        return [choice for choice in self.words() if choice.lower().startswith(word.lower())]

    def _complete(self, buffer: Buffer) -> None:
        from prompt_toolkit.application import run_in_terminal

        word = buffer.document.get_word_before_cursor(WORD=True)
        if not word:
            moves = self.moves()
            line = f"Moves: {moves_in_short(moves)}; or a command." if moves else "Type a command; help lists them."
            run_in_terminal(lambda: self.say(line))
            return
        choices = self.choices(word)
        if len(choices) == 1:
            buffer.delete_before_cursor(len(word))
            buffer.insert_text(choices[0] + " ")
            return
        prefix = os.path.commonprefix([choice.lower() for choice in choices])
        if len(prefix) > len(word):
            buffer.delete_before_cursor(len(word))
            buffer.insert_text(prefix)
        elif choices:
            line = "Choices: " + ", ".join(choices) + "."
            run_in_terminal(lambda: self.say(line))
        else:
            run_in_terminal(lambda: self.say("Nothing to complete."))

    def read(self, question: str, fresh: bool = True) -> str | None:
        return self.read_watching(question, None, fresh)

    def hold_for_prompt(self, line: str) -> None:
        self._held.append(line)

    def write_held(self) -> None:
        text = self._take_held()
        if text:
            sys.stdout.write(text)
            sys.stdout.flush()

    def _show_held(self, output: Output) -> None:
        """At a prompt's start, before its first drawing: the lines held go out with the question, one write."""
        text = self._take_held()
        if text:
            output.write_raw(text.replace("\n", "\r\n"))  # raw mode: a newline alone does not go back to the margin

    def _take_held(self) -> str:
        """The lines held, as printed (``terminal_rows``), each ending in a newline; none are held after."""
        held, self._held = self._held, []
        return "".join(terminal_rows(encodable_line(line, sys.stdout), sys.stdout) + "\n" for line in held)

    def read_watching(self, question: str, news: Callable[[], bool] | None, fresh: bool = True) -> str | None:
        """``read``, given up the moment ``news()`` is true (looked at every tenth of a second): then
        ``ReadInterrupted`` is raised, and what was typed so far is kept for the next prompt."""
        unspoken = fresh  # the prompt shows the question; a voice must say it too
        interrupted = False

        def start() -> None:
            nonlocal interrupted
            from prompt_toolkit.application import get_app

            app = get_app()
            if self._notice_put_off_shown() and fresh:
                self.speak(question)  # again, after the notice
            self._show_held(app.output)
            self._leave_if_due()
            held.started()
            if news is None:
                return
            import asyncio

            async def watch() -> None:
                nonlocal interrupted
                while app.is_running and not app.is_done:
                    if news():
                        interrupted = True
                        self._kept = app.current_buffer.document
                        app.exit(result="")
                        return
                    await asyncio.sleep(NEWS_SECONDS)

            app.create_background_task(watch())

        while True:
            if self._leave_due():
                return "quit"
            self._say_notice_put_off()
            if unspoken:
                self.speak(question)
                unspoken = False
            kept, self._kept = self._kept, None
            held = SignalsAfterPrompt()
            try:
                with held:  # SIGHUP (a closed terminal) and SIGTERM leave once the prompt is over
                    line = self.session.prompt(_prompt_rows(question), default=kept or "", pre_run=start)
            except PromptGivenUp:  # a signal whose handler did not leave: the question again, the typing kept
                self._kept = held.kept
                continue
            except EOFError:
                return None
            except KeyboardInterrupt:
                self.stop_speech()
                if self.ctrl_c is not None and self.ctrl_c.press():
                    return "quit"
                self.say(ctrl_c_notice(self.ctrl_c))
                continue
            if interrupted:
                raise ReadInterrupted
            return None if ends_input(line) else line

    def typing_kept(self) -> bool:
        if self._kept is not None and self._kept.text:
            return True
        # Keys read from the terminal but not yet taken into the line when the prompt was given up wait in
        # prompt_toolkit's typeahead for the next prompt, not in the terminal, where wait_for_keys looks.
        from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead

        waiting = get_typeahead(self.session.input)
        if waiting:
            store_typeahead(self.session.input, waiting)  # looked at, left for the next prompt
        return bool(waiting)

    def _notice_put_off(self) -> str | None:
        """The notice of a first Ctrl-C that came as a signal while the game was busy (an announcement or a
        save under way: ``CtrlC.defer_notice``), if it is still unsaid; speech is stopped for it.

        A prompt says it before it reads a key: the keys pressed after that Ctrl-C (an Enter) are answered
        after its notice, at this prompt; left to the game's next safe point, the notice came only after them."""
        if self.ctrl_c is None or not self.ctrl_c.take_notice():
            return None
        self.stop_speech()
        return ctrl_c_notice(self.ctrl_c)

    def _say_notice_put_off(self) -> None:
        """Before a prompt opens: say the notice of a Ctrl-C put off (``_notice_put_off``), if one waits."""
        notice = self._notice_put_off()
        if notice is not None:
            self.say(notice)

    def _notice_put_off_shown(self) -> bool:
        """At the prompt's start, before its first drawing (from here on prompt_toolkit takes Ctrl-C itself): a
        Ctrl-C that came as a signal while the prompt was being set up has its notice spoken and shown with the
        question; whether one had."""
        notice = self._notice_put_off()
        if notice is None:
            return False
        self.speak(notice)
        self.hold_for_prompt(notice)
        return True

    def _leave_if_due(self) -> None:
        """At the prompt's start: a second Ctrl-C that came as a signal while the prompt was being set up
        leaves now (from here on prompt_toolkit takes Ctrl-C itself)."""
        if self._leave_due():
            from prompt_toolkit.application import get_app

            get_app().exit(result="quit")

    def _leave_due(self) -> bool:
        """Whether a second Ctrl-C came between prompts (a signal the game could not act on at once: out
        of the prompt, the terminal sends Ctrl-C as SIGINT); the prompt then leaves instead of waiting."""
        return self.ctrl_c is not None and self.ctrl_c.take_leave()

    def keys_waiting(self) -> bool:
        """Whether keys have been typed and wait to be read."""
        return self.wait_for_keys(0.0)

    def wait_for_keys(self, seconds: float) -> bool:
        """Wait ``seconds`` or until a key is typed (it stays to be read); whether one was."""
        if sys.platform == "win32":
            import msvcrt

            end = time.monotonic() + seconds
            while True:
                if msvcrt.kbhit():
                    return True
                left = end - time.monotonic()
                if left <= 0:
                    return False
                time.sleep(min(left, 0.02))
        import select

        try:
            ready, _, _ = select.select([sys.stdin], [], [], max(0.0, seconds))
        except (OSError, ValueError):
            time.sleep(max(0.0, seconds))
            return False
        return bool(ready)

    def read_call(self, question: str, keys: Sequence[str], seconds: float, typed_before: bool = False) -> str | None:
        """A quick call at the terminal: a one-letter key of ``keys`` pressed alone on an empty line is
        taken the moment it is pressed; keys that come together (a word typed ahead) are typing, and so
        are keys typed before the event with ``typed_before``; Enter sends a line; None when ``seconds``
        have passed."""
        import asyncio

        from prompt_toolkit.application import get_app

        session = self._call_session(tuple(key for key in keys if len(key) == 1))
        unspoken = True

        def start_clock() -> None:
            app = get_app()
            app.erase_when_done = False  # kept on the screen when answered: the answer shows after it
            if self._notice_put_off_shown():
                self.speak(question)  # again, after the notice
            self._show_held(app.output)
            held.started()
            self._call_opened = time.monotonic()
            self._typed_before = typed_before

            def time_up() -> None:
                if app.is_running and not app.is_done:
                    app.current_buffer.text = ""  # what was typed and not sent is dropped: not left as if sent
                    # The question goes too: "Doubt? d" left on the screen reads as if d had been typed.
                    app.erase_when_done = True
                    app.exit(result=None)

            asyncio.get_running_loop().call_later(max(0.0, seconds), time_up)

        while True:
            if self._leave_due():
                return "quit"
            self._say_notice_put_off()
            if unspoken:
                self.speak(question)
                unspoken = False
            held = SignalsAfterPrompt()
            try:
                with held:
                    line = session.prompt(_prompt_rows(question), pre_run=start_clock)
            except PromptGivenUp:
                continue  # a signal whose handler did not leave: the call is still open
            except KeyboardInterrupt:
                self.stop_speech()
                if self.ctrl_c is not None and self.ctrl_c.press():
                    return "quit"
                self.say(ctrl_c_notice(self.ctrl_c))
                continue
            if line is not None and ends_input(line):
                raise EOFError
            return line

    def _key_alone(self, event: KeyPressEvent) -> bool:
        """Whether a call's key was pressed alone, as a call: not among keys that came together (a word
        typed ahead), and not typed before the event (taken at once when the prompt opened)."""
        if event.app.key_processor.input_queue:
            return False
        return not (self._typed_before and time.monotonic() - self._call_opened < TYPED_BEFORE_SECONDS)

    def _call_session(self, keys: tuple[str, ...]) -> PromptSession[str | None]:
        """A prompt for quick calls whose one-letter ``keys`` answer at once (made once for each set of keys)."""
        from prompt_toolkit.filters import Condition
        from prompt_toolkit.key_binding import KeyBindings


        if keys in self._call_sessions:
            return self._call_sessions[keys]
        bindings = KeyBindings()
        line_empty = Condition(lambda: not get_app_buffer_text())

        def get_app_buffer_text() -> str:
            from prompt_toolkit.application import get_app

            return get_app().current_buffer.text

        for key in keys:
            for typed in {key.lower(), key.upper()}:

                @bindings.add(typed, filter=line_empty)
                def _call(event: KeyPressEvent, key: str = key) -> None:
                    """The call's key pressed alone answers at once, as if typed with Enter; else it is typed."""
                    if not self._key_alone(event):
                        event.current_buffer.insert_text(event.data)
                        return
                    event.current_buffer.text = key
                    event.app.exit(result=key)

        session: PromptSession[str | None] = self._prompt_session(bindings)
        self._call_sessions[keys] = session
        return session

    @contextmanager
    def keys_held(self) -> Iterator[None]:
        """While the game runs: keys typed between prompts wait for the next prompt.

        The terminal neither echoes them nor reads a line of its own, so
        nothing typed while the computers play is printed among the
        announcements, and a Ctrl-D or a quick key typed then reaches the next
        prompt.  Ctrl-C still arrives as a signal.  At the end, keys typed
        after the last prompt are dropped rather than passed to the shell.

        On Windows there is nothing to do (and no ``termios``): the console
        echoes keys only while a line is being read, so keys typed between
        prompts wait unseen in its input buffer.
        """
        if sys.platform == "win32":
            yield
            return
        import termios

        fd = sys.stdin.fileno()
        try:
            saved = termios.tcgetattr(fd)
        except termios.error:
            yield
            return
        held = termios.tcgetattr(fd)
        held[3] &= ~(termios.ECHO | termios.ICANON)
        held[3] |= termios.NOFLSH  # Ctrl-C must not throw away what was typed or is being shown
        held[6][termios.VMIN] = 1
        held[6][termios.VTIME] = 0
        termios.tcsetattr(fd, termios.TCSANOW, held)
        try:
            yield
        finally:
            # An input flush and TCSANOW rather than TCSAFLUSH, which would first wait for
            # output nobody may read any more; a terminal that has gone (a closed window,
            # a killed tmux) fails with EIO, which must not turn leaving into an error.
            try:
                termios.tcflush(fd, termios.TCIFLUSH)
                termios.tcsetattr(fd, termios.TCSANOW, saved)
            except termios.error:
                pass  # the terminal has gone: there is nothing to restore


def standard_input_lines(say: Callable[[str], None], speak: Callable[[str], None]) -> InputSource:
    """Terminal lines when standard input and output are terminals, plain lines otherwise.

    ``say`` shows and speaks a line; ``speak`` only speaks it (for a question
    that the terminal's prompt shows).  Plain lines are read so that a signal
    always ends the wait for one (``SignalLines``) where that can be done.
    """
    if sys.stdin.isatty() and sys.stdout.isatty():
        return TerminalLines(say, speak)
    return PlainLines(SignalLines(sys.stdin) if wakes_on_signals(sys.stdin) else sys.stdin, say)
