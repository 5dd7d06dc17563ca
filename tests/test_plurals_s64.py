"""Real plural forms instead of "(s)" (fix 64): an engine's sentence with plural forms (a Phrase of ``Nn_``) reads
"draw 1 card" / "draw 2 cards" in English and its Chinese in zh-Hans wherever a Phrase is worded (the log's text and
JSON, prompts, errors), keeps its forms through pickling and copies (and a Phrase pickled before, with "(s)", still
loads), and goes into the catalogs as a message with plural forms; no message of the catalog says "(s)"."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import pickle
from typing import Any

import pytest

from toolkit.cli._lang import LogNames
from toolkit.engine.core import Log, said
from toolkit.engine.decisions import worded
from toolkit.engine.phrase import Phrase, _phrase
from toolkit.i18n import PSEUDO, Nn_, Plural, t, use_lang

DRAW = Nn_("draw {n} card", "draw {n} cards")
GAINED = Nn_("{n} advancement counter", "{n} advancement counters")  # (words of reign_and_reverie's options)
SPEND = Nn_("{card}: spend {n} power counter to bypass {ice}?", "{card}: spend {n} power counters to bypass {ice}?")


def _worded(phrase: Phrase, lang: str) -> list[str]:
    """``phrase`` as each place that words an engine's sentence words it in ``lang``: the log's text (LogNames.say
    and line), the log's JSON (LogNames.event), an error (core.said) and a prompt (decisions.worded)."""
    names = LogNames([], lang)
    log = Log()
    entry = log.add("effect", 1, card="x", reason=phrase).to_json()
    with use_lang(lang):
        return [
            names.phrase(phrase),
            names.say("prompt", phrase),
            names.event(entry)["reason"],
            said(phrase),
            worded(phrase),
        ]


def test_a_plural_phrase_reads_one_card_and_two_cards_in_english() -> None:
    one, two = Phrase(DRAW, n=1), Phrase(DRAW, n=2)
    assert (one, two) == ("draw 1 card", "draw 2 cards")  # the engine's English (its JSON, rules reading it)
    assert Phrase(DRAW, n=0) == "draw 0 cards"
    assert _worded(one, "en") == ["draw 1 card"] * 5 and _worded(two, "en") == ["draw 2 cards"] * 5
    entry = Log().add("effect", 2, reason=Phrase(GAINED, n=3)).to_json()
    assert json.loads(json.dumps(entry))["reason"] == "3 advancement counters"  # the log's JSON: the English text
    line = LogNames([], "en").line(entry)
    assert "3 advancement counters" in line and "(s)" not in line
    asked = Phrase(SPEND, card="Mayfly", n=1, ice="Enigma")
    assert _worded(asked, "en")[0] == "Mayfly: spend 1 power counter to bypass Enigma?"


def test_a_plural_phrase_is_chinese_in_zh_hans() -> None:
    assert _worded(Phrase(DRAW, n=1), "zh-Hans") == ["抽 1 张牌"] * 5
    assert _worded(Phrase(DRAW, n=2), "zh-Hans") == ["抽 2 张牌"] * 5
    assert _worded(Phrase(GAINED, n=3), "zh-Hans")[2] == "3 个推进标记"
    with use_lang(PSEUDO):  # the pseudo-locale accents the form the count asks for
        assert LogNames([], "en").phrase(Phrase(DRAW, n=2)) == t("en", "draw {n} cards", n=2) != "draw 2 cards"


def test_the_count_field_chooses_the_form() -> None:
    ghost = Nn_("{card}: give the runner {m} tag?", "{card}: give the runner {m} tags?", count="m")
    asked = Phrase(ghost, card="Ghost Branch", n=0, m=1)  # (n: the cost, not the count)
    assert asked == "Ghost Branch: give the runner 1 tag?"
    assert Phrase(ghost, card="Ghost Branch", n=1, m=2) == "Ghost Branch: give the runner 2 tags?"
    with pytest.raises(TypeError):
        Phrase(ghost, card="Ghost Branch", n=1, m="many")


def test_a_plural_phrase_survives_pickling_and_copies() -> None:
    two = Phrase(DRAW, n=2)
    for again in (pickle.loads(pickle.dumps(two)), copy.deepcopy(two), copy.copy(two)):
        assert again == "draw 2 cards" and isinstance(again, Phrase)
        assert isinstance(again.message, Plural) and again.message.n == 2 and again.fields == {"n": 2}
        assert _worded(again, "en") == ["draw 2 cards"] * 5 and _worded(again, "zh-Hans") == ["抽 2 张牌"] * 5
    # made again from its message and other fields (a masked prompt, a renamed card): its plural forms kept
    masked = Phrase(Phrase(SPEND, card="Mayfly", n=1, ice="Enigma").message, card="hidden", n=3, ice="Enigma")
    assert masked == "hidden: spend 3 power counters to bypass Enigma?"
    assert isinstance(masked.message, Plural) and masked.message.n == 3


class _Before(str):
    """A Phrase as it pickled before plural forms: ``_phrase(message, fields)``, the message with "(s)"."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phrase, ("draw {n} card(s)", {"n": 2}))


def test_a_phrase_pickled_before_plural_forms_still_loads() -> None:
    old = pickle.loads(pickle.dumps(_Before()))
    assert isinstance(old, Phrase) and old == "draw 2 cards"
    assert _worded(old, "zh-Hans")[0] == "抽 2 张牌"
    plain = _phrase("{unit} left play", {"unit": "寒鸦#1"})  # a Phrase without a count: as it was
    assert plain == "寒鸦#1 left play" and plain.message == "{unit} left play"
    assert _phrase("{what}(s) of {x}", {"what": "a", "x": 1}) == "a(s) of 1"  # no number before "(s)": as written


def _template() -> Any:
    from toolkit.i18n.catalogs import extract

    with contextlib.redirect_stderr(io.StringIO()):  # (Babel's warnings about f-strings it skips)
        return extract()


# the files other fixes change now; their "(s)" is theirs to turn into plural forms
ELSEWHERE = (
    "toolkit/balance/",
    "toolkit/cli/balance.py",
    "toolkit/cli/simulate.py",
    "toolkit/cli/sheets.py",
    "toolkit/cli/deck.py",
    "toolkit/engine/tactics/base.py",
    "toolkit/config.py",
    "validators/",
    "toolkit/cli/_options.py",
    "bench/",
)


@pytest.mark.slow
def test_the_catalog_has_plural_phrases_and_no_s_in_parentheses() -> None:
    """What `make messages` writes into locale/dossier.pot: a Phrase's message of ``Nn_`` as a message with plural
    forms, and no message that says "(s)" (but in the files other fixes change now)."""
    template = _template()
    draw = template.get(("draw {n} card", "draw {n} cards"))
    assert draw is not None and draw.pluralizable and any("netrunner" in where for where, _ in draw.locations)
    said_s = [
        (message.id, where)
        for message in template
        for where, _ in message.locations
        if any("(s)" in i for i in (message.id if isinstance(message.id, tuple) else (message.id,)))
        and not where.startswith(ELSEWHERE)
    ]
    assert said_s == []
