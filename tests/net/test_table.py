"""The table referee of online play (issue 19): whole games with two people and computer players, every
wrong action refused with nothing changed, each seat sent only what it may see, and checkpoints."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from rook_access.engine import Bid, Dealt, Play
from rook_access.engine.cards import card_name, parse_card
from rook_access.engine.events import TrickTaken
from rook_access.engine.games import GAMES
from rook_access.engine.notation import action_to_json, event_to_json
from rook_access.engine.visibility import seen_by
from rook_access.net.codes import WORDS, new_code, normal_code
from rook_access.net.table import Table, TableError
from rook_access.players.search.knowledge import Knowledge
from rook_access.saves import GameSetup

PEOPLE = ("Anna", "Ben")


def new_table(variant: str, seats: list[str], seed: int = 7, **options: Any) -> tuple[Table, dict[int, str]]:
    """A table with people in the "human" seats (seated in order, tokens by seat) and easy computers."""
    if GAMES[variant].family == "tricks":
        options["hands"] = 1
    else:
        options["players"] = len(seats)
    setup = GameSetup.create(seats, level="easy", seed=seed, variant=variant, options=options)
    names = [f"Computer {seat}" for seat in range(len(seats))]
    table = Table("amber-tiger-otter", setup, names)
    tokens = {}
    people = iter(PEOPLE)
    for seat, kind in enumerate(seats):
        if kind == "human":
            sat, token = table.sit(seat, next(people))
            tokens[sat] = token
    return table, tokens


def step(table: Table, tokens: dict[int, str], chooser: random.Random) -> None:
    """One action: the computer whose turn it is, else a person's random legal action through ``act``."""
    decided = table.computer_turn()
    if decided is not None:
        table.apply_computer(*decided)
        return
    for seat in table.state.seats_to_act():
        person = table.controller(seat)
        if person in tokens:
            action = chooser.choice(list(table.state.legal_actions(seat)))
            table.act(tokens[person], action_to_json(seat, action))
            return
    raise AssertionError("nobody can act")


def play_out(table: Table, tokens: dict[int, str], seed: int = 1, limit: int = 5000) -> None:
    chooser = random.Random(seed)
    for _ in range(limit):
        if table.state.is_over:
            return
        step(table, tokens, chooser)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        ("partnership", ["human", "computer", "human", "computer"]),
        ("two", ["human", "human"]),  # the dummy: played by the seat that did not win the bid
        ("i-doubt-it", ["human", "computer", "human", "computer"]),
        ("tuxedo", ["computer", "human", "human"]),
    ],
)
def test_two_people_and_computers_play_a_whole_game(variant, seats):
    table, tokens = new_table(variant, seats)
    play_out(table, tokens)
    assert table.state.is_over
    assert table.state.standings()
    # Both people acted, and the computers did.
    acted = {seat for seat, _ in table.actions}
    assert {table.controller(seat) for seat in acted} >= set(tokens)


def test_wrong_actions_are_refused_and_change_nothing():
    table, tokens = new_table("partnership", ["human", "human", "computer", "computer"])
    while table.state.seats_to_act() != (0,) or table.computer_turn() is not None:
        step(table, tokens, random.Random(3))
    before = (len(table.state.events), list(table.actions), json.dumps(table.checkpoint()))
    legal = list(table.state.legal_actions(0))

    def refused(token: str, data: Any, words: str) -> None:
        with pytest.raises(TableError, match=words):
            table.act(token, data)
        assert (len(table.state.events), list(table.actions), json.dumps(table.checkpoint())) == before

    refused("not-a-token", action_to_json(0, legal[0]), "not one of this table's")
    refused(tokens[1], action_to_json(1, legal[0]), "not your turn")  # seat 1 is a person, but not to act
    refused(tokens[1], action_to_json(0, legal[0]), "You do not play seat 0")
    refused(tokens[0], action_to_json(2, legal[0]), "You do not play seat 2")  # a computer's seat
    refused(tokens[0], {"seat": 9, "bid": 80}, "You do not play seat 9")
    refused(tokens[0], {"seat": 0, "shout": "hello"}, "not an action")
    refused(tokens[0], "bid 80", "not an action")
    refused(tokens[0], {"seat": 0, "bid": 3}, "bids go up in 5s")  # the rules refuse it, in the engine's words
    refused(tokens[0], {"seat": 0, "play": "14r"}, "not possible during the bidding")


