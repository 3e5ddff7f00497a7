"""The online tables' server on loopback (issue 19): whole games with two people and computer players, a
player dropped and back mid-game, a server restarted from its checkpoints, and what it refuses."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from rook_access.engine.notation import action_to_json
from rook_access.net.server import CHAT_KEPT, Limits, RoomServer
from rook_access.net.store import FolderStore
from tests.net.players import NetClient, game_over

PARTNERSHIP = {
    "type": "create",
    "game": "partnership",
    "options": {"hands": 1},
    "level": "easy",
    "seats": ["human", "computer", "human", "computer"],
    "name": "Anna",
}
DOUBT = {**PARTNERSHIP, "game": "i-doubt-it", "options": {"players": 4}}


@asynccontextmanager
async def running(
    store: FolderStore | None = None, limits: Limits | None = None
) -> AsyncIterator[tuple[RoomServer, int]]:
    server = RoomServer(store, limits or Limits())
    server.resume()
    listening = await server.listen("127.0.0.1", 0)
    port = next(iter(listening.sockets)).getsockname()[1]
    try:
        yield server, port
    finally:
        listening.close()
        await listening.wait_closed()


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 240))


async def seat_two(port: int, create: dict[str, Any]) -> tuple[NetClient, NetClient]:
    """Anna creates the table, Ben joins it by its code said in capitals with spaces."""
    anna, ben = await NetClient.open(port, 1), await NetClient.open(port, 2)
    await anna.send(create)
    seated = await anna.expect("seated")
    assert seated["seat"] == 0 and seated["token"] and seated["free"] == [2]
    await ben.send({"type": "join", "code": seated["code"].upper().replace("-", " "), "name": "Ben"})
    joined = await ben.expect("seated")
    assert joined["seat"] == 2 and joined["names"][:3] == ["Anna", "Computer 2", "Ben"]
    return anna, ben


def cards_played(count: int) -> Callable[[dict[str, Any]], bool]:
    """Whether ``count`` cards have been played, counted from the updates read so far."""
    played = 0

    def enough(message: dict[str, Any]) -> bool:
        nonlocal played
        if message["type"] == "update":
            played += sum(1 for event in message["events"] if event["$"] == "tricks.CardPlayed")
        return played >= count

    return enough


@pytest.mark.parametrize("create", [PARTNERSHIP, DOUBT], ids=["partnership", "i-doubt-it"])
def test_two_people_play_a_whole_game_with_computers(create):
    async def test() -> None:
        async with running() as (_, port):
            anna, ben = await seat_two(port, create)
            await asyncio.gather(anna.play_until(game_over), ben.play_until(game_over))
            for client in (anna, ben):
                assert any(message.get("legal") for message in client.messages)  # each acted
            await anna.close()
            await ben.close()

    run(test)


def test_a_player_dropped_mid_game_comes_back_and_the_game_goes_on(tmp_path):
    async def test() -> None:
        async with running(FolderStore(tmp_path)) as (server, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            # Ben plays along in the background; Anna plays until ten cards are down, then drops.
            ben_playing = asyncio.ensure_future(ben.play_until(game_over))
            await anna.play_until(cards_played(10))
            token, code = anna.token, anna.code
            await anna.socket.close()
            back = await NetClient.open(port, 3)
            await back.send({"type": "rejoin", "code": code, "token": token})
            seated = await back.expect("seated")
            assert seated["back"] and seated["seat"] == 0 and "token" not in seated
            catch_up = await back.expect("update")
            assert any(event["$"] == "tricks.CardPlayed" for event in catch_up["events"])  # where it stands
            await asyncio.gather(back.play_until(game_over, read=catch_up), ben_playing)
            await back.close()
            await ben.close()

    run(test)


def test_a_server_started_again_resumes_every_table_where_it_stopped(tmp_path):
    async def test() -> None:
        store = FolderStore(tmp_path)
        async with running(store) as (_, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            ben_playing = asyncio.ensure_future(ben.play_until(game_over))
            await anna.play_until(cards_played(10))
            ben_playing.cancel()
            code, tokens = anna.code, (anna.token, ben.token)
        saved = json.loads((tmp_path / f"{code}.json").read_text(encoding="utf-8"))
        actions_before = len(saved["table"]["actions"])
        async with running(FolderStore(tmp_path)) as (server, port):
            assert code in server.rooms
            assert len(server.rooms[code].table.actions) == actions_before  # nothing lost
            # Nobody plays the people's seats yet: each has the table's wait to come back in.
            assert server.rooms[code].table.stand_ins == {} and set(server.rooms[code].away) == {0, 2}
            anna, ben = await NetClient.open(port, 5), await NetClient.open(port, 6)
            for client, token in zip((anna, ben), tokens, strict=True):
                await client.send({"type": "rejoin", "code": code, "token": token})
                assert (await client.expect("seated"))["back"]
            await asyncio.gather(anna.play_until(game_over), ben.play_until(game_over))

    run(test)


def test_bad_messages_get_one_line_and_leave_the_table_alone():
    async def test() -> None:
        async with running(limits=Limits(strikes=100)) as (server, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            code = anna.code
            assert code is not None
            table = server.rooms[code].table
            while not {0, 2} & set((await ben.expect("update"))["to_act"]):
                pass  # the computers bid first: the table stands still once a person is to act
            before = json.dumps(table.checkpoint())
            stranger = await NetClient.open(port)
            for message, words in [
                ("not json", "not JSON"),
                ("[1, 2]", "JSON object with a type"),
                ({"type": "shout"}, "No message type 'shout'"),
                ({"type": "act", "action": {"seat": 0, "bid": 80}}, "Join a table first"),
                ({"type": "join", "code": "no such code", "name": "Eve"}, "No table has that code"),
                ({"type": "join", "code": code, "name": "Eve"}, "No seat is free"),
                ({"type": "rejoin", "code": code, "token": "guessed"}, "not one of this table's"),
                ({"type": "join", "code": code, "name": "x" * 500}, "at most"),
            ]:
                await stranger.send(message)
                answer = await stranger.expect("error")
                assert words in answer["message"], (message, answer)
                assert "\n" not in answer["message"]
            # Ben (seat 2) acting for Anna, or out of turn, or for a computer's seat.
            for action, words in [
                ({"seat": 0, "bid": 80}, "do not play seat 0"),
                ({"seat": 1, "bid": 80}, "do not play seat 1"),
                ({"seat": 2, "play": "14r"}, "not your turn|not possible during the bidding"),
            ]:
                await ben.send({"type": "act", "action": action})
                answer = await ben.expect("error")
                assert any(phrase in answer["message"] for phrase in words.split("|")), answer
            for question, words in [
                ({"type": "why", "trick": 0}, "A trick is a number"),
                ({"type": "why", "heard": -1}, "Heard is how many events"),
                ({"type": "why", "heard": "all"}, "Heard is how many events"),
            ]:
                await ben.send(question)
                assert words in (await ben.expect("error"))["message"], question
            await ben.send({"type": "why", "heard": 0})
            assert (await ben.expect("why"))["line"] == "Nothing to explain yet: no computer player has moved."
            assert json.dumps(table.checkpoint()) == before
            await stranger.close()

    run(test)


def test_an_oversized_message_closes_its_connection_only():
    async def test() -> None:
        async with running(limits=Limits(message_bytes=1000)) as (server, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            await anna.send({"type": "say", "text": "x" * 5000})
            with pytest.raises(ConnectionClosed) as closed:
                while True:  # the updates sent before, then the close
                    await anna.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
            await ben.send({"type": "say", "text": "still here"})
            chat = await ben.expect("chat")
            assert chat["text"] == "still here" and chat["name"] == "Ben"

    run(test)


def test_a_flood_is_refused_then_disconnected():
    async def test() -> None:
        async with running(limits=Limits(burst=5, messages_per_second=1, strikes=3)) as (_, port):
            client = await NetClient.open(port)
            for _ in range(20):
                try:
                    await client.send({"type": "tables"})
                except Exception:  # noqa: BLE001 - closed by the server meanwhile
                    break
            kinds = []
            with pytest.raises(ConnectionClosed) as closed:  # closed by the server, not a wait that timed out
                while True:
                    kinds.append((await client.receive())["type"])
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert kinds == ["tables"] * 5 + ["error"] * 3  # the connection closed at the third refused message

    run(test)


def test_chat_reaches_everyone_at_the_table_with_the_speakers_name():
    async def test() -> None:
        async with running() as (_, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            await anna.send({"type": "say", "text": "  good   luck  "})
            for client in (anna, ben):
                chat = await client.expect("chat")
                assert chat["name"] == "Anna" and chat["text"] == "good luck"
            await ben.send({"type": "say", "text": "x" * 301})
            assert "at most 300" in (await ben.expect("error"))["message"]

    run(test)


def test_checkpoints_are_whole_files(tmp_path: Path):
    store = FolderStore(tmp_path)
    store.save("amber-tiger-otter", {"table": {"code": "amber-tiger-otter"}})
    assert store.load_all() == [{"table": {"code": "amber-tiger-otter"}}]
    assert [path.name for path in tmp_path.iterdir()] == ["amber-tiger-otter.json"]  # no temporary file left
    (tmp_path / "amber-apple-otter.json").write_text("{broken", encoding="utf-8")
    assert store.load_all() == [{"table": {"code": "amber-tiger-otter"}}]  # a damaged one is skipped, logged
    with pytest.raises(ValueError):
        store.save("../escape", {})


def test_an_address_may_have_only_so_many_tables_open():
    async def test() -> None:
        async with running(limits=Limits(tables_per_address=1)) as (_, port):
            first, second = await NetClient.open(port), await NetClient.open(port)
            await first.send(PARTNERSHIP)
            await first.expect("seated")
            await second.send({**PARTNERSHIP, "name": "Cara"})
            assert (await second.expect("error"))["message"] == (
                "Your address has the most tables open at once (1); end one first."
            )

    run(test)


def test_the_host_pauses_the_game_and_lets_it_go_on_and_nobody_else_may(tmp_path):
    async def test() -> None:
        async with running(FolderStore(tmp_path)) as (_, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            await ben.send({"type": "pause"})
            assert (await ben.expect("error"))["message"] == "Only the host pauses the game."
            await anna.send({"type": "pause"})
            for player in (anna, ben):
                paused = await player.expect("paused")
                assert paused == {"type": "paused", "paused": True, "name": "Anna"}
            at = max(message.get("at", 0) for message in ben.messages if message["type"] == "update")
            # Nobody moves while the game is paused: a move is refused, the computers wait.
            for player in (anna, ben):
                legal = [m for m in player.messages if m["type"] == "update"][-1]["legal"]
                if legal:
                    await player.send({"type": "act", "action": legal[0]})
                    refused = await player.expect("error")
                    assert refused["message"] == ("You paused the game: type pause to let it go on." if player is anna
                                                  else "The host has paused the game; wait for it to go on.")
            await asyncio.sleep(0.5)
            assert max(m.get("at", 0) for m in ben.messages if m["type"] == "update") == at
            assert json.loads(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))["paused"] is True
            await anna.send({"type": "pause", "paused": False})
            assert (await ben.expect("paused"))["paused"] is False
            latest = [[m for m in player.messages if m["type"] == "update"][-1] for player in (anna, ben)]
            await asyncio.gather(anna.play_until(game_over, read=latest[0]), ben.play_until(game_over, read=latest[1]))
            # The finished game is no longer kept.
            assert list(tmp_path.glob("*.json")) == []

    run(test)


def test_the_host_ends_the_table_for_everyone_and_it_is_kept_no_longer(tmp_path):
    async def test() -> None:
        async with running(FolderStore(tmp_path)) as (server, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            code = anna.code
            await ben.send({"type": "end"})
            assert (await ben.expect("error"))["message"] == "Only the host ends the table."
            assert list(tmp_path.glob("*.json"))
            await anna.send({"type": "end"})
            for player in (anna, ben):
                ended = await player.expect("ended")
                assert ended == {"type": "ended", "name": "Anna", "message": "Anna ended the table."}
            assert code not in server.rooms and list(tmp_path.glob("*.json")) == []
            await ben.send({"type": "rejoin", "code": code, "token": ben.token})
            assert (await ben.expect("error"))["message"] == "No table has that code."

    run(test)


def test_a_finished_table_is_let_go_when_its_last_player_leaves():
    async def test() -> None:
        async with running() as (server, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            await asyncio.gather(anna.play_until(game_over), ben.play_until(game_over))
            assert anna.code in server.rooms
            await anna.close()
            await asyncio.sleep(0.2)
            assert anna.code in server.rooms  # Ben is still there, hearing the end
            await ben.close()
            for _ in range(50):
                if anna.code not in server.rooms:
                    break
                await asyncio.sleep(0.1)
            assert anna.code not in server.rooms

    run(test)


def test_a_checkpoint_write_cut_short_leaves_the_checkpoint_and_its_temporary_file_is_cleared_at_the_start(tmp_path):
    store = FolderStore(tmp_path)
    store.save("dingo-cedar-mosaic", {"table": "before"})
    (tmp_path / ".dingo-cedar-mosaic.json.tmp").write_bytes(b'{"table": "hal')  # a kill during the next write
    assert store.load_all() == [{"table": "before"}]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["dingo-cedar-mosaic.json"]


def test_a_player_back_is_sent_the_tables_last_chat_lines_marking_those_said_while_away():
    async def test() -> None:
        async with running() as (_, port):
            anna, ben = await seat_two(port, PARTNERSHIP)
            await ben.send({"type": "say", "text": "good luck"})
            for client in (anna, ben):
                assert (await client.expect("chat"))["text"] == "good luck"
            await ben.socket.close()
            assert (await anna.expect("away"))["seat"] == 2  # the server has seen Ben go
            said = [f"line {number}" for number in range(CHAT_KEPT + 2)]
            for text in said:
                await anna.send({"type": "say", "text": text})
                assert (await anna.expect("chat"))["text"] == text
            back = await NetClient.open(port, 3)
            await back.send({"type": "rejoin", "code": ben.code, "token": ben.token})
            seated = await back.expect("seated")
            # The last CHAT_KEPT lines, every one said while Ben was away.
            assert seated["chat"] == [
                {"seat": 0, "name": "Anna", "text": text, "missed": True} for text in said[-CHAT_KEPT:]
            ]
            await back.send({"type": "say", "text": "back now"})
            assert (await back.expect("chat"))["text"] == "back now"
            await back.socket.close()
            assert (await anna.expect("away"))["seat"] == 2
            again = await NetClient.open(port, 4)
            await again.send({"type": "rejoin", "code": ben.code, "token": ben.token})
            seated = await again.expect("seated")
            assert seated["chat"][-1] == {"seat": 2, "name": "Ben", "text": "back now", "missed": False}
            assert not any(line["missed"] for line in seated["chat"]) and len(seated["chat"]) == CHAT_KEPT
            await again.close()
            await anna.close()

    run(test)


def test_a_computer_taking_a_seat_over_is_told_and_its_moves_are_sent_to_its_player_back():
    async def test() -> None:
        async with running() as (server, port):
            anna, ben = await seat_two(port, {**PARTNERSHIP, "wait": 0.2})
            await ben.socket.close()
            counted = cards_played(8)
            stood_in: list[dict[str, Any]] = []

            def done(message: dict[str, Any]) -> bool:
                """A computer plays Ben's seat, two tricks are down, and Anna is to act (the computers wait)."""
                if message["type"] == "standin":
                    stood_in.append(message)
                enough = counted(message)
                return enough and bool(stood_in) and message["type"] == "update" and bool(message.get("legal"))

            await anna.play_until(done)
            assert [(message["seat"], message["name"]) for message in stood_in] == [(2, "Ben")]
            back = await NetClient.open(port, 3)
            await back.send({"type": "rejoin", "code": ben.code, "token": ben.token})
            seated = await back.expect("seated")
            table = server.rooms[ben.code].table
            made = [action_to_json(seat, action) for seat, action in table.actions if seat == 2]
            assert seated["played"] == made and sum("play" in move for move in made) >= 2, seated["played"]
            await back.close()
            await anna.close()

    run(test)


