"""The hunt for faults in reading damaged files: every truncation and random byte flips of each kind.

Run ``python -m rook_access.bench.corrupt_files`` (``--flips 1000`` is the
default).  Four kinds of file are made as the program makes them: a save of
a game in progress that has a ``--record`` file, a settings file, a
``--deal`` file and the record itself.  Each is cut at every byte (lengths 0
to its length less one) and has single bytes changed at random positions to
random other values (a fixed seed, so a run is repeatable), and each damaged
copy is read back by the function the program reads that kind with:

- a save by ``saves.read_save``: a game, or ``DamagedSaveError``;
- settings by ``settings.load_settings``: settings, with a notice when any
  was ignored;
- a deal by ``console.cli.load_deal``: a deal, or ``InvalidDealError``;
- a record by ``saves.resume_record`` when its game is resumed: the record
  of the saved game at its path, the damaged bytes kept (aside, or as the
  part of the file that is kept) unless what is cut is only lines written
  after the save or a half-written last line.

A *fault* is anything else: another exception, a message that is not one
printable line, a file changed that must not be, a record that loses bytes it
could not match.  The report gives, for each kind, the cases tried, how they
ended and every fault.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import shutil
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from ..console.cli import load_deal
from ..engine import PARTNERSHIP, Deal, GameState, InvalidDealError
from ..engine.deal import EXAMPLE_DEAL
from ..players import Player
from ..saves import (
    DamagedSaveError,
    GameSaver,
    GameSetup,
    make_table,
    read_save,
    record_extra,
    record_lines_of,
    resume_record,
)
from ..settings import Settings, load_settings, save_settings

KINDS = ("save", "settings", "deal", "record")
SAVE_SEED = 2026
SAVED_ACTIONS = 40
"""Actions played before the save: the auction, the nest, the trump and some tricks."""
AFTER_SAVE_ACTIONS = 3
"""Actions recorded after the save (a program stopped before it saved them)."""


class Fault(Exception):
    """What a damaged file did that it must not: the message says what."""


@dataclasses.dataclass
class Sample:
    """One kind's good file (``data``) and what reading it needs."""

    kind: str
    data: bytes
    events: list = dataclasses.field(default_factory=list)
    record_lines: int = 0
    extra: dict = dataclasses.field(default_factory=dict)


def _one_line(message: str) -> None:
    if not message or "\n" in message or "\r" in message or not message.isprintable():
        raise Fault(f"the message is not one printable line: {message!r}")


def _mover(players: Sequence[Player | None], stand_ins: Sequence[Player | None], seat: int) -> Player:
    """The seat's computer player, or its all-computer stand-in for a human seat."""
    mover = players[seat] or stand_ins[seat]
    assert mover is not None  # the stand-ins' table has computers in every seat
    return mover


def make_samples(folder: Path) -> dict[str, Sample]:
    """The good files of each kind, made as the program makes them."""
    record = "/home/player/rook/game.jsonl"  # never opened: a fixed path keeps the save's bytes the same each run
    setup = GameSetup.create(
        ["human", "computer", "human", "computer"],
        level="easy",
        seed=SAVE_SEED,
        deal=Deal.from_json(EXAMPLE_DEAL, PARTNERSHIP),
        record=record,
    )
    state, players = make_table(setup)
    assert isinstance(state, GameState)  # a trick table: this bench plays Rook
    saver = GameSaver(folder / "current-game.json", setup)
    stand_ins = make_table(dataclasses.replace(setup, seats=("computer",) * 4))[1]
    for _ in range(SAVED_ACTIONS):
        seat = state.seat_to_act
        action = _mover(players, stand_ins, seat).choose(state.view(seat))
        state.apply(action, seat)
        saver.add(seat, action)
    saved_events = list(state.events)
    saver.save(len(saved_events))
    for _ in range(AFTER_SAVE_ACTIONS):
        seat = state.seat_to_act
        state.apply(_mover(players, stand_ins, seat).choose(state.view(seat)), seat)
    extra = record_extra(setup)
    record_text = "".join(record_lines_of(state.events, extra))
    settings_path = folder / "settings.toml"
    save_settings(
        settings_path,
        Settings(verbosity="terse", output="plain", voice="en-us", rate=220, pacing="delay", delay=0.5,
                 level="easy,strong,normal,strong", variant="kentucky",
                 options=(("target", 400), ("bird_rank", "low"), ("min_bid", 70), ("all_tricks_bonus", 20),
                          ("ones", True))),
    )  # fmt: skip
    return {
        "save": Sample("save", saver.path.read_bytes()),
        "settings": Sample("settings", settings_path.read_bytes()),
        "deal": Sample("deal", json.dumps(EXAMPLE_DEAL, indent=2).encode()),
        "record": Sample("record", record_text.encode(), saved_events, len(saved_events), extra),
    }


def damaged_copies(data: bytes, flips: int, seed: int) -> Iterator[tuple[str, bytes]]:
    """Every truncation of ``data``, then ``flips`` copies with one byte changed to another value."""
    for length in range(len(data)):
        yield f"cut at {length}", data[:length]
    generator = random.Random(seed)
    for _ in range(flips):
        position = generator.randrange(len(data))
        value = data[position] ^ generator.randrange(1, 256)
        yield f"byte {position} to {value:#04x}", data[:position] + bytes([value]) + data[position + 1 :]


