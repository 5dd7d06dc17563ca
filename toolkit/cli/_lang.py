"""The ``--lang`` option of every command that prints names, and how its default is chosen.

``--lang`` wins; else ``lang = …`` in dossier.toml or the user config
(:func:`toolkit.config.output_lang`); else the system's locale (``LANG``); else, for a command that reads decks, the
decks' own language (the language of the card names their lists are written in,
:attr:`toolkit.decks.LoadedDeck.lang`); else zh-Hans. Names come from the records,
the words around them from :mod:`toolkit.i18n`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Any

import typer

from toolkit.i18n import chinese
from toolkit.i18n.words import N_

# English messages, shown in the current language (toolkit.cli._help)
LANG_SCOPE = N_("everything the command writes: names, headings and labels, findings, errors, logs and printed cards")
"""What the language switches, in the words of every help that says so (each ``--lang``'s, the settings' ``lang``)."""
LANG_DEFAULT = N_(
    "DOSSIER_LANG, else lang = ... in dossier.toml or the user config, else the system's locale (LANG), else zh-Hans"
)
DECK_LANG_DEFAULT = N_(
    "DOSSIER_LANG, else lang = ... in dossier.toml or the user config, else the system's locale (LANG), else the "
    "deck's own language (the one its card names are written in), else zh-Hans"
)


def lang_choices(langs: Iterable[str] | None = None) -> str:
    """The languages a ``--lang`` takes, as its help says them: ``zh-Hans or en``, ``zh-Hans, en or fr``: zh-Hans and
    en, and every language Dossier has a catalog for (``langs``, default :data:`toolkit.i18n.LANGS`: read from the
    locale directory when Dossier starts, so a catalog a translator adds, ``catalogs init fr``, is named)."""
    from toolkit import i18n
    from toolkit.i18n import current_lang, tc, tr

    lang = current_lang()
    tags = dict.fromkeys([i18n.DEFAULT_LANG, i18n.SOURCE_LANG, *(i18n.LANGS if langs is None else langs)])
    # TRANSLATORS: a language tag (zh-Hans, en, fr) in a help, a code: mark it as your help marks codes
    shown = [tc(lang, "language code", "{code}", code=tag) for tag in tags]
    # TRANSLATORS: the last of the languages a --lang takes, after the others: "zh-Hans, en or fr"
    return tc(lang, "languages", "{some} or {last}", some=tr(", ").join(shown[:-1]), last=shown[-1])


def lang_help(message: str, default: str = LANG_DEFAULT, **fields: Any) -> str:
    """The help of a ``--lang``: ``message`` (marked ``N_`` where it is written) with ``{scope}`` what the language
    switches (:data:`LANG_SCOPE`), ``{default}`` where it comes from when not given and ``{langs}`` the languages
    it takes (:func:`lang_choices`), in the help's language."""
    from toolkit.cli._help import help_text
    from toolkit.i18n import tr

    return help_text(lambda: tr(message, scope=tr(LANG_SCOPE), default=tr(default), langs=lang_choices(), **fields))


LANG_HELP = lang_help(N_("The language, {langs}, of {scope}. Default: {default}."))
DECK_LANG_HELP = lang_help(N_("The language, {langs}, of {scope}. Default: {default}."), DECK_LANG_DEFAULT)

LangOption = Annotated[str | None, typer.Option("--lang", help=LANG_HELP, show_default=False)]
DeckLangOption = Annotated[str | None, typer.Option("--lang", help=DECK_LANG_HELP, show_default=False)]


def output_lang(explicit: str | None) -> str:
    """``--lang``, else DOSSIER_LANG, else the settings files, else the system's locale, else zh-Hans."""
    from toolkit.config import output_lang as configured

    return configured(explicit)


def deck_lang(explicit: str | None, loaded: Iterable[Any] = ()) -> str:
    """``--lang``, else DOSSIER_LANG, else the settings files, else the system's locale, else the language the
    decks of ``loaded`` (LoadedDeck) agree on, else zh-Hans."""
    from toolkit.config import output_lang as configured

    langs = {lang for lang in (getattr(d, "lang", None) for d in loaded) if lang is not None}
    return configured(explicit, default=langs.pop() if len(langs) == 1 else None)


