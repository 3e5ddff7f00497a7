"""The braille-ready files in ``braille/``: current, well formed, and holding what they should."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.braille import make
from rook_access.braille.formatting import (
    TEXT_LINES,
    Block,
    cell_lines,
    heading,
    list_item,
    paginate,
    paragraph,
    wrap,
)
from rook_access.braille.inline import code, prose, units
from rook_access.braille.translator import BLANK_CELL, load_louis
from rook_access.console.commands import COMMANDS
from rook_access.engine.cards import BIRD_NAME, COLOR_LETTERS, NUMBERS_PER_COLOR
from tests.helpers import REPOSITORY

CHECKED_IN = REPOSITORY / "braille"
BRF_NAMES = ("rules.brf", "commands.brf", "card-labels.brf")
REGENERATE = "run python -m rook_access.braille.make"


@pytest.fixture(scope="module")
def louis():
    module = load_louis()
    assert module is not None, "liblouis is not installed: apt install liblouis-data python3-louis"
    return module


@pytest.fixture(scope="module")
def generated(tmp_path_factory, louis) -> Path:
    out = tmp_path_factory.mktemp("braille")
    assert make.main(["--out", str(out)]) == 0
    return out


def pages_of(text: str) -> list[list[str]]:
    """A file's pages as lists of lines; every line must end in CR LF."""
    pages = []
    for page in text.split("\f"):
        assert page.endswith("\r\n"), f"a page does not end with CR LF: {page[-20:]!r}"
        pages.append(page[:-2].split("\r\n"))
    return pages


def brf_pages(folder: Path, name: str) -> list[list[str]]:
    return pages_of((folder / name).read_bytes().decode("ascii"))


def twin_pages(folder: Path, name: str) -> list[list[str]]:
    return pages_of((folder / name.replace(".brf", "-unicode.txt")).read_bytes().decode("utf-8"))


def to_unicode(louis, line: str) -> str:
    """A line of braille ASCII as Unicode braille, by liblouis's BRF display table."""
    return louis.charToDots(["en-us-brf.dis"], line, mode=louis.ucBrl) if line else ""


def ueb_page_number(number: int) -> str:
    """The braille ASCII of a UEB number: the number sign, then digits as the letters a to j."""
    return "#" + "".join("JABCDEFGHI"[int(digit)] for digit in str(number))


# ----------------------------------------------------------------- current
def test_the_checked_in_files_are_current(generated):
    stale = []
    for path in sorted(generated.iterdir()):
        checked_in = CHECKED_IN / path.name
        if not checked_in.is_file():
            stale.append(f"braille/{path.name} is missing")
        elif checked_in.read_bytes() != path.read_bytes():
            stale.append(f"braille/{path.name} is stale")
    assert not stale, "; ".join(stale) + f": {REGENERATE}"


def test_braille_holds_no_file_the_command_does_not_make(generated):
    made = {path.name for path in generated.iterdir()}
    extra = [path.name for path in CHECKED_IN.iterdir() if not path.name.startswith(".") and path.name not in made]
    assert not extra, f"braille/ holds files the command does not make: {extra}"


def test_making_twice_gives_the_same_bytes(generated, louis):
    again = make.render_all()
    for name, content in again.items():
        assert (generated / name).read_bytes() == content, name


# ------------------------------------------------------------------ format
@pytest.mark.parametrize("name", BRF_NAMES)
def test_pages_are_25_lines_of_40_cells_at_most(generated, name):
    for number, page in enumerate(brf_pages(generated, name), start=1):
        assert len(page) == 25, f"{name} page {number}: {len(page)} lines"
        for line in page:
            assert len(line) <= 40, f"{name} page {number}: {len(line)} cells: {line!r}"
            assert line == line.rstrip(" "), f"{name} page {number}: trailing blanks: {line!r}"


@pytest.mark.parametrize("name", BRF_NAMES)
def test_line_25_holds_only_the_page_number_at_the_right_margin(generated, name):
    for number, page in enumerate(brf_pages(generated, name), start=1):
        assert page[24] == ueb_page_number(number).rjust(40), f"{name} page {number}: {page[24]!r}"


