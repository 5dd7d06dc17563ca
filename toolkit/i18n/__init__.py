"""Every word Dossier says that is not a name, in the user's language, from gettext catalogs.

Messages are written in English where they are used, and marked for extraction by the functions
they go through: :func:`t` (a message in a given language), :func:`tn` (with plural forms),
:func:`tc` (with a context, for an English word that other languages say two ways), :func:`tr` and
:func:`trn` (in the current language, for errors and findings that travel without one),
:func:`toolkit.i18n.words.N_` (a word of a vocabulary, translated where it is looked up by
:func:`word`) and :func:`Nn_` (a message with plural forms, worded later for its count: an engine's
:class:`~toolkit.engine.phrase.Phrase`). Babel extracts them into ``locale/dossier.pot``; each
other language is one file, ``locale/<lang>/LC_MESSAGES/dossier.po`` (``zh_Hans`` for zh-Hans),
compiled to a ``.mo`` in the user's cache on first use (``python -m toolkit.i18n.catalogs``
extracts, updates, checks and compiles; docs/translating.md says how to add a language). A
language whose catalog lacks a message shows the English.

Names come from the records (``name.zh_hans``, ``name.en``), never from here; JSON keys are never
translated. ``en-XA`` is the pseudo-locale: English names, and every message accented and wrapped
in ‹ ›, so that a test can see any text that did not go through a catalog.

It imports nothing of ours but :mod:`toolkit.cachedir` (which imports nothing), so every layer may
use it, like :mod:`toolkit.textwidth`.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import io
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from .words import N_, WORDS

DOMAIN = "dossier"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANG = "en"  # the language messages are written in
DEFAULT_LANG = "zh-Hans"
PSEUDO = "en-XA"


def _tag(dirname: str) -> str:
    """A catalog directory's name as a language tag: ``zh_Hans`` → ``zh-Hans``."""
    return dirname.replace("_", "-")


def _dirname(lang: str) -> str:
    return lang.replace("-", "_")


def _catalog_langs() -> tuple[str, ...]:
    try:
        found = sorted(_tag(p.name) for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())
    except OSError:
        found = []
    return tuple(dict.fromkeys([DEFAULT_LANG, SOURCE_LANG, *found]))


LANGS: tuple[str, ...] = _catalog_langs()  # the output languages: zh-Hans, en and every catalog found


# ---- which language: the one a caller names, else the current one (the CLI's --lang, a web request's)

_current: contextvars.ContextVar[str] = contextvars.ContextVar("dossier_lang", default=DEFAULT_LANG)
_pseudo: contextvars.ContextVar[bool] = contextvars.ContextVar("dossier_pseudo", default=False)


def accept(lang: str | None) -> str | None:
    """``lang`` as an output language (case and ``_`` forgiven: ``zh_hans`` → zh-Hans), the pseudo-locale
    included; None when it is not one."""
    if not isinstance(lang, str):
        return None
    folded = lang.replace("_", "-").casefold()
    for known in (*LANGS, PSEUDO):
        if folded == known.casefold():
            return known
    return None


def match(tag: str) -> str | None:
    """The output language a language tag asks for: one of ours exactly (``en``, ``zh-Hans``, case and ``_``
    forgiven), else by its primary subtag (``zh-CN``, ``zh-TW``, ``zh``: zh-Hans; ``en-US`` and the pseudo-locale
    ``en-XA``: en); None for a language we do not speak."""
    exact = accept(tag)
    if exact is not None and exact != PSEUDO:
        return exact
    primary = tag.replace("_", "-").split("-")[0].casefold()
    return next((lang for lang in LANGS if lang.split("-")[0].casefold() == primary), None)


def asked(value: str | None) -> str | None:
    """The output language a user's ``lang`` setting asks for, of a page (``?lang=``, the cookie) and of the command
    line alike (``--lang``, DOSSIER_LANG, ``lang =`` in dossier.toml): one of ours (:func:`accept`: the
    pseudo-locale included), else a tag of a language we speak (:func:`match`: ``en-US``, ``en_GB`` → en; ``zh``,
    ``zh-CN``, ``zh-TW`` → zh-Hans); None otherwise."""
    if not isinstance(value, str):
        return None
    return accept(value) or match(value)


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # the locale, first set first (LANGUAGE lists more)


