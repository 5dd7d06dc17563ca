"""Read NetrunnerDB's English card text into the ability language (the same AST the interpreter runs).

NetrunnerDB writes rules text in English with markup (``[credit]``, ``[click]``,
``[subroutine]``, ``<strong>``, ``<trace>Trace 3</trace>``, ``Interface →``,
reminder text in parentheses). This module reads one paragraph at a time with a
small set of *templates* (the frequent frames: subroutines that end the run, do
damage, give tags, take credits or clicks, traces; breakers' break and strength
abilities; gaining credits, drawing cards, simple ``cost: effect`` abilities, the
agenda-scored and turn timings, recurring credits with their use) and builds the
AST of :mod:`toolkit.text.ast` for it. Nothing here is a second engine: the
result is canonical zh-Hans ability text (``render(ast)``), parsed back by
:func:`toolkit.text.parse_cached` like any card text.

A reading counts only when it *reads back*: the parsed text rendered in English
(``render(..., "en")``) must equal the printed paragraph after the normalisation
of :func:`english_key` (case, markup, reminder text, the implied "you", a few
fixed rewordings, each rule commented below; the card's own title is "this card" and,
on a corp or runner card, that side named is "you"). Numbers, damage kinds, subtypes
and parties are never normalised away, so a template that misreads one of them is
caught: its paragraph stays unread with the reason ``reads_back_differently``.

Paragraphs the templates do not cover stay unread (``no_template``); the card's
verdict is ``executable`` (every paragraph read; a card without text too),
``partial`` (some) or ``printed_only`` (none).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from toolkit.i18n import current_lang, word
from toolkit.i18n.words import WORDS
from toolkit.models.netrunner import CORP_TYPES, RUNNER_TYPES
from toolkit.text import AbilitySyntaxError, parse_cached, render
from toolkit.text import ast as A
from toolkit.text.limits import MAX_COUNT

Status = Literal["executable", "partial", "printed_only"]
STATUSES: tuple[Status, ...] = ("executable", "partial", "printed_only")

# Why a paragraph stays unread: the codes kept in records and JSON (their words: toolkit.i18n.words' reading_reason).
REASONS: tuple[str, ...] = tuple(WORDS["reading_reason"])


def reason_text(code: str) -> str:
    """The reason ``code`` in the current language."""
    return word("reading_reason", code, current_lang())


def status_text(status: str) -> str:
    """The verdict ``status`` in the current language."""
    return word("reading_status", status, current_lang())


# ---------------------------------------------------------------- normalisation

# Restrictions on recurring credits, as NetrunnerDB-shaped sentences say them -> the AST's use id.
_RECURRING_USES: dict[str, str] = {
    "to pay for using icebreakers": "icebreaker",
    "during traces": "trace",
    "to pay for installing cards": "install",
    "to pay for rezzing cards": "rez",
}
_USE_WORDS = {"icebreaker": "icebreaker abilities", "trace": "trace strength", "install": "installing", "rez": "rezzing"}


def _recurring(match: re.Match[str]) -> str:
    amount = match.group(1) or "1"  # a bare [recurring-credit] is one credit
    return f"this card has {amount} recurring credit, to be spent only on {_USE_WORDS[_RECURRING_USES[match.group(2)]]}"


_Rule = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]
_SELF_WORDS = r"asset|upgrade|piece of ice|ice|program|hardware|resource|agenda|event|operation"
# The card types a Trash reads (the AST's words for them, singular and plural).
_TYPE_WORDS = r"program|piece of hardware|resource|piece of ice|asset|upgrade|agenda"
_ZONE_WORDS = r"hq|r&d|archives"
_COUNTER_WORDS = r"virus|power|agenda"

_IMPLIED_YOU: _Rule = (re.compile(r"(^|: |, |\. |\] |\band |\bthen )you (?=\w)"), r"\1")

# Applied in order to the lower-cased text, the printed paragraph and the rendered reading alike.
_RULES: list[_Rule] = [
    # markup: the end of a <trace> block ends the trace's sentence ("<trace>Trace 3</trace> If successful, ...")
    (re.compile(r"</trace>"), ". "),
    # markup: NetrunnerDB's other HTML tags (<strong>, <em>, <errata>) carry no words of their own
    (re.compile(r"<[^>]*>"), ""),
    # words in parentheses that restrict ("(cannot be prevented)", "(only ...)") are not a reminder: they stay
    (re.compile(r"\s*\(([^()]*\b(?:cannot|can't|only)\b[^()]*)\)"), r" \1"),
    # ... nor are words that change the effect: another amount or a further one ("gain 1[credit] (or 2[credit] if
    # the runner is tagged)"), an exception, a bound: they stay, and no template reads a paragraph with them
    (re.compile(r"\s*\(((?:or|and|plus|instead|even|except|excluding|including|ignoring|without|rounded|minimum"
                r"|to a minimum|not)\b[^()]*)\)"), r" \1"),
    # reminder text in parentheses restates a rule; it adds no effect
    (re.compile(r"\s*\([^()]*\)"), ""),
    # "Interface →" names the window of a breaker's ability, which the engine's encounter already is
    (re.compile(r"^\s*interface\s*(?:→|->)\s*"), ""),
    # one spelling of dashes, apostrophes and spaces
    (re.compile(r"[–—−]"), "-"),
    (re.compile(r"[’ʼ‘]"), "'"),
    (re.compile(r"\s+"), " "),
    # no final full stop (the rules below that read a whole sentence end where its words end)
    (re.compile(r"[.\s]+$"), ""),
    # one spacing of the symbols: "[subroutine]End the run" and "[click],[trash]:" are the spaced forms
    (re.compile(r"^\[subroutine\](?=\S)"), "[subroutine] "),
    (re.compile(r",(?=\[)"), ", "),
    # the trace: "Trace 3", "Trace [3]", "trace[3]" are one thing, and a dash after it ends its sentence
    (re.compile(r"\btrace ?\[?(\d+)\]?"), r"trace[\1]"),
    (re.compile(r"(trace\[\d+\])\s*-\s*"), r"\1. "),
    # a run on a central server: "Run HQ" (the newer wording) is "make a run on HQ"
    (re.compile(r"(^|: |\. )run (" + _ZONE_WORDS + r")\b"), r"\1make a run on \2"),
    # after a run, "if successful" is "if the run is successful"; an extra access "when you breach" the
    # server of that run is the access of that run (the breach is where a successful run accesses cards)
    (re.compile(r"(make a run on (" + _ZONE_WORDS + r")\. )if (un)?successful\b"), r"\1if the run is \3successful"),
    (
        re.compile(r"(make a run on (" + _ZONE_WORDS + r")\. if the run is successful, access \d+ additional cards?)"
                   r" when you breach \2$"),
        r"\1",
    ),
    # after a trace, "if successful" is "if the trace is successful" (the only success a subroutine speaks of)
    (re.compile(r"(trace\[\d+\]\. )if (un)?successful\b"), r"\1if the trace is \2successful"),
    # recurring credits: "2[recurring-credit] Use these credits to pay for using icebreakers." is the card's
    # "has 2 recurring credits, to be spent only on icebreaker abilities" (only the uses the AST has)
    (
        re.compile(
            r"^(\d*)\[recurring-credit\]\.? use (?:these credits|this credit) ("
            + "|".join(map(re.escape, _RECURRING_USES))
            + r")"
        ),
        _recurring,
    ),
    # limits printed as a bare bonus ("+1[mu]", "+1[link]") or with "get" are the player's own limits
    (re.compile(r"^\+(\d+)\[mu\]"), r"your memory limit +\1[mu]"),
    (re.compile(r"^\+(\d+)\[link\]"), r"your link strength +\1"),
    (re.compile(r"^you get \+(\d+) maximum hand size"), r"your maximum hand size +\1"),
    # one line giving memory and link ("+1[mu] +1[link]") gives both, the one and then the other
    (re.compile(r"^(your memory limit \+\d+\[mu\]),? \+(\d+)\[link\]"), r"\1 and your link strength +\2"),
    # a limit "is increased by 2" / "is +2" / "is reduced by 1" is the limit +2 / +2 / -1
    (re.compile(r"\b(maximum hand size|link strength) is (?:increased by |\+)(\d+)"), r"\1 +\2"),
    (re.compile(r"\b(maximum hand size|link strength) is (?:reduced|decreased) by (\d+)"), r"\1 -\2"),
    # a break of "up to 2" subroutines is a break of 2 (breaking a subroutine never hurts the breaker, and the
    # engine breaks only what is unbroken); "any number of" them is the ability language's own (破解任意数量的…)
    (re.compile(r"\bbreak up to (\d+) "), r"break \1 "),
    # "+3 strength" is "strength +3"
    (re.compile(r"\+(\d+) strength\b"), r"strength +\1"),
    # "give the runner 1 tag" is "the runner takes 1 tag"
    (re.compile(r"\bgive the runner (\d+) tag"), r"the runner takes \1 tag"),
    # the card itself, whatever its type word: "this asset", "this agenda", "this ice" are "this card"
    (re.compile(r"\bthis (?:" + _SELF_WORDS + r")\b"), "this card"),
    # the newer names of the same things: core damage was brain damage, advancement counters were tokens
    (re.compile(r"\bcore damage\b"), "brain damage"),
    (re.compile(r"\badvancement counter"), "advancement token"),
    # "suffer 1 net damage" is "do 1 net damage": damage is only ever done to the runner
    (re.compile(r"\bsuffer (\d+) (net|meat|brain) damage\b"), r"do \1 \2 damage"),
    # "trash 1 installed program" is "trash 1 program": only installed cards are trashed by a Trash of a type
    (re.compile(r"\btrash (\d+) installed (" + _TYPE_WORDS.replace("piece of", "pieces? of") + r")"), r"trash \1 \2"),
    # "you can advance this card" is "this card can be advanced"
    (re.compile(r"^(?:you )?can advance this card\b"), "this card can be advanced"),
    # counters "hosted" are counters on this card: "remove 1 hosted power counter" removes them from this card,
    # and "hosted power counter:" as a cost spends one of them
    (
        re.compile(r"\bremove (\d+) hosted (" + _COUNTER_WORDS + r"|advancement) (counter|token)s?"),
        r"remove \1 \2 \3 from this card",
    ),
    (re.compile(r"(^|, )hosted (" + _COUNTER_WORDS + r") counter(?=[,:])"), r"\1remove 1 \2 counter from this card"),
    # "when you score this card, place 2 agenda counters on it": "it" is the card just named
    (
        re.compile(r"^(when you (?:score|install|rez) this card, place \d+ (?:(?:" + _COUNTER_WORDS
                   + r") counter|advancement token|\[credit\])s? on) it\b"),
        r"\1 this card",
    ),
    # a timing printed after its effect is the same timing before it ("place 1 agenda counter on this card when
    # you score it", "gain 1[credit] when your turn begins"): one clause only, no other timing in it
    (
        re.compile(r"^([^.:,]+?) (?:when you score it|when it is scored)$"),
        r"when you score this card, \1",
    ),
    (re.compile(r"^([^.:,]+?) when it is installed$"), r"when you install this card, \1"),
    (re.compile(r"^([^.:,]+?) when it is rezzed$"), r"when you rez this card, \1"),
    (
        re.compile(r"^(?!when )([^.:,]+?) (when your turn begins|when you make a successful run)$"),
        r"\2, \1",
    ),
    # a subroutine of one clause "end the run if the runner is tagged" is "if the runner is tagged, end the run"
    # (not of two: "gain 1[credit] and end the run if ..." does not say whether the gain is under the condition)
    (
        re.compile(r"^(\[subroutine\] )(?!if )((?:(?! and )[^.:,])+?) if the runner is tagged$"),
        r"\1if the runner is tagged, \2",
    ),
    # "the runner loses [click], if able": a player loses only what they have, able or not
    (re.compile(r"(loses? (?:\[click\])+|loses? \d+\[credit\]), if able\b"), r"\1"),
    # "whenever" and "when" trigger alike (each time), and a timing ends with a comma or a colon alike
    (re.compile(r"\bwhenever\b"), "when"),
    (re.compile(r"^(when [^:,]*): "), r"\1, "),
    # runs are only ever the runner's: "when you make a successful run, ..." on a runner card is "when a run is
    # successful" (not "... successful run on HQ", which is narrower)
    (re.compile(r"^when you make a successful run, "), "when a run is successful, "),
    # ... and "when you make a successful run on R&D, ..." is that timing with the condition that the run is on R&D
    (
        re.compile(r"^when you make a successful run on (" + _ZONE_WORDS + r"|a central server|a remote server), "),
        r"when a run is successful, if this run is on \1, ",
    ),
    # searching a deck for a card type: revealing it and adding it to the hand (grip or HQ), then shuffling
    # that deck, is what the AST's search does (the engine shuffles the deck searched)
    (
        re.compile(r"^search (your stack|r&d) for (?:a|an|1) (" + _TYPE_WORDS + r"|event|operation)"
                   r",? reveal it,? and add it to (?:your grip|hq)\. shuffle (?:your stack|r&d)$"),
        lambda m: f"search your {m[1].replace('your ', '')} for 1 {m[2]}, reveal it and add it to your hand",
    ),
    # the implied subject: "Gain 2[credit]" is "You gain 2[credit]"
    _IMPLIED_YOU,
    # clauses joined by ", then" or "and" are done in order alike
    (re.compile(r",? then "), " and "),
    # singular and plural of the counted words (the number stays and says how many)
    (re.compile(r"\b(subroutine|tag|card|counter|credit|token|program|resource|asset|upgrade|agenda)s\b"), r"\1"),
    (re.compile(r"\bpieces of\b"), "piece of"),
    # punctuation: no space before it, no final full stop
    (re.compile(r"\s+([.,:])"), r"\1"),
    (re.compile(r"[.\s]+$"), ""),
]

# On a card of one side, that side named is "you": "the Corp gains 2[credit]" on a piece of ice is "gain 2[credit]"
# (applied just before the implied "you" is dropped; identities say nothing of their side here, so they get none).
_SIDE_RULES: dict[str, list[_Rule]] = {
    side: [(re.compile(rf"(^|: |, |\. |\] |\band |\bthen ){side} (gain|lose|draw|take)s\b"), r"\1you \2")]
    for side in ("the corp", "the runner")
}


def _side(card_type: str | None) -> str | None:
    if card_type in CORP_TYPES:
        return "the corp"
    if card_type in RUNNER_TYPES:
        return "the runner"
    return None


_APOSTROPHES = re.compile(r"[’ʼ‘]")


@lru_cache(maxsize=256)
def _title_pattern(title: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])" + re.escape(_APOSTROPHES.sub("'", title)) + r"(?!\w)")


def _own_title(text: str, title: str | None) -> str:
    """The card's own title in its text is "this card" (as printed: same letters and case, a whole word)."""
    if not title or not title.strip():
        return text
    return _title_pattern(title.strip()).sub("this card", _APOSTROPHES.sub("'", text))


