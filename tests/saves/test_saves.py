"""Never lose a game: the save file, its atomic write, rebuilding the game, and the record's continuation."""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rook_access import saves
from rook_access.console import cli
from rook_access.engine import (
    PASS,
    Action,
    Bid,
    Discard,
    DiscardChoices,
    GameState,
    NameTrump,
    Phase,
    Play,
    SeatView,
    parse_card,
    parse_cards,
)
from rook_access.engine.notation import event_to_json
from rook_access.players import RandomPlayer, SearchPlayer
from rook_access.record import RecordWriter
from rook_access.saves import (
    DamagedSaveError,
    GameSaver,
    GameSetup,
    action_from_json,
    action_to_json,
    data_folder,
    deal_to_json,
    delete_save,
    make_table,
    read_save,
    rebuild,
    record_extra,
    record_lines_of,
    resume_record,
    write_save,
)
from tests.helpers.hands import block_deal

COMPUTERS = ("computer",) * 4
MIXED = ("human", "computer", "human", "computer")


def human_choice(state: GameState, seat: int):
    """What a keyboard player types: a legal action that depends on the state alone."""
    return RandomPlayer(len(state.events) * 7 + seat).choose(state.view(seat))


def play(state: GameState, players, actions: list, limit: int | None = None) -> None:
    """Play on (computer seats choose, keyboard seats by ``human_choice``), noting each action."""
    while not state.is_over and (limit is None or len(actions) < limit):
        seat = state.turn
        player = players[seat]
        action = player.choose(state.view(seat)) if player is not None else human_choice(state, seat)
        state.apply(action, seat)
        actions.append((seat, action))


def records(state: GameState) -> list[dict[str, Any]]:
    return [event_to_json(event) for event in state.events]


def comparable(view):
    legal = view.legal
    return dataclasses.replace(view, legal=tuple(legal) if isinstance(legal, DiscardChoices) else legal)


def legal_list(state: GameState) -> list:
    return list(state.legal_actions())


def saved_text(path: Path, setup: GameSetup, actions, record_lines: int = 0) -> bytes:
    write_save(path, setup, actions, record_lines)
    return path.read_bytes()


@pytest.fixture
def save_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "current-game.json"


# ------------------------------------------------------------------ the actions
@pytest.mark.parametrize(
    ("seat", "action", "obj"),
    [
        (0, Bid(75), {"seat": 0, "bid": 75}),
        (1, PASS, {"seat": 1, "pass": True}),
        (
            1,
            Discard(frozenset(parse_cards("9g 5r rook 6x 14y"))),
            {"seat": 1, "discard": ["5r", "6x", "14y", "9g", "rook"]},
        ),
        (3, NameTrump(0), {"seat": 3, "trump": "red"}),
        (2, Play(parse_card("14r")), {"seat": 2, "play": "14r"}),
        (2, Play(parse_card("rook")), {"seat": 2, "play": "rook"}),
    ],
)
def test_actions_to_and_from_json(seat, action, obj) -> None:
    assert action_to_json(seat, action) == obj
    assert action_from_json(obj) == (seat, action)
    assert json.loads(saves._action_text(seat, action)) == obj


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        {"seat": 0},
        {"bid": 75},
        {"seat": "0", "bid": 75},
        {"seat": True, "bid": 75},
        {"seat": 0, "bid": "75"},
        {"seat": 0, "bid": 75.0},
        {"seat": 0, "bid": True},
        {"seat": 0, "pass": False},
        {"seat": 0, "pass": 1},
        {"seat": 0, "play": "15r"},
        {"seat": 0, "play": 14},
        {"seat": 0, "trump": "purple"},
        {"seat": 0, "discard": "5r 6r"},
        {"seat": 0, "discard": ["5r", "5r", "6r", "7r", "8r"]},
        {"seat": 0, "discard": ["5r", 6]},
        {"seat": 0, "shuffle": True},
        {"seat": 0, "bid": 75, "pass": True},
    ],
)
def test_malformed_actions_are_damage(obj) -> None:
    with pytest.raises(DamagedSaveError):
        action_from_json(obj)