def system_lang(environ: Mapping[str, str] | None = None) -> str | None:
    """The output language the system's locale asks for, read as gettext reads it: the first set of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (``en_US.UTF-8``: en; ``zh_CN.UTF-8``: zh-Hans), and before it
    the languages ``LANGUAGE`` lists (``fr:en``), unless that locale is C or POSIX, which asks for none. The
    first language we speak is taken; None when the locale asks for none of ours."""
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in LOCALE_VARIABLES if env.get(name)), "")
    base = locale.split(".")[0].split("@")[0]
    if base in ("", "C", "POSIX"):
        return None
    for tag in (*env.get("LANGUAGE", "").split(":"), base):
        found = match(tag.split(".")[0].split("@")[0]) if tag else None
        if found is not None:
            return found
    return None


def set_lang(lang: str) -> str:
    """Make ``lang`` the current language (the pseudo-locale: English, messages pseudo-translated); returns
    the output language it stands for (en for the pseudo-locale), the one names and texts are chosen by."""
    pseudo = lang == PSEUDO
    _pseudo.set(pseudo)
    lang = SOURCE_LANG if pseudo else lang_of(lang)
    _current.set(lang)
    return lang


@contextlib.contextmanager
def use_lang(lang: str) -> Iterator[str]:
    """The current language is ``lang`` inside the block."""
    tokens = (_current.set(_current.get()), _pseudo.set(_pseudo.get()))
    try:
        yield set_lang(lang)
    finally:
        _current.reset(tokens[0])
        _pseudo.reset(tokens[1])


def current_lang() -> str:
    """The current output language (zh-Hans unless a command or request set one)."""
    return _current.get()


def pseudo_active() -> bool:
    return _pseudo.get()


def lang_of(lang: str | None) -> str:
    """``lang`` when it is an output language, else the default (zh-Hans)."""
    return lang if lang in LANGS else DEFAULT_LANG


def chinese(lang: str | None) -> bool:
    """Whether ``lang`` is Chinese: zh-Hans, and every tag :func:`match` takes for it (``zh``, ``zh-CN``, ``zh_hans``,
    case forgiven). English, the pseudo-locale and every language a catalog adds (``fr``) are not."""
    return isinstance(lang, str) and lang.replace("_", "-").split("-")[0].casefold() == "zh"


def text_lang(lang: str | None) -> str:
    """Which of the two languages the records and the ability language are written in, zh-Hans or en, a reader of
    ``lang`` reads (ability text rendered, a vocabulary's words as one types them, the two names a search keeps, a
    log's names): zh-Hans for Chinese (:func:`chinese`), English for any other language (``fr``: its catalog words
    the messages; what no catalog words is shown in English, never in Chinese)."""
    return DEFAULT_LANG if chinese(lang) else SOURCE_LANG


# ---- the catalogs