@pytest.mark.parametrize("name", BRF_NAMES)
def test_only_braille_ascii_and_line_and_page_ends(generated, name):
    text = (generated / name).read_bytes().decode("ascii")
    bad = sorted({ch for ch in text if not (0x20 <= ord(ch) <= 0x5F or ch in "\r\n\f")})
    assert not bad, f"{name}: characters outside braille ASCII: {bad}"
    assert "\n" not in text.replace("\r\n", ""), f"{name}: a line end that is not CR LF"
    assert "\r" not in text.replace("\r\n", ""), f"{name}: a lone CR"


@pytest.mark.parametrize("name", BRF_NAMES)
def test_the_unicode_twin_has_the_same_cells(generated, louis, name):
    brf, twin = brf_pages(generated, name), twin_pages(generated, name)
    assert len(brf) == len(twin), f"{name}: {len(brf)} pages, its twin {len(twin)}"
    for number, (brf_page, twin_page) in enumerate(zip(brf, twin, strict=True), start=1):
        assert len(brf_page) == len(twin_page)
        for brf_line, twin_line in zip(brf_page, twin_page, strict=True):
            assert to_unicode(louis, brf_line) == twin_line, f"{name} page {number}: {brf_line!r}"


@pytest.mark.parametrize("name", BRF_NAMES)
def test_every_file_starts_with_the_transcribers_note(generated, louis, name):
    first = twin_pages(generated, name)[0][0]
    # UEB's opening transcriber's note indicator, dots 4, 46, 126, from cell 7.
    assert first.startswith(BLANK_CELL * 6 + "⠈⠨⠣"), first
    text = " ".join(line for line in twin_pages(generated, name)[0][:3])
    back = " ".join(louis.backTranslateString(["unicode.dis", "en-ueb-g2.ctb"], text).lower().split())
    assert "computer braille" in back and "dropped digits" in back, back


# ---------------------------------------------------------------- contents
def test_the_command_reference_is_one_page(generated):
    assert len(brf_pages(generated, "commands.brf")) == 1


def test_the_command_reference_names_every_command(generated, louis):
    lines = twin_pages(generated, "commands.brf")[0]
    missing = []
    for spec in COMMANDS:
        name = louis.translateString(["unicode.dis", "en-us-comp6.ctb"], spec.name)
        # each move starts a line; the other commands stand as words, several to a line
        if not any(name in line.split(BLANK_CELL) for line in lines):
            missing.append(spec.name)
    assert not missing, f"commands.brf does not name {missing}"


def test_the_command_reference_has_the_card_notation(generated, louis):
    lines = twin_pages(generated, "commands.brf")[0]
    notation = [line for line in lines if louis.translateString(["unicode.dis", "en-us-comp6.ctb"], "r x y g") in line]
    assert notation, "no line with r x y g in computer braille"
    assert "⠗⠕⠕⠅" in notation[0]


def test_every_command_has_a_brief_description():
    for spec in COMMANDS:
        assert spec.brief and len(spec.brief) <= 25, f"{spec.name}: {spec.brief!r}"


def label_lines(generated: Path, louis) -> list[tuple[str, list[str]]]:
    """The label sheet's rows: lines whose every word back-translates (computer braille) to a card."""
    deck = {f"{number}{letter}" for letter in COLOR_LETTERS for number in range(1, NUMBERS_PER_COLOR + 1)}
    deck.add(BIRD_NAME)
    rows = []
    for page in twin_pages(generated, "card-labels.brf"):
        for line in page[:24]:
            words = [
                louis.backTranslateString(["unicode.dis", "en-us-comp6.ctb"], word)
                for word in line.split(BLANK_CELL)
                if word
            ]
            if words and all(word in deck for word in words):
                rows.append((line, words))
    return rows


