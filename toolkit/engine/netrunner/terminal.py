"""A person at a terminal plays one side: before each of their decisions they see what their seat may see
(the new events of the log, their hand, the table) and the options, and type a number, a label (the stable code
scripts and saved games use) or the option's words as shown (in either language, any case: ``保留``, ``Keep``).
Played through a :class:`~.session.NetrunnerSession` (``dossier play netrunner``: the policy's ``session``), ``u``
undoes the person's last decision (the session's undo, refused with the reason as the tactics game refuses it:
:data:`~.session.UNDO_REFUSALS`, the tactics session's words but Netrunner's own of cards seen) and ``resign`` (or
its word, ``认输``) resigns once confirmed: the policy raises :class:`TakenBack` or :class:`Resigned` for the one who
plays the session."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.i18n import t, text_lang, tn, word

from ..core import EngineError
from ..decisions import named_options
from .decisions import Decision, Option
from .session import UNDO_REFUSALS  # (why an undo was refused: the tactics session's words, cards seen its own)
from .state import SIDE_OF_SEAT

if TYPE_CHECKING:
    from .game import NetrunnerGame

UNDO_WORDS = ("u", "undo")  # what undoes at the prompt (as the tactics game's prompt reads them)
RESIGN = "resign"  # what resigns at the prompt (or the word of either language: Resign, 认输)
YES = "y"  # what confirms a resignation (or the word yes of either language: yes, 是)
LANGS = ("en", "zh-Hans")
USUAL_HAND_SIZE = 5  # both sides' hand size as the game begins (seed 001): the table says a side's when it differs


class TakenBack(Exception):  # noqa: N818  (a signal, as EOFError is: no error)
    """The person's last decision was undone (:meth:`~.session.NetrunnerSession.undo`): the session's pending
    decision is another now, to be asked again."""


class Resigned(Exception):  # noqa: N818
    """The person resigned (confirmed): the game ends, the other side wins."""


def resign_words(answer: str) -> bool:
    """Whether ``answer`` asks to resign: ``resign`` or the word of either language (the web's button), any case."""
    wanted = " ".join(answer.split()).casefold()
    return bool(wanted) and wanted in {RESIGN, *(t(lang, "Resign").casefold() for lang in LANGS)}


def confirmed(answer: str) -> bool:
    """Whether ``answer`` confirms a resignation: ``y``, or yes in either language, any case."""
    wanted = " ".join(answer.split()).casefold()
    return bool(wanted) and wanted in {YES, *(t(lang, "yes").casefold() for lang in LANGS)}


def _card(c: dict[str, Any], names: Any, installed: bool = True) -> str:
    """One card of a view as text in the language of ``names`` (a LogNames)."""
    lang = names.lang
    sep = t(lang, ", ")
    if c.get("id") is None and c.get("name"):  # face down, known to the runner (it accessed the card there)
        known = c["name"].get(lang) or c["name"][text_lang(lang)]
        if c.get("type") == "ice":
            name = t(lang, "face-down ice ({card})", card=known)
        else:
            name = t(lang, "face-down card ({card})", card=known)
    elif c.get("id") is None:
        what = c.get("type")
        name = t(lang, "face-down ice") if what == "ice" else t(lang, "face-down card")
    else:
        name = c["name"].get(lang) or c["name"][text_lang(lang)]
        if installed and c.get("type") in ("ice", "asset", "upgrade") and not c.get("rezzed"):
            name = t(lang, "{card} (unrezzed)", card=name)
    extra = [
        t(lang, "{counters}: {n}", counters=names.term("counter", k) or k, n=v)
        for k, v in (c.get("counters") or {}).items()
    ]
    if c.get("credits"):
        extra.append(t(lang, "{n}{credit} on it", n=c["credits"], credit="[credit]"))
    if c.get("hosted"):
        extra.append(t(lang, "hosts {cards}", cards=sep.join(_card(h, names) for h in c["hosted"])))
    return t(lang, "{card} [{notes}]", card=name, notes=t(lang, "; ").join(extra)) if extra else name


def describe(view: dict[str, Any], lang: str = "en", names: Any = None) -> list[str]:
    """The table as lines of text (from one seat's view), in ``lang`` (``names``: a LogNames of it)."""
    return [line for _, line in table_parts(view, lang, names)]


def table_parts(view: dict[str, Any], lang: str = "en", names: Any = None) -> list[tuple[str, str]]:
    """:func:`describe`'s lines, each with what it is: ``corp`` and ``runner`` (a side's numbers: a hand size other
    than :data:`USUAL_HAND_SIZE` and brain damage too), ``server`` (one line per server of
    ``view["corp"]["servers"]``, in their order), ``corp_score`` (the corp's score area), ``rig``, ``heap`` (face up:
    both sides see it, seed 001), ``runner_score`` (the runner's score area), ``hand`` (the seat's own), ``run`` (the
    run under way, with its bad-publicity credits) and ``encounter`` (the ice it encounters); an empty score area or
    heap has no line. The full-screen view keeps what the seat needs most when the terminal is small
    (:mod:`.screen`)."""
    from toolkit.cli._lang import LogNames

    names = names or LogNames([], lang)
    sep = t(lang, ", ")
    corp, runner = view["corp"], view["runner"]
    lines: list[tuple[str, str]] = []
    corp_line = t(
        lang,
        "corp: {credits}{credit} {clicks}{click}, HQ {hand}, R&D {deck}, {points}, bad publicity {bad}",
        credit="[credit]",
        click="[click]",
        credits=corp["credits"],
        clicks=corp["clicks"],
        hand=corp["hand_count"],
        deck=corp["deck_count"],
        points=_points(lang, corp["agenda_points"]),
        bad=corp["bad_publicity"],
    )
    lines.append(("corp", _hand_size(lang, corp_line, corp["hand_size"])))
    # the corp's discard pile is Archives itself: its cards are on the Archives line, after its ice and root (not
    # installed: a card there is face up or face down, never "unrezzed")
    archives = sep.join(_card(c, names, installed=False) for c in corp["archives"])
    for server in corp["servers"]:
        ice = sep.join(_card(c, names) for c in reversed(server["ice"])) or t(lang, "no ice")
        root = sep.join(_card(c, names) for c in server["root"])
        shown = names.server(server["name"]) or server["name"]
        if root:
            line = t(lang, "{server}: {ice}; root: {root}", server=shown, ice=ice, root=root)
        else:
            line = t(lang, "{server}: {ice}", server=shown, ice=ice)
        if server["name"] == "archives" and archives:
            line = t(lang, "{server}; contents: {cards}", server=line, cards=archives)
        lines.append(("server", "  " + line))
    if corp["score_area"]:
        scored = sep.join(_card(c, names, installed=False) for c in corp["score_area"])
        lines.append(("corp_score", "  " + t(lang, "score area: {cards}", cards=scored)))
    runner_line = t(
        lang,
        "runner: {credits}{credit} {clicks}{click}, grip {hand}, stack {deck}, {points}, tags {tags}, "
        "memory {used}/{limit}, link {link}",
        credits=runner["credits"],
        clicks=runner["clicks"],
        hand=runner["hand_count"],
        deck=runner["deck_count"],
        points=_points(lang, runner["agenda_points"]),
        tags=runner["tags"],
        used=runner["memory_used"],
        limit=runner["memory_limit"],
        link=runner["link"],
        credit="[credit]",
        click="[click]",
    )
    runner_line = _hand_size(lang, runner_line, runner["hand_size"])
    if runner["brain_damage"]:
        runner_line = t(lang, "{line}, brain damage {n}", line=runner_line, n=runner["brain_damage"])
    lines.append(("runner", runner_line))
    if runner["rig"]:
        rig = sep.join(_card(c, names) for c in runner["rig"])
        lines.append(("rig", "  " + t(lang, "rig: {cards}", cards=rig)))
    if runner["heap"]:
        heap = sep.join(_card(c, names, installed=False) for c in runner["heap"])
        lines.append(("heap", "  " + t(lang, "heap: {cards}", cards=heap)))
    if runner["score_area"]:
        scored = sep.join(_card(c, names, installed=False) for c in runner["score_area"])
        lines.append(("runner_score", "  " + t(lang, "score area: {cards}", cards=scored)))
    for side in ("corp", "runner"):
        hand = view[side]["hand"]
        if hand is not None:
            cards = sep.join(_card(c, names, installed=False) for c in hand) or t(lang, "empty")
            lines.append(("hand", t(lang, "your hand: {cards}", cards=cards)))
    run = view["run"]
    if run is not None:
        on = t(
            lang,
            "run on {server}: {step}, {n} ice to pass",
            server=names.server(run["server"]) or run["server"],
            step=names.term("run_step", run["step"]) or run["step"],
            n=run["position"],
        )
        credits = run.get("bad_publicity_credits") or 0  # (the runner's to spend in this run: seed 001)
        if credits:
            on = t(lang, "{line}, bad publicity credits {n}", line=on, n=credits)
        lines.append(("run", on))
        if run["encounter"]:
            subs = t(lang, "; ").join(_subroutine(s, names) for s in run["encounter"]["subroutines"])
            ice = _card(run["encounter"]["ice"], names)
            meets = t(lang, "encountering {ice}: {subroutines}", ice=ice, subroutines=subs)
            lines.append(("encounter", "  " + meets))
    return lines


def _hand_size(lang: str, line: str, n: int) -> str:
    """A side's numbers, with its hand size when it is not the usual one (cards, brain damage changed it):
    ``…, hand size 4``."""
    return t(lang, "{line}, hand size {n}", line=line, n=n) if n != USUAL_HAND_SIZE else line


def _points(lang: str, n: int) -> str:
    """Agenda points in the status line: ``1 point``, ``3 points``."""
    return tn(lang, "{n} point", "{n} points", n, n=n)


def _subroutine(sub: dict[str, Any], names: Any) -> str:
    lang, text = names.lang, names.ability("text", sub["text"])
    if sub["broken"]:
        return t(lang, "{index} (broken): {text}", index=sub["index"], text=text)
    return t(lang, "{index}: {text}", index=sub["index"], text=text)


def plain_line(line: str, lang: str) -> str:
    """A line of the plain terminal as printed: the game's symbols in words (:func:`screen.icon_words`) but in an
    option's label, shown in brackets at the end (``gain 1 credit   [credit]``: the label typed, not the word)."""
    from .screen import icon_words

    words, bracket, label = line.rpartition(LABEL_OPEN)
    if bracket and label.endswith("]") and "[" not in label:
        return icon_words(words, lang) + bracket + label
    return icon_words(line, lang)


LABEL_OPEN = "   ["  # what comes before an option's label (as the tactics terminal shows it: ``1. 是   [yes]``)


class TerminalPolicy:
    """Asks a person; shows only what their seat may see."""

    def __init__(
        self, read: Callable[[str], str] = input, write: Callable[[str], None] = print, lang: str = "en"
    ) -> None:
        self.read = read
        self.write = write
        self.lang = lang
        self.seen = 0
        self.names: Any = None  # the LogNames of the game's records, made at the first decision
        self.other_names: dict[str, Any] = {}  # the LogNames of both languages, for answers in words
        self.hinted = False  # the line saying what an answer may be: once, at the first decision
        self.session: Any = None  # the NetrunnerSession played (``dossier play``): then u undoes, resign resigns

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        from toolkit.cli._lang import LogNames

        names = self.names if self.names is not None else LogNames(game.records, self.lang)
        self.names = names
        lang = self.lang
        events = game.log.seen_by(decision.seat)
        self.seen = min(self.seen, len(events))  # (after an undo the log is shorter: what is left was shown)

        def side(seat: int) -> str:
            return word("side", SIDE_OF_SEAT.get(seat, ""), lang)

        for event in events[self.seen :]:
            self.write(names.line(event.to_json(), side))
        self.seen = len(events)
        for line in describe(game.view(decision.seat), lang, names):
            self.write(line)
        prompt = names.say("prompt", decision.prompt)
        self.write(t(lang, "you ({side}): {prompt}", side=side(decision.seat), prompt=prompt))
        if not self.hinted:  # once a game: what an answer may be (the label is the code in brackets)
            self.write(t(lang, "(answer with an option's number, its label or its words)"))
            if self.session is not None:
                self.write(t(lang, "(type u to undo your last decision, or {resign} to resign the game)",
                             resign=f"`{RESIGN}`"))  # fmt: skip
            self.hinted = True
        for number, option in enumerate(decision.options, start=1):
            text = names.say("option", option.text)
            # the words first, the label (what scripts and saved games type) after in brackets, as tactics shows
            # them; an option worded as its label is said once
            worded = str(text) != option.label
            self.write(f"  {number}. {text}{LABEL_OPEN}{option.label}]" if worded else f"  {number}. {text}")
        while True:
            answer = self.read("> ").strip()
            if self.session is not None and answer.casefold() in UNDO_WORDS:
                if self.session.undo(decision.seat):
                    self.write(t(lang, "your last decision is undone"))
                    raise TakenBack
                self.write(t(lang, UNDO_REFUSALS.get(self.session.refused or "", UNDO_REFUSALS["nothing"])))
                continue
            if self.session is not None and resign_words(answer):
                sure = self.read(t(lang, "resign this game? the other side wins, and it cannot be undone ({yes} "
                                         "resigns, anything else goes back): ", yes=YES)).strip()  # fmt: skip
                if confirmed(sure):
                    raise Resigned
                self.write(t(lang, "not resigned: the game goes on"))
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].label
            try:
                return decision.find(answer).label
            except EngineError:
                pass
            named = self.worded(game, decision, answer)
            if len(named) == 1:
                return named[0].label
            if named:  # the same words for several options (two copies of a card): their numbers tell them apart
                self.write(tn(lang, "{answer} names {n} option: type its number",
                              "{answer} names {n} options: type its number", len(named), answer=repr(answer),
                              n=len(named)))  # fmt: skip
            else:
                self.write(t(lang, "type a number from 1 to {n}, an option's label or its words",
                             n=len(decision.options)))  # fmt: skip

    def worded(self, game: NetrunnerGame, decision: Decision, answer: str) -> list[Option]:
        """The options whose words (as the screen shows them, or with the game's symbols as codes: ``5[credit]``)
        are ``answer`` in any case, in either language (``保留`` and ``keep``)."""
        from toolkit.cli._lang import LogNames

        from .screen import icon_words

        if not answer.strip():
            return []
        for lang in ("en", "zh-Hans"):
            if lang not in self.other_names:
                same = self.names is not None and self.names.lang == lang
                self.other_names[lang] = self.names if same else LogNames(game.records, lang)
        words = []
        for lang, names in self.other_names.items():
            texts = [str(names.say("option", option.text)) for option in decision.options]
            words += [texts, [icon_words(text, lang) for text in texts]]
        return named_options(answer, decision.options, words)
