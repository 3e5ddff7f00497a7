from rook_access.console.session import ConsoleGame
from rook_access.engine.solitaire import SolitaireState
from rook_access.engine.clock import ClockState
from tests.helpers.console import ListChannel, ScriptedLines
import os, tempfile, sys
os.environ["ROOK_ACCESS_DATA_DIR"]=tempfile.mkdtemp()
st=SolitaireState.from_seed(5)
ch=ListChannel()
lines=ScriptedLines(sys.argv[1].split("|"))
ConsoleGame(st,[None],lines,ch).run()
print("\n".join(ch.lines))
print("Q:",lines.questions[:2])
ch=ListChannel()
ConsoleGame(ClockState.from_seed(3),[None],ScriptedLines(["stats"]),ch).run()
print("\n".join(ch.lines[:3]+["..."]+ch.lines[-5:]))
