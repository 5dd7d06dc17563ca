"""The ``--lang`` option of every command that prints names, and how its default is chosen.

``--lang`` wins; else ``lang = …`` in dossier.toml or the user config
(:func:`toolkit.config.output_lang`); else, for a command that reads decks, the
decks' own language (the language of the card names their lists are written in,
:attr:`toolkit.decks.LoadedDeck.lang`); else zh-Hans. Names come from the records,
the words around them from :mod:`toolkit.i18n`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Any

import typer

LANG_HELP = (
    "Names, headings and labels in zh-Hans or en. Default: lang = ... in dossier.toml or the user config, else zh-Hans."
)
DECK_LANG_HELP = (
    "Names, headings and labels in zh-Hans or en. Default: lang = ... in dossier.toml or the user config, "
    "else the deck's own language (the one its card names are written in), else zh-Hans."
)

LangOption = Annotated[str | None, typer.Option("--lang", help=LANG_HELP, show_default=False)]
DeckLangOption = Annotated[str | None, typer.Option("--lang", help=DECK_LANG_HELP, show_default=False)]


def output_lang(explicit: str | None) -> str:
    """``--lang``, else the settings files, else zh-Hans."""
    from toolkit.config import output_lang as configured

    return configured(explicit)


def deck_lang(explicit: str | None, loaded: Iterable[Any] = ()) -> str:
    """``--lang``, else the settings files, else the language the decks of ``loaded`` (LoadedDeck) agree on,
    else zh-Hans."""
    from toolkit.config import output_lang as configured

    langs = {lang for lang in (getattr(d, "lang", None) for d in loaded) if lang is not None}
    return configured(explicit, default=langs.pop() if len(langs) == 1 else None)


_QUOTED = re.compile(r"「([^」]+)」")


class LogNames:
    """The names an engine writes into its log (zh-Hans: ``寒鸦#1``, ``制式手枪``, ability text) in the
    output language. Only English needs work: a name is looked up among the records' zh-Hans names (a
    name two records share with different English names stays as it is); a ``text`` value is ability
    text, rendered in English when it parses."""

    def __init__(self, records: Iterable[Any], lang: str) -> None:
        self.lang = lang
        self.names: dict[str, str | None] = {}
        self._instances: re.Pattern[str] | None = None  # zh names followed by #uid, built when first needed
        if lang != "en":
            return
        for record in records:
            name = getattr(record, "name", None)
            zh, en = getattr(name, "zh_hans", None), getattr(name, "en", None)
            if not zh or not en or zh == en:
                continue
            self.names[zh] = en if self.names.get(zh, en) == en else None

    def name(self, value: str) -> str:
        """A name (``寒鸦``), a card or unit in play (``寒鸦#1``), or words naming some (``寒鸦#1 left play``)."""
        english = self.names.get(value)
        if english:
            return english
        if "#" not in value:
            return value
        if self._instances is None:
            known = sorted((zh for zh, en in self.names.items() if en), key=len, reverse=True)
            self._instances = re.compile(f"({'|'.join(map(re.escape, known))})#(\\d+)") if known else None
            if self._instances is None:
                return value
        return self._instances.sub(lambda m: f"{self.names[m.group(1)]}#{m.group(2)}", value)

    def value(self, key: str, value: Any) -> Any:
        """``value`` of the log field ``key`` with its names (and ability text) in the output language."""
        if self.lang != "en":
            return value
        if isinstance(value, str):
            if key == "text":
                return self._text(value)
            return self._condition(value) if key == "condition" else self.name(value)
        if isinstance(value, list):
            return [self.value(key, v) for v in value]
        if isinstance(value, tuple):
            return tuple(self.value(key, v) for v in value)
        if isinstance(value, dict):
            return {k: self.value(str(k), v) for k, v in value.items()}
        return value

    def fields(self, data: dict[str, Any]) -> dict[str, Any]:
        """An event's data with its names in the output language."""
        return {k: self.value(k, v) for k, v in data.items()}

    def event(self, entry: dict[str, Any]) -> dict[str, Any]:
        """An event as JSON (``Event.to_json``: its data beside seq, event, player and visible), names translated."""
        return {k: v if k in ("seq", "event", "player", "visible") else self.value(k, v) for k, v in entry.items()}

    @staticmethod
    def _condition(text: str) -> str:
        """A condition as the engine logs it (``你的手牌不多于 2 张``), in English: read inside an ability."""
        from toolkit.text import AbilitySyntaxError, parse_cached, render

        try:
            effect = parse_cached(f"如果{text}，你抽 1 张牌。").sentences[0].effects[0]
            return str(render(effect.condition, "en"))  # type: ignore[attr-defined]
        except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError, AttributeError, IndexError):
            return text

    def _text(self, text: str) -> str:
        """Ability text in English: a whole ability, or an effect the engine logs without its full stop; the
        card names it quotes (「烟幕」) in English too."""
        from toolkit.text import AbilitySyntaxError, parse_cached, render

        for candidate in (text, text + "。") if not text.endswith("。") else (text,):
            try:
                english = str(render(parse_cached(candidate), "en"))
            except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError):
                continue
            english = _QUOTED.sub(lambda m: f"「{self.names.get(m.group(1)) or m.group(1)}」", english)
            return english.removesuffix(".") if candidate != text else english
        return text