# ------------------------------------------------------------------- the set-up
def test_setup_round_trips_through_json(tmp_path: Path) -> None:
    setup = GameSetup.create(
        ["human", "computer", "computer", "computer"],
        level="random",
        hands=2,
        deal=block_deal(),
        record=tmp_path / "game.jsonl",
    )
    assert isinstance(setup.seed, int)
    assert setup.record == str(tmp_path / "game.jsonl")
    assert setup.deal == deal_to_json(block_deal())
    text = json.dumps(setup.to_json())
    assert GameSetup.from_json(json.loads(text)) == setup


def test_create_draws_a_seed_only_when_none_is_given() -> None:
    assert GameSetup.create(COMPUTERS, seed=42).seed == 42
    assert GameSetup.create(COMPUTERS, seed=0).seed == 0
    seeds = {GameSetup.create(COMPUTERS).seed for _ in range(5)}
    assert len(seeds) > 1


def test_make_table_is_the_table_of_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An all-computer game run by ``cli.main`` records the same events as make_table's game."""
    record = tmp_path / "cli.jsonl"
    assert cli.main(["--seats", "computer,computer,computer,computer", "--seed", "11", "--hands", "2",
                     "--level", "easy", "--record", str(record)]) == 0
    capsys.readouterr()
    setup = GameSetup.create(COMPUTERS, level="easy", seed=11, hands=2)
    state, players = make_table(setup)
    play(state, players, [])
    assert record.read_text(encoding="utf-8").splitlines(keepends=True) == record_lines_of(
        state.events, record_extra(setup)
    )


def test_make_table_refuses_impossible_tables() -> None:
    from rook_access.engine import InvalidDealError, RuleSetError

    with pytest.raises(RuleSetError):
        make_table(GameSetup(("human",) * 3, seed=1))
    with pytest.raises(RuleSetError):
        make_table(GameSetup(COMPUTERS, level="grandmaster", seed=1))
    with pytest.raises(RuleSetError):
        make_table(GameSetup(COMPUTERS, variant="bridge", seed=1))
    with pytest.raises(InvalidDealError):
        make_table(GameSetup(COMPUTERS, seed=1, deal={"dealer": 0, "hands": [], "nest": []}))


# ---------------------------------------------------------------- round trips
@pytest.mark.parametrize(("level", "seed", "hands"), [("easy", 3, None), ("easy", 8, None), ("random", 5, 3)])
def test_whole_computer_game_round_trips(save_path: Path, level: str, seed: int, hands: int | None) -> None:
    setup = GameSetup.create(COMPUTERS, level=level, seed=seed, hands=hands)
    state, players = make_table(setup)
    actions: list = []
    play(state, players, actions)
    assert state.is_over
    write_save(save_path, setup, actions, len(state.events))
    saved = read_save(save_path)
    assert saved is not None
    assert saved.setup == setup
    assert saved.actions == actions
    assert saved.record_lines == len(state.events)
    assert records(saved.state) == records(state)
    assert saved.state.is_over


def test_fixed_deal_game_round_trips(save_path: Path) -> None:
    setup = GameSetup.create(MIXED, seed=9, hands=1, deal=block_deal(dealer=2))
    state, players = make_table(setup)
    assert state.events[1].hands == block_deal(dealer=2).hands
    actions: list = []
    play(state, players, actions)
    write_save(save_path, setup, actions, 0)
    saved = read_save(save_path)
    assert saved is not None and records(saved.state) == records(state)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 120), level=st.sampled_from(["easy", "random"]))
