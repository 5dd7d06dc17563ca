"""The message catalogs: extract, update, check, compile (Babel), and add a language.

``python -m toolkit.i18n.catalogs update`` extracts every marked message of ``toolkit/`` and
``validators/`` (Python and the web app's Jinja templates) into ``locale/dossier.pot`` and merges it
into every language's ``.po`` (new messages untranslated, changed ones fuzzy, gone ones dropped);
``check`` fails on a message a catalog does not translate, a fuzzy one, or a translation whose
``{fields}`` differ from the message's; ``init LANG`` starts a new language's catalog; ``compile``
writes each ``.mo`` beside its ``.po`` (a wheel ships them; a checkout compiles on first use);
``translate LANG FILE.json`` fills translations from a JSON object (message → translation) after an
update, under a lock, so that several people (or programs) can add messages at once.
docs/translating.md is the translator's guide.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, LOCALE_DIR, SOURCE_LANG, _dirname

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("toolkit", "validators")
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
# the functions messages go through, and which of their arguments are the message (Babel's notation)
KEYWORDS: dict[str, Any] = {
    "t": (2,),
    "t_beside": (2,),
    "tn": (2, 3),
    "tc": ((2, "c"), 3),
    "tr": (1,),
    "trn": (1, 2),
    "N_": (1,),
    "Nn_": (1, 2),  # a message with plural forms, worded later for its count (an engine's Phrase)
    "Nc_": ((1, "c"), 2),
    "_": (1,),  # the web app's templates: the page's language is bound
    "_n": (1, 2),
    "_c": ((1, "c"), 2),
    "_beside": (1,),
}
METHODS = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
_FIELD = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / _dirname(lang) / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages with a catalog (not English, the language the messages are written in)."""
    return sorted(p.parent.parent.name.replace("_", "-") for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


# what Babel writes to stderr of a marked call whose message is an f-string with fields: it skips it. The code has
# such calls deliberately (``t(lang, f"…")`` of words translated one by one, a line of codes): no message is lost
_SKIPPED_FSTRING = "warning: Skipping f-string with substitutions"


class _Warnings(io.TextIOBase):
    """Babel's stderr while it extracts: a warning of an f-string it skips kept in ``skipped`` (where it is), every
    other line passed on to ``passed`` (an empty message, a file it cannot read: a real problem, told)."""

    def __init__(self, passed: Any) -> None:
        super().__init__()
        self.passed = passed
        self.skipped: list[str] = []
        self._partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._partial += text
        *lines, self._partial = self._partial.split("\n")
        for line in lines:
            self._line(line)
        return len(text)

    def _line(self, line: str) -> None:
        if _SKIPPED_FSTRING in line:
            self.skipped.append(line.partition(": warning:")[0])
        else:
            self.passed.write(line + "\n")

    def flush(self) -> None:
        if self._partial:
            self._line(self._partial)
            self._partial = ""
        self.passed.flush()


def extract(skipped: list[str] | None = None) -> Catalog:
    """Every marked message of the sources, with where it is used. Babel's warning of each f-string it skips is not
    written (``skipped``, when given, gets where each is: ``path:line``); its other warnings are."""
    catalog = _new_catalog(None)
    warnings = _Warnings(sys.stderr)
    with contextlib.redirect_stderr(warnings):  # (Babel writes its warnings to sys.stderr as it goes)
        try:
            for source in SOURCES:
                for filename, lineno, message, comments, context in extract_from_dir(
                    ROOT / source,
                    method_map=METHODS,
                    options_map={"**/templates/**.html": {"extensions": "jinja2.ext.do"}},
                    keywords=KEYWORDS,
                    strip_comment_tags=True,
                    comment_tags=("TRANSLATORS:",),
                ):
                    where = [(f"{source}/{filename}", lineno)]
                    catalog.add(message, None, where, auto_comments=comments, context=context)
        finally:
            warnings.flush()
    if skipped is not None:
        skipped.extend(warnings.skipped)
    return catalog


def _new_catalog(locale: str | None) -> Catalog:
    catalog = Catalog(
        locale=locale,
        domain=DOMAIN,
        project="Dossier",
        version="",
        copyright_holder="the Dossier authors",
        msgid_bugs_address="",
        last_translator="the Dossier authors",
        language_team=f"{locale or 'LANGUAGE'} translators of Dossier",
        charset="utf-8",
        fuzzy=False,
    )
    catalog.header_comment = "# Dossier's messages" + (f" in {locale}." if locale else ", to translate.")
    return catalog


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _write(catalog: Catalog, path: Path) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_previous=False, include_lineno=False, ignore_obsolete=True)
    temp = path.with_name(f".{path.name}.tmp")
    temp.parent.mkdir(parents=True, exist_ok=True)
    temp.write_bytes(out.getvalue())
    temp.replace(path)


def update() -> list[str]:
    """Write the template and merge it into every catalog; returns what changed, one line per catalog."""
    template = extract()
    _write(template, TEMPLATE)
    report = [f"{_shown(TEMPLATE)}: {len(template)} messages"]
    for lang in languages():
        path = po_path(lang)
        catalog = _read(path, _dirname(lang))
        catalog.update(template, no_fuzzy_matching=True)
        _write(catalog, path)
        report.append(f"{_shown(path)}: {sum(1 for m in catalog if m.id and not m.string)} untranslated")
    return report


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))