def english_key(text: str, card_type: str | None = None, title: str | None = None) -> str:
    """``text`` (printed or rendered English) in the form both are compared in (the rules above, in order).

    ``card_type`` makes that side's name "you" (:data:`_SIDE_RULES`); ``title`` (the card's English title)
    makes the card's own name "this card"."""
    key = _own_title(text, title).lower().strip()
    side = _side(card_type)
    for rule in _RULES:
        if side is not None and rule is _IMPLIED_YOU:
            for side_pattern, side_replacement in _SIDE_RULES[side]:
                key = side_pattern.sub(side_replacement, key)
        pattern, replacement = rule
        key = pattern.sub(replacement, key)
    return key.strip()


# ---------------------------------------------------------------- templates

_SUBTYPES = {"barrier": "barrier", "code gate": "code_gate", "sentry": "sentry", "trap": "trap"}
_ZONES = {"hq": "hq", "r&d": "rnd", "archives": "archives"}
_RECURRING_EN = {words: use for use, words in _USE_WORDS.items()}
_TYPES = {
    "program": "program",
    "piece of hardware": "hardware",
    "resource": "resource",
    "event": "event",
    "piece of ice": "ice",
    "asset": "asset",
    "upgrade": "upgrade",
    "agenda": "agenda",
    "operation": "operation",
}
_TYPE_RE = "|".join(map(re.escape, _TYPES))
_DECKS = {"stack": "stack", "r&d": "rnd"}
_SERVERS = {"hq": "hq", "r&d": "rnd", "archives": "archives", "a central server": "central", "a remote server": "remote"}
_PARTIES: dict[str, A.Party] = {"your": "you", "the runner's": "runner", "the corp's": "corp"}
_COUNTERS: dict[str, A.CounterKind] = {"virus": "virus", "power": "power", "agenda": "agenda"}

