"""Card images for the browser: each printable record drawn by the print layouts (toolkit.sheets), as PNG.

One card is one page of :func:`toolkit.sheets.render.render_cards` (what `dossier print --png`
writes), rasterized at a screen resolution by :func:`toolkit.sheets.render.pdf_to_pngs`. Images
are cached on disk under the cache directory, keyed by a hash of what decides their pixels: the
record's JSON, its game record's JSON (the words of the frame), the language (every face is drawn in
the language asked for: its title, type line, labels and text; ``en-XA``, the pseudo-locale, is a
language of its own here), the size and the renderer's version. A changed card gets a new key, so
nothing stale is ever served; the ETag is that key. Drawing holds one lock: ReportLab and PDFium are
not shared between threads.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Any

from toolkit import i18n
from toolkit.errors import DossierError

DPI = 96  # a poker card is 238x333 px; sharp enough at the grid's size (and 2x screens at the page's)
VERSION = "2"  # 2: every face in the language asked for
_LOCK = threading.Lock()


class CardImages:
    """Images of the records of one catalog, cached under ``directory``."""

    def __init__(self, catalog: Any, directory: Path) -> None:
        self.catalog = catalog
        self.directory = directory
        self._fonts: dict[str, Any] = {}
        self._keys: dict[tuple[int, str], tuple[Any, str]] = {}  # (id(record), lang) -> (record, key)

    def printable(self, record: Any) -> bool:
        from toolkit.sheets.layouts import is_printable

        return bool(is_printable(record))

    @staticmethod
    def face_lang(lang: str) -> str:
        """The language a face is drawn in: an output language, or the pseudo-locale; else the default."""
        asked = i18n.accept(lang)
        return asked if asked is not None else i18n.DEFAULT_LANG

    def key(self, record: Any, lang: str) -> str:
        """The cache key (and ETag) of ``record`` drawn in ``lang``: one per language."""
        lang = self.face_lang(lang)
        memo = (id(record), lang)
        held = self._keys.get(memo)
        found = held[1] if held is not None and held[0] is record else None
        if found is None:
            games = self.catalog.of_kind(record.game, "game")
            game = games[0] if games else None
            parts = [
                VERSION,
                str(DPI),
                lang,
                json.dumps(record.model_dump(mode="json", by_alias=True), sort_keys=True, ensure_ascii=False),
                json.dumps(game.model_dump(mode="json", by_alias=True), sort_keys=True) if game is not None else "",
                self._art_stamp(record),
            ]
            found = hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:32]
            if len(self._keys) > 10_000:  # records drawn once (an editor's previews) do not pile up
                self._keys.clear()
            self._keys[memo] = (record, found)
        return found

    def _art_stamp(self, record: Any) -> str:
        """The art file's size and modification time, when the record has art (a new picture, a new key)."""
        art = getattr(record, "art", None)
        if not art:
            return ""
        from toolkit.sheets.art import resolve

        try:
            st = resolve(str(art), self.catalog.file_of(record)).stat()
        except OSError:
            return "missing"
        return f"{st.st_size}:{st.st_mtime_ns}"

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.png"

    def _fonts_for(self, lang: str) -> Any:
        fonts = self._fonts.get(lang)
        if fonts is None:
            from toolkit.sheets.fonts import drawn_characters, print_fonts

            printable = [r for r in self.catalog.records if self.printable(r)]
            fonts, _notes = print_fonts(None, None, drawn_characters(printable, self.catalog, lang))
            self._fonts[lang] = fonts
        return fonts

    def png(self, record: Any, lang: str) -> tuple[bytes, str]:
        """(PNG bytes, cache key) of ``record`` drawn in ``lang``; drawn once, then read from the cache."""
        tag = self.face_lang(lang)
        if not self.printable(record):
            with i18n.use_lang(tag):
                raise DossierError(
                    i18n.tr("{ref}: a {kind} has no printed card", ref=f"{record.game}/{record.id}", kind=record.kind)
                )
        key = self.key(record, tag)
        path = self.path(key)
        try:
            return path.read_bytes(), key
        except OSError:
            pass
        with _LOCK:
            try:
                return path.read_bytes(), key
            except OSError:
                pass
            from toolkit.sheets import geometry, render

            with i18n.use_lang(tag) as lang:  # the pseudo-locale draws English names, its labels accented
                sheet = render.render_cards(
                    [record], geometry.SheetSpec(), self._fonts_for(lang), self.catalog, False, lang=lang
                )
            data = render.pdf_to_pngs(sheet.pdf, dpi=DPI)[0]
        self._store(path, data)
        return data, key

    def _store(self, path: Path, data: bytes) -> None:
        """Write the cache file atomically; a cache that cannot be written is no error (the image is served)."""
        from toolkit.jsonio import atomic_write_bytes

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(path, data)
        except (OSError, DossierError):
            pass
