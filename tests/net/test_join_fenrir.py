"""An online table read by a real terminal screen reader, Fenrir: what a listener hears when a chat line comes
while they are typing their answer to their own question.

Ben's console (``rook-access join``) is Fenrir's shell (tests/helpers/screen_reader.py), Anna's a plain tmux
terminal, both at a Beginner Game table of a real ``rook-access serve``.  At Ben's question he types part of a
card; Anna says "hello Ben"; the prompt is given up, the chat line printed, and the question asked again in its
short form with his typing kept on the line (prompt_toolkit redraws it with cursor movements); Ben finishes
the card and presses Enter.

Fenrir's speech command here takes as long as a voice would (``pace``) and marks a text Fenrir cut off, so
that a line cut off a moment after it started is not taken for a line said.  A listener should hear the chat
line once, whole, then the short question once with what they had typed, and their play: no escape-code
remains, no screen read again, the long question not again, and the half-typed card only once, after the
question.  Fenrir may say "blank" as the cursor moves to an empty line (as it does at every Enter): that is its
own word for an empty line, and tolerated.

Once a problem, now mended: the chat line was printed as a line of its own and the prompt drawn a few
milliseconds later, so Fenrir (1.9.5, pty driver) often saw them in two screen updates.  In the second the
cursor had moved along its row by exactly the length of the new text, the short question with the typed card
at its end, which Fenrir's tab-completion command takes for a completion and says at once, interrupting: the
chat line just begun was cut off ("Chat, Anna: hello Ben", cut, then "Your play, 3 legal. the Roo"), or dropped
before a word of it was said (in about two runs of five).  The console now shows a line said while the question
was given up together with the question that comes back, in one write (``lines.HoldsLines``), and Fenrir says
both in order.  A redrawn question with nothing typed ends in a space, which Fenrir does not take for a
completion.

What fails the test: escape-code remains or control characters in what Fenrir said, the long question said
again, the short one said twice or not at all, the typed part said alone or twice, anything but "blank" said
before the chat line, the chat line never given to speech, cut off or said twice, lines out of order, a line shown on
the screen not heard, or any other text cut off in that moment.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.helpers.screen_reader import Fenrir, find_in_order, game_lines, garbage_in, lines_not_spoken
from tests.helpers.terminal import screen_reader_safe
from tests.net import test_join_terminal
from tests.net.test_join_terminal import DEADLINE, GO_ON, QUESTION, WELCOME, WIDTH, Console, step

pytestmark = pytest.mark.xdist_group("real-time")

port = test_join_terminal.port
"""``rook-access serve`` on a free port, the fixture of the two-terminal tests."""

PACE = 0.03
"""Seconds a character takes to say: a fast screen-reader voice (about 330 words a minute)."""
CUT = "[cut off]"
"""The line the speech command writes after a text Fenrir cut off (``Fenrir(pace=...)``)."""
CHAT = "Chat, Anna: hello Ben"
TYPING_GAP = 0.15
"""Seconds between the keys Ben types, as a person types them (keys sent at once reach Fenrir as one piece of
text on the screen, which it reads out as if it were output)."""


def last_line(fenrir: Fenrir) -> str:
    lines = fenrir.screen().splitlines()
    return lines[-1] if lines else ""


def ben_asked(anna: Console, ben: Fenrir) -> str:
    """Play (Anna her first legal card, Ben going on after a trick) until Ben is asked to play; his question."""
    deadline = time.monotonic() + DEADLINE * 2
    while True:
        last = last_line(ben)
        if QUESTION.match(last) and last.endswith("."):
            return last
        if last == GO_ON:
            shown = ben.screen().count(GO_ON)
            ben.keys("Enter")
            ben.wait_for_count(f"{GO_ON}\n", shown, timeout=DEADLINE)  # the pause answered: a line came under it
        step(anna)
        assert time.monotonic() < deadline, f"Ben was not asked:\nAnna:\n{anna.tail()}\nBen:\n{ben.screen()[-2000:]}"
        time.sleep(0.1)


def chat_cut_off(queued: list[str], said: list[str]) -> bool:
    """Whether Fenrir cut off a text with the chat line that it gave its speech driver: the text was followed by
    the speech command's mark of a text cut off, or it was never written down (cut off, or dropped from the
    queue, before its command could write it)."""
    for text in queued:
        if CHAT in text:
            if text not in said:
                return True
            at = said.index(text)
            if at + 1 < len(said) and said[at + 1] == CUT:
                return True
    return False


def test_a_chat_line_at_my_own_question_is_heard_once_then_the_short_question_with_my_typing(port, tmp_path):
    server = f"localhost:{port}"
    anna = Console("Anna", tmp_path / "anna", server, "--new", "--variant", "beginner", "--people", "2",
                   "--level", "easy", "--name", "Anna")  # fmt: skip
    ben: Fenrir | None = None
    try:
        code = anna.wait(WELCOME.pattern).group(1)
        home = tmp_path / "ben"
        home.mkdir()
        ben = Fenrir(
            ["join", server, "--code", code, "--name", "Ben"], home=home, width=WIDTH, pace=PACE, debug_log=True
        )
        anna.wait(r"^Ben sat down as North\.$")

        question = ben_asked(anna, ben)
        asked_to_play = QUESTION.match(question)
        assert asked_to_play is not None, question
        card = asked_to_play.group(1)  # the first legal card: "13 green", "the Rook"
        part, rest = card[:-1], card[-1]
        # Ben has heard his question out before he types.
        ben.wait_spoken(re.escape(question), timeout=DEADLINE * 2)
        ben.wait_silent()
        mark = len(ben.spoken())

        for key in part:
            ben.type(key, enter=False)
            time.sleep(TYPING_GAP)
        ben.wait_for(f"{question} {part}", timeout=DEADLINE)  # the keys reached the prompt
        ben.wait_silent()

        anna.type("say hello Ben")
        ben.wait_for(f"{question} {part}\n{CHAT}\n", timeout=DEADLINE)
        again = last_line(ben)
        assert again.endswith(f" {part}"), ben.screen()[-2000:]
        short = again[: -len(part) - 1]  # "Your play, 3 legal." (and "Enter plays it." for a single card)
        assert re.fullmatch(r"Your (lead|play), \d+ (cards?|legal)\.( Enter plays it\.)?", short), again
        ben.wait_silent()

        ben.type(rest, enter=False)
        ben.wait_for(f"{short} {card}", timeout=DEADLINE)
        time.sleep(TYPING_GAP)
        ben.keys("Enter")
        played = rf"You (?:play|trump with) {re.escape(card)}(?:, a lower trump)?\."
        ben.wait_spoken(played, timeout=DEADLINE)
        ben.wait_silent()
        said = ben.spoken()
        screen = ben.screen()
        # Ben leaves, and Fenrir with him: it writes its log out as it quits.
        ben.type("quit")
        ben.wait_for("GAME-EXIT=0", timeout=DEADLINE)
        ben.finish()
        queued, spoken = ben.queued(), ben.spoken().splitlines()
    finally:
        anna.close()
        if ben is not None:
            ben.close()

    moment = said[mark:].splitlines()
    heard = " ".join(moment)
    excerpt = "\n".join(moment)
    played_at = re.search(played, heard)
    assert played_at is not None, excerpt
    asked = heard[: played_at.start()]  # from Ben's first key to his play

    # Nothing that is not text: no escape-code remains, no control characters, no box drawing.
    assert garbage_in(heard) == [], excerpt
    assert screen_reader_safe(screen), screen[-2000:]
    # The short question once, with what was typed after it; the long one is not read again.
    assert asked.count(short) == 1, excerpt
    assert question not in heard, excerpt
    # The half-typed card once, as the end of the question's line: not read alone, letter by letter, or twice.
    half = rf"{re.escape(part)}(?!{re.escape(rest)})"
    assert len(re.findall(half, asked)) == 1, excerpt
    assert re.search(rf"{re.escape(short)}\s+{half}", asked), excerpt
    # Fenrir meant to say the chat line: it gave it to its speech driver.
    assert any(CHAT in text for text in queued), f"Fenrir never gave the chat line to speech:\n{excerpt}"
    # Fenrir said the chat line whole: not cut off by the question drawn after it (the problem mended).
    assert not chat_cut_off(queued, spoken), f"Fenrir cut the chat line off; it said:\n{excerpt}"
    # Before the chat line Fenrir says at most its "blank".
    first = next(index for index, utterance in enumerate(moment) if CHAT in utterance or short in utterance)
    assert set(moment[:first]) <= {"blank"}, excerpt
    # The chat line once and whole, then the question again, then the play; every line shown heard, in order.
    assert asked.count(CHAT) == 1, excerpt
    find_in_order(heard, [re.escape(CHAT), re.escape(short), played])
    shown = game_lines(screen, short.split(",")[0], [part, card])
    assert lines_not_spoken(shown, said) == [], said
    assert CUT not in moment, excerpt