def test_a_card_not_held_is_refused_in_the_engines_words():
    table, tokens = new_table("partnership", ["human", "computer", "computer", "computer"], seed=11)
    chooser = random.Random(5)
    while not any(isinstance(action, Play) for action in table.state.legal_actions(0)) or table.computer_turn():
        step(table, tokens, chooser)
    hand = table.state.view(0).hand
    elsewhere = next(card for card in range(57) if card not in hand and Play(card) not in table.state.legal_actions(0))
    with pytest.raises(TableError) as refusal:
        table.act(tokens[0], action_to_json(0, Play(elsewhere)))
    assert "\n" not in str(refusal.value) and len(str(refusal.value)) < 200


def test_each_seat_is_sent_only_what_it_may_see():
    table, tokens = new_table("partnership", ["human", "computer", "human", "computer"])
    play_out(table, tokens)
    for seat in (0, 1, 2, 3, None):
        seen = table.seen(seat)
        expected = [shown for event in table.state.events if (shown := seen_by(event, seat)) is not None]
        assert [event_to_json(event) for event in seen] == [event_to_json(event) for event in expected]
    deal = next(event for event in table.seen(2) if isinstance(event, Dealt))
    assert [len(list(hand)) for hand in deal.hands] == [0, 0, 9, 0]  # only its own cards are named
    assert [len(hand) for hand in deal.hands] == [9, 9, 9, 9]  # the others' counted
    assert table.seen(2, start=len(table.state.events)) == []


def test_seating_gives_each_person_a_secret_token_once():
    setup = GameSetup.create(
        ["human", "human", "computer"], level="easy", seed=1, variant="tuxedo", options={"players": 3}
    )
    table = Table("amber-tiger-otter", setup, ["", "", "Computer"])
    assert table.free_seats() == [0, 1]
    seat, token = table.sit(None, "Anna")
    assert seat == 0 and table.seat_of(token) == 0 and table.holders[0].name == "Anna"
    assert token not in json.dumps(table.checkpoint())  # only its digest is kept
    with pytest.raises(TableError, match="Seat 1 is not free; free seats: 2"):
        table.sit(0, "Ben")
    with pytest.raises(TableError, match="not free"):
        table.sit(2, "Ben")  # the computer's
    assert table.sit(1, "Ben")[0] == 1
    with pytest.raises(TableError, match="No seat is free"):
        table.sit(None, "Cara")


def test_people_who_join_sit_as_partners_first():
    """With three people at a table of four the second was seated West, against the host."""
    setup = GameSetup.create(["human", "human", "human", "computer"], level="easy", seed=1, variant="partnership")
    table = Table("amber-tiger-otter", setup, ["", "", "", "Computer"])
    assert [table.sit(None, name)[0] for name in ("Anna", "Ben", "Cara")] == [0, 2, 1]


@pytest.mark.parametrize(
    ("variant", "seats"),
    [("partnership", ["human", "computer", "human", "computer"]), ("i-doubt-it", ["human", "computer", "human"])],
)
def test_a_table_restored_from_its_checkpoint_goes_on_as_it_was(variant, seats):
    table, tokens = new_table(variant, seats)
    chooser = random.Random(2)
    for _ in range(40):
        step(table, tokens, chooser)
    data = json.loads(json.dumps(table.checkpoint()))
    restored = Table.restore(data)
    assert restored.checkpoint() == table.checkpoint()
    assert [event_to_json(event) for event in restored.state.events] == [
        event_to_json(event) for event in table.state.events
    ]
    for seat, token in tokens.items():
        assert restored.seat_of(token) == seat  # the same people come back in
    # Both go on alike: the same actions from here give the same game.
    play_out(table, tokens, seed=9)
    play_out(restored, tokens, seed=9)
    assert restored.checkpoint() == table.checkpoint()


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda data: data.pop("code"), "no table code"),
        (lambda data: data.update(seats="Anna"), "seats are not names"),
        (lambda data: data.update(actions={}), "actions are not a list"),
        (lambda data: data["actions"].append({"seat": 0, "bid": "lots"}), "cannot be read"),
        (lambda data: data["actions"].insert(0, {"seat": 3, "bid": 100}), "cannot be read"),
        (lambda data: data["setup"].pop("seed"), "cannot be read"),
        (lambda data: data["seats"].pop(), "do not fit"),
    ],
)
def test_a_damaged_checkpoint_is_refused_in_one_line(damage, words):
    table, tokens = new_table("partnership", ["human", "computer", "human", "computer"])
    for _ in range(6):
        step(table, tokens, random.Random(1))
    data = json.loads(json.dumps(table.checkpoint()))
    damage(data)
    with pytest.raises(TableError, match=words):
        Table.restore(data)


