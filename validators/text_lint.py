"""Lint of ability text: every text field of every record must parse and round-trip.

Findings (one per bad string, located at the string in the JSON file):

- ``card.text.parse`` (error): the text is not in the ability language; the
  message gives the column inside the text, what was expected, a hint for
  common mistakes, and the text with a caret under the problem. It is located at
  that character in the file (:class:`InText`), as a compiler's error is: past the
  JSON string's escapes as written (``\\n``, ``\\"``, ``\\u7ec8``).
- ``card.text.roundtrip`` (error): the text parses, but its canonical rendering
  does not parse back to the same AST (a bug in Dossier's renderer, reported so
  it never goes unnoticed).
- ``card.text.format`` (warning): the text is fine but not in canonical form;
  ``dossier text fmt`` rewrites it.
- ``text.form.unsupported`` (warning): the text uses a trigger timing or an effect, cost
  or condition that the engine of the record's game does not run
  (:mod:`toolkit.engine.forms`): a netrunner timing on a tactics card, an effect only
  crossfire runs, …; the card would do nothing there.
- ``text.form.not_lasting`` (warning): a sentence with no timing, cost or keyword (a plain effect) on a record
  whose plain sentences the engine reads only for their lasting effects (:data:`LASTING_EFFECTS`: a tactics
  equipment or status card, an agent's or unit's own text; a netrunner installed card or identity) holds an
  effect that is not one of them (造成 1 点伤害, 你抽 1 张牌, or a 如果… around a lasting one): the engine never
  resolves it. Such an effect needs a timing or an activated ability.
- ``card.text.side`` (error): a netrunner card's or identity's text holds an effect that the netrunner engine's table
  gives to the other side (:func:`sides_of`: 你获得 1 个负面声誉 on a runner card, 你退出潜袭 on a corp card); the
  engine resolves a card's text as the card's side: a game stops with an error there (你获得 X 个负面声誉 as the
  runner), or does not do what the text says.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from toolkit.engine.forms import (
    ENGINE_NODES,
    form_words,
    games_running_node,
    games_running_timing,
    runs_node,
    runs_timing,
    unsupported,
)
from toolkit.findings import Finding, Severity
from toolkit.i18n import N_, PSEUDO, current_lang, pseudo_active, tc, tr
from toolkit.jsonio import pointer
from toolkit.meter import Meter, meter_or_silent
from toolkit.models import TEXT_FIELDS
from toolkit.models.common import MAX_ABILITIES
from toolkit.models.netrunner import side_of_type
from toolkit.text import AbilitySyntaxError, build_parser, parse_cached, render
from toolkit.text import ast as A
from toolkit.text.ast import Node, Scripted
from toolkit.text.games import OWN_WORDS

if TYPE_CHECKING:
    from .lint import Entry


# A text's verdict, a pure function of the text and the current language (so a worker process, which speaks
# the language of the process that started it, can reach it and send it back): None (it renders as itself),
# ("parse", column, summary, context, offset), ("unparsable", canonical, summary), ("differs", canonical) or
# ("format", canonical); the summaries are in the current language, the offset the error's character in the text.
Verdict = tuple[Any, ...] | None
# The forms of a text that parses which its game's engine does not run, a pure function of the game and the
# text (a worker reaches it too): ((kind, value), zh-Hans words, English words) each, in text order; () for none.
Forms = tuple[tuple[tuple[str, str], str, str], ...]


def verdict(text: str) -> Verdict:
    """The verdict on one ability text: does it parse, does its canonical rendering parse back the same."""
    try:
        ability = parse_cached(text)
    except AbilitySyntaxError as exc:
        # (the finding says the column: the line is said only in a text of more than one)
        return ("parse", exc.column, exc.summary(located=exc.line != 1), exc.context, exc.offset)
    canonical = render(ability)
    if canonical == text:  # it parses back to the same AST (the one just cached): nothing to report
        return None
    try:
        again = parse_cached(canonical)
    except AbilitySyntaxError as exc:
        return ("unparsable", canonical, exc.summary())
    if again != ability:
        return ("differs", canonical)
    return ("format", canonical)


PARSE_AHEAD = 1024
"""The most texts :meth:`TextVerdicts.reach` parses before it renders them: well within the cache of
:func:`toolkit.text.parse_cached`, so that each is still there when its verdict is reached."""


def parse_ahead(texts: Iterable[str]) -> None:
    """Parse each of ``texts`` into the parse cache (:func:`toolkit.text.parse_cached`), where :func:`verdict`
    finds it (a text that does not parse is parsed again there, for its error)."""
    for text in texts:
        try:  # noqa: SIM105 - contextlib.suppress: a context manager a text, ten times the cost of this
            parse_cached(text)
        except AbilitySyntaxError:
            pass


def parses(found: Verdict) -> bool:
    """Whether a text with the verdict ``found`` parses (its forms are then checked)."""
    return found is None or found[0] == "format"


def forms_of(game: str, text: str) -> Forms:
    """The forms of ``text`` (which parses) that the engine of ``game`` does not run, each with its words
    (:func:`toolkit.engine.forms.unsupported`, asked only when the text has a form the engine may not run)."""
    ability = parse_cached(text)
    if _runs_all(game, ability):
        return ()
    return tuple((form, *form_words(form, node)) for form, node in unsupported(game, ability))


# ---------------------------------------------------------------- the names a text quotes, by what it does with them

NAME_USES: dict[type[Node], str] = {A.GainToken: "token", A.Search: "search", A.AttackWith: "attack"}
"""The nodes of the ability language that quote a record by its name (「名称」), and what each does with it: gain
that token card (the tactics engine, base.py gain_token: anything but a token card stops the game), search a deck
or the matrix shop for that card (base.py search), attack with that attack (attack.py attack_with: a built-in
attack, a minion's own or a weapon). Lint's checks across records tell a name of a record of the wrong kind."""


def name_uses(text: str) -> tuple[tuple[str, str], ...]:
    """What ``text`` (which parses) does with each name it quotes (:data:`NAME_USES`): (use, name) each, in text
    order, each once; () for none."""
    found: list[tuple[str, str]] = []
    for node in A.walk(parse_cached(text)):
        use = NAME_USES.get(type(node))
        if use is not None and (use, node.name) not in found:
            found.append((use, node.name))
    return tuple(found)


# ---------------------------------------------------------------- netrunner texts of the other side


def text_side(record: Any) -> str | None:
    """The side a netrunner card's or identity's text resolves as (the engine's ``Context(card.side, …)``: the side
    of its type, an identity's own); None for any other record."""
    values = getattr(record, "__dict__", None)  # (a model's field values: a field it does not have is not asked for)
    if values is None or values.get("game") != "netrunner":
        return None
    kind = values.get("kind")
    if kind == "identity":
        side = values.get("side")
        return side if isinstance(side, str) else None
    card_type = values.get("type") if kind == "card" else None
    return side_of_type(card_type) if isinstance(card_type, str) else None


@functools.cache
def side_table() -> dict[type, str]:
    """The netrunner engine's table of the effects that belong to one side (toolkit/engine/forms.py, by which
    toolkit/engine/netrunner/interp.py tells whose text a text is), by node class; but for the effects the engine
    runs on either side's card (:data:`EITHER_SIDE`)."""
    from toolkit.engine.forms import NETRUNNER_CORP_NODES, NETRUNNER_RUNNER_NODES

    table: dict[type, str] = dict.fromkeys(NETRUNNER_RUNNER_NODES, "runner")
    table.update(dict.fromkeys(NETRUNNER_CORP_NODES, "corp"))
    for cls in EITHER_SIDE:
        table.pop(cls, None)
    return table


# Effects that tell a bare text's side (a corp's, mostly) but that a card of either side may have, and the engine
# runs on either: a runner's own card deals damage to its runner ("when you install this, suffer 1 core damage").
EITHER_SIDE: tuple[type, ...] = (A.TypedDamage,)


# Sides a text's effects belong to (:func:`sides_of`): "corp", "runner", both ("corp", "runner") or neither ()
Sides = tuple[str, ...]


def sides_of(game: str, text: str) -> Sides:
    """The sides that the effects of ``text`` (which parses) belong to by the engine's table (:func:`side_table`),
    sorted; () for none, and for a game other than netrunner. (:func:`forms_and_sides` finds them in the walk that
    tells the forms the engine does not run; this walks the text again, for one with such a form.)"""
    if game != "netrunner":
        return ()
    table = side_table()
    return tuple(sorted({side for node in A.walk(parse_cached(text)) if (side := table.get(type(node))) is not None}))


def forms_and_sides(game: str, text: str) -> tuple[Forms, Sides]:
    """:func:`forms_of` and :func:`sides_of` of ``text`` (which parses) in ``game``, the sides found in the same
    walk of the text as whether its engine runs every form of it (:func:`_runs_all`): a netrunner card's text is
    checked against its side (``card.text.side``) at next to no cost."""
    if game != "netrunner":
        return forms_of(game, text), ()
    ability = parse_cached(text)
    sides: set[str] = set()
    if _runs_all(game, ability, sides):
        return (), tuple(sorted(sides))
    forms = tuple((form, *form_words(form, node)) for form, node in unsupported(game, ability))
    return forms, sides_of(game, text)  # (the walk stopped at a form not run: the rest is walked again)


def other_side_effects(text: str, side: str) -> list[tuple[str, str, str]]:
    """The effects of ``text`` (which parses) that belong to the side other than ``side`` (:func:`side_table`),
    each class once, in text order: (that side, zh-Hans words, English words)."""
    table = side_table()
    found: list[tuple[str, str, str]] = []
    seen: set[type] = set()
    for node in A.walk(parse_cached(text)):
        cls = type(node)
        owner = table.get(cls)
        if owner is not None and owner != side and cls not in seen:
            seen.add(cls)
            found.append((owner, *form_words(("node", cls.__name__), node)))
    return found


# ---------------------------------------------------------------- plain sentences on lasting records

LASTING_EFFECTS: dict[str, frozenset[type[Node]]] = {
    # engine/tactics/base.py TacticsGame._continuous_of: of an "effect" ability of a worn equipment card, an
    # attached status card or a unit on the map (its own text), only the top-level effects of CONTINUOUS
    # (engine/tactics/state.py) count, for as long as it is there; only skill, item and minion cards resolve
    # their plain sentences (game.py play_card: _resolve_effects)
    "tactics": frozenset({A.Modify, A.Cannot, A.GainVision}),
    # engine/netrunner/game.py NetrunnerGame.effects_of, read for an active card (an installed card, an identity,
    # a scored agenda): PlayerLimit (_limit), CanBeAdvanced (can_advance), RecurringCredits; only operations and
    # events resolve their plain sentences (actions.py play_card)
    "netrunner": frozenset({A.PlayerLimit, A.RecurringCredits, A.CanBeAdvanced}),
}
"""Per game, the lasting effects (持续效果) its engine takes from a plain sentence (an ``effect`` ability: no
timing, cost or keyword) of a record that is never played to resolve (:func:`lasting_holder`); any other effect
there, at the top of a sentence or under 如果… / 你可以… / 直到…, is never resolved."""

_PLAYED_TYPES = ("event", "operation")  # the netrunner card types that resolve their plain sentences (when played)


def lasting_holder(record: Any) -> str | None:
    """What ``record`` is when its engine reads its plain sentences only for lasting effects
    (:data:`LASTING_EFFECTS`): ``equipment`` or ``status`` (a tactics card of that category), ``unit`` (a tactics
    agent, minion or obstacle: its own text), ``active`` (a netrunner card but an event or operation, or an
    identity); None for a record whose plain sentences resolve (a tactics skill, item or minion card, a netrunner
    event or operation), for any other kind and game, and for a record read only in part (a summary)."""
    game, kind = getattr(record, "game", None), getattr(record, "kind", None)
    if game == "tactics":
        if kind == "card":
            category = getattr(record, "category", None)
            return category if category in ("equipment", "status") else None
        return "unit" if kind in ("agent", "unit") else None
    if game == "netrunner":
        if kind == "identity":
            return "active"
        card_type = getattr(record, "type", None) if kind == "card" else None
        return "active" if card_type is not None and card_type not in _PLAYED_TYPES else None
    return None


# The effects of a text that parses which a lasting holder's engine never resolves (:func:`fleeting_of`): the
# zh-Hans and English words of each, in text order; () for none.
Fleeting = tuple[tuple[str, str], ...]


def fleeting_of(game: str, text: str) -> Fleeting:
    """The top-level effects of ``text`` (which parses), a plain sentence, that are no lasting effect ``game``'s
    engine takes from it (:data:`LASTING_EFFECTS`), each once, with its words (:func:`form_words`); () for a text
    with a timing, cost or keyword, and for a game with no such table. An effect the engine does not run at all is
    left out (``text.form.unsupported`` says so)."""
    lasting = LASTING_EFFECTS.get(game)
    if lasting is None:
        return ()
    ability = parse_cached(text)
    if ability.kind != "effect" or ability.timing is not None or ability.costs:
        return ()
    found: list[tuple[str, str]] = []
    for sentence in ability.sentences:
        for effect in sentence.effects:
            cls = type(effect)
            if cls in lasting or cls is Scripted or not runs_node(game, cls):
                continue
            words = form_words(("node", cls.__name__), effect)
            if words not in found:
                found.append(words)
    return tuple(found)


def _runs_all(game: str, ability: Any, sides: set[str] | None = None) -> bool:
    """True when the engine of ``game`` runs the timing and every node of ``ability`` (or there is no such
    engine): :func:`toolkit.engine.forms.unsupported` then has nothing to say. The nodes are those
    :func:`toolkit.text.ast.walk` gives, in another order (only whether one is not run matters): each value met
    is told apart by its class alone, looked up once per game (:func:`_walk_step`), and a node's fields are
    read at once by a getter made once per class (:func:`_children`). With ``sides`` (netrunner), the side each
    node walked belongs to by the engine's table (:func:`side_table`) is added to it (all of them when it returns
    True)."""
    if game not in ENGINE_NODES:
        return True
    if ability.timing is not None and not runs_timing(game, ability.timing):
        return False
    table = _STEPS if sides is None else _SIDED_STEPS
    steps = table.get(game)
    if steps is None:
        steps = table[game] = {}
        if sides is not None:  # (a node its engine runs that belongs to a side: its step is that side)
            steps.update((cls, side) for cls, side in side_table().items() if runs_node(game, cls))
    getters, run, items, not_run, pass_ = _GETTERS, _RUN, _ITEMS, _NOT_RUN, _PASS  # (locals: read once per value)
    stack = [ability]
    pop, extend = stack.pop, stack.extend
    while stack:
        value = pop()
        cls = type(value)
        step = steps.get(cls)
        if step is None:
            step = steps[cls] = _walk_step(game, cls)
        if step is run:
            getter = getters.get(cls)
            extend((getter or _children(cls))(value))
        elif step is items:
            extend(value)
        elif step is not_run:
            return False
        elif step is not pass_ and sides is not None:  # (a side: only in the steps with sides)
            sides.add(step)
            getter = getters.get(cls)
            extend((getter or _children(cls))(value))
    return True


# What :func:`_runs_all` does with a value of a class: follow the fields of a node its game's engine runs,
# follow the items of a tuple, stop at a node it does not run, pass over anything else (a number, a word).
_RUN, _ITEMS, _NOT_RUN, _PASS = "run", "items", "not run", "pass"


def _walk_step(game: str, cls: type) -> str:
    if issubclass(cls, tuple):
        return _ITEMS
    if not issubclass(cls, Node):
        return _PASS
    return _RUN if cls is Scripted or runs_node(game, cls) else _NOT_RUN


def _children(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """A function of a node of class ``cls`` that gives the values of its fields but the span, at once."""
    names = tuple(f.name for f in fields(cls) if f.name != "span")
    getter: Callable[[Any], tuple[Any, ...]]
    if len(names) > 1:
        getter = attrgetter(*names)  # (a tuple of the values)
    elif names:
        one = attrgetter(names[0])

        def getter(node: Any) -> tuple[Any, ...]:
            return (one(node),)

    else:

        def getter(node: Any) -> tuple[Any, ...]:
            return ()

    _GETTERS[cls] = getter
    return getter


_STEPS: dict[str, dict[type, str]] = {}  # game -> class -> what the walk does with a value of it (_walk_step)
_SIDED_STEPS: dict[str, dict[type, str]] = {}  # the same, with the side of a node that belongs to one (side_table)
_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}  # node class -> its fields' values but the span


LOCK_TIMEOUT = 5.0
"""Seconds a process waits for the lock on the shared chunk counter (held for a few instructions at a time)
before it gives up taking chunks: a worker killed while holding it leaves the rest to this process."""

KNOWN_LIMIT = 1 << 15
"""The most texts whose verdicts (and forms) a process keeps at once, for a text that comes again (a common
sentence on many cards): past it the cache starts over, so a lint of 100,000 files does not keep them all."""

PIPE_BYTES = 1 << 20
"""The pipe a worker's results go through is widened to this where the system allows (Linux): a worker then
writes several chunks' results without waiting for this process, which reads them between its own chunks."""


class FileWork(Protocol):
    """What lint does with files whole, a chunk or a batch at a time: in a worker, or here (:class:`TextVerdicts`)."""

    def work(self, chunk: list[tuple[str, Path]]) -> list[tuple[str, Any]]:
        """In a worker: check the files of ``chunk`` (each its :func:`~toolkit.catalog.file_key` and path) whole,
        and return what this process needs of each ((key, result), the result picklable), leaving out a file
        it is to check itself."""

    def adopt(self, entry: Entry, result: Any) -> bool:
        """Here: take a worker's ``result`` for ``entry``; False if it does not stand (this process read
        another text), and the entry is then to be checked here."""

    def check(self, entries: list[Entry]) -> None:
        """Here: check the files of ``entries`` whole."""


_Found = TypeVar("_Found")


def _known(tables: dict[str, dict[str, _Found]], game: str, text: str, find: Callable[[str, str], _Found]) -> _Found:
    """What ``find`` says of ``text`` in ``game``, kept in ``tables`` (a table a game, emptied when it holds
    :data:`KNOWN_LIMIT` texts)."""
    known = tables.get(game)
    if known is None or len(known) >= KNOWN_LIMIT:
        known = tables[game] = {}
    found = known.get(text)
    if found is None:
        found = known[text] = find(game, text)
    return found


class TextVerdicts:
    """The verdicts on ability texts reached so far, and the worker processes that check files alongside.

    ``lint`` of a large pool costs a few dozen microseconds a file and as much again a text, which would use
    one core of the machine. :meth:`start_workers` forks up to ``jobs - 1`` processes (where ``fork`` exists)
    and hands them the target files in small chunks: each worker takes the next chunk from the front, reads
    and checks each file whole (``files``, a :class:`FileWork`: its record, its texts' verdicts) and sends
    what it found, chunk after chunk. This process checks the files no worker may (the records around the
    targets), then :meth:`take_back` takes the chunks from the back, one at a time, and checks them itself,
    taking in the workers' results between its chunks, until it meets the workers: this process and the
    workers finish within a chunk of each other, whatever each file costs on this machine.

    A worker's check of a file stands only if this process reads the same text (a file that changed after a
    worker read it is checked here again), and a file no worker sent anything for (a worker that failed, or
    a file it leaves to this process, such as a record the model refused) is checked here: the findings are
    the same in the same order whatever ``jobs`` is.
    """

    def __init__(self, files: FileWork | None = None) -> None:
        self.files = files  # what a worker does with each file of its chunks (no workers without it)
        self.known: dict[str, Verdict] = {}
        # game -> text -> the forms of the text its game's engine does not run (:func:`forms_of`), worded
        self.forms: dict[str, dict[str, Forms]] = {}
        # game -> text -> the effects of a plain sentence a lasting holder never resolves (:func:`fleeting_of`)
        self.fleeting: dict[str, dict[str, Fleeting]] = {}
        # game (netrunner) -> text -> its forms and the sides its effects belong to (:func:`forms_and_sides`)
        self.sides: dict[str, dict[str, tuple[Forms, Sides]]] = {}
        self._chunks: list[list[tuple[str, Path]]] = []  # the files of each chunk: (file key, path)
        self._delegated: set[str] = set()  # the file keys of the chunks this process has not taken
        self._workers: list[tuple[Any, Any]] = []  # (process, the end of the pipe its results come through)
        self._results: dict[str, Any] = {}  # file key -> a worker's result, until this process takes it
        self._next: Any = None  # shared: the first chunk no one has taken, the end of those still free
        self._end: Any = None
        self._lock: Any = None

    def get(self, text: str) -> Verdict:
        """The verdict on ``text``: known, else reached here."""
        known = self.known
        if text in known:
            return known[text]
        if len(known) >= KNOWN_LIMIT:
            known.clear()
        found = known[text] = verdict(text)
        return found

    def reach(self, texts: Iterable[str]) -> None:
        """Reach the verdicts on ``texts`` that are not known yet (:meth:`get` finds them then): those texts are
        parsed first (:func:`parse_ahead`), then each rendered (:func:`verdict`, which finds its parse cached),
        a group at a time: parsing one text after another, not each between the renderings of others, keeps
        the parser's code and tables in the processor's caches (a lint takes some 4% less time)."""
        known = self.known
        new = list(dict.fromkeys(text for text in texts if text not in known))
        get = self.get
        for start in range(0, len(new), PARSE_AHEAD):
            group = new[start : start + PARSE_AHEAD]
            parse_ahead(group)
            for text in group:
                get(text)

    def unsupported(self, game: str, text: str) -> Forms:
        """The forms of ``text`` (a text that parses) that ``game``'s engine does not run: known, else found here
        (for netrunner, with the sides of its effects: :meth:`sided`)."""
        if game == "netrunner":
            return _known(self.sides, game, text, forms_and_sides)[0]
        return _known(self.forms, game, text, forms_of)

    def not_lasting(self, game: str, text: str) -> Fleeting:
        """The effects of ``text`` (a text that parses) that a lasting holder of ``game`` never resolves
        (:func:`fleeting_of`): known, else found here."""
        return _known(self.fleeting, game, text, fleeting_of)

    def sided(self, game: str, text: str) -> Sides:
        """The sides the effects of ``text`` (a text that parses) belong to (:func:`sides_of`): known (found with its
        forms, :meth:`unsupported`), else found here; () in a game other than netrunner."""
        if game != "netrunner":
            return ()
        return _known(self.sides, game, text, forms_and_sides)[1]

    def delegated(self, key: str) -> bool:
        """Whether a worker may check the file ``key`` (this process then leaves it to :meth:`take_back`)."""
        return key in self._delegated

    def start_workers(self, chunks: list[list[tuple[str, Path]]], workers: int) -> None:
        """Fork ``workers`` processes and let them take ``chunks`` of files ((file key, path) each) from the front."""
        import multiprocessing

        from toolkit.forking import may_fork

        if not chunks or workers < 1 or self.files is None or not may_fork():
            return
        build_parser()  # once, here: every worker starts with it
        context = multiprocessing.get_context("fork")
        self._chunks = chunks
        self._lock = context.Lock()
        self._next, self._end = context.RawValue("l", 0), context.RawValue("l", len(chunks))
        for _ in range(workers):
            try:
                receive, send = context.Pipe(duplex=False)
            except OSError:  # no more file descriptors: the workers started do the work
                break
            try:
                process = context.Process(
                    target=_worker,
                    args=(chunks, self._next, self._end, self._lock, send, _language(), self.files),
                    daemon=True,
                )
                process.start()
            except (OSError, AssertionError):  # no more processes (or a daemon process): those started do the work
                receive.close()
                send.close()
                break
            send.close()
            self._workers.append((process, receive))
        if self._workers:
            self._delegated = {key for chunk in chunks for key, _ in chunk}

    def take_back(self, entries: Iterable[Entry]) -> None:
        """Take the chunks no worker has taken, the last first, one at a time, and check their ``entries`` here
        (the workers go on from the front meanwhile), taking in the workers' results between chunks; then wait
        for the rest of their results. Each entry a worker has no standing result for is left unchecked."""
        files = self.files
        if files is None or not (self._workers or self._results):
            return
        todo: dict[str, Entry] = {}
        twice: set[str] = set()
        for entry in entries:
            if entry.key in self._delegated:
                if entry.key in todo:
                    twice.add(entry.key)  # (one file given twice: its entries are checked here)
                todo[entry.key] = entry
        for key in twice:
            del todo[key]
        while self._workers:
            self._receive(block=False)
            self._adopt(todo, files)
            index = self._take_last()
            if index is None:
                break
            mine: list[Entry] = []
            for key, _ in self._chunks[index]:
                self._delegated.discard(key)
                taken = todo.pop(key, None)
                if taken is not None:
                    mine.append(taken)
            files.check(mine)
        self.collect()
        self._adopt(todo, files)
        self._chunks, self._delegated = [], set()

    def _adopt(self, todo: dict[str, Entry], files: FileWork) -> None:
        results, self._results = self._results, {}
        again: list[Entry] = []
        for key, result in results.items():
            entry: Entry | None = todo.pop(key, None)
            if entry is not None and not files.adopt(entry, result):
                again.append(entry)
        if again:
            files.check(again)

    def _take_last(self) -> int | None:
        # a worker holds the lock only to move a number; one that died holding it leaves the rest to this process
        if not self._lock.acquire(timeout=LOCK_TIMEOUT):
            return None
        try:
            if self._next.value >= self._end.value:
                return None
            self._end.value -= 1
            return int(self._end.value)
        finally:
            self._lock.release()

    def _receive(self, block: bool) -> None:
        """Keep the results the workers have sent (with ``block``, until each has sent its last or failed)."""
        from multiprocessing.connection import wait

        pipes: dict[Any, Any] = {receive: process for process, receive in self._workers}
        while pipes:
            ready: list[Any] = wait(list(pipes), None if block else 0)
            if not ready:
                break
            for receive in ready:
                try:
                    message = receive.recv()
                except (EOFError, OSError):  # the worker failed: what it did not send is checked here
                    message = None
                if message is not None:
                    self._results.update(message)
                    continue
                receive.close()
                process = pipes.pop(receive)
                process.join()
                self._workers.remove((process, receive))

    def collect(self) -> None:
        """Wait for the workers and keep what they found (nothing more from one that failed)."""
        self._receive(block=True)

    def close(self) -> None:
        """Stop the workers, if any are left (lint was interrupted)."""
        for process, receive in self._workers:
            process.terminate()
            process.join()
            receive.close()
        self._workers = []
        self._delegated = set()


def _language() -> str:
    """The current language as a tag :func:`toolkit.i18n.set_lang` takes back (the pseudo-locale included)."""
    return PSEUDO if pseudo_active() else current_lang()


def _worker(
    chunks: list[list[tuple[str, Path]]], next_chunk: Any, end: Any, lock: Any, send: Any, lang: str, files: FileWork
) -> None:
    """A worker process: take chunks from the front while any is left, check their files (the messages in
    ``lang``, the parent's language) and send the results of each chunk, then None. One that fails sends
    nothing more and says nothing: the parent checks the files it has no result for."""
    import signal

    from toolkit.i18n import set_lang

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # an interrupted lint is the parent's to stop
    set_lang(lang)
    _widen(send)
    outbox = _Outbox(send)
    try:
        # (a timeout, as in the parent: a process killed while it held the lock leaves the rest to the parent)
        while lock.acquire(timeout=LOCK_TIMEOUT):
            try:
                index = next_chunk.value
                if index >= end.value:
                    break
                next_chunk.value = index + 1
            finally:
                lock.release()
            outbox.post(_share_verdicts(chunks[index], files))
        outbox.post(None)
    except Exception:  # noqa: S110 - nothing more sent: the parent checks the rest itself
        pass
    finally:
        outbox.close()
        send.close()


class _Outbox:
    """What a worker sends the parent, written to the pipe by a thread of its own: while the parent is busy
    elsewhere (reading the records around the files, say) and the pipe is full, the worker goes on checking
    files instead of waiting for it (at 100,000 files, `dossier lint` found a worker blocked half a second
    there). Each message is pickled here, as :meth:`Connection.send` would; a message the thread cannot
    write (the parent gone) ends it, and what is left is dropped: the parent checks what it has no result
    for."""

    def __init__(self, send: Any) -> None:
        import queue
        import threading

        self._send = send
        self._queue: queue.SimpleQueue[memoryview | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def post(self, message: Any) -> None:
        from multiprocessing.reduction import ForkingPickler

        self._queue.put(ForkingPickler.dumps(message))  # (a view of the pickle, as Connection.send writes it)

    def _pump(self) -> None:
        while (data := self._queue.get()) is not None:
            try:
                self._send.send_bytes(data)
            except Exception:  # noqa: BLE001 - the parent gone, or anything: a worker that fails says nothing
                return

    def close(self) -> None:
        """Send what was posted, then stop the thread."""
        self._queue.put(None)
        self._thread.join()


def _widen(send: Any) -> None:
    """Widen the pipe behind ``send`` to :data:`PIPE_BYTES` where the system can (Linux)."""
    try:
        import fcntl

        fcntl.fcntl(send.fileno(), fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except (ImportError, AttributeError, OSError, ValueError):
        pass


def _share_verdicts(chunk: list[tuple[str, Path]], files: FileWork) -> list[tuple[str, Any]]:
    """Check the files of ``chunk`` ((file key, path) each) whole: each file's key and result (the verdicts on
    its texts among them), leaving out those the parent is to check itself."""
    return files.work(chunk)


def _raw_texts(data: Any) -> list[tuple[tuple[str | int, ...], str]]:
    """The ability texts of a record as written in its JSON (any record, valid or not), with their paths."""
    found: list[tuple[tuple[str | int, ...], str]] = []
    if not isinstance(data, dict):
        return found
    for path in TEXT_FIELDS:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, list):  # past the model's limit the list itself is the finding, not each text
            found.extend(
                ((*path, index), text) for index, text in enumerate(node[:MAX_ABILITIES]) if isinstance(text, str)
            )
    return found


class Add(Protocol):
    """Adds a finding: its code, message, pointer and severity, and for one at a character of the ability text at
    the pointer, that character's ``offset`` in the text (:class:`InText`)."""

    def __call__(self, code: str, message: str, ptr: str, severity: Severity, offset: int | None = None) -> None: ...


@dataclass(frozen=True, slots=True)
class InText(Finding):
    """A finding at a character of the ability text at its pointer (``offset``: the character's, in the text), not
    placed yet: lint places it at that character in the file (past the JSON string's escapes as written), and it is
    a plain :class:`Finding` from then on."""

    offset: int = 0


def finding_at(
    code: str, message: str, severity: Severity, file: str | None, ptr: str | None, offset: int | None
) -> Finding:
    """A finding of an ability text: an :class:`InText` one at the character ``offset`` of the text, if given."""
    if offset is None:
        return Finding(code, message, severity, file, ptr)
    return InText(code, message, severity, file, ptr, offset=offset)


def ability_text_findings(
    entry: Entry, verdicts: TextVerdicts, game: str, texts: Iterable[tuple[tuple[str | int, ...], str]]
) -> list[Finding]:
    """The findings of the ability texts ((path, text) each) of a target's record of ``game``, reached as its
    file is checked: each text's verdict, and for one that parses its unsupported forms and, on a record whose
    plain sentences give only lasting effects (:func:`lasting_holder`), the effects its engine never resolves. The
    checks across records come first in the file's findings (:func:`check_ability_texts` adds these after them)."""
    found: list[Finding] = []

    def add(code: str, message: str, ptr: str, severity: Severity, offset: int | None = None) -> None:
        found.append(finding_at(code, message, severity, str(entry.source.path), ptr or None, offset))

    record = getattr(entry, "record", None)
    holder = lasting_holder(record)  # (None for an entry with no record: nothing to say)
    side = text_side(record) if game == "netrunner" else None  # (a card's or identity's text resolves as its side)
    for path, text in texts:
        verdict_ = verdicts.get(text)
        if verdict_ is not None:
            _report_text(entry, add, path, text, verdict_, game)
        if verdict_ is None or verdict_[0] == "format":  # (it parses)
            forms = verdicts.unsupported(game, text)
            if forms:
                _report_forms(entry, add, path, game, forms)
            if holder is not None:
                fleeting = verdicts.not_lasting(game, text)
                if fleeting:
                    _report_fleeting(entry, add, path, game, holder, fleeting)
            if side is not None:
                sides = verdicts.sided(game, text)
                if sides and sides != (side,):
                    _report_sides(entry, add, path, text, side)
    return found


def check_ability_texts(entries: Iterable[Entry], meter: Meter | None = None) -> None:
    """Add each entry's text findings (:func:`ability_text_findings`, reached as its file was checked) after
    those of the checks across records; ``meter`` advances once per entry."""
    count = meter_or_silent(meter)
    for entry in entries:
        count.advance()
        more = entry.text_findings
        if more:
            entry.findings.extend(more)
            entry.text_findings = None


def _report_forms(entry: Entry, add: Add, path: tuple[str | int, ...], game: str, found: Forms) -> None:
    """``text.form.unsupported``: each form of a text that the engine of ``game`` does not run, named by its words
    in the card text (zh-Hans), and in another language with their English (and the node's name) after them."""
    lang = current_lang()
    label, where = entry.label, pointer(*path)  # (once for the text's forms)
    gloss = lang != "zh-Hans"
    for (kind, value), zh, en in found:
        game_said, elsewhere = _form_games(kind, value, game, lang, pseudo_active())
        if kind == "timing":
            message = tr(
                "{label}: {pointer}: the timing {timing} never occurs in the {game} engine: the ability waits "
                "for it and never runs (games that run it: {games})",
                label=label,
                pointer=where,
                timing=f"{zh} ({en})" if gloss else zh,
                game=game_said,
                games=elsewhere,
            )
        else:
            message = tr(
                "{label}: {pointer}: {form} is not run by the {game} engine: the ability language accepts it, but "
                "it does nothing there (games that run it: {games})",
                label=label,
                pointer=where,
                form=f"{zh} ({en}, {value})" if gloss else zh,
                game=game_said,
                games=elsewhere,
            )
        add("text.form.unsupported", message, where, "warning")


def _report_sides(entry: Entry, add: Add, path: tuple[str | int, ...], text: str, side: str) -> None:
    """``card.text.side``: each effect of a netrunner card's text that belongs to the other side (:func:`sides_of`),
    named by its words in the card text (and in another language, its English after them)."""
    from toolkit.i18n import word

    lang = current_lang()
    where = pointer(*path)
    gloss = lang != "zh-Hans"
    own = word("side", side, lang)
    for owner, zh, en in other_side_effects(text, side):
        message = tr(
            "{label}: {pointer}: {effect} is {side} text, but this is a {own} card: its text resolves as the {own}, "
            "and a game either stops with an error there or does not do what the text says",
            label=entry.label,
            pointer=where,
            effect=f"{zh} ({en})" if gloss else zh,
            side=word("side", owner, lang),
            own=own,
        )
        add("card.text.side", message, where, "error")


# what a lasting holder (:func:`lasting_holder`) takes from a sentence with no timing, the start of a clause of
# ``text.form.not_lasting`` ("… only its lasting effects")
_HOLDER_WORDS = {
    "equipment": N_("while it is worn, an equipment card takes from a sentence with no timing"),
    "status": N_("while it is attached, a status card takes from a sentence with no timing"),
    "unit": N_("while it is in play, an agent or a unit takes from a sentence of its own text with no timing"),
    "active": N_("while it is active, an installed card or an identity takes from a sentence with no timing"),
}


# the ability language's words in ``text.form.not_lasting``, per game: the forms under which a lasting effect is
# not taken, timings to write, and an activated ability
_FLEETING_WORDS = {
    "tactics": (("如果…", "你可以…", "直到…"), ("回合开始时：…", "攻击后：…"), "主动 横置：…"),
    "netrunner": (("如果…", "你可以…"), ("当你安装本牌时：…", "你的回合开始时：…"), "[click]：…"),
}


def _report_fleeting(
    entry: Entry, add: Add, path: tuple[str | int, ...], game: str, holder: str, found: Fleeting
) -> None:
    """``text.form.not_lasting``: each effect of a plain sentence of a lasting holder that its engine never
    resolves (:func:`fleeting_of`), named by its words in the card text (and in another language, its English
    after them); what the engine takes from such a sentence, and what to write for an effect that happens."""
    lang = current_lang()
    where = pointer(*path)
    gloss = lang != "zh-Hans"
    words = {"label": entry.label, "pointer": where, **_fleeting_words(game, holder, lang, pseudo_active())}
    for zh, en in found:
        effect = f"{zh} ({en})" if gloss else zh
        if game == "netrunner":
            message = tr(
                "{label}: {pointer}: {effect} never resolves: {holder} only its lasting effects (hand size, memory "
                "or link ±X; recurring credits; can be advanced), and none under {nested}. For an effect that "
                "happens, write a timing ({timings}) or a paid ability ({ability})",
                effect=effect,
                **words,
            )
        else:
            message = tr(
                "{label}: {pointer}: {effect} never resolves: {holder} only its lasting effects (move speed, max HP, "
                "damage taken, range or hit result ±X; cannot move, attack or respond; rear or side vision), and "
                "none under {nested}. For an effect that happens, write a timing ({timings}) or an active ability "
                "({ability})",
                effect=effect,
                **words,
            )
        add("text.form.not_lasting", message, where, "warning")


@functools.cache
def _fleeting_words(game: str, holder: str, lang: str, pseudo: bool) -> dict[str, str]:
    """The words of ``text.form.not_lasting`` that depend on the game and the holder alone (in ``lang``, with the
    pseudo-locale on or off: ``pseudo``): a lint says them again for thousands of texts. A copy is not needed: the
    caller unpacks the dict into its own."""
    sep = str(tc(lang, "list", ", "))
    nested, timings, activated = _FLEETING_WORDS[game]
    return {
        "holder": tr(_HOLDER_WORDS[holder]),
        "nested": tr("{some} or {last}", some=sep.join(nested[:-1]), last=nested[-1]),
        "timings": sep.join(timings),
        "ability": activated,
    }


@functools.cache
def _form_games(kind: str, value: str, game: str, lang: str, pseudo: bool) -> tuple[str, str]:
    """The words of ``text.form.unsupported`` that depend on the form alone: ``game`` named in ``lang`` (with the
    pseudo-locale on or off: ``pseudo``), and the games whose engines run the form (``-`` for none): one lint
    repeats a few forms over thousands of texts."""
    from toolkit.i18n import word

    others = games_running_timing(value) if kind == "timing" else games_running_node(_node_class(value))
    elsewhere = str(tc(lang, "list", ", ")).join(word("game", g, lang) for g in others) if others else "-"
    return word("game", game, lang), elsewhere


def _node_class(name: str) -> Any:
    from toolkit.text import ast as A

    return getattr(A, name)


def _report_text(
    entry: Entry, add: Add, path: tuple[str | int, ...], text: str, found: Verdict, game: str | None
) -> None:
    """The findings of one ability text (at ``path`` in the record of ``game``: None for none known) with the
    verdict ``found``."""
    if found is None:
        return
    ptr = pointer(*path)
    kind = found[0]
    if kind == "parse":
        _, column, summary, context, offset = found
        if game is not None:  # told in the words of the record's game (its verdict is the text's, any game's)
            try:
                parse_cached(text)
            except AbilitySyntaxError as exc:
                told = exc.for_game(game)
                column, summary, context = told.column, told.summary(located=told.line != 1), told.context
        context = "\n".join("    " + line for line in context.splitlines())
        message = tr(
            "{label}: {pointer}: column {column} of the text: {problem}",
            label=entry.label,
            pointer=ptr,
            column=column,
            problem=summary,
        )
        add("card.text.parse", f"{message}\n{context}", ptr, "error", offset)  # (placed at the character)
    elif kind == "unparsable":
        _, canonical, summary = found
        if game is not None:  # (as a text's own error: in the words of the record's game)
            try:
                parse_cached(canonical)
            except AbilitySyntaxError as exc:
                summary = exc.for_game(game).summary()
        message = tr(
            "{label}: {pointer}: the canonical text {text} does not parse: {problem}",
            label=entry.label,
            pointer=ptr,
            text=repr(canonical),
            problem=summary,
        )
        add("card.text.roundtrip", message, ptr, "error")
    elif kind == "differs":
        message = tr(
            "{label}: {pointer}: {text} renders as {canonical}, which parses differently",
            label=entry.label,
            pointer=ptr,
            text=repr(text),
            canonical=repr(found[1]),
        )
        add("card.text.roundtrip", message, ptr, "error")
    else:
        message = tr(
            "{label}: {pointer}: not canonical; `dossier text fmt` writes {text}",
            label=entry.label,
            pointer=ptr,
            text=repr(found[1]),
        )
        add("card.text.format", message, ptr, "warning")


def check_raw_ability_texts(entry: Entry, data: dict[str, Any], verdicts: TextVerdicts) -> None:
    """Ability text findings for a record the model rejected: its text fields, read from the JSON as written, told
    in the words of the game its ``"game"`` names (when that is a game of the ability language), as a valid
    record's are."""
    if not entry.target:
        return
    game = data.get("game")
    known = game if isinstance(game, str) and game in OWN_WORDS else None
    for path, text in _raw_texts(data):
        found = verdicts.get(text)
        if found is not None:
            _report_text(entry, entry.add, path, text, found, known)
