"""NetrunnerDB's card-text markup, parsed once for the sheets and for ``dossier show``.

Imported Netrunner records keep their printed text (``printed_text``) and
flavour as NetrunnerDB writes it. The markup found in its card data (v2 cards,
v1 packs and the translations):

- ``<strong>…</strong>`` and ``<b>…</b>``: bold (keywords, subtypes, costs);
- ``<em>…</em>`` and ``<i>…</i>``: italic (reminder text);
- ``<trace>追踪 3</trace>`` (translations) and ``Trace[3]`` / ``trace[X]`` (English):
  a trace, drawn as a bold label with the strength raised (``Trace³``);
- ``<errata>…</errata>`` and ``<champion>…</champion>``: a note of its own (a block);
- ``<ul><li>…</li></ul>``: a list, one block per item;
- ``<sup>…</sup>`` raised, ``<br>`` a new block;
- ``[credit]``, ``[recurring-credit]``, ``[click]``, ``[subroutine]``, ``[trash]``,
  ``[interrupt]``, ``[mu]``, ``[link]`` and the faction tokens (``[anarch]``,
  ``[haas-bioroid]``, …): icons.

Anything else is text: unknown tags (``<h1m3d3s`` is part of a name), tokens
that are not icons (``[…]``, ``[epic]``), stray closing tags (dropped) and tags
left open (closed at the end of the paragraph). ``&amp;``-style entities of
HTML's core set are decoded.

:func:`parse` turns one paragraph into :class:`Block` s of :class:`Span` s;
:func:`plain` and :func:`terminal` write them for a terminal (icons as their
``[id]`` tokens). This module imports nothing of Dossier's, so every layer may
use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

ICONS: tuple[str, ...] = (
    "credit",
    "recurring-credit",
    "click",
    "subroutine",
    "trash",
    "interrupt",
    "mu",
    "link",
    "anarch",
    "criminal",
    "shaper",
    "haas-bioroid",
    "jinteki",
    "nbn",
    "weyland-consortium",
)
"""Bracket tokens drawn as icons (NetrunnerDB's ids)."""

ALIASES = {"crecit": "credit", "hass-bioroid": "haas-bioroid", "recurring_credit": "recurring-credit"}
"""Misspellings found in NetrunnerDB's data, read as the icon they mean."""

BlockKind = Literal["text", "item", "note"]
LANGS = ("zh-Hans", "en")


@dataclass(frozen=True, slots=True)
class Span:
    """A run of text in one style, or an icon (``text`` is then the icon id)."""

    text: str
    bold: bool = False
    italic: bool = False
    sup: bool = False
    icon: bool = False

    @property
    def markup(self) -> str:
        """The span as plain text: icons as their ``[id]`` token."""
        return f"[{self.text}]" if self.icon else self.text


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph, a list item (``item``: printed with a bullet) or a note (errata, champion)."""

    spans: tuple[Span, ...]
    kind: BlockKind = "text"

    @property
    def text(self) -> str:
        return "".join(span.markup for span in self.spans)


_INLINE_TAGS = {"strong": "bold", "b": "bold", "em": "italic", "i": "italic", "sup": "sup", "trace": "trace"}
_NOTE_TAGS = {"errata", "champion"}
_LIST_TAGS = {"ul", "ol"}
_TAG_NAMES = "|".join(sorted([*_INLINE_TAGS, *_NOTE_TAGS, *_LIST_TAGS, "li", "br"], key=len, reverse=True))
_TOKEN = re.compile(
    rf"<(?P<close>/)?(?P<tag>{_TAG_NAMES})\s*(?P<selfclose>/)?>"
    r"|(?P<trace>\b[Tt]race) ?\[(?P<strength>[0-9]+|X)\]"
    r"|\[(?P<icon>[a-z][a-z_-]*)\]"
    r"|&(?P<entity>amp|lt|gt|quot|apos|nbsp|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});",
    re.IGNORECASE,
)
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'", "nbsp": "\u00a0"}
_STRENGTH = re.compile(r"^(?P<label>.*?)\s*(?P<strength>[0-9]+|X)\s*$", re.S)


def icon_id(token: str) -> str | None:
    """The icon a bracket token names (``credit`` for ``[credit]``), or None when it is not an icon."""
    name = ALIASES.get(token, token)
    return name if name in ICONS else None


def _entity(name: str) -> str:
    if name.startswith("#"):
        code = int(name[2:], 16) if name[1:2] in ("x", "X") else int(name[1:])
        return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else ""
    return _ENTITIES[name.lower()]


class _Builder:
    """Collects spans into blocks while the tokens of one paragraph go by."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.spans: list[Span] = []
        self.kind: BlockKind = "text"
        self.open: list[str] = []  # inline tags open, innermost last
        self.trace_start: int | None = None

    def style(self) -> dict[str, bool]:
        effects = {_INLINE_TAGS[tag] for tag in self.open}
        return {
            "bold": "bold" in effects or "trace" in effects,
            "italic": "italic" in effects or self.kind == "note",
            "sup": "sup" in effects,
        }

    def text(self, text: str) -> None:
        if not text:
            return
        style = self.style()
        if self.spans and not self.spans[-1].icon and _same(self.spans[-1], style):
            self.spans[-1] = replace(self.spans[-1], text=self.spans[-1].text + text)
        else:
            self.spans.append(Span(text, **style))

    def icon(self, name: str) -> None:
        self.spans.append(Span(name, icon=True, bold=self.style()["bold"]))

    def trace(self, label: str, strength: str) -> None:
        style = self.style()
        self.spans.append(Span(label, bold=True, italic=style["italic"]))
        self.spans.append(Span(strength, bold=True, italic=style["italic"], sup=True))

    def end_block(self, next_kind: BlockKind = "text") -> None:
        spans = _trim(self.spans)
        if spans:
            self.blocks.append(Block(tuple(spans), self.kind))
        self.spans = []
        self.kind = next_kind

    def open_tag(self, tag: str) -> None:
        if tag in _INLINE_TAGS:
            self.open.append(tag)
            if tag == "trace":
                self.trace_start = len(self.spans)
        elif tag in _NOTE_TAGS:
            self.end_block("note")
        elif tag == "li":
            self.end_block("item")
        elif tag in _LIST_TAGS or tag == "br":
            self.end_block()

    def close_tag(self, tag: str) -> None:
        if tag in _INLINE_TAGS:
            if tag not in self.open:
                return  # a stray closing tag: NetrunnerDB's data has a few
            if tag == "trace":
                self._finish_trace()
            while self.open and self.open.pop() != tag:
                pass
        elif tag in _LIST_TAGS or ((tag in _NOTE_TAGS or tag == "li") and self.kind != "text"):
            self.end_block()

    def _finish_trace(self) -> None:
        """``<trace>追踪 3</trace>``: the strength at the end of the label is raised."""
        start = self.trace_start if self.trace_start is not None else len(self.spans)
        self.trace_start = None
        inside = self.spans[start:]
        if not inside or inside[-1].icon or inside[-1].sup:
            return
        match = _STRENGTH.match(inside[-1].text)
        if match is None:
            return
        last = inside[-1]
        pieces = [replace(last, text=match["label"])] if match["label"] else []
        pieces.append(replace(last, text=match["strength"], sup=True))
        self.spans[len(self.spans) - 1 :] = pieces

    def finish(self) -> list[Block]:
        if self.trace_start is not None:
            self._finish_trace()
        self.open.clear()
        self.end_block()
        return self.blocks


def _same(span: Span, style: dict[str, bool]) -> bool:
    return span.bold == style["bold"] and span.italic == style["italic"] and span.sup == style["sup"]


def _trim(spans: list[Span]) -> list[Span]:
    """Spans without the white space at the block's two ends."""
    result = list(spans)
    while result and not result[0].icon and not result[0].text.strip():
        result.pop(0)
    while result and not result[-1].icon and not result[-1].text.strip():
        result.pop()
    if result and not result[0].icon:
        result[0] = replace(result[0], text=result[0].text.lstrip())
    if result and not result[-1].icon:
        result[-1] = replace(result[-1], text=result[-1].text.rstrip())
    return result


def parse(paragraph: str) -> list[Block]:
    """One paragraph of NetrunnerDB text as blocks (more than one when it holds a list or a note)."""
    builder = _Builder()
    at = 0
    for match in _TOKEN.finditer(paragraph):
        builder.text(paragraph[at : match.start()])
        at = match.end()
        if match["tag"]:
            tag = match["tag"].lower()
            if match["close"]:
                builder.close_tag(tag)
            elif match["selfclose"] and tag != "br":
                continue  # <strong/> holds nothing
            else:
                builder.open_tag(tag)
        elif match["trace"]:
            builder.trace(match["trace"], match["strength"].upper())
        elif match["icon"]:
            name = icon_id(match["icon"])
            if name is None:
                builder.text(match[0])
            else:
                builder.icon(name)
        else:
            builder.text(_entity(match["entity"]))
    builder.text(paragraph[at:])
    return builder.finish()


def parse_all(paragraphs: Iterable[str]) -> list[Block]:
    """Blocks of several paragraphs, in order."""
    return [block for paragraph in paragraphs for block in parse(paragraph)]


def pick(texts: Mapping[str, Sequence[str]], lang: str) -> tuple[str, list[str]] | None:
    """The paragraphs in ``lang``, else in English, else in any language there is: (language, paragraphs)."""
    for candidate in (lang, "en", *LANGS, *texts):
        found = texts.get(candidate)
        if found:
            return candidate, list(found)
    return None


# ---------------------------------------------------------------------- terminal

BOLD, ITALIC = ("\x1b[1m", "\x1b[22m"), ("\x1b[3m", "\x1b[23m")
BULLET = "•"


def _span_text(span: Span, previous: Span | None) -> str:
    text = span.markup
    if span.sup and previous is not None and previous.text[-1:].isalnum() and not previous.icon:
        return " " + text  # Trace³ reads "Trace 3" in a terminal
    return text


def plain(block: Block) -> str:
    """A block as plain text: icons as ``[id]``, a trace as ``Trace 3``, list items after a bullet."""
    parts: list[str] = []
    previous: Span | None = None
    for span in block.spans:
        parts.append(_span_text(span, previous))
        previous = span
    text = "".join(parts)
    return f"{BULLET} {text}" if block.kind == "item" else text


def terminal(block: Block, color: bool) -> str:
    """A block for a terminal: bold and italic as ANSI escapes when ``color``, else :func:`plain`."""
    if not color:
        return plain(block)
    parts: list[str] = []
    previous: Span | None = None
    bold = italic = False
    for span in block.spans:
        text = _span_text(span, previous)
        previous = span
        want_bold, want_italic = (bold, italic) if span.icon else (span.bold, span.italic)
        if want_bold != bold:
            parts.append(BOLD[0] if want_bold else BOLD[1])
            bold = want_bold
        if want_italic != italic:
            parts.append(ITALIC[0] if want_italic else ITALIC[1])
            italic = want_italic
        parts.append(text)
    parts.append((BOLD[1] if bold else "") + (ITALIC[1] if italic else ""))
    text = "".join(parts)
    return f"{BULLET} {text}" if block.kind == "item" else text


def to_plain(paragraph: str) -> str:
    """One paragraph of markup as plain text, blocks on their own lines."""
    return "\n".join(plain(block) for block in parse(paragraph))


__all__ = [
    "ALIASES",
    "ICONS",
    "Block",
    "Span",
    "icon_id",
    "parse",
    "parse_all",
    "pick",
    "plain",
    "terminal",
    "to_plain",
]