def test_invite_codes_are_three_known_words_said_in_any_case():
    rng = random.Random(4)
    code = new_code(set(), rng)
    words = code.split("-")
    assert len(words) == 3 and all(word in WORDS for word in words)
    assert normal_code(code.upper().replace("-", " ")) == code
    assert normal_code(" ".join(words[:2])) is None and normal_code(code + "-apple") is None
    assert normal_code("amber tiger zzz") is None
    taken = {new_code(set(), random.Random(4))}
    assert new_code(taken, random.Random(4)) not in taken  # never one a table has
    assert len(set(WORDS)) == 256 and all(word.isalpha() and word.islower() for word in WORDS)


CARD = re.compile(r"\b(1[0-4]|[1-9])[rxyg]\b|\brook\b")


def steps_until(table: Table, tokens: dict[int, str], done: Any, chooser: random.Random) -> None:
    for _ in range(500):
        if done():
            return
        step(table, tokens, chooser)
    raise AssertionError("the table never got there")


def test_why_gives_a_computers_own_reason_and_names_the_people_as_the_asker_hears_them():
    table, tokens = new_table("partnership", ["human", "computer", "human", "computer"])
    chooser = random.Random(3)
    steps_until(table, tokens, lambda: any(seat in (1, 3) and isinstance(action, Play)
                                           for seat, action in table.actions), chooser)
    rules = table.state.rules
    seat, action = next((seat, action) for seat, action in reversed(table.actions) if seat in (1, 3))
    line = table.why(0, None)
    assert re.match(rf"{rules.names[seat]} (played|led) {card_name(action.card)}: ", line), line
    assert ": " in line and line.endswith(".")
    hidden = Knowledge.from_view(table.state.view(0)).unseen
    for found in CARD.finditer(line):  # a reason never names a card the asker cannot see yet
        assert not hidden >> parse_card(found.group(0)) & 1, line
    bids = [(each, done) for each, done in table.actions if each == 1 and not isinstance(done, Play)]
    west_bid = table.why(0, 1, bidding=True)
    assert west_bid.startswith("West bid" if isinstance(bids[-1][1], Bid) else "West passed"), west_bid
    assert table.why(0, 0) == "South is played by you. Type hint on your turn for the strong player's move."
    assert table.why(0, 2) == "North is played by Ben, not the computer."
    with pytest.raises(TableError):
        table.why(0, 7)
    # A seat's card in trick 1, asked by its number: the computer's card of the first trick.
    first = table.why(0, seat, trick=1)
    assert re.match(rf"{rules.names[seat]} (played|led) \S+: ", first), first
    assert table.why(0, seat, trick=12) == f"No card of {rules.names[seat]}'s in trick 12 to explain."


def test_why_asked_terse_gives_the_strong_players_figures_without_the_deals_they_are_taken_over():
    """The terse and braille verbosities ask the server for the terse line: "about 12 points better than 7y"."""
    setup = GameSetup.create(["human", "computer", "human", "computer"], level="strong", seed=7, variant="partnership",
                             options={"hands": 1})
    table = Table("amber-tiger-otter", setup, [f"Computer {seat}" for seat in range(4)])
    tokens = {}
    for seat, person in ((0, PEOPLE[0]), (2, PEOPLE[1])):
        sat, token = table.sit(seat, person)
        tokens[sat] = token
    chooser = random.Random(3)
    line = ""
    for _ in range(200):  # until a computer's card was chosen by the search's figures
        step(table, tokens, chooser)
        seat, action = table.actions[-1]
        if seat in (1, 3) and isinstance(action, Play):
            line = table.why(0, seat)
            if "guesses at the hidden cards, it did" in line:
                break
    assert "guesses at the hidden cards, it did" in line, line
    terse = table.why(0, None, terse=True)
    assert "guesses at the hidden cards" not in terse, terse
    assert re.search(r"[:;] about (\d+ points? better than|as good as) [^:;]+\.$", terse), terse
    assert terse.split(": ")[0] == line.split(": ")[0], (line, terse)