def test_a_server_started_again_still_has_the_chat_and_the_moves_made_for_a_player_away(tmp_path):
    """The chat lines, what each player away had heard, and the moves a computer made for them are in the table's
    checkpoint: after a restart Ben, back, hears the lines said while he was away and what was played for him."""

    async def test() -> None:
        async with running(FolderStore(tmp_path)) as (server, port):
            anna, ben = await seat_two(port, {**PARTNERSHIP, "wait": 0.2})
            await anna.send({"type": "say", "text": "hello"})  # Anna reads nothing yet: her moves come in updates
            assert (await ben.expect("chat"))["text"] == "hello"
            await ben.socket.close()
            room = server.rooms[ben.code]
            while 2 not in room.away:  # the server has seen Ben go
                await asyncio.sleep(0.01)
            await anna.send({"type": "say", "text": "where did you go"})
            counted = cards_played(8)

            def stood_in_and_played(message: dict[str, Any]) -> bool:
                return counted(message) and message["type"] == "update" and bool(message.get("legal"))

            await anna.play_until(stood_in_and_played)
            table = server.rooms[ben.code].table
            made = [action_to_json(seat, action) for seat, action in table.actions if seat == 2]
            assert any("play" in move for move in made)
            await anna.close()
            code, token = ben.code, ben.token
        async with running(FolderStore(tmp_path)) as (server, port):
            back = await NetClient.open(port, 3)
            await back.send({"type": "rejoin", "code": code, "token": token})
            seated = await back.expect("seated")
            assert seated["chat"] == [
                {"seat": 0, "name": "Anna", "text": "hello", "missed": False},
                {"seat": 0, "name": "Anna", "text": "where did you go", "missed": True},
            ]
            assert seated["played"] == made
            await back.close()

    run(test)