_QUOTED = re.compile(r"「([^」]+)」")


class LogNames:
    """An engine's log in the output language. The names it writes (zh-Hans: ``寒鸦#1``, ``制式手枪``, ability
    text) are put in English when asked: a name is looked up among the records' zh-Hans names (a name two
    records share with different English names stays as it is); a ``text`` value is ability text, rendered
    in English when it parses. :meth:`line` puts a whole entry in words (the event's, the fields', the codes'
    from :mod:`toolkit.engine.logwords`, the engine's sentences from :mod:`toolkit.engine.phrase`);
    :meth:`event` keeps the JSON's keys and codes."""

    def __init__(self, records: Iterable[Any], lang: str) -> None:
        self.lang = lang
        pairs: list[tuple[str | None, str | None]] = []  # each record's (zh-Hans, English) name, not in Chinese
        self._instances: re.Pattern[str] | None = None  # zh names followed by #uid, built when first needed
        self.ids: dict[str, Any] = {}  # record id -> record (the first of an id), for fields that hold ids
        self.game_words: dict[tuple[str, str], Any] = {}  # (vocabulary, id) -> a game record's named entry
        english = self.english
        for record in records:
            record_id = getattr(record, "id", None)
            if isinstance(record_id, str) and getattr(record, "name", None) is not None:
                self.ids.setdefault(record_id, record)
            if getattr(record, "kind", None) == "game":
                for kind in ("actions", "subtypes", "zones", "agent_subtypes", "attack_subtypes"):
                    for entry in getattr(record, kind, None) or []:
                        self.game_words.setdefault((kind, str(entry.id)), entry)
            if english:
                name = getattr(record, "name", None)
                pairs.append((getattr(name, "zh_hans", None), getattr(name, "en", None)))
        from toolkit.names import english_names  # (not at start-up: `dossier --help` imports this module)

        # a record's zh-Hans name -> its English one (a name two records share with different English names left out)
        self.names: dict[str, str] = english_names(pairs)

    @property
    def english(self) -> bool:
        """Whether the log's names and ability text (Chinese, as the engines write them) are put in English: in
        English and in any other language but Chinese (a catalog's, ``fr``: its words its catalog's, the names and
        texts English's)."""
        return not chinese(self.lang)

    def name(self, value: str) -> str:
        """A name (``寒鸦``), a card or unit in play (``寒鸦#1``), or words naming some (``寒鸦#1 left play``); a
        unit hidden from the reader (``hidden#3``) in their words too."""
        english = self.names.get(value)
        if english:
            return english
        if "#" not in value:
            return value
        if "hidden#" in value and self.lang != "en":
            from toolkit.i18n import t

            value = _HIDDEN.sub(lambda m: t(self.lang, "hidden unit#{n}", n=m.group(1)), value)
        if self._instances is None:
            known = sorted(self.names, key=len, reverse=True)
            self._instances = re.compile(f"({'|'.join(map(re.escape, known))})#(\\d+)") if known else None
            if self._instances is None:
                return value
        return self._instances.sub(lambda m: f"{self.names[m.group(1)]}#{m.group(2)}", value)

    def value(self, key: str, value: Any) -> Any:
        """``value`` of the log field ``key`` in the output language, for the JSON log: its names, ability text
        (``text``, a ``condition``, a ``ref`` to units or cards) and the engine's sentences (a Phrase: a
        ``reason``, …) worded as :meth:`line` words them; its codes (a Term, a vocabulary's code, an id) stay as
        they are."""
        from toolkit.engine.phrase import Phrase, Term

        if isinstance(value, Phrase):
            return self.phrase(value)
        if isinstance(value, str):
            if not self.english or isinstance(value, Term):
                return value
            if key == "text":
                return self._text(value)
            if key == "ref":
                return self._ref(value)
            return self._condition(value) if key == "condition" else self.name(value)
        if not self.english and not _holds_phrase(value):
            return value
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
        """An event as JSON (``Event.to_json``: its data beside seq, event, player and visible), its names, ability
        text and sentences in the output language (:meth:`value`), its keys and codes as they are."""
        return {k: v if k in ("seq", "event", "player", "visible") else self.value(k, v) for k, v in entry.items()}

    @staticmethod
    def _condition(text: str) -> str:
        """A condition as the engine logs it (``你的手牌不多于 2 张``), in English: read inside an ability; a die's
        result (``结果不小于 4``) after the roll it needs, as the grammar reads it only there."""
        from toolkit.text import AbilitySyntaxError, parse_cached, render

        for before in ("", "你投掷 1 枚六面骰。"):
            try:
                sentences = parse_cached(f"{before}如果{text}，你抽 1 张牌。").sentences
                return str(render(sentences[-1].effects[0].condition, "en"))  # type: ignore[attr-defined]
            except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError, AttributeError, IndexError):
                continue
        return text

    def _text(self, text: str) -> str:
        """Ability text in English: a whole ability, or an effect the engine logs without its full stop; the
        card names it quotes (「烟幕」) in English too, between English quotes (‘Smoke Screen’)."""
        from toolkit.text import AbilitySyntaxError, parse_cached, render

        for candidate in (text, text + "。") if not text.endswith("。") else (text,):
            try:
                english = str(render(parse_cached(candidate), "en"))
            except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError):
                continue
            # a name inside the quoted ability: English single quotes, not the full-width 「」 of Chinese
            english = _QUOTED.sub(lambda m: f"‘{self.names.get(m.group(1)) or m.group(1)}’", english)
            return english.removesuffix(".") if candidate != text else english
        return _scripted(text) or text

    # ---- a log entry in words

    def phrase(self, value: Any) -> str:
        """An engine's sentence (a Phrase) in the output language, its fields put in words too, each spaced from the
        Chinese beside it as its own text needs (t_beside: ``在远程服务器 1 中``, ``在总部中``)."""
        from toolkit.i18n import t_beside

        fields = {key: self.say(key, field) for key, field in value.fields.items()}
        return t_beside(self.lang, value.message, **fields)

    def term(self, kind: str, code: str) -> str | None:
        """The word for ``code`` in the vocabulary ``kind``: the log's own (toolkit.engine.logwords), the game
        record's (its actions, subtypes, zones: names), or toolkit.i18n's; None when none has it."""
        from toolkit.engine import logwords
        from toolkit.i18n import word
        from toolkit.i18n.words import WORDS

        if kind in logwords.TERMS:
            return logwords.word(kind, code, self.lang)
        if kind in ("actions", "subtypes", "zones", "agent_subtypes", "attack_subtypes"):
            entry = self.game_words.get((kind, code))
            return _entry_name(entry, self.lang) if entry is not None else None
        if code in WORDS.get(kind, {}):
            return word(kind, code, self.lang)
        return None

    def server(self, code: str) -> str | None:
        """A netrunner server or zone (``hq``, ``remote2``) by the game record's names."""
        found = self.term("zones", code)
        if found is not None:
            return found
        number = code.removeprefix("remote")
        if number != code and number.isdigit():
            remote = self.term("zones", "remote")
            return f"{remote} {number}" if remote else None
        return None

    def record_name(self, record_id: str) -> str | None:
        """The name of the record with id ``record_id`` in the output language (None: no such record)."""
        from toolkit.i18n import name_of

        record = self.ids.get(record_id)
        return name_of(record, self.lang) if record is not None else None

    def say(self, key: str, value: Any) -> str:
        """The value of the log field ``key`` in words of the output language: names, ability text, the
        engine's sentences, the codes of a vocabulary, yes and no."""
        from toolkit.engine.phrase import Phrase, Term
        from toolkit.i18n import t, tc

        lang = self.lang
        if isinstance(value, Phrase):
            return self.phrase(value)
        if isinstance(value, Term):
            code = value.code
            if value.kind == "record":
                return self.record_name(code) or code
            if value.kind in ("zone", "server"):
                return self.term("zone", code) or self.server(code) or code
            return self.term(value.kind, code) or self.name(str(value))
        if isinstance(value, bool):
            return t(lang, "yes") if value else t(lang, "no")
        if value is None:
            return "—"
        if isinstance(value, int | float):
            from toolkit.engine.logwords import SEAT_FIELDS

            if key in SEAT_FIELDS and isinstance(value, int) and value > 0:  # a player by seat (P2), not a number
                return seat_label(value, lang)
            return str(value)
        if isinstance(value, list | tuple):
            if key in _CELLS and len(value) == 2 and all(isinstance(v, int) for v in value):
                return f"{value[0]},{value[1]}"
            if key == "path":  # the cells a move stepped on: 3,4 → 4,4 → 5,5
                steps = (f"{c[0]},{c[1]}" for c in value if isinstance(c, list | tuple) and len(c) == 2)
                return " → ".join(steps) or "—"  # (no step: a move of 0)
            if key == "winners":
                return t(lang, ", ").join(seat_label(v, lang) for v in value) or "—"
            if not value:
                # TRANSLATORS: an empty list of values in a log line (Chinese: "—", as a field with no value)
                return tc(lang, "log list", "[]")
            # TRANSLATORS: a list of values in a log line ({items}: with ", " between); Chinese: no brackets
            return tc(lang, "log list", "[{items}]", items=t(lang, ", ").join(self.say(key, v) for v in value))
        if isinstance(value, dict):
            return t(lang, ", ").join(
                t(
                    lang,
                    "{field}: {value}",
                    field=seat_label(int(k), lang) if key == "teams" and str(k).isdigit() else self.say("", k),
                    value=self.say(str(k), v),
                )
                for k, v in value.items()
            )
        text = str(value)
        if text == _MASKED:  # a field the reader may not see (a unit hidden from them): the word in their language
            return t(lang, "hidden")
        if key in ("text", "declined", "condition", "ref"):
            return self.ability(key, text)
        for kind in _KEY_TERMS.get(key, ()):
            found = self.server(text) if kind == "server" else self.term(kind, text)
            if found is not None:
                return found
        if key in _ID_KEYS:
            found = self.record_name(text)
            if found is not None:
                return found
        return self.name(text)

    def ability(self, key: str, text: str) -> str:
        """Ability text (or a condition, a reference of it) in the output language, quoted:
        ``“You draw 1 card.”``."""
        from toolkit.i18n import t

        if self.english and key == "ref":
            text = self._ref(text)
        elif self.english:
            text = str(self.value("condition" if key == "condition" else "text", text))
        # TRANSLATORS: ability text quoted in a log line
        return t(self.lang, "“{text}”", text=text)

    def fields_text(self, entry: dict[str, Any]) -> str:
        """The fields of a log entry (``Event.to_json``) in words: ``card: Steady Aim#15, reason: …``."""
        from toolkit.engine import logwords
        from toolkit.i18n import t, tc

        lang = self.lang
        parts = [
            t(lang, "{field}: {value}", field=logwords.word("field", key, lang) or key, value=self.say(key, value))
            for key, value in entry.items()
            if key not in _NOT_FIELDS
        ]
        return tc(lang, "list", ", ").join(parts)

    def line(self, entry: dict[str, Any], who: Any = None, width: int = 4) -> str:
        """One log entry as a line: ``  12 P1 draw (card: Steady Aim#15)``; ``who(seat)`` names the player
        (default: ``P1``); the event and the fields in the output language."""
        from toolkit.engine import logwords
        from toolkit.i18n import t

        lang = self.lang
        event = str(entry.get("event", ""))
        name = logwords.event_word(entry, lang) or event  # (Netrunner's mulligan is not tactics': its own word)
        fields = self.fields_text(entry)
        what = t(lang, "{event} ({fields})", event=name, fields=fields) if fields else name
        seat = entry.get("player")
        player = (who(seat) if who is not None else seat_label(seat, lang)) if seat else ""
        return f"{entry.get('seq', ''):>{width}} {player + ' ' if player else ''}{what}"

    def _ref(self, text: str) -> str:
        """A reference to units or cards as the engine logs it (``你选择的 1 个己方随从``), in English: read
        as the object of an ability."""
        from toolkit.text import AbilitySyntaxError, parse_cached, render
        from toolkit.text.ast import DestroyTerrain

        try:
            effect = parse_cached(f"消灭{text}。").sentences[0].effects[0]
            target = effect.cells if isinstance(effect, DestroyTerrain) else effect.ref  # type: ignore[attr-defined]
            return str(render(target, "en"))
        except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError, AttributeError, IndexError):
            return self.name(text)