# ------------------------------------------------------------------ the readers
def try_save(sample: Sample, damaged: bytes, folder: Path) -> str:
    """Read a damaged save; its outcome, or Fault."""
    path = folder / "current-game.json"
    path.write_bytes(damaged)
    try:
        saved = read_save(path)
    except DamagedSaveError as error:
        _one_line(str(error))
        outcome = "refused"
    else:
        outcome = "no save" if saved is None else "read"
    if path.read_bytes() != damaged:
        raise Fault("reading the save changed the file")
    return outcome


def try_settings(sample: Sample, damaged: bytes, folder: Path) -> str:
    """Load damaged settings; its outcome, or Fault."""
    path = folder / "settings.toml"
    path.write_bytes(damaged)
    settings, notice = load_settings(path)
    if not isinstance(settings, Settings):
        raise Fault(f"load_settings gave {settings!r}")
    if notice is not None:
        _one_line(notice)
    if path.read_bytes() != damaged:
        raise Fault("loading the settings changed the file")
    if notice is None:
        return "read"
    return "defaults" if settings == Settings() else "some kept"


def try_deal(sample: Sample, damaged: bytes, folder: Path) -> str:
    """Load a damaged deal file; its outcome, or Fault."""
    path = folder / "deal.json"
    path.write_bytes(damaged)
    try:
        deal = load_deal(str(path), PARTNERSHIP)
    except InvalidDealError as error:
        _one_line(str(error))
        outcome = "refused"
    else:
        if not isinstance(deal, Deal):
            raise Fault(f"load_deal gave {deal!r}")
        outcome = "read"
    if path.read_bytes() != damaged:
        raise Fault("loading the deal changed the file")
    return outcome


def try_record(sample: Sample, damaged: bytes, folder: Path) -> str:
    """Resume the saved game's record from a damaged record; its outcome, or Fault.

    Afterwards the record's path must hold the saved game's lines, and the
    damaged bytes must survive: in a file kept aside, or as the start of the
    record, with only lines written after the save or a half-written last
    line cut.
    """
    for stale in folder.iterdir():
        stale.unlink()
    path = folder / "record.jsonl"
    path.write_bytes(damaged)
    writer = resume_record(path, sample.events, sample.record_lines, sample.extra)
    writer.close()
    expected = "".join(record_lines_of(sample.events, sample.extra)).encode()
    if path.read_bytes() != expected:
        raise Fault("the resumed record is not the saved game's record")
    others = [each for each in folder.iterdir() if each != path]
    if others:
        if len(others) != 1 or others[0].read_bytes() != damaged:
            raise Fault(f"files beside the record: {[each.name for each in others]}")
        return "kept aside"
    lines = damaged.splitlines(keepends=True)
    kept = 0
    while kept < len(lines) and expected.startswith(b"".join(lines[: kept + 1])):
        kept += 1
    cut = lines[kept:]
    complete = [line for line in cut if line.endswith(b"\n")]
    if kept < sample.record_lines and complete:
        raise Fault(f"line {kept + 1} of the saved game's record was cut, not kept")
    return "kept" if b"".join(lines[:kept]) == damaged else "tail cut"


READERS: dict[str, Callable[[Sample, bytes, Path], str]] = {
    "save": try_save,
    "settings": try_settings,
    "deal": try_deal,
    "record": try_record,
}


@dataclasses.dataclass
class KindReport:
    """How the damaged copies of one kind of file were read."""

    kind: str
    size: int
    cases: int = 0
    outcomes: Counter = dataclasses.field(default_factory=Counter)
    faults: list[str] = dataclasses.field(default_factory=list)
    seconds: float = 0.0


def hunt(kind: str, flips: int = 1000, seed: int = 0, folder: Path | None = None) -> KindReport:
    """Read every truncation and ``flips`` random byte flips of one kind of file; the report."""
    with tempfile.TemporaryDirectory(prefix="rook-access-corrupt-") as scratch:
        base = Path(scratch) if folder is None else folder
        (base / "samples").mkdir(parents=True)
        sample = make_samples(base / "samples")[kind]
        work = base / "work"
        work.mkdir()
        report = KindReport(kind, len(sample.data))
        reader = READERS[kind]
        start = time.perf_counter()
        for case, damaged in damaged_copies(sample.data, flips, seed):
            report.cases += 1
            try:
                report.outcomes[reader(sample, damaged, work)] += 1
            except Fault as fault:
                report.faults.append(f"{case}: {fault}")
            except Exception:  # noqa: BLE001 - every escape is a fault to report
                report.faults.append(f"{case}: {traceback.format_exc(limit=-1).strip().splitlines()[-1]}")
        report.seconds = time.perf_counter() - start
        if folder is None:
            shutil.rmtree(base, ignore_errors=True)
    return report


def main(argv: list[str] | None = None) -> int:
    """Run the hunt for every kind and print the report; 1 if any fault was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flips", type=int, default=1000, help="random byte flips per kind (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the flips' seed (default 0)")
    parser.add_argument("--kind", choices=KINDS, action="append", help="only this kind (may be repeated)")
    args = parser.parse_args(argv)
    faults = 0
    for kind in args.kind or KINDS:
        report = hunt(kind, args.flips, args.seed)
        outcomes = ", ".join(f"{name} {count}" for name, count in sorted(report.outcomes.items()))
        print(
            f"{kind}: {report.size} bytes, {report.cases} cases ({report.size} cuts, {args.flips} flips) "
            f"in {report.seconds:.1f} s: {outcomes}; faults {len(report.faults)}"
        )
        for fault in report.faults[:20]:
            print(f"  fault: {fault}")
        faults += len(report.faults)
    print(f"faults found: {faults}")
    return 1 if faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