def test_game_rebuilt_mid_hand_is_the_same_game(seed: int, stop: int, level: str) -> None:
    setup = GameSetup.create(MIXED, level=level, seed=seed, hands=2)
    state, players = make_table(setup)
    actions: list = []
    play(state, players, actions, limit=stop)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "current-game.json"
        write_save(path, setup, actions, len(state.events))
        saved = read_save(path)
    assert saved is not None
    again, again_players = saved.state, saved.players
    assert records(again) == records(state)
    assert (again.phase, again.turn) == (state.phase, state.turn)
    assert legal_list(again) == legal_list(state)
    for seat in range(4):
        assert comparable(again.view(seat)) == comparable(state.view(seat))
        assert (again_players[seat] is None) == (players[seat] is None)
    # Both go on alike: the computer players' random generators were restored too.
    rest: list = []
    play(state, players, rest)
    for seat, action in rest:
        player = again_players[seat]
        if player is not None:
            assert player.choose(again.view(seat)) == action
        again.apply(action, seat)
    assert records(again) == records(state)


def test_rebuild_of_no_actions_is_a_new_game() -> None:
    setup = GameSetup.create(MIXED, seed=4)
    state, _ = rebuild(setup, [])
    fresh, _ = make_table(setup)
    assert records(state) == records(fresh)
    assert state.phase is Phase.BIDDING


# ------------------------------------------------------------------- the writing
def test_save_file_is_the_documented_json(save_path: Path) -> None:
    setup = GameSetup.create(MIXED, seed=2)
    actions = [(1, Bid(75)), (2, PASS)]
    document = json.loads(saved_text(save_path, setup, actions, 4))
    assert document == {
        "format": "rook-access save",
        "version": 1,
        "setup": setup.to_json(),
        "actions": [{"seat": 1, "bid": 75}, {"seat": 2, "pass": True}],
        "record_lines": 4,
    }


def test_writes_leave_no_temporary_file(save_path: Path) -> None:
    setup = GameSetup.create(COMPUTERS, level="easy", seed=1, hands=1)  # the level is not what is tested
    state, players = make_table(setup)
    actions: list = []
    while not state.is_over:
        play(state, players, actions, limit=len(actions) + 1)
        write_save(save_path, setup, actions, len(state.events))
    assert sorted(p.name for p in save_path.parent.iterdir()) == ["current-game.json"]
    saved = read_save(save_path)
    assert saved is not None and saved.actions == actions