_Builder = Callable[[re.Match[str]], A.Node]
_CLAUSES: list[tuple[re.Pattern[str], _Builder]] = [
    (re.compile(p), b)
    for p, b in [
        (r"gain (\d+)\[credit\]", lambda m: A.GainCredits(int(m[1]))),
        (r"lose (\d+)\[credit\]", lambda m: A.LoseCredits(int(m[1]))),
        (r"the (runner|corp) loses (\d+)\[credit\]", lambda m: A.LoseCredits(int(m[2]), m[1])),
        (r"gain ((?:\[click\])+)", lambda m: A.GainClicks(m[1].count("[click]"))),
        (r"the runner loses ((?:\[click\])+)", lambda m: A.LoseClicks(m[1].count("[click]"), "runner")),
        (r"draw (\d+) card", lambda m: A.Draw(int(m[1]))),
        (r"do (\d+) (net|meat|brain) damage", lambda m: A.TypedDamage(m[2], int(m[1]))),
        (r"the runner takes (\d+) tag", lambda m: A.GainTags(int(m[1]))),
        (r"remove (\d+) tag", lambda m: A.RemoveTags(int(m[1]))),
        (r"take (\d+) bad publicity", lambda m: A.GainBadPublicity(int(m[1]))),
        (r"end the run", lambda m: A.EndRun()),
        (
            r"break (\d+) (barrier|code gate|sentry|trap) subroutine",
            lambda m: A.BreakSubroutine(int(m[1]), _SUBTYPES[m[2]]),
        ),
        (
            r"break any number of (barrier|code gate|sentry|trap) subroutine",
            lambda m: A.BreakSubroutine(MAX_COUNT, _SUBTYPES[m[1]], any_number=True),
        ),
        (r"strength \+(\d+)", lambda m: A.Strength(int(m[1]))),
        (r"trace\[(\d+)\]", lambda m: A.Trace(int(m[1]))),
        (r"place (\d+)\[credit\] on this card", lambda m: A.PlaceCredits(int(m[1]))),
        (r"take (\d+)\[credit\] from this card", lambda m: A.TakeCredits(int(m[1]))),
        (r"place (\d+) (virus|power|agenda) counter on this card", lambda m: A.PlaceCounters(m[2], int(m[1]))),
        (r"place (\d+) advancement token on this card", lambda m: A.PlaceAdvancement(int(m[1]))),
        (r"purge virus counter", lambda m: A.Purge()),
        (r"jack out", lambda m: A.JackOut()),
        (r"access (\d+) additional card", lambda m: A.Access(int(m[1]))),
        (r"prevent (\d+) (net|meat|brain) damage", lambda m: A.PreventDamage(m[2], int(m[1]))),
        (r"prevent (\d+) damage", lambda m: A.PreventDamage("any", int(m[1]))),
        (r"avoid (\d+) tag", lambda m: A.AvoidTags(int(m[1]))),
        (r"make a run on (hq|r&d|archives)", lambda m: A.Run(_ZONES[m[1]])),
        (
            r"this card has (\d+) recurring credit, to be spent only on ("
            + "|".join(map(re.escape, _RECURRING_EN))
            + ")",
            lambda m: A.RecurringCredits(int(m[1]), _RECURRING_EN[m[2]]),
        ),
        (r"your memory limit \+(\d+)\[mu\]", lambda m: A.PlayerLimit("memory", int(m[1]))),
        (r"your link strength \+(\d+)", lambda m: A.PlayerLimit("link", int(m[1]))),
        (
            r"(your|the runner's|the corp's) maximum hand size ([+-]\d+)",
            lambda m: A.PlayerLimit("hand_size", int(m[2]), _PARTIES[m[1]]),
        ),
        (r"trash (\d+) (" + _TYPE_RE + ")", lambda m: A.Trash(int(m[1]), _TYPES[m[2]])),
        (r"this card can be advanced", lambda m: A.CanBeAdvanced()),
        (
            r"remove (\d+) (virus|power|agenda) counter from this card",
            lambda m: A.RemoveCounters(m[2], int(m[1])),
        ),
        (r"remove (\d+) advancement token from this card", lambda m: A.RemoveCounters("advancement", int(m[1]))),
        (r"take (\d+) tag", lambda m: A.GainTags(int(m[1]))),
        (
            r"search your (stack|r&d) for (\d+) (" + _TYPE_RE + "), reveal it and add it to your hand",
            lambda m: A.SearchType(_DECKS[m[1]], int(m[2]), _TYPES[m[3]]),
        ),
    ]
]