def test_a_checkpoints_talk_of_the_wrong_shape_is_left_out_and_the_table_taken_up():
    from rook_access.net.server import Room
    from rook_access.net.table import Table
    from rook_access.saves import GameSetup

    setup = GameSetup.create(["human", "computer", "human", "computer"], level="easy", variant="partnership")
    room = Room(Table("amber-tiger-otter", setup, ["Anna", "Computer 2", "Ben", "Computer 4"]))
    good = {"type": "chat", "seat": 2, "name": "Ben", "text": "hi", "number": 0}
    room.take_talk({
        "chat": [good, {"type": "chat", "seat": 9, "name": "X", "text": "y", "number": 1}, "junk"],
        "chat_said": "many",
        "chat_heard": {"2": 1, "x": 3, "7": 1},
        "played_for": {"2": [{"seat": 2, "play": "5r"}], "0": "junk"},
    })  # fmt: skip
    assert list(room.chat) == [good] and room.chat_said == 1
    assert room.chat_heard == {2: 1} and room.played_for == {2: [{"seat": 2, "play": "5r"}]}
    room.take_talk("junk")  # nothing taken, nothing broken
    assert list(room.chat) == [good]


def test_two_people_of_one_name_are_told_apart():
    """Both left their name to their user name: the second to sit is given a number after it."""

    async def test() -> None:
        async with running() as (_, port):
            anna, ben = await NetClient.open(port, 1), await NetClient.open(port, 2)
            await anna.send({**PARTNERSHIP, "name": "root"})
            seated = await anna.expect("seated")
            await ben.send({"type": "join", "code": seated["code"], "name": "Root"})
            joined = await ben.expect("seated")
            assert joined["names"][0] == "root" and joined["names"][2] == "Root 2"
            await anna.close()
            await ben.close()

    run(test)