def _scripted(text: str) -> str | None:
    """An ability a card script runs, as the engine renders it (``当潜袭结束时：执行卡牌脚本（zahya_… 第 1 段）。``), in
    English: the grammar reads neither the script nor the timings only scripts use, so the ability is put together
    again (its timing by the renderer's Chinese, its costs read with a stand-in effect) and rendered; None when
    ``text`` is not of that form."""
    from dataclasses import replace

    from toolkit.text import AbilitySyntaxError, parse_cached, render
    from toolkit.text import ast as A
    from toolkit.text import vocab as V

    found = _SCRIPTED.fullmatch(text)
    if found is None:
        return None
    body = (A.Sentence((A.Scripted(found["card"], int(found["paragraph"]) - 1, 0),)),)
    head = found["head"]
    timing = next((k for k, (zh, _) in {**V.TIMINGS, **V.SCRIPT_TIMINGS}.items() if f"{zh}：" == head), None)
    if timing is not None:
        ability = A.Ability("triggered", body, timing=timing)
    else:
        try:  # the head (costs, a subroutine's mark) read before an effect the grammar knows
            ability = replace(parse_cached(f"{head}你获得 1[credit]。"), sentences=body)
        except (AbilitySyntaxError, ValueError, KeyError, NotImplementedError):
            return None
    try:
        english = str(render(ability, "en"))
    except (ValueError, KeyError, NotImplementedError):
        return None
    return english if text.endswith("。") else english.removesuffix(".")  # (an effect logged without its stop)