def test_the_label_sheet_holds_each_card_once(generated, louis):
    deck = [f"{number}{letter}" for letter in COLOR_LETTERS for number in range(1, NUMBERS_PER_COLOR + 1)]
    deck.append(BIRD_NAME)
    labels = [label for _, words in label_lines(generated, louis) for label in words]
    assert len(labels) == 57
    assert sorted(labels) == sorted(deck)


def test_the_labels_stand_in_columns_three_blank_cells_apart_or_more(generated, louis):
    rows = label_lines(generated, louis)
    assert len(rows) == 9  # two rows a color, and the Bird
    for line, _ in rows:
        assert not line.startswith(BLANK_CELL), line
        assert all(len(gap) >= 3 for gap in re.findall(BLANK_CELL + "+", line)), line
        starts = [match.start() for match in re.finditer(r"[^⠀]+", line)]
        assert starts == list(range(0, 6 * len(starts), 6)), line


def test_the_label_sheet_has_a_heading_per_color(generated, louis):
    text = " ".join(
        louis.backTranslateString(["unicode.dis", "en-ueb-g2.ctb"], line)
        for page in twin_pages(generated, "card-labels.brf")
        for line in page[:24]
    ).lower()
    for name in ("red", "black", "yellow", "green", "rook bird", "cut"):
        assert name in text, name


def test_the_rules_back_translate_to_the_rules(generated, louis):
    text = " ".join(
        louis.backTranslateString(["unicode.dis", "en-ueb-g2.ctb"], line)
        for page in twin_pages(generated, "rules.brf")
        for line in page[:24]
        if line
    ).lower()
    for word in ("bid", "trump", "nest", "counters", "trick", "partners"):
        assert word in text, word


def test_rule_sources_are_a_list_of_documents():
    from rook_access.braille.documents import RULE_SOURCES

    assert "rules.md" in RULE_SOURCES
    for source in RULE_SOURCES:
        assert (make.DOCS / source).is_file(), source


