"""The project's Markdown documents as blocks for braille pages.

Only the Markdown the docs use is read, simply:

- ``#`` is a title, ``##`` a heading, ``###`` and deeper a subheading;
- lines separated by blank lines are paragraphs;
- ``-``, ``*``, ``+`` and ``1.`` start list items, indented two spaces a level
  of nesting, with their indented (or lazy) continuation lines;
- a table becomes one list item per row, ``cell: cell, cell``, its
  separator row dropped;
- a fenced code block is one list item of computer braille per line;
- emphasis marks are dropped, a link keeps its text, an image its alt text;
  text between backticks is code (computer braille).
"""

from __future__ import annotations

import re

from .formatting import Block, heading, list_item, paragraph, subheading, title
from .inline import Span, code, prose

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|[\s:|-]*\|\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_CODE = re.compile(r"(`+)(.+?)\1")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>]+)>")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS_STAR = re.compile(r"\*(?=\S)(.+?)(?<=\S)\*")
_EMPHASIS_UNDERSCORE = re.compile(r"(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)")


def _plain(text: str) -> str:
    """Prose without emphasis marks or link syntax."""
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _STRONG.sub(r"\2", text)
    text = _EMPHASIS_STAR.sub(r"\1", text)
    return _EMPHASIS_UNDERSCORE.sub(r"\1", text)


def inline_spans(text: str) -> tuple[Span, ...]:
    """A line of Markdown as prose and code spans."""
    codes: list[str] = []

    def hold(match: re.Match[str]) -> str:
        codes.append(match.group(2).strip())
        return f"\0{len(codes) - 1}\0"

    # Code spans are held aside while the marks of the prose around them go.
    text = _plain(_CODE.sub(hold, text))
    spans: list[Span] = []
    for number, piece in enumerate(text.split("\0")):
        if number % 2:
            spans.append(code(codes[int(piece)]))
        elif piece:
            spans.append(prose(piece))
    return tuple(span for span in spans if span.text)


def _table_row(line: str) -> str:
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    cells = [cell for cell in cells if cell]
    if len(cells) < 2:
        return "".join(cells)
    return f"{cells[0]}: {', '.join(cells[1:])}"


def parse_markdown(text: str) -> list[Block]:
    """The blocks of a Markdown document, in order."""
    blocks: list[Block] = []
    pending: list[str] = []
    pending_kind: tuple[str, int] | None = None  # ("paragraph", 0) or ("item", level)

    def flush() -> None:
        nonlocal pending, pending_kind
        if pending_kind is not None and pending:
            spans = inline_spans(" ".join(pending))
            kind, level = pending_kind
            blocks.append(paragraph(spans) if kind == "paragraph" else list_item(spans, level))
        pending, pending_kind = [], None

    item_indents: list[int] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip():
            flush()
            continue
        if _FENCE.match(line):
            flush()
            while index < len(lines) and not _FENCE.match(lines[index]):
                if lines[index].strip():
                    blocks.append(list_item((code(lines[index].strip()),)))
                index += 1
            index += 1
            continue
        match = _HEADING.match(line)
        if match:
            flush()
            item_indents = []
            level, words = len(match.group(1)), inline_spans(match.group(2))
            blocks.append(title(words) if level == 1 else heading(words) if level == 2 else subheading(words))
            continue
        if _TABLE_ROW.match(line):
            flush()
            if not _TABLE_RULE.match(line):
                blocks.append(list_item(inline_spans(_table_row(line))))
            continue
        match = _ITEM.match(line)
        if match:
            flush()
            indent = len(match.group(1).expandtabs(4))
            while item_indents and item_indents[-1] > indent:
                item_indents.pop()
            if not item_indents or item_indents[-1] < indent:
                item_indents.append(indent)
            marker = match.group(2)
            item_text = match.group(3) if marker in "-*+" else f"{marker} {match.group(3)}"
            pending, pending_kind = [item_text], ("item", len(item_indents) - 1)
            continue
        if pending_kind is None:
            item_indents = []
            pending_kind = ("paragraph", 0)
        pending.append(line.strip())
    flush()
    return blocks
