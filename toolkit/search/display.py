"""Text output of search results and records: aligned tables, one-line stats, ``show``.

Stats use the query keys' own words (``cost 2 · inf 3 · str 4``) so a reader
learns what to type. Ability text is rendered through :mod:`toolkit.text`
(zh-Hans and English) when it parses; otherwise the stored text is printed.
Printed text and flavour of imported cards are NetrunnerDB markup, rendered by
:mod:`toolkit.markup`: bold and italic as ANSI escapes when stdout is a terminal
(and ``NO_COLOR`` is unset), plain otherwise; icons stay their ``[credit]``
tokens, a trace reads ``Trace 3``, list items get a bullet.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

from toolkit import markup
from toolkit.i18n import N_, t, word
from toolkit.i18n.words import Nc_
from toolkit.textwidth import SAMPLE_ROWS, display_width, pad, render, render_lines

from .run import Hit

_SKIP_FIELDS = {"id", "game", "kind", "name", "text", "flavor", "printed_text", "reverse", "win", "draw_phase", "faces"}


width = display_width  # the one display-width helper (toolkit.textwidth)


def stats(hit: Hit) -> str:
    """The attributes a player scans for, in query-key words."""
    d = hit.data
    parts: list[str] = []

    def add(label: str, value: Any) -> None:
        if value is not None and value is not False:
            parts.append(label if value is True else f"{label} {value}")

    if hit.game == "tactics":
        if hit.kind == "card":
            cost = d.get("cost") or {}
            mortgage = cost.get("mortgage") or 0  # every command card has a cost: no mortgage is cost 0, o:0 finds it
            add("cost", f"-{mortgage}" if mortgage else "0")
            add("tap", bool(cost.get("tap")))
            equipment = d.get("equipment")
            if equipment:
                add("size", equipment.get("size"))
                add("shield", equipment.get("shield"))
                _attack(equipment.get("attack"), add)
            add("agent", d.get("agent"))
            add("shop", d.get("back") == "shop")
            add("token", bool(d.get("token")))
        elif hit.kind in ("agent", "unit"):
            add("hp", d.get("hp"))
            add("move", d.get("move"))
            _attack(d.get("attack"), add)
        elif hit.kind == "attack":
            _attack(d.get("attack"), add)
        elif hit.kind == "map":
            rows = d.get("rows") or [""]
            add("cells", f"{len(rows[0])}x{len(rows)}")
            add("modes", ", ".join(d.get("modes") or []) or None)
    elif hit.game == "netrunner":
        add("faction", d.get("faction") if hit.kind != "faction" else None)
        add("side", d.get("side"))
        cost = d.get("cost", d.get("rez_cost"))
        if "cost" in d or "rez_cost" in d:
            add("cost", "X" if cost is None else cost)
        add("inf", d.get("influence") or None)
        if d.get("strength") is not None:
            add("str", d["strength"])
        elif "strength" in d and d.get("type") == "ice":  # ice strength null means X; a program's means none
            add("str", "X")
        add("mu", d.get("memory_cost"))
        add("trash", d.get("trash_cost"))
        if "agenda_points" in d:
            adv = d.get("advancement_requirement")
            add("adv", "X" if adv is None else adv)
            add("points", d.get("agenda_points"))
        add("deck_size", d.get("min_deck_size"))
        if "influence_limit" in d:
            add("influence_limit", "∞" if d["influence_limit"] is None else d["influence_limit"])
        add("link", d.get("base_link"))
        add("unique", bool(d.get("unique")))
    elif hit.game == "crossfire" and hit.kind == "role":
        add("team", d.get("team"))
        add("armed", bool(d.get("armed")))
        add("special", bool(d.get("special")))
    players = d.get("players")
    if isinstance(players, dict) and hit.kind in ("mode", "format", "game", "map"):
        low, high, counts = players.get("min"), players.get("max"), players.get("counts")
        if counts:  # only some counts from min to max (双雄: 2 or 4)
            add("players", " or ".join(str(n) for n in counts))  # stats_in says "or" in its language
        else:
            add("players", low if low == high else f"{low}-{high}")
    return " · ".join(parts)


_STAT_KEYS = {"str": "strength", "cells": "", "modes": "mode"}
STAT_WORDS = {"cells": Nc_("stats", "cells"), "modes": Nc_("stats", "modes")}
"""The attributes of :func:`stats` that are no search key, in words (the command line's and the web's)."""


def stats_in(
    hit: Hit,
    lang: str,
    lookup: Callable[[str, str], Any] | None = None,
    label_word: Callable[[str], str | None] | None = None,
) -> str:
    """:func:`stats` in ``lang``: English keeps the query keys and values as one types them; Chinese shows
    each key by its Chinese alias and each word of a closed vocabulary by its Chinese (they are what one
    types in a Chinese query too); any other language (a catalog's, ``fr``) the English keys and values, as one
    types them in a query, its catalog wording only the attributes that are no search key. ``lookup``
    ((kind, id) → record or None: a model record, or a :class:`Hit` of :class:`RecordNames`) names the ids of
    factions, agents and modes in ``lang`` (a query takes their names too); ``label_word`` words an attribute
    that is no search key (None: the label as it is)."""
    from toolkit.i18n import chinese, t, tc
    from toolkit.search.keys import find_key

    if label_word is None:
        label_word = lambda label: tc(lang, *STAT_WORDS[label]) if label in STAT_WORDS else None  # noqa: E731

    text = stats(hit)
    if not text or (lang == "en" and lookup is None):
        return text
    parts = []
    for part in text.split(" · "):
        label, _, value = part.partition(" ")
        shown = label
        if lang != "en":  # (an attribute that is no search key, as `modes`: in the words of lang's catalog)
            key = find_key(_STAT_KEYS.get(label, label) or "-")
            shown = label_word(label) or label
            if key is not None and chinese(lang):  # a key, and its vocabulary's words, as a Chinese query has them
                shown = _chinese(key.aliases) or label
                if key.vocabulary and value in key.vocabulary:
                    value = _chinese(key.vocabulary[value]) or value
        if label == "players" and lang != "en":  # "2 or 4" (a mode for only some counts) in lang
            value = tc(lang, "numbers", " or ").join(value.split(" or "))
        if lookup is not None and label in ("faction", "agent"):
            record = lookup(label, value)
            value = _name(record, lang) if record is not None else value
        if lookup is not None and label == "modes":
            named = (_name(r, lang) if (r := lookup("mode", m)) is not None else m for m in value.split(", "))
            value = t(lang, ", ").join(named)
        parts.append(f"{shown} {value}".rstrip())
    return " · ".join(parts)


def _name(record: Any, lang: str) -> str:
    """A record's name in ``lang``: a :class:`Hit`'s (:func:`names`), a model record's (:func:`toolkit.i18n.name_of`)."""
    from toolkit.i18n import name_of

    return names(record, lang)[0] if isinstance(record, Hit) else name_of(record, lang)


NAMED_KINDS = ("faction", "agent", "mode")
"""The kinds of record whose ids :func:`stats` shows: a card's faction and agent, a map's modes."""


class RecordNames:
    """The factions, agents and modes of a database by (game, kind, id), each a :class:`Hit` of its names (no
    record data): what names the ids of :func:`stats` on the command line, as the web names them from its
    catalog. They are read in one query the first time a name is asked for (a table without such ids reads
    nothing); :meth:`read` reads them now, for a caller that closes the database before it prints."""

    def __init__(self, database: Any) -> None:
        self._database = database
        self._hits: dict[tuple[str, str, str], Hit] | None = None

    def read(self) -> RecordNames:
        self._read()
        return self

    def lookup(self, game: str) -> Callable[[str, str], Hit | None]:
        """(kind, id) → the record of ``game``, or None: the ``lookup`` of :func:`stats_in`."""
        return lambda kind, record_id: self._read().get((game, kind, record_id))

    def _read(self) -> dict[tuple[str, str, str], Hit]:
        if self._hits is None:
            mark = "?" if self._database.backend == "sqlite" else "%s"
            sql = (
                "SELECT game, kind, id, type, name_zh, name_en FROM records "
                f"WHERE kind IN ({', '.join([mark] * len(NAMED_KINDS))})"
            )
            self._hits = {(row[0], row[1], row[2]): Hit(*row) for row in self._database.rows(sql, NAMED_KINDS)}
        return self._hits


def code_word(vocabulary: dict[str, tuple[str, ...]], code: str | None, lang: str) -> str:
    """A closed vocabulary's code as one types it in ``lang`` (Chinese: its Chinese alias; any other language: the
    code, as English types it)."""
    from toolkit.i18n import chinese

    if code is None:
        return ""
    if not chinese(lang):
        return code
    return _chinese(vocabulary.get(code, ())) or code


def _chinese(words: tuple[str, ...]) -> str | None:
    from toolkit.i18n import script_lang

    return next((w for w in words if script_lang(w) == "zh-Hans"), None)


def _attack(attack: Any, add: Callable[[str, Any], None]) -> None:
    if not attack:
        return
    add("style", attack.get("style"))
    add("speed", attack.get("speed"))
    distance = attack.get("range") or {}
    add("range", f"{distance.get('min')}-{distance.get('max')}")


def names(hit: Hit, lang: str) -> tuple[str, str | None]:
    """The record's name in ``lang`` (a language other than Chinese: the English name, the zh-Hans one when it has
    none), and its name in the other language when that differs."""
    from toolkit.i18n import chinese

    english = not chinese(lang)
    first = (hit.name_en if english else None) or hit.name_zh
    other = hit.name_zh if english else hit.name_en
    return first, other if other and other != first else None


TABLE_ALIGN = "<<<<"
TABLE_LIMITS = (None, 12, 36, 80)  # ids whole: they are typed back


def _table_row(
    hit: Hit, with_game: bool, lang: str, record_names: RecordNames | None, shared: Collection[tuple[str, str]] = ()
) -> tuple[str, str, str, str]:
    from . import vocab
    from .run import unique_ref

    return (
        unique_ref(hit, shared, with_game=with_game),
        code_word(vocab.TYPES, hit.type or hit.kind, lang),
        names(hit, lang)[0],
        stats_in(hit, lang, record_names.lookup(hit.game) if record_names is not None else None),
    )


def _headers(lang: str) -> tuple[str, str, str, str]:
    return (t(lang, "ID"), t(lang, "TYPE"), t(lang, "NAME"), t(lang, "STATS"))


def table(
    hits: Sequence[Hit],
    *,
    with_game: bool,
    lang: str = "zh-Hans",
    record_names: RecordNames | None = None,
    shared: Collection[tuple[str, str]] = (),
) -> str:
    """An aligned table: id, type, name in ``lang``, stats; headings in ``lang``. ``record_names``: the names
    of the factions, agents and modes the stats show (None: their ids); ``shared``: the (game, id) pairs several
    records share, whose ids the table gives with the kind (:func:`toolkit.search.run.unique_ref`)."""
    rows = [_table_row(hit, with_game, lang, record_names, shared) for hit in hits]
    return render(_headers(lang), rows, align=TABLE_ALIGN, limits=TABLE_LIMITS)


def table_lines(
    hits: Iterable[Hit],
    *,
    with_game: bool,
    lang: str = "zh-Hans",
    sample: int = SAMPLE_ROWS,
    record_names: RecordNames | None = None,
    shared: Collection[tuple[str, str]] = (),
) -> Iterator[str]:
    """:func:`table`'s lines one by one, the hits read as they come (:func:`toolkit.textwidth.render_lines`:
    the widths come from the first ``sample`` hits; up to that many, the lines are :func:`table`'s)."""
    rows = (_table_row(hit, with_game, lang, record_names, shared) for hit in hits)
    return render_lines(_headers(lang), rows, align=TABLE_ALIGN, limits=TABLE_LIMITS, sample=sample)


def english_names(database: Any, game: str) -> dict[str, str]:
    """The English name of each zh-Hans name of ``game``'s records in ``database`` (:func:`toolkit.names.english_names`):
    what the English of an ability text calls the cards it quotes."""
    from toolkit.names import english_names as of_pairs

    mark = "?" if database.backend == "sqlite" else "%s"
    sql = f"SELECT name_zh, name_en FROM records WHERE game = {mark} AND name_en IS NOT NULL"
    return of_pairs((str(zh), str(en)) for zh, en in database.rows(sql, (game,)))


def render_ability(text: str, names: Mapping[str, str] | None = None) -> tuple[str, str | None]:
    """(zh-Hans, English) of one ability through toolkit.text; the stored text (and None) when it does not parse.
    ``names`` (:func:`english_names`): the English of a card the text quotes, put in quotes in the English
    (「全息诱饵」 → "Holo Decoy"); a name without one stays as it is quoted."""
    try:
        from toolkit import text as ability
    except ImportError:
        return text, None
    try:
        tree = ability.parse(text)
        english = ability.render(tree, "en")
    except Exception:  # text that is not (yet) in the controlled language is shown as stored
        return text, None
    if names:
        from toolkit.names import with_english_names

        english = with_english_names(english, names)
    return ability.render(tree), english


def use_color(color: bool | None = None) -> bool:
    """Whether to write ANSI styles: as asked, else when stdout is a terminal and ``NO_COLOR`` is unset."""
    if color is not None:
        return color
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(sys.stdout, "isatty", None)
    return bool(isatty and isatty())


def marked_lines(paragraphs: Sequence[str], color: bool, indent: str = "  ") -> list[str]:
    """Paragraphs of NetrunnerDB markup as terminal lines: one per block, list items indented with a bullet."""
    lines: list[str] = []
    for paragraph in paragraphs:
        for block in markup.parse(paragraph):
            lead = indent + ("  " if block.kind == "item" else "")
            lines.extend(lead + line for line in markup.terminal(block, color).split("\n"))
    return lines


def show(
    hit: Hit,
    *,
    source: str | None = None,
    color: bool | None = None,
    lang: str = "zh-Hans",
    bilingual: bool = False,
    card_names: Mapping[str, str] | None = None,
    record_names: RecordNames | None = None,
) -> str:
    """One record in full, for a terminal (``color``: ANSI bold/italic; default: when stdout is a terminal).

    The name, ability text and printed text in ``lang``, the labels in it; ``bilingual`` adds the other
    language's after them. The fields are the record's data, as stored. ``card_names``: the cards' English names
    (:func:`english_names`), for the cards an ability text quotes; ``record_names``: the names of the factions,
    agents and modes its stats show (None: their ids)."""
    from toolkit.i18n import chinese

    from . import vocab

    ansi = use_color(color)
    d = hit.data
    first, other = names(hit, lang)
    title = first + (f"  {other}" if other and bilingual else "")
    what = [
        code_word(vocab.GAMES, hit.game, lang),
        code_word(vocab.KINDS, hit.kind, lang),
        hit.id,
    ]
    kind_line = " ".join(what)
    if hit.type not in (None, hit.kind):
        kind_line = t(lang, "{record} ({type})", record=kind_line, type=code_word(vocab.TYPES, hit.type, lang))
    lines = [title, kind_line]
    summary = stats_in(hit, lang, record_names.lookup(hit.game) if record_names is not None else None)
    if summary:
        lines.append(summary)
    skipped = _SKIP_FIELDS
    if hit.game == "netrunner":  # what the engine runs of a netrunner card (the run: key)
        from .reading import paragraph_lines, verdict

        found = verdict(d, lang)
        if found is not None:
            lines.append(t(lang, "text reading: {status}", status=found.word))
            lines.extend(f"  {detail}" for detail in (*found.details, *paragraph_lines(d.get("reading"), lang)))
            skipped = skipped | {"reading"}  # said above in words, its paragraphs numbered as players count them
    grid = d.get("rows") if hit.kind == "map" else None
    # the languages of a text in several: lang's, then (any language but Chinese) English's, then the other one's
    order = ("zh-Hans", "en") if chinese(lang) else tuple(dict.fromkeys((lang, "en", "zh-Hans")))
    # a field in several languages: in ``lang`` (--bilingual: every language, ``lang``'s first)
    shown_langs = order if bilingual else (lang,)
    fields = flatten({k: v for k, v in d.items() if k not in skipped and not (grid and k == "rows")}, langs=shown_langs)
    if fields:
        lines.append("")
        key_width = max(width(k) for k, _ in fields)
        lines.extend(f"  {pad(k, key_width)}  {v}" for k, v in fields)
    if grid:
        lines.append("")
        lines.append(t(lang, "map (x → east, y ↓ south):"))
        lines.extend(f"  {row}" for row in grid)
    for label, key in (
        (N_("text:"), "text"),
        (N_("reverse:"), "reverse"),
        (N_("win:"), "win"),
        (N_("draw phase:"), "draw_phase"),
    ):
        texts = d.get(key)
        if key == "reverse" and isinstance(texts, dict):
            texts = texts.get("text")
        if texts:
            lines.append("")
            lines.append(t(lang, label))
            for line in texts:
                zh, en = render_ability(line, card_names)
                lead, after = (en, zh) if not chinese(lang) and en else (zh, en)
                lines.append(f"  {lead}")
                if after and bilingual:
                    lines.append(f"    {after}")
    for printed_lang, paragraphs, stand_in in _printed(d.get("printed_text"), lang, order if bilingual else order[:1]):
        lines.append("")
        lines.append(_printed_heading(printed_lang, lang, stand_in))
        lines.extend(marked_lines(paragraphs, ansi))
    lines.extend(_faces(d.get("faces"), lang, order if bilingual else order[:1], ansi))
    flavor = d.get("flavor") or {}
    # (a language no card may have flavour in, a catalog's: the English, as its other words)
    own = order[:1] if order[0] in _LANGS else [next((each for each in order[:2] if flavor.get(each)), order[0])]
    texts = [line for line in dict.fromkeys(flavor.get(each) for each in (order if bilingual else own)) if line]
    if texts:
        lines.append("")
        lines.append(t(lang, "flavor:"))
        lines.extend(marked_lines(texts, ansi))
    if source:
        lines.append("")
        lines.append(t(lang, "file: {path}", path=source))
    return "\n".join(lines)


def _faces(faces: Any, lang: str, langs: Sequence[str], ansi: bool) -> list[str]:
    """A netrunner identity's other faces (the back of a flip identity): name, what differs, printed text."""
    if not isinstance(faces, list):
        return []
    lines: list[str] = []
    for index, face in enumerate(f for f in faces if isinstance(f, dict)):
        name = face.get("name") or {}
        shown = name.get(lang) or name.get("en") or name.get("zh-Hans") or ""
        heading = t(lang, "back face:") if len(faces) == 1 else t(lang, "face {n}:", n=index + 2)
        lines += ["", f"{heading} {shown}".rstrip()]
        for key in ("subtypes", "base_link"):
            if face.get(key) is not None:
                value = face[key]
                lines.append(f"  {key}  {', '.join(value) if isinstance(value, list) else value}")
        for printed_lang, paragraphs, stand_in in _printed(face.get("printed_text"), lang, langs):
            if stand_in:  # a face with no text in the language shows the one it has, saying so
                lines.append("  " + _printed_heading(printed_lang, lang, stand_in))
            lines.extend(marked_lines(paragraphs, ansi))
    return lines


def _printed(printed: Any, lang: str, langs: Sequence[str]) -> list[tuple[str, list[str], bool]]:
    """(language, paragraphs, stand-in) of the printed text to show in ``langs``: each of them the card has; when it
    has none of them, the one it has (English when the card has none in Chinese, :func:`toolkit.markup.pick`) as a
    stand-in, kept as written (its icons ``[credit]`` tokens, its words English), as the printed card has it."""
    if not isinstance(printed, Mapping):
        return []
    texts = {k: v for k, v in printed.items() if isinstance(v, list) and v}
    shown = [(each, list(texts[each]), False) for each in langs if each in texts]
    if shown:
        return shown
    chosen = markup.pick(texts, lang)
    return [(chosen[0], chosen[1], True)] if chosen else []


def _printed_heading(printed_lang: str, lang: str, stand_in: bool) -> str:
    """``printed text (en):``, or for a stand-in ``printed text (en when the card has none in zh-Hans):``."""
    if stand_in:
        return t(
            lang,
            "printed text ({lang} when the card has none in {wanted}):",
            lang=word("lang", printed_lang, lang),
            wanted=word("lang", lang, lang),
        )
    return t(lang, "printed text ({lang}):", lang=word("lang", printed_lang, lang))


_LANG_TAG = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")
_LANGS = ("en", "zh-Hans")


def _is_lang_map(data: Any) -> bool:
    """A text in several languages: ``{"en": …, "zh-Hans": …, "de": …}`` (text or lists of text by language tag)."""
    if not isinstance(data, dict) or not any(lang in data for lang in _LANGS):
        return False
    return all(
        isinstance(key, str)
        and _LANG_TAG.fullmatch(key)
        and (value is None or isinstance(value, str) or isinstance(value, list) and all(isinstance(v, str) for v in value))
        for key, value in data.items()
    )


def flatten(data: Any, prefix: str = "", langs: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """Fields as (dotted key, shown value) rows, nested objects and lists of objects unrolled.

    ``langs``: a text in several languages (``name.en``, ``name.zh-Hans``, ``name.de``, …) shows only the first
    of these languages it has, under its own key (``name``; the English or zh-Hans when it has none of them);
    two or more: those it has, in that order, then its other languages, each under ``name.<tag>``. None: every
    language, as stored."""
    out: list[tuple[str, str]] = []
    if langs is not None and _is_lang_map(data):
        if len(langs) == 1:
            chosen = next((lang for lang in (*langs, *_LANGS) if data.get(lang)), None)
            if chosen is None:
                chosen = next((lang for lang in data if data[lang]), next(iter(data)))
            return flatten(data[chosen], prefix, langs)
        order = [*(lang for lang in langs if lang in data), *(lang for lang in sorted(data) if lang not in langs)]
        for lang in order:
            out.extend(flatten(data[lang], f"{prefix}.{lang}" if prefix else lang, langs))
        return out
    if isinstance(data, dict):
        for key in sorted(data):
            out.extend(flatten(data[key], f"{prefix}.{key}" if prefix else key, langs))
    elif isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
        for index, item in enumerate(data):
            out.extend(flatten(item, f"{prefix}[{index}]", langs))
    elif isinstance(data, list):
        out.append((prefix, ", ".join(str(x) for x in data) if data else "—"))
    else:
        out.append((prefix, "—" if data is None else str(data).lower() if isinstance(data, bool) else str(data)))
    return out