def test_a_crash_before_the_rename_keeps_the_old_save(save_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    setup = GameSetup.create(MIXED, seed=6)
    write_save(save_path, setup, [], 2)
    old = save_path.read_bytes()

    def crash(*args: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    state, _ = make_table(setup)
    seat = state.turn
    with pytest.raises(OSError, match="power cut"):
        write_save(save_path, setup, [(seat, PASS)], 3)
    with pytest.raises(OSError, match="power cut"):
        GameSaver(save_path, setup, [(seat, PASS)]).save(3)
    monkeypatch.undo()
    assert save_path.read_bytes() == old
    assert sorted(p.name for p in save_path.parent.iterdir()) == ["current-game.json"]
    saved = read_save(save_path)
    assert saved is not None and saved.actions == [] and saved.record_lines == 2


def test_a_failed_write_raises_os_error_and_keeps_the_old_save(
    save_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = GameSetup.create(MIXED, seed=6)
    write_save(save_path, setup, [], 2)
    old = save_path.read_bytes()

    def no_space(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(OSError):
        write_save(save_path, setup, [], 3)
    monkeypatch.undo()
    assert save_path.read_bytes() == old
    assert sorted(p.name for p in save_path.parent.iterdir()) == ["current-game.json"]


def test_game_saver_writes_what_write_save_writes(tmp_path: Path) -> None:
    setup = GameSetup.create(MIXED, seed=12, hands=1)
    state, players = make_table(setup)
    actions: list = []
    play(state, players, actions)
    saver = GameSaver(tmp_path / "a.json", setup, actions[:5])
    for seat, action in actions[5:]:
        saver.add(seat, action)
    saver.save(17)
    write_save(tmp_path / "b.json", setup, actions, 17)
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert saver.actions == actions
    saver.delete()
    assert not (tmp_path / "a.json").exists()


# --------------------------------------------------------------- damaged files
def test_no_file_is_no_save(save_path: Path) -> None:
    assert read_save(save_path) is None


def test_an_unreadable_save_is_damaged(save_path: Path) -> None:
    save_path.mkdir(parents=True)
    with pytest.raises(DamagedSaveError):
        read_save(save_path)


def _valid_document(actions_count: int = 30) -> tuple[GameSetup, list, dict[str, Any]]:
    """A good save document after ``actions_count`` actions: a fresh copy each call."""
    setup, actions, document = _played_document(actions_count)
    return setup, list(actions), json.loads(json.dumps(document))


@functools.cache
def _played_document(actions_count: int) -> tuple[GameSetup, tuple, dict[str, Any]]:
    """The game is played once for all the tests that damage it (the strong players take seconds)."""
    setup = GameSetup.create(MIXED, seed=21, hands=2, deal=block_deal())
    state, players = make_table(setup)
    actions: list = []
    play(state, players, actions, limit=actions_count)
    document = {
        "format": "rook-access save",
        "version": 1,
        "setup": setup.to_json(),
        "actions": [action_to_json(seat, action) for seat, action in actions],
        "record_lines": len(state.events),
    }
    return setup, tuple(actions), document


def _read_text(text: str | bytes) -> saves.SavedGame | None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "current-game.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return read_save(path)


def _damaged(text: str | bytes) -> str:
    with pytest.raises(DamagedSaveError) as caught:
        _read_text(text)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 300
    return message


def _changed(document: dict[str, Any], *keys_and_value: Any) -> str:
    copy = json.loads(json.dumps(document))
    *keys, last, value = keys_and_value
    target = copy
    for key in keys:
        target = target[key]
    if value is _DELETE:
        del target[last]
    else:
        target[last] = value
    return json.dumps(copy)


_DELETE = object()


def test_the_valid_document_reads() -> None:
    _, actions, document = _valid_document()
    saved = _read_text(json.dumps(document))
    assert saved is not None and saved.actions == actions


@pytest.mark.parametrize(
    "change",
    [
        ("format", "rook save"),
        ("format", _DELETE),
        ("version", 2),
        ("version", "1"),
        ("version", True),
        ("version", _DELETE),
        ("setup", _DELETE),
        ("actions", _DELETE),
        ("record_lines", _DELETE),
        ("setup", []),
        ("setup", "seed", "21"),
        ("setup", "seed", 2.5),
        ("setup", "seats", "human,computer,human,computer"),
        ("setup", "seats", ["human", "computer", "human"]),
        ("setup", "seats", ["human", "computer", "human", "robot"]),
        ("setup", "level", 3),
        ("setup", "level", "grandmaster"),
        ("setup", "variant", "bridge"),
        ("setup", "variant", None),
        ("setup", "hands", 0),
        ("setup", "hands", "2"),
        ("setup", "deal", [1, 2]),
        ("setup", "deal", "dealer", 9),
        ("setup", "deal", "nest", ["5r"]),
        ("setup", "record", 5),
        ("setup", "colour", "blue"),
        ("setup", "seed", _DELETE),
        ("actions", {"seat": 0}),
        ("actions", 0, "bid", "seventy"),
        ("actions", 0, "bid", 10**4000),
        ("actions", 0, "seat", 10**4000),
        ("actions", 0, "seat", -1),
        ("record_lines", -1),
        ("record_lines", 1.0),
        ("record_lines", 10_000),
    ],
)
def test_damaged_fields(change: tuple) -> None:
    _, _, document = _valid_document()
    _damaged(_changed(document, *change))


def test_an_illegal_action_is_damage() -> None:
    setup, actions, document = _valid_document(actions_count=12)
    state, _ = rebuild(setup, actions)
    assert state.phase is Phase.PLAY
    seat = state.turn
    not_held = next(card for card in state.rules.deck if card not in state.hand(seat))
    document["actions"].append(action_to_json(seat, Play(not_held)))
    assert "is not legal" in _damaged(json.dumps(document))
    document["actions"][-1] = {"seat": seat, "bid": 75}
    assert "is not legal" in _damaged(json.dumps(document))


def test_an_action_out_of_turn_is_damage() -> None:
    _, _, document = _valid_document(actions_count=3)
    document["actions"][1]["seat"] = (document["actions"][1]["seat"] + 1) % 4
    _damaged(json.dumps(document))


def test_an_action_after_the_end_is_damage(tmp_path: Path) -> None:
    setup = GameSetup.create(COMPUTERS, level="easy", seed=2, hands=1)  # the level is not what is tested
    state, players = make_table(setup)
    actions: list = []
    play(state, players, actions)
    document = json.loads(saved_text(tmp_path / "s.json", setup, actions))
    document["actions"].append({"seat": 0, "pass": True})
    assert "end of the game" in _damaged(json.dumps(document))


def test_rebuild_takes_the_saved_computer_choices_without_asking_again(tmp_path: Path) -> None:
    """The saved actions are the game: a resume never replays the computers' thinking."""
    setup = GameSetup.create(COMPUTERS, level="strong", seed=30, hands=1)
    state, players = make_table(setup)
    actions: list = []
    asked = 0
    while len(actions) < 12:
        seat = state.turn
        legal = state.legal_actions()
        action = legal[-1] if not isinstance(legal, DiscardChoices) else next(iter(legal))
        actions.append((seat, action))
        state.apply(action, seat)
    original_choose = SearchPlayer.choose

    def counting_choose(self: SearchPlayer, view: SeatView) -> Action:
        nonlocal asked
        asked += 1
        return original_choose(self, view)

    SearchPlayer.choose = counting_choose  # type: ignore[method-assign]
    try:
        write_save(tmp_path / "s.json", setup, actions, 0)
        saved = read_save(tmp_path / "s.json")
    finally:
        SearchPlayer.choose = original_choose  # type: ignore[method-assign]
    assert saved is not None and asked == 0
    assert records(saved.state) == records(state)


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=400))
def test_random_bytes_are_damage(data: bytes) -> None:
    try:
        _read_text(data)
    except DamagedSaveError:
        pass


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_truncated_saves_are_damage(data: st.DataObject) -> None:
    text = TRUNCATION_SOURCE
    cut = data.draw(st.integers(0, len(text.rstrip()) - 1))
    _damaged(text[:cut])


_, _, _TRUNCATION_DOCUMENT = _valid_document(actions_count=20)
TRUNCATION_SOURCE = saves._encode(
    json.dumps(_TRUNCATION_DOCUMENT["setup"]),
    [json.dumps(a) for a in _TRUNCATION_DOCUMENT["actions"]],
    _TRUNCATION_DOCUMENT["record_lines"],
).decode()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=10,
)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*prefix, index))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_changed_values_are_damage_or_a_good_game(data: st.DataObject) -> None:
    """Any value anywhere replaced by any JSON value: a good save, or DamagedSaveError, never another error."""
    document = json.loads(json.dumps(_TRUNCATION_DOCUMENT))
    paths = _paths(document)
    path = data.draw(st.sampled_from(paths[1:]))
    value = data.draw(json_values)
    target = document
    for key in path[:-1]:
        target = target[key]
    assume(target[path[-1]] != value or type(target[path[-1]]) is not type(value))
    target[path[-1]] = value
    try:
        _read_text(json.dumps(document))
    except DamagedSaveError as error:
        assert str(error)