def _holds_phrase(value: Any) -> bool:
    """Whether a log field's list, tuple or dict holds an engine's sentence (a Phrase) at any depth."""
    from toolkit.engine.phrase import Phrase

    if isinstance(value, Phrase):
        return True
    if isinstance(value, list | tuple):
        return any(_holds_phrase(v) for v in value)
    if isinstance(value, dict):
        return any(_holds_phrase(v) for v in value.values())
    return False


def seat_label(seat: int, lang: str) -> str:
    """A player by seat, short: ``P1`` (zh-Hans: ``玩家1``)."""
    from toolkit.i18n import t

    # TRANSLATORS: a player by seat number in a log line, short
    return t(lang, "P{seat}", seat=seat)


# fields that hold cells, record ids, and the vocabularies a field's codes come from
_CELLS = {"cell", "start", "to", "pos"}
_HIDDEN = re.compile(r"\bhidden#(\d+)")  # a unit a seat may not know, as decisions and logs name it
_MASKED = "hidden"  # a log field of a unit a seat may not know, as toolkit.engine.tactics.decisions.mask_data hides it
# an ability a card script runs, as toolkit.text.render writes it in Chinese (A.Scripted after its head)
_SCRIPTED = re.compile(r"(?P<head>.*?)执行卡牌脚本（(?P<card>[^（）\s]+) 第 (?P<paragraph>\d+) 段）。?")
_ID_KEYS = {"mode", "map", "format", "identity", "squad", "record", "source", "agent", "row"}
_KEY_TERMS: dict[str, tuple[str, ...]] = {
    "timing": ("timing",),
    "point": ("point",),
    "until": ("until",),
    "style": ("style",),
    "stat": ("stat",),
    "face": ("face",),
    "facing": ("facing",),
    "damage": ("damage",),
    "kind": ("counter",),
    "what": ("prevent",),
    "zone": ("zone", "server"),
    "to": ("zone", "server"),  # (a string: where a card goes; a cell, as tactics logs "to", is two numbers)
    "where": ("zone",),
    "zones": ("zone",),
    "source": ("zone",),
    "server": ("server",),
    "active": ("side",),
    "side": ("side",),
    "winner": ("side",),
    "reason": ("reason", "actions"),
    "action": ("actions",),
    "subtypes": ("subtypes",),
    "type": ("card_type", "type"),  # a netrunner card type in its in-sentence word, else the label
    "category": ("type",),
    "game": ("game",),
    "before": ("terrain",),
    "after": ("terrain",),
}
_NOT_FIELDS = ("seq", "event", "player", "visible")


def _entry_name(entry: Any, lang: str) -> str:
    """A game record's named entry (an action, a subtype, a zone) in ``lang``."""
    from toolkit.i18n import name_of

    return name_of(entry, lang)

