"""The lines of a progressive party: where the user sits, each table's result, the moves, the standings.

Pure: each function takes the party's values and gives short plain lines.
Players are named by ``names`` (party player number to name, the user
``you``); seats at the user's table by the game's seat names.

    >>> names = ["you", "Ben", "Cleo", "Dan"]
    >>> table_line(2, (("Ben", "Dan"), ("Cleo", "you")), (120, 80))
    'Table 2: Ben and Dan 120, you and Cleo 80.'
    >>> standings_lines([(1, 170), (0, 170), (2, 80), (3, 0)], names, after="round 1")
    ['Standings after round 1: 1 Ben 170, 1 you 170, 3 Cleo 80, 4 Dan 0.']
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import BRAILLE_WIDTH

STANDINGS_A_LINE = 8
"""Players named in one standings line: a party of more says its standings in several lines."""


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def pair_text(pair: Sequence[str]) -> str:
    """Two players as said: "you and Ben" (the user first), "Ben and Cleo"."""
    first, second = pair
    if second == "you":
        first, second = second, first
    return f"{first} and {second}"


def party_start_line(variant_title: str, tables: int, rounds: int, braille: bool = False) -> str:
    """The party's first line (for the braille display, within 40 cells).

    >>> party_start_line("Dixie Rook", 2, 4)
    'A progressive party of Dixie Rook: 2 tables of four, 4 rounds of 4 hands.'
    >>> party_start_line("Dixie Rook", 2, 4, braille=True)
    'Party, Dixie Rook: 2 tables, 4 rounds.'
    """
    rounds_text = "1 round" if rounds == 1 else f"{rounds} rounds"
    if braille:
        return f"Party, {variant_title}: {tables} tables, {rounds_text}."
    return f"A progressive party of {variant_title}: {tables} tables of four, {rounds_text} of 4 hands."


def round_start_lines(
    round_number: int,
    rounds: int,
    table: int,
    tables: int,
    seat_names: Sequence[str],
    players: Sequence[str],
    braille: bool = False,
) -> list[str]:
    """Where the user plays this round, and who sits in each other seat (``players`` by seat, the user first).

    >>> round_start_lines(1, 4, 1, 2, ("South", "West", "North", "East"), ("you", "Ben", "Cleo", "Dan"))
    ['Round 1 of 4: you play at table 1 of 2.', 'Your partner North is Cleo; West is Ben, East is Dan.']
    >>> round_start_lines(1, 4, 1, 2, ("South", "West", "North", "East"), ("you", "Ben", "Cleo", "Dan"), True)
    ['Round 1 of 4, table 1 of 2.', 'Partner N Cleo; W Ben, E Dan.']
    """
    if braille:  # seats by initial, as the braille trick lines name them
        return [
            f"Round {round_number} of {rounds}, table {table} of {tables}.",
            f"Partner {seat_names[2][0]} {players[2]}; {seat_names[1][0]} {players[1]}, "
            f"{seat_names[3][0]} {players[3]}.",
        ]
    place = f"Round {round_number} of {rounds}: you play at table {table} of {tables}."
    partner = f"Your partner {seat_names[2]} is {players[2]}"
    opponents = f"{seat_names[1]} is {players[1]}, {seat_names[3]} is {players[3]}"
    return [place, f"{partner}; {opponents}."]


def table_line(
    table: int,
    partnerships: Sequence[Sequence[str]],
    points: Sequence[int],
    cut: Sequence[int] | None = None,
    braille: bool = False,
) -> str:
    """One table's result of a round: each partnership's points, and the cut when they tied.

    >>> table_line(1, (("you", "Cleo"), ("Ben", "Dan")), (90, 90), cut=(12, 7))
    'Table 1: 90 each; the cut: you and Cleo 12, Ben and Dan 7; you and Cleo win it.'
    >>> table_line(2, (("Olive", "Quinn"), ("Rosa", "Tess")), (240, 160), braille=True)
    'T2: Olive, Quinn 240; Rosa, Tess 160.'
    >>> table_line(4, (("Olive", "Quinn"), ("Rosa", "Tess")), (-130, -130), cut=(3, 14), braille=True)
    'T4: -130 each; cut to Rosa, Tess.'
    """
    if braille:
        first, second = (", ".join(pair_text(pair).split(" and ")) for pair in partnerships)
        if cut is not None:
            return f"T{table}: {points[0]} each; cut to {first if cut[0] > cut[1] else second}."
        return f"T{table}: {first} {points[0]}; {second} {points[1]}."
    first, second = (pair_text(pair) for pair in partnerships)
    if cut is not None:
        winner = first if cut[0] > cut[1] else second
        return f"Table {table}: {points[0]} each; the cut: {first} {cut[0]}, {second} {cut[1]}; {winner} win it."
    return f"Table {table}: {first} {points[0]}, {second} {points[1]}."


def move_line(won: bool, from_table: int, to_table: int, tables: int, bonus: int, braille: bool = False) -> str:
    """The user's move after a round (its braille form within 40 cells: "You win 50, up to table 1.").

    >>> move_line(True, 2, 1, 2, 50)
    'You win 50 and move up to table 1.'
    >>> move_line(True, 1, 1, 3, 50)
    'You win 50 and stay at table 1, the top table.'
    >>> move_line(False, 1, 3, 3, 50)
    'You lose at the top table and go down to table 3.'
    >>> move_line(False, 2, 2, 3, 50)
    'You lose and stay at table 2.'
    """
    if braille:
        if won:
            where = "stay at the top" if to_table == from_table else f"up to table {to_table}"
            return f"You win {bonus}, {where}."
        where = f"down to table {to_table}" if to_table != from_table else f"stay at table {to_table}"
        return f"You lose, {where}."
    if won:
        if to_table == from_table:
            return f"You win {bonus} and stay at table {to_table}, the top table."
        return f"You win {bonus} and move up to table {to_table}."
    if to_table != from_table:
        return f"You lose at the top table and go down to table {to_table}."
    return f"You lose and stay at table {to_table}."


def standings_lines(
    standings: Sequence[tuple[int, int]], names: Sequence[str], after: str, braille: bool = False
) -> list[str]:
    """Everyone's score, the highest first, with their places (equal scores share a place), in lines of
    ``STANDINGS_A_LINE`` players (for the braille display, as many as fit 40 cells, none split).

    >>> names = ["you"] + [f"P{n}" for n in range(1, 10)]
    >>> lines = standings_lines([(n, 100 - n) for n in range(10)], names, after="round 2")
    >>> lines[0].startswith('Standings after round 2, 1 to 8: 1 you 100, 2 P1 99'), lines[1]
    (True, 'Standings 9 to 10: 9 P8 92, 10 P9 91.')
    """
    places: list[tuple[int, str]] = []
    for index, (player, score) in enumerate(standings):
        place = index + 1
        if index and standings[index - 1][1] == score:
            place = places[-1][0]
        places.append((place, f"{names[player]} {score}"))
    entries = [f"{place} {text}" for place, text in places]
    if braille:  # as many whole places as fit each line
        lines = [f"Standings after {after}:"]
        line = ""
        for index, entry in enumerate(entries):
            entry += "." if index == len(entries) - 1 else ","
            if line and len(line) + 1 + len(entry) > BRAILLE_WIDTH:
                lines.append(line)
                line = ""
            line = f"{line} {entry}" if line else entry
        return [*lines, line]
    if len(entries) <= STANDINGS_A_LINE:
        return [f"Standings after {after}: {', '.join(entries)}."]
    lines = []
    for start in range(0, len(entries), STANDINGS_A_LINE):
        chunk = entries[start : start + STANDINGS_A_LINE]
        span = f"{start + 1} to {start + len(chunk)}"
        label = f"Standings after {after}, {span}" if start == 0 else f"Standings {span}"
        lines.append(f"{label}: {', '.join(chunk)}.")
    return lines


def your_place_line(
    standings: Sequence[tuple[int, int]], user: int, names: Sequence[str], final: bool, braille: bool = False
) -> str:
    """Where the user stands: their place, score and who leads (or won, at the end).

    >>> your_place_line([(1, 300), (0, 250), (2, 100)], 0, ["you", "Ben", "Cleo"], final=True)
    'The party is over: you finish 2nd of 3 with 250; Ben wins with 300.'
    >>> your_place_line([(0, 250), (1, 250), (2, 100)], 0, ["you", "Ben", "Cleo"], final=False)
    'You are 1st of 3 with 250, tied with Ben.'
    """
    scores = dict(standings)
    mine = scores[user]
    place = 1 + sum(1 for _, score in standings if score > mine)
    level = [names[player] for player, score in standings if score == mine and player != user]
    best = standings[0][1]
    leaders = [names[player] for player, score in standings if score == best]
    count = len(standings)
    if braille:  # within 40 cells
        if final:
            return f"Party over: you are {ordinal(place)} of {count}, {mine}."
        return f"You are {ordinal(place)} of {count}, {mine}."
    if final:
        if mine == best:
            shared = f", a tie with {_and_list(level)}" if level else ""
            return f"The party is over: you win with {mine}{shared}!"
        won = "win" if len(leaders) > 1 else "wins"
        winners = f"{_and_list(leaders)} {won} with {best}"
        return f"The party is over: you finish {ordinal(place)} of {count} with {mine}; {winners}."
    beside = f", tied with {_and_list(level)}" if level else ""
    return f"You are {ordinal(place)} of {count} with {mine}{beside}."


def _and_list(names: Sequence[str]) -> str:
    """Names joined as said: "Ben", "Ben and Cleo", "Ben, Cleo and Dan"."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def party_rules_lines(
    tables: int,
    rounds: int,
    now: Sequence[str],
    bonus: int,
    passed_out: bool = True,
    braille: bool = False,
) -> list[str]:
    """The party's rules, said by ``rules`` after the game's, and ``now``, lines of where the party stands.
    ``passed_out``: whether a hand can be passed out at all (not where the dealer must open).

    >>> party_rules_lines(2, 4, ["Round 2 of 4 at table 1 of 2."], 50)[0][:60]
    'Progressive party: 2 tables of four, 4 rounds; each round a '
    """
    if braille:
        return [
            f"Party: {tables} tables, {rounds} rounds of 4 hands.",
            *(["Passed out: the same dealer deals again."] if passed_out else []),
            f"Winners get {bonus} each and move up.",
            "Top table: winners stay, losers go down.",
            "Ties are cut. Highest score wins.",
            *now,
        ]
    again = "; a hand everyone passes is dealt again by the same dealer" if passed_out else ""
    return [
        f"Progressive party: {tables} tables of four, {rounds} rounds; each round a table plays 4 hands, "
        f"each player dealing one{again}.",
        f"The partners with more points get {bonus} each and move up a table, with new partners; "
        "at the top table the winners stay and the losers go to the lowest table; a tie is cut.",
        f"Each player keeps their own score, their partnership's points and the {bonus}s; "
        "the highest after the last round wins.",
        *now,
    ]