# -------------------------------------------------------- moving and deleting
def test_delete_save(save_path: Path) -> None:
    write_save(save_path, GameSetup.create(MIXED, seed=1), [], 0)
    saves._temp_path(save_path).write_text("left by a crash", encoding="utf-8")
    delete_save(save_path)
    assert list(save_path.parent.iterdir()) == []
    delete_save(save_path)  # nothing there: no error


def test_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ROOK_ACCESS_DATA_DIR", str(tmp_path / "rook"))
    assert data_folder() == tmp_path / "rook"
    monkeypatch.delenv("ROOK_ACCESS_DATA_DIR")
    import platformdirs

    assert data_folder() == Path(platformdirs.user_data_dir("rook-access", appauthor=False))


# ----------------------------------------------------------- the record file
def _session(folder: Path, setup: GameSetup, limit: int | None, crash: bool) -> bool:
    """One run of the program as it will be wired: resume or start, save after every action,
    record every event; stop after ``limit`` actions, cleanly, or, with ``crash``, after an action
    was recorded but before it was saved (and in the middle of writing a record line).  True at the end."""
    path = folder / "current-game.json"
    saved = read_save(path)
    if saved is None:
        state, players = make_table(setup)
        saver = GameSaver(path, setup)
        record = RecordWriter(open(setup.record, "w", encoding="utf-8"), record_extra(setup))  # noqa: SIM115
        for event in state.events:
            record.write(event)
        saver.save(len(state.events))
    else:
        state, players = saved.state, saved.players
        saver = GameSaver(path, saved.setup, saved.actions)
        record = resume_record(saved.setup.record, state.events, saved.record_lines, record_extra(saved.setup))
    recorded = len(state.events)
    done = 0
    try:
        while not state.is_over:
            if limit is not None and done == limit and not crash:
                return False
            seat = state.turn
            player = players[seat]
            action = player.choose(state.view(seat)) if player is not None else human_choice(state, seat)
            state.apply(action, seat)
            for event in state.events[recorded:]:
                record.write(event)
            recorded = len(state.events)
            done += 1
            if crash and done == limit:
                record.stream.write('{"event":"tri')
                return False
            saver.add(seat, action)
            saver.save(recorded)
        saver.delete()
        return True
    finally:
        record.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    stops=st.lists(st.tuples(st.integers(0, 30), st.booleans()), max_size=6),
)
def test_record_of_an_interrupted_game_is_that_of_an_uninterrupted_one(seed: int, stops: list) -> None:
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        whole = GameSetup.create(MIXED, level="easy", seed=seed, hands=1, record=folder / "whole.jsonl")
        (folder / "a").mkdir()
        assert _session(folder / "a", whole, None, False)
        pieces = dataclasses.replace(whole, record=str(folder / "pieces.jsonl"))
        (folder / "b").mkdir()
        for limit, crash in stops:
            if _session(folder / "b", pieces, limit, crash):
                break
        else:
            assert _session(folder / "b", pieces, None, False)
        assert (folder / "pieces.jsonl").read_bytes() == (folder / "whole.jsonl").read_bytes()
        assert not (folder / "b" / "current-game.json").exists()