_CONDITIONS: list[tuple[str, Callable[[], A.Condition]]] = [
    ("if the trace is successful, ", lambda: A.TraceResult(True)),
    ("if the trace is unsuccessful, ", lambda: A.TraceResult(False)),
    ("if the runner is tagged, ", lambda: A.RunnerTagged()),
    ("if the run is successful, ", lambda: A.RunSuccessful()),
    *((f"if this run is on {words}, ", lambda server=server: A.RunOn(server)) for words, server in _SERVERS.items()),
]

# Timings (after english_key: "this agenda" is "this card"), with the card types they fit (None: any).
_TIMINGS: list[tuple[str, str, tuple[str, ...] | None]] = [
    ("when you score this card, ", "agenda_scored", ("agenda",)),
    ("when the runner steals this card, ", "agenda_stolen", ("agenda",)),
    ("when your turn begins, ", "your_turn_start", None),
    ("when your turn ends, ", "your_turn_end", None),
    ("when you rez this card, ", "rezzed", ("ice", "asset", "upgrade")),
    ("when you install this card, ", "installed", None),
    ("when a run is successful, ", "run_successful", None),
    ("when the runner makes a run, ", "run_begins", None),
]

_COSTS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], A.Cost]]] = [
    (re.compile(r"((?:\[click\])+)"), lambda m: A.ClickCost(m[1].count("[click]"))),
    (re.compile(r"(\d+)\[credit\]"), lambda m: A.CreditCost(int(m[1]))),
    (re.compile(r"\[trash\]"), lambda m: A.TrashCost()),
    (
        re.compile(r"remove (\d+) (virus|power|agenda) counter from this card"),
        lambda m: A.CounterCost(_COUNTERS[m[2]], int(m[1])),
    ),
    (re.compile(r"remove (\d+) advancement token from this card"), lambda m: A.CounterCost("advancement", int(m[1]))),
]