def fills(text: str, fields: set[str]) -> bool:
    """Whether ``text`` takes its ``fields`` as the code fills them in (``str.format``): a lone ``{`` or ``}``, a
    form cut to its first character (``"{"``), cannot."""
    try:
        text.format(**{name: "" for name in fields})
    except (ValueError, IndexError, KeyError, AttributeError):
        return False
    return True


def problems(lang: str, template: Catalog | None = None) -> Iterator[str]:
    """What is wrong with ``lang``'s catalog against the sources: a message missing or untranslated, a fuzzy
    translation, a translation whose ``{fields}`` are not the message's."""
    template = template or extract()
    path = po_path(lang)
    catalog = _read(path, _dirname(lang))
    where = _shown(path)
    for message in template:
        if not message.id:
            continue
        found: Message | None = catalog.get(message.id, message.context)
        ref = message.locations[0][0] if message.locations else "?"
        shown = message.id if isinstance(message.id, str) else message.id[0]
        if found is None or not found.string or (isinstance(found.string, tuple) and not all(found.string)):
            yield f"{where}: no translation of {shown!r} ({ref})"
            continue
        if found.fuzzy:
            yield f"{where}: fuzzy translation of {shown!r} ({ref})"
        ids: tuple[str, ...] = tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)
        strings: tuple[str, ...] = tuple(found.string) if isinstance(found.string, (tuple, list)) else (str(found.string),)
        expected = set().union(*(_fields(i) for i in ids))
        for string in strings:
            if not _fields(string) <= expected or (len(ids) == 1 and _fields(string) != expected):
                yield f"{where}: the fields of {string!r} are not those of {shown!r} ({ref})"
            elif expected and all(map(str.isidentifier, expected)) and not fills(string, expected):
                # (a message without fields, or with JSON in braces, is never formatted: its braces are text)
                yield f"{where}: {string!r}, the translation of {shown!r}, cannot be filled in ({ref})"
    for message in catalog:
        if message.id and template.get(message.id, message.context) is None:
            shown = message.id if isinstance(message.id, str) else message.id[0]
            yield f"{where}: {shown!r} is no longer used (run `python -m toolkit.i18n.catalogs update`)"


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """One writer of the catalogs at a time (two `update`s at once would lose one's translations)."""
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    with (LOCALE_DIR / ".lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def translate(lang: str, entries: dict[str, str | list[str]]) -> list[str]:
    """Update the catalogs, then fill ``lang``'s translations from ``entries``: message → translation, a
    message with plural forms → the list of its forms (``"{n} card"`` → ``["{n} 张牌"]``), a message in a
    context written ``context|message``. Returns the entries that are not messages of the code."""
    with _locked():
        update()
        path = po_path(lang)
        catalog = _read(path, _dirname(lang))
        unknown = []
        for key, value in entries.items():
            context, _, message_id = key.rpartition("|") if "|" in key else (None, "", key)
            found = catalog.get(message_id, context or None)
            if found is None:
                unknown.append(key)
                continue
            if isinstance(found.id, tuple):  # plural forms: a list of them (a lone string is the one form, whole)
                found.string = (value,) if isinstance(value, str) else tuple(value)
            else:
                found.string = str(value)
            found.flags.discard("fuzzy")
        _write(catalog, path)
    return unknown


def compile_all() -> list[Path]:
    written = []
    for lang in languages():
        path = po_path(lang)
        out = io.BytesIO()
        write_mo(out, _read(path, _dirname(lang)), use_fuzzy=False)
        target = path.with_suffix(".mo")
        temp = target.with_name(f".{target.name}.tmp")
        temp.write_bytes(out.getvalue())
        temp.replace(target)
        written.append(target)
    return written


def init(lang: str) -> Path:
    """A new language's catalog from the template, every message untranslated."""
    if lang == SOURCE_LANG:
        raise SystemExit(f"{lang} is the language the messages are written in; it needs no catalog")
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{_shown(path)} exists; `update` merges new messages into it")
    template = extract()
    catalog = _new_catalog(_dirname(lang))
    catalog.update(template, no_fuzzy_matching=True)
    _write(catalog, path)
    return path


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        with _locked():
            print("\n".join(update()))
    elif command == "translate" and len(argv) == 3:
        entries = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        unknown = translate(argv[1], entries)
        print(f"{_shown(po_path(argv[1]))}: {len(entries) - len(unknown)} translations written")
        for key in unknown:
            print(f"not a message of the code: {key!r}", file=sys.stderr)
        return 1 if unknown else 0
    elif command == "check":
        template = extract()
        found = [line for lang in languages() for line in problems(lang, template)]
        print("\n".join(found) or f"{len(languages())} catalogs complete: {len(template)} messages")
        return 1 if found else 0
    elif command == "compile":
        for path in compile_all():
            print(f"{_shown(path)}: written")
    elif command == "init" and len(argv) == 2:
        print(f"{_shown(init(argv[1]))}: written")
    else:
        print(
            "usage: python -m toolkit.i18n.catalogs update | check | compile | init LANG | translate LANG FILE.json",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