def test_resume_record_cuts_what_came_after_the_save(tmp_path: Path) -> None:
    setup = GameSetup.create(MIXED, seed=3, hands=1)
    state, players = make_table(setup)
    play(state, players, [], limit=20)
    extra = record_extra(setup)
    lines = record_lines_of(state.events, extra)
    record = tmp_path / "r.jsonl"
    record.write_text("".join(lines) + '{"event":"bid","seat":0,"amount":null}\n{"eve', encoding="utf-8")
    writer = resume_record(record, state.events, len(lines), extra)
    writer.close()
    assert record.read_text(encoding="utf-8") == "".join(lines)


def test_resume_record_fills_in_what_is_missing(tmp_path: Path) -> None:
    setup = GameSetup.create(MIXED, seed=3, hands=1)
    state, players = make_table(setup)
    play(state, players, [], limit=20)
    extra = record_extra(setup)
    lines = record_lines_of(state.events, extra)
    record = tmp_path / "r.jsonl"
    # Saved before the last events were recorded: the record is behind, and they are written now.
    record.write_text("".join(lines[:-3]), encoding="utf-8")
    resume_record(record, state.events, len(lines) - 3, extra).close()
    assert record.read_text(encoding="utf-8") == "".join(lines)
    # A lost or edited record is written again from the saved game.
    (tmp_path / "gone.jsonl").unlink(missing_ok=True)
    resume_record(tmp_path / "gone.jsonl", state.events, len(lines), extra).close()
    assert (tmp_path / "gone.jsonl").read_text(encoding="utf-8") == "".join(lines)
    record.write_text("".join(lines[:5]) + "edited\n" + "".join(lines[6:]), encoding="utf-8")
    writer = resume_record(record, state.events, len(lines), extra)
    next_event = state.events[-1]
    writer.write(next_event)
    writer.close()
    assert record.read_text(encoding="utf-8") == "".join(lines) + lines[-1]