@pytest.mark.parametrize(("variant", "title"), [("beginner", "the Beginner Game"), ("high-14", "High 14")])
def test_why_bid_at_a_table_without_bidding_says_there_is_none(variant, title):
    """ "West has not bid yet" was said of a game with no bidding."""
    table, _ = new_table(variant, ["human", "computer", "human", "computer"])
    assert table.why(0, 1, bidding=True) == f"There is no bidding in {title}."
    assert table.why(0, None, bidding=True) == f"There is no bidding in {title}."


def test_why_asked_with_moves_unheard_is_answered_as_the_asker_knows_the_game():
    """Online, the moves after a trick wait behind its pause, and a why asked there was refused. Asked with how
    many events the asker has heard, the table answers as a table stopped at that point would: the later
    computers' cards are left out, and the cards named are those the asker could know then."""
    seats = ["human", "computer", "human", "computer"]
    table, tokens = new_table("partnership", seats)
    chooser = random.Random(8)
    steps_until(table, tokens, lambda: any(isinstance(event, TrickTaken) for event in table.state.events), chooser)
    heard = len(table.state.events)  # the pause after the first trick
    computers_after = lambda: sum(seat in (1, 3) for seat, _ in table.actions[len(stopped_actions):])  # noqa: E731
    stopped_actions = list(table.actions)
    steps_until(table, tokens, lambda: computers_after() >= 2, chooser)
    stopped, stopped_tokens = new_table("partnership", seats)
    replay = random.Random(8)
    steps_until(stopped, stopped_tokens, lambda: len(stopped.state.events) >= heard, replay)
    assert stopped.actions == stopped_actions
    for seat in (None, 1, 3):
        told = table.why(0, seat, heard=heard)
        assert told == stopped.why(0, seat), (seat, told)
    assert table.why(0, None, heard=heard) != table.why(0, None)  # a later card, had every move been heard
    assert table.why(0, 1, trick=2, heard=heard) == "No card of West's in trick 2 to explain."
    assert table.why(0, None, heard=len(table.state.events)) == table.why(0, None)


def test_choices_are_a_persons_own_moves_of_a_hand_with_the_views_they_chose_from_across_a_restore():
    """``review`` at a console that came back partway through a game knew only the choices since: the table
    gives a person's own moves of a hand with their views, leaving out those a computer made while they were
    away, and keeps which moves the computers chose across a checkpoint."""
    table, tokens = new_table("partnership", ["human", "computer", "human", "computer"])  # one hand
    chooser = random.Random(9)
    own: dict[int, list[tuple[Any, Any]]] = {1: []}
    stood_in = False
    while not table.state.is_over:
        if table.state.hand_number == 1 and sum(len(moves) for moves in own.values()) == 3 and not stood_in:
            table.stand_in(0, True)  # Anna away for a while: a computer moves for her
            stood_in = True
        elif stood_in and table.stand_ins and len(table.computer_chose) > 20:
            table.stand_in(0, False)
        seats = table.state.seats_to_act()
        if seats and table.controller(seats[0]) == 0 and not table.stand_ins:
            view = table.state.view(seats[0])
            action = chooser.choice(list(view.legal))
            own[view.hand_number].append((view, action))
            table.act(tokens[0], action_to_json(seats[0], action))
        else:
            step(table, tokens, chooser)
    assert stood_in and not table.stand_ins
    stand_in_moves = [number for number in table.computer_chose if table.controller(table.actions[number][0]) == 0]
    assert stand_in_moves and own[1]
    told = table.choices(0, 1)
    assert [(view, action) for view, action, by_computer in told if not by_computer] == own[1]
    assert sum(by_computer for _, _, by_computer in told) == len(stand_in_moves)
    assert table.choices(0, 2) == []
    restored = Table.restore(json.loads(json.dumps(table.checkpoint())))
    assert restored.choices(0, 1) == told
    old = table.checkpoint()
    del old["computer_chose"]  # a checkpoint written before the computers' moves were kept: all the person's
    assert [(view, action) for view, action, _ in Table.restore(old).choices(0, 1)][:3] == own[1][:3]
    broken = dict(table.checkpoint(), computer_chose="all")
    with pytest.raises(TableError, match="computers' moves"):
        Table.restore(broken)