# ----------------------------------------------------------------- command
def run_make(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rook_access.braille.make", *arguments],
        check=False,
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_passes_fresh_files_and_names_a_stale_one(generated, tmp_path):
    copy = tmp_path / "braille"
    shutil.copytree(generated, copy)
    fresh = run_make("--out", str(copy), "--check")
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    with open(copy / "rules.brf", "ab") as file:
        file.write(b"X")
    stale = run_make("--out", str(copy), "--check")
    assert stale.returncode == 1
    lines = stale.stdout.splitlines()
    assert len(lines) == 1 and "rules.brf" in lines[0] and "python -m rook_access.braille.make" in lines[0]
    assert "Traceback" not in stale.stdout + stale.stderr


def test_without_liblouis_one_line_says_what_to_install(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(make, "load_louis", lambda: None)
    assert make.main(["--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "apt install liblouis-data python3-louis" in err[0]
    assert not list(tmp_path.iterdir())


def test_without_docs_one_line_says_so(monkeypatch, capsys, tmp_path, louis):
    monkeypatch.setattr(make, "DOCS", tmp_path / "no-docs")
    assert make.main(["--out", str(tmp_path), "--check"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "docs" in err[0]


# -------------------------------------------------------------- formatting
def test_a_card_in_prose_is_computer_braille_and_never_split(louis):
    pieces = units([prose("You may play 14r now.")])
    assert "⠂⠲⠗" in pieces
    lines = wrap(units([prose("word " * 7 + "then 14r and 5x")]), 2, 0)
    assert all(len(line) <= 40 for line in lines)
    assert any("⠂⠲⠗" in line for line in lines) and any("⠢⠭" in line for line in lines)


def test_punctuation_touching_code_is_set_off_by_a_blank_cell(louis):
    # A comma written solid after 14r would read as the digit 1.
    assert units([code("14r"), prose(", then")])[0] == "⠂⠲⠗⠀⠂"


def test_a_backticked_item_moves_whole_to_the_next_line(louis):
    spans = [prose("x " * 16), code("discard c c c c c")]
    lines = [line for line in wrap(units(spans), 0, 2)]
    assert lines[-1].endswith("⠙⠊⠎⠉⠁⠗⠙⠀⠉⠀⠉⠀⠉⠀⠉⠀⠉")


def test_a_word_longer_than_a_line_is_cut(louis):
    lines = wrap(["⠁" * 50], 0, 0)
    assert [len(line) for line in lines] == [40, 10]


def test_paragraphs_and_list_items_indent(louis):
    paragraph_lines = paginate([paragraph("bid " * 20)])[0]
    assert paragraph_lines[0].startswith("⠀⠀⠃") and paragraph_lines[1].startswith("⠃")
    item_lines = paginate([list_item("bid " * 20)])[0]
    assert item_lines[0].startswith("⠃") and item_lines[1].startswith("⠀⠀⠃")


def test_a_heading_is_never_the_last_text_line_of_a_page(louis):
    # The heading's blank line would be line 23 and the heading line 24.
    filler = [cell_lines(["⠁"] * (TEXT_LINES - 2), keep_together=False)]
    pages = paginate([*filler, heading("Bidding"), paragraph("The first bid.")])
    assert len(pages) == 2
    assert pages[0][TEXT_LINES - 2 : TEXT_LINES] == ["", ""]
    assert pages[1][0].startswith(BLANK_CELL * 10)  # the centred heading, on top
    assert pages[1][1].startswith("⠀⠀")  # its paragraph follows on the same page


def test_a_heading_at_the_top_of_a_page_has_no_blank_line_before_it(louis):
    pages = paginate([heading("Bidding"), paragraph("The first bid.")])
    assert pages[0][0].strip(BLANK_CELL)
    pages = paginate([paragraph("Words."), heading("Bidding")])
    assert pages[0][1] == ""


def test_an_empty_document_is_one_blank_page(louis):
    pages = paginate([Block()])
    assert len(pages) == 1 and pages[0][:24] == [""] * 24


# ---------------------------------------------------------------- markdown
def test_markdown_becomes_blocks():
    from rook_access.braille.markdown_source import inline_spans, parse_markdown

    blocks = parse_markdown(
        "# Title\n\nSome *soft* and **strong** [link](http://x) text,\nrunning on.\n\n"
        "## Part\n### Small\n- item `14r`\n  more\n  - nested\n\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n"
    )
    assert [(block.centred, block.first, block.runover) for block in blocks] == [
        (True, 0, 0),  # title
        (False, 2, 0),  # paragraph
        (True, 0, 0),  # heading
        (False, 4, 4),  # subheading
        (False, 0, 2),  # item
        (False, 2, 4),  # nested item
        (False, 0, 2),  # table row
        (False, 0, 2),  # table row
    ]
    assert blocks[1].spans == (prose("Some soft and strong link text, running on."),)
    assert blocks[4].spans == (prose("item "), code("14r"), prose(" more"))
    assert blocks[6].spans == (prose("a: b, c"),) and blocks[7].spans == (prose("1: 2, 3"),)
    assert inline_spans("snake_case and _stress_") == (prose("snake_case and stress"),)


def test_each_family_in_the_command_card_data_gets_a_card_of_its_own(tmp_path):
    from rook_access.braille.documents import COMMAND_CARDS, documents

    data = {"tricks": [], "patience": [], "party": [{"name": "go", "arguments": "", "aliases": ["g"], "brief": "Go",
                                                     "acts": True}]}  # fmt: skip
    (tmp_path / COMMAND_CARDS).write_text(json.dumps(data), encoding="utf-8")
    names = [document.name for document in documents(tmp_path)]
    assert names == ["rules", "commands", "patience-commands", "party-commands", "card-labels"]
    # The program's own families: Rook, the patience games and the booklet's other games, each with its card.
    assert [document.name for document in documents(make.DOCS)] == [
        *names[:3], "match-commands", "donkey-commands", "panjandrum-commands", "tuxedo-commands", "doubt-commands",
        *names[4:]
    ]