def test_random_players_choose_alike_after_a_rebuild(save_path: Path) -> None:
    """A random player's choice depends on its seed and the position only, so a rebuilt one goes on alike."""
    setup = GameSetup.create(COMPUTERS, level="random", seed=77, hands=1)
    state, players = make_table(setup)
    actions: list = []
    play(state, players, actions, limit=25)
    write_save(save_path, setup, actions, 0)
    saved = read_save(save_path)
    assert saved is not None
    seat = state.turn
    assert isinstance(players[seat], RandomPlayer) and isinstance(saved.players[seat], RandomPlayer)
    assert players[seat].seed == saved.players[seat].seed
    assert saved.players[seat].choose(saved.state.view(seat)) == players[seat].choose(state.view(seat))


# ------------------------------------------------------------------ other games
@pytest.mark.parametrize(
    ("variant", "seats", "options"),
    [
        ("kentucky", COMPUTERS, {"bird_rank": "ten-and-a-half", "all_tricks_bonus": 50, "ones": True}),
        ("two", ("human", "computer"), {"min_bid": 60}),
        ("five", ("computer",) * 5, {"min_bid": 40}),
        ("beginner", COMPUTERS, {}),
    ],
)
def test_every_game_and_its_table_options_round_trip(variant: str, seats: tuple[str, ...], options: dict) -> None:
    setup = GameSetup.create(seats, level="random", seed=6, hands=2, variant=variant, options=options)
    assert GameSetup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
    rules = setup.rules()
    assert rules.name == variant and (not options.get("ones") or len(rules.deck) == 45)
    state, players = make_table(setup)
    assert len(players) == rules.players  # the dummy's entry is None: its player decides for it
    actions: list = []
    from rook_access.players import RandomPlayer as Random

    chooser = Random(9)
    while not state.is_over and len(actions) < 60:
        seat = state.turn
        player = players[state.actor] or chooser
        action = player.choose(state.view(seat))
        state.apply(action, seat)
        actions.append((seat, action))
    rebuilt, _ = rebuild(GameSetup.from_json(setup.to_json()), actions)
    assert rebuilt.events == state.events


def test_a_check_is_saved_and_read_back() -> None:
    from rook_access.engine import CHECK

    assert action_from_json(action_to_json(2, CHECK)) == (2, CHECK)


def test_an_old_save_without_table_options_still_reads() -> None:
    data = GameSetup.create(COMPUTERS, seed=3).to_json()
    assert "options" not in data
    assert GameSetup.from_json(data).options == {}


@pytest.mark.parametrize("typed", ["save", "Save.", "save game"])
def test_save_typed_in_a_game_says_every_move_is_saved_and_changes_nothing(monkeypatch, capsys, typed):
    from tests.helpers.console import run_main

    status, out, _ = run_main(monkeypatch, capsys, ["--seed", "4"], [typed, "quit", "yes"])
    assert status == 0
    answer = out[out.index("Your bid: 80 to 120, or pass.") + 1]
    assert answer == "The game is saved after every move; quit leaves it and keeps it."
    status, again, _ = run_main(monkeypatch, capsys, ["--seed", "4"], ["quit", "yes"])
    assert [line for line in out if line != answer] == again  # the same game without it: nothing moved