class _Unread(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


def _clause(text: str) -> A.Node:
    for pattern, build in _CLAUSES:
        match = pattern.fullmatch(text)
        if match:
            return build(match)
    raise _Unread("no_template")


def _effects(text: str) -> tuple[A.Node, ...]:
    for prefix, condition in _CONDITIONS:
        if text.startswith(prefix):
            return (A.If(condition(), _effects(text[len(prefix) :])),)
    if text.startswith("may "):
        return (A.YouMay(_effects(text[len("may ") :])),)
    try:
        return (_clause(text),)  # one clause with an "and" of its own ("reveal it and add it to your hand")
    except _Unread:
        return tuple(_clause(part) for part in text.split(" and "))


def _sentences(body: str) -> tuple[A.Sentence, ...]:
    parts = [p for p in re.split(r"\.(?: |$)", body) if p.strip()]
    if not parts:
        raise _Unread("no_template")
    return tuple(A.Sentence(_effects(p.strip())) for p in parts)


def _costs(text: str) -> tuple[A.Cost, ...] | None:
    costs: list[A.Cost] = []
    for part in text.split(", "):
        for pattern, build in _COSTS:
            match = pattern.fullmatch(part)
            if match:
                costs.append(build(match))
                break
        else:
            return None
    return tuple(costs)


def _ability(key: str, card_type: str | None) -> A.Ability:
    """The AST of one normalised paragraph (raises :class:`_Unread`)."""
    if key.startswith("[subroutine] "):
        if card_type not in (None, "ice"):
            raise _Unread("not_for_this_card")
        return A.Ability("subroutine", _sentences(key[len("[subroutine] ") :]))
    for prefix, timing, types in _TIMINGS:
        if key.startswith(prefix):
            if types is not None and card_type is not None and card_type not in types:
                raise _Unread("not_for_this_card")
            return A.Ability("triggered", _sentences(key[len(prefix) :]), timing=timing)
    head, colon, body = key.partition(": ")
    if colon:
        costs = _costs(head)
        if costs is not None:
            return A.Ability("paid", _sentences(body), costs=costs)
    return A.Ability("effect", _sentences(key))


# ---------------------------------------------------------------- paragraphs and cards


@dataclass(frozen=True)
class Paragraph:
    """The reading of one paragraph (or of a recurring-credit line and the restriction after it)."""

    indexes: tuple[int, ...]
    text: str | None  # canonical zh-Hans ability text, when read
    reason: str | None = None  # a REASONS code, when not
    via: Literal["text", "script", "rule"] = "text"  # read by a template, run by a card script, a deck rule

    @property
    def read(self) -> bool:
        return self.text is not None or self.via != "text"


def reads_back(english: str, ability: A.Ability, card_type: str | None = None, title: str | None = None) -> bool:
    """Whether ``ability`` rendered in English is the printed ``english`` (after :func:`english_key`, for a card
    of ``card_type`` titled ``title`` when given)."""
    return english_key(render(ability, "en"), card_type, title) == english_key(english, card_type, title)


def read_paragraph(
    english: str, card_type: str | None = None, title: str | None = None
) -> tuple[str | None, str | None]:
    """``(zh-Hans text, None)`` when a template reads the paragraph and it reads back; else ``(None, reason)``.

    ``title`` is the card's English title: where the text names its own card, that is "this card"."""
    key = english_key(english, card_type, title)
    try:
        ability = _ability(key, card_type)
        text = render(ability)
    except _Unread as unread:
        return None, unread.reason
    except (ValueError, KeyError):
        return None, "not_in_grammar"
    try:
        parsed = parse_cached(text)  # the grammar's AST, as the interpreter will get it
    except AbilitySyntaxError:
        return None, "not_in_grammar"
    if not reads_back(english, parsed, card_type, title):
        return None, "reads_back_differently"
    return text, None


_RECURRING_LINE = re.compile(r"^\s*\d*\[recurring-credit\]\s*$")


@dataclass(frozen=True)
class CardReading:
    paragraphs: tuple[Paragraph, ...]

    @property
    def status(self) -> Status:
        read = sum(p.read for p in self.paragraphs)
        if read == len(self.paragraphs):
            return "executable"  # every paragraph (a card without text runs as it is)
        return "partial" if read else "printed_only"

    def texts(self) -> list[str]:
        return [p.text for p in self.paragraphs if p.text is not None]

    def via(self, how: str) -> list[int]:
        return [i for p in self.paragraphs if p.via == how and p.read for i in p.indexes]

    def unread(self) -> list[tuple[int, str]]:
        return [(i, p.reason or "no_template") for p in self.paragraphs if not p.read for i in p.indexes]

    def record(self) -> dict[str, Any]:
        """The ``reading`` field of the card record: indexes and reason codes only (never the printed text)."""
        out: dict[str, Any] = {"status": self.status}
        read = [p.indexes[0] for p in self.paragraphs if p.text is not None]
        if read:
            out["read"] = read
        unread = [{"index": i, "reason": reason} for i, reason in self.unread()]
        if unread:
            out["unread"] = unread
        for how, key in (("script", "scripted"), ("rule", "rules")):
            if self.via(how):
                out[key] = self.via(how)
        return out


# "Starter game only": the import marks the record ``starter_only`` and the deck validator keeps it out of every
# format (validators/deck.py, rule_card_pool), so the paragraph is a deck rule enforced like a deck limit.
STARTER_ONLY = "starter game only"
_DECK_LIMIT = re.compile(r"^limit (\d+)(?: this card)? per deck$")  # "Limit 1 <its own title> per deck" too


def read_card(
    paragraphs: Sequence[str],
    card_type: str | None = None,
    title: str | None = None,
    card_id: str | None = None,
    deck_limit: int | None = None,
) -> CardReading:
    """Every paragraph of a card read in turn; a lone ``N[recurring-credit]`` line is read with the
    restriction on the next line (the two make one ability). ``title``: the card's English title.

    With ``card_id``, the paragraphs the card's script implements (:mod:`toolkit.engine.netrunner.scripts`)
    are run by it and not read; with ``deck_limit``, "Limit N per deck" restates that deck-building rule
    (the deck validators enforce ``deck_limit``); so does "Starter game only" (see :data:`STARTER_ONLY`)."""
    scripted: tuple[int, ...] = ()
    if card_id is not None:
        from toolkit.engine.netrunner.scripts import script_for

        script = script_for(card_id)
        scripted = script.paragraphs if script is not None else ()
    out: list[Paragraph] = []
    index = 0
    while index < len(paragraphs):
        english = paragraphs[index]
        if index in scripted:
            out.append(Paragraph((index,), None, via="script"))
            index += 1
            continue
        key = english_key(english, card_type, title)
        limit = _DECK_LIMIT.match(key)
        if (limit and deck_limit is not None and int(limit[1]) == deck_limit) or key == STARTER_ONLY:
            out.append(Paragraph((index,), None, via="rule"))
            index += 1
            continue
        if _RECURRING_LINE.match(english) and index + 1 < len(paragraphs) and index + 1 not in scripted:
            text, reason = read_paragraph(english.strip() + " " + paragraphs[index + 1], card_type, title)
            if text is not None:
                out.append(Paragraph((index, index + 1), text))
                index += 2
                continue
        text, reason = read_paragraph(english, card_type, title)
        out.append(Paragraph((index,), text, reason))
        index += 1
    return CardReading(tuple(out))


__all__ = [
    "REASONS",
    "STATUSES",
    "CardReading",
    "Paragraph",
    "english_key",
    "read_card",
    "read_paragraph",
    "reads_back",
    "reason_text",
    "status_text",
]