def _compile(po: Path) -> bytes:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle, locale=_dirname(po.parent.parent.name))
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _mo_bytes(lang: str) -> bytes | None:
    """The compiled catalog of ``lang``: a ``.mo`` shipped beside the ``.po`` when it is not older (or, in an
    installed package, where both came from the same wheel, whatever order pip wrote them in), else one compiled
    into the cache (keyed by the ``.po``'s size, time and inode: a start-up reads neither the ``.po`` nor a hash of
    it), else compiled in memory."""
    po = LOCALE_DIR / _dirname(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"
    try:
        stat = po.stat()
    except OSError:
        return None
    shipped = po.with_suffix(".mo")
    with contextlib.suppress(OSError):
        from toolkit.paths import INSTALLED

        if INSTALLED or shipped.stat().st_mtime >= stat.st_mtime:
            return shipped.read_bytes()
    from toolkit.cachedir import user_cache_dir

    cached = user_cache_dir("locale", f"{_dirname(lang)}-{stat.st_size}-{stat.st_mtime_ns}-{stat.st_ino}.mo")
    with contextlib.suppress(OSError):
        return cached.read_bytes()
    data = _compile(po)
    with contextlib.suppress(OSError):
        cached.parent.mkdir(parents=True, exist_ok=True)
        temp = cached.with_name(f".{cached.name}.{os.getpid()}")
        temp.write_bytes(data)
        os.replace(temp, cached)
        for old in cached.parent.glob(f"{_dirname(lang)}-*.mo"):  # the compilations of earlier catalogs
            if old != cached:
                old.unlink(missing_ok=True)
    return data


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English, or a language without a catalog: the messages as written)."""
    if lang == SOURCE_LANG:
        return gettext.NullTranslations()
    data = _mo_bytes(lang)
    return gettext.GNUTranslations(io.BytesIO(data)) if data else gettext.NullTranslations()


# the pseudo-locale: every letter outside {fields}, `code` and --options accented, the message wrapped
_ACCENTS = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "áƀçđéƒĝĥíĵķĺɱñóþʠŕšťúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞɊŔŠŤÚṼŴẊÝŽ",
        strict=True,
    )
)
_KEEP = re.compile(r"\{[^{}]*\}|`[^`]*`|--[a-z][a-z-]*|https?://\S+|%\([a-z_]+\)[sd]|%[sd]")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-locale: ``‹Ŕéšúĺť: {n} ŕéçóŕđš›``."""
    if not message.strip():
        return message
    out, last = [], 0
    for match in _KEEP.finditer(message):
        out.append("".join(_ACCENTS.get(c, c) for c in message[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append("".join(_ACCENTS.get(c, c) for c in message[last:]))
    return f"‹{''.join(out)}›"


def _fill(text: str, fields: dict[str, Any]) -> str:
    return text.format(**fields) if fields else text


class Plural(str):
    """A message with plural forms (:func:`Nn_`), worded later for a count: as a string the English form for its
    count ``n`` (the singular while it has none), so that it formats as the English always did; :func:`t` words it
    by ``n`` in any language (ngettext), as :func:`tn` does. ``field`` names the field that holds the count (``n``):
    :class:`toolkit.engine.phrase.Phrase` gives a Plural its count from that field."""

    singular: str
    plural: str
    field: str
    n: int | None

    def __new__(cls, singular: str, plural: str, field: str = "n", n: int | None = None) -> Plural:
        made = super().__new__(cls, singular if n is None or n == 1 else plural)
        made.singular, made.plural, made.field, made.n = singular, plural, field, n
        return made

    def counted(self, n: int) -> Plural:
        """The message for the count ``n``."""
        return self if n == self.n else Plural(self.singular, self.plural, self.field, n)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Plural, (self.singular, self.plural, self.field, self.n))


def Nn_(singular: str, plural: str, /, count: str = "n") -> Plural:
    """Marks a message with plural forms for the catalogs (``Phrase(Nn_("draw {n} card", "draw {n} cards"), n=2)``);
    ``count`` names the field whose number chooses the form."""
    return Plural(singular, plural, count)


def t(lang: str, message: str, /, **fields: Any) -> str:
    """``message`` (English, with ``{fields}``) in ``lang``, its fields filled in; a message with plural forms
    (a :class:`Plural` with its count) in the form its count takes (:func:`tn`)."""
    if isinstance(message, Plural):
        return tn(lang, message.singular, message.plural, 1 if message.n is None else message.n, **fields)
    if lang == SOURCE_LANG:
        return _fill(pseudo(message) if _pseudo.get() else message, fields)
    return _fill(translations(lang_of(lang)).gettext(message), fields)


_FIELD = re.compile(r"\{(\w+)\}")


def _wide(char: str) -> bool:
    """A Chinese character or full-width punctuation (``（``, ``、``, ``：``)."""
    return "\u2e80" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef"


def t_beside(lang: str, message: str, /, **fields: Any) -> str:
    """:func:`t` for a message whose fields sit in a Chinese sentence and hold a number or a Latin name as often as
    Chinese (a crossfire seat: ``2``, ``3（Cy）``, ``2 号座位``): the translation spaces each field from the Chinese
    beside it (``被 {seats} 击中``), and on a side where the field's own text is Chinese or full-width too that space
    goes (``被 3（Cy）击中``, ``被 2 击中``). A message with plural forms is :func:`t`'s as it is."""
    if isinstance(message, Plural):
        return t(lang, message, **fields)
    text = translations(lang_of(lang)).gettext(message) if lang != SOURCE_LANG else message
    if lang == SOURCE_LANG or (" {" not in text and "} " not in text):
        return t(lang, message, **fields)
    kept: list[str] = []
    last = 0
    for match in _FIELD.finditer(text):
        shown = str(fields.get(match.group(1), ""))
        if not shown:
            continue
        start, end = match.span()
        if start >= 2 and start - 1 >= last and text[start - 1] == " " and _wide(text[start - 2]) and _wide(shown[0]):
            kept.append(text[last : start - 1])
            last = start
        if end + 1 < len(text) and text[end] == " " and _wide(text[end + 1]) and _wide(shown[-1]):
            kept.append(text[last:end])
            last = end + 1
    kept.append(text[last:])
    return _fill("".join(kept), fields)


def tn(lang: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in ``lang`` (``{n}`` is filled in too)."""
    fields.setdefault("n", n)
    if lang == SOURCE_LANG:
        text = singular if n == 1 else plural
        return _fill(pseudo(text) if _pseudo.get() else text, fields)
    return _fill(translations(lang_of(lang)).ngettext(singular, plural, n), fields)


def tc(lang: str, context: str, message: str, /, **fields: Any) -> str:
    """``message`` in ``context`` (``tc(lang, "team", "none")``: no team, not "nothing")."""
    if lang == SOURCE_LANG:
        return _fill(pseudo(message) if _pseudo.get() else message, fields)
    return _fill(translations(lang_of(lang)).pgettext(context, message), fields)


def tr(message: str, /, **fields: Any) -> str:
    """``message`` in the current language (an error or a finding, made where no language is passed)."""
    return t(_current.get(), message, **fields)


def trn(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """:func:`tn` in the current language."""
    return tn(_current.get(), singular, plural, n, **fields)


class Worded(str):
    """A constant message made once and worded in whatever language is current where it is used (formatted or
    made a string): its English is its value as a str, for code that reads it as one."""

    _words: Callable[[], str]

    def __new__(cls, english: str, words: Callable[[], str]) -> Worded:
        made = super().__new__(cls, english)
        made._words = words
        return made

    def __str__(self) -> str:
        return str(self._words())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def sentences(lang: str, parts: Iterable[str]) -> str:
    """Sentences one after another as ``lang`` writes them (English: a space between; Chinese: none)."""
    text = ""
    for part in parts:
        # TRANSLATORS: two sentences in a row; Chinese writes them without a space
        text = t(lang, "{sentence} {next}", sentence=text, next=part) if text else part
    return text


def word(kind: str, value: str, lang: str) -> str:
    """A word of a vocabulary (``type``, ``team``, ``side``, ``band``, …: :data:`toolkit.i18n.words.WORDS`)
    in ``lang``; the value itself when the vocabulary has no word for it."""
    entry = WORDS.get(kind, {}).get(value)
    if entry is None:
        return value
    return tc(lang, entry[0], entry[1]) if isinstance(entry, tuple) else t(lang, entry)


def table(kind: str, lang: str) -> dict[str, str]:
    """Every word of the vocabulary ``kind`` in ``lang``, by value."""
    return {value: word(kind, value, lang) for value in WORDS.get(kind, {})}


def name_of(record: Any, lang: str) -> str:
    """A record's name in ``lang``: zh-Hans's is always there; in another language the record's name in it
    (English, or any language a record carries under its tag), else the English name, else the zh-Hans one."""
    name = record.name
    if lang == DEFAULT_LANG:
        return str(name.zh_hans)
    other = name.get(lang) if lang not in (SOURCE_LANG, DEFAULT_LANG) and hasattr(name, "get") else None
    return str(other or name.en or name.zh_hans)


def namer(lookup: Any, lang: str) -> Any:
    """id → the record's name in ``lang`` through ``lookup`` (id → record or None); the id when there is none."""

    def name(record_id: str) -> str:
        record = lookup(record_id)
        return name_of(record, lang) if record is not None else record_id

    return name


def other_name(record: Any, lang: str) -> str | None:
    """The record's name in the other language, when it has one that differs from :func:`name_of`."""
    other = record.name.en if chinese(lang) else record.name.zh_hans
    return str(other) if other and other != name_of(record, lang) else None


def _cjk(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F") and unicodedata.category(char).startswith("L")


def script_lang(text: str) -> str | None:
    """zh-Hans when ``text`` has a Chinese character, en when it has Latin letters and none, else None."""
    if any(_cjk(c) for c in text):
        return "zh-Hans"
    return "en" if any(c.isalpha() and c.isascii() for c in text) else None


def majority(langs: Iterable[str | None]) -> str | None:
    """The language most of ``langs`` are in (None and ties count for nothing)."""
    counts: dict[str, int] = {}
    for lang in langs:
        if lang is not None:
            counts[lang] = counts.get(lang, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    winners = [lang for lang, n in counts.items() if n == best]
    return winners[0] if len(winners) == 1 else None


__all__ = [
    "DEFAULT_LANG",
    "LANGS",
    "N_",
    "Nn_",
    "PSEUDO",
    "Plural",
    "accept",
    "asked",
    "chinese",
    "match",
    "system_lang",
    "current_lang",
    "lang_of",
    "majority",
    "name_of",
    "other_name",
    "pseudo",
    "script_lang",
    "sentences",
    "set_lang",
    "t",
    "table",
    "tc",
    "text_lang",
    "tn",
    "tr",
    "trn",
    "use_lang",
    "Worded",
    "word",
]