def test_why_tells_a_stand_ins_moves_by_the_away_persons_name_and_to_them_by_their_seat():
    table, tokens = new_table("partnership", ["human", "computer", "human", "computer"])
    table.stand_in(2, True)
    chooser = random.Random(4)
    steps_until(table, tokens, lambda: any(seat == 2 and isinstance(action, Play) for seat, action in table.actions),
                chooser)
    told = table.why(0, 2)
    assert re.match(r"Ben (played|led) ", told) and told.endswith(". A computer chose it while Ben was away."), told
    told = table.why(2, 2)  # to Ben himself, in the computer's words: not "You played 6y: its partner ..."
    assert re.match(r"North (played|led) ", told) and told.endswith(". A computer chose it while you were away.")
    assert "You " not in told and "your " not in told, told


def test_why_tells_a_move_made_before_a_person_took_the_seat_as_made_before_they_sat_down():
    """Ben took a seat in a game under way, where a computer had passed for the free seat: why me said "A
    computer chose it while you were away", though he had never been there."""
    setup = GameSetup.create(["human", "computer", "human", "computer"], level="easy", seed=7, variant="partnership",
                             options={"hands": 1})  # fmt: skip
    table = Table("amber-tiger-otter", setup, [f"Computer {seat}" for seat in range(4)])
    _, anna = table.sit(0, "Anna")
    table.stand_in(2, True)  # the free seat is played by a computer
    steps_until(table, {0: anna}, lambda: any(seat == 2 for seat, _ in table.actions), random.Random(2))
    table.sit(2, "Ben")
    table.stand_in(2, False)
    told = table.why(2, 2)
    assert re.match(r"North (bid|passed|played|led)", told), told
    assert told.endswith(" A computer chose it before you sat down."), told
    assert table.why(0, 2).endswith(" A computer chose it before Ben sat down."), table.why(0, 2)


def test_why_a_persons_card_of_a_trick_says_a_person_played_it():
    """``why north 3`` for a card Ben played said there was no card of North's in trick 3 to explain."""
    table, tokens = new_table("partnership", ["human", "computer", "human", "computer"])
    steps_until(table, tokens, lambda: any(isinstance(event, TrickTaken) for event in table.state.events),
                random.Random(6))
    assert table.why(0, 2, trick=1) == "North is played by Ben, not the computer."
    assert table.why(0, 0, trick=1) == "South is played by you. Type hint on your turn for the strong player's move."
    assert table.why(0, 2, bidding=True) == "North is played by Ben, not the computer."


def test_why_after_a_restore_and_in_a_game_without_reasons():
    table, tokens = new_table("partnership", ["human", "computer", "human", "computer"])
    assert table.why(0, None) == "Nothing to explain yet: no computer player has moved."
    steps_until(table, tokens, lambda: len(table.actions) > 6, random.Random(5))
    restored = Table.restore(json.loads(json.dumps(table.checkpoint())))
    assert restored.why(0, None) == ("Nothing to explain yet: no computer player has moved since the server took the "
                                     "table up again.")
    assert restored.why(0, 1) == "West has not moved since the server took the table up again."
    doubt, _ = new_table("i-doubt-it", ["human", "computer", "human", "computer"])
    assert doubt.why(0, None) == "The computer players of this game give no reasons: why is for the trick games."


def test_why_tells_the_partners_bid_as_its_own_once_the_dealer_plays_its_displayed_hand():
    """Display Rook: Anna deals and plays North's face-up hand. North's bid, made by its computer before the
    hand lay face up, was told as a stand-in's for Anna: "A computer chose it while you were away"."""
    table, tokens = new_table("display", ["human", "computer", "computer", "computer"], seed=2)
    chooser = random.Random(1)
    assert table.state.dealer == 0
    steps_until(table, tokens, lambda: table.state.displayed is not None, chooser)
    assert table.state.displayed == 2 and table.controller(2) == 0
    assert table.why(0, 2, bidding=True) == (
        "North bid 35, then passed: by its rule of thumb, it reckoned its hand worth 35 at most, and the least it "
        "could bid was 55; you, its partner, held the bid, raised only with a clearly better hand.")
