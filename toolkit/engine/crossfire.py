"""Crossfire / 谍战特工 (seed 003): the deal, the resolution of a table, scoring, simulation.

Every role's behaviour comes from its record: ``armed`` (the 持械 mark on the
card) and its ability text, parsed and executed here: ``你视为<角色>``,
``你有 N 把枪…``, ``你不射击；你保护你指向的玩家…``, ``你将…射击卡…``, and the win
conditions (``如果<条件>，你获胜。`` …). Nothing is keyed on role ids except the
three roles the rules themselves name: the VIP (whose being hit decides the
teams), the Assassins (the Sniper's targets) and the Bystanders (the shooters'
penalty), and even those are matched through ``视为`` (RULINGS C6).

Resolution follows the script of seed 003 and RULINGS C2-C9:

1. unarmed pointing does nothing, except a protector's (保镖, 维和者), whose aim
   cancels one bullet aimed at that player; protectors stack (C3);
2. the agents' volley: armed roles that are or count as Agents (the Enforcer)
   fire at once, bullets in seat order; a hit player lowers their hand, so an
   Assassin hit now never fires (C2);
3. the Assassins' volley: the armed players still standing fire at once;
4. the VIP is hit: red wins; else blue (C4 for the Enforcer, C7 decoys, C8 bomber);
5. personal conditions from the texts.

Sniper mode (C9): the shot cards hit at once; all Assassins hit -> blue; else a
Bystander or the VIP hit by the Sniper -> red; else the surviving Assassins fire:
VIP hit and no Bystander hit -> red, else blue. When the shot cards decide, no
Assassin reveals or points, so a table may leave every aim out.

:meth:`Crossfire.script` gives the moderator's script of a resolved table (the
lines of seed 003 §三, :data:`SCRIPT`) with what each step brought out: who was
hit then and by whom, which bullets a protector cancelled, the team decided.

Readings Dossier adds (documented in the issue note): bullets of one volley
reach their targets in seat order (lowest seat first), so when a protector
cancels one of two simultaneous bullets, the lower seat's bullet is the one
cancelled; with ``protection_lost_when_hit`` a protector hit in a volley still
protects during that volley (bullets are simultaneous) and no longer afterwards;
the Enforcer points at one player or two different ones ("可同时指向两名不同玩家": it
may), one bullet each; each special role joins a table at most once
(:func:`toolkit.models.crossfire.role_sets`). docs/rulings.md lists them.
"""

from __future__ import annotations

import difflib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.errors import DossierError
from toolkit.i18n import LANGS, N_, Nn_, current_lang, name_of, t, t_beside, tc, tr, trn, word
from toolkit.models.crossfire import (
    CrossfireMode,
    CrossfireRole,
    SetupError,
    composition_problem,
    composition_problems,
    count_refusal,
    join_refusal,
    role_set,
)
from toolkit.text import AbilitySyntaxError, parse_cached
from toolkit.text import ast as A
from validators.wording import unprintable as _unprintable  # (lint refuses record names by the same check)

OPTIONS = ("protection_lost_when_hit", "protester_counts_as_bystander")
DEAL_KEYS = ("seed", "dealer", "setup", "shuffles")  # what `deal --format json` adds; a table ignores them
DEAL_PLAYER_KEYS = ("public", "seen")
# a table file's keys and a player's (lint and fmt tell a table by them)
TABLE_KEYS = frozenset({"mode", "players", "marks", "options", *DEAL_KEYS})
PLAYER_KEYS = frozenset({"seat", "role", "aim", "name", *DEAL_PLAYER_KEYS})
MAX_GAMES = 100_000
"""The most random tables one :meth:`Crossfire.simulate` plays (a few seconds; win rates to about ±0.3%)."""
VIP, ASSASSIN, BYSTANDER, AGENT = "vip", "assassin", "bystander", "agent"


class TableError(DossierError):
    """An illegal table or deal request; one line naming the place, worded in the current language."""

    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=1)


class RequestError(TableError):
    """A deal or set-up asked for wrongly (a usage error, exit 2): ``option`` names what was asked wrong, for the
    caller to name as its users give it (``players``, ``special``, ``mode``, ``dealer``, ``public``: the seat of
    a public role such as the Sniper)."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.exit_code = 2
        self.option = option


MAX_NAME = 40
"""The longest player name, in characters (a name is shown in tables, on slips and on the web pages)."""


class NameRefused(TableError):
    """A player's name no table may hold (:func:`clean_names`); ``seat`` is the seat it was given for."""

    def __init__(self, message: str, seat: int) -> None:
        super().__init__(message)
        self.seat = seat


def clean_names(raw: Iterable[tuple[int, str]]) -> dict[int, str]:
    """Seat -> name from (seat, name) pairs, as every front end (``deal --names``, a table, the web form) takes
    them: spaces trimmed and runs of them made one; a blank name is no name (left out). Refused with
    :class:`NameRefused` (one line): a name with a control character (an escape sequence would clear or recolour the
    terminal a table is printed on), a name longer than :data:`MAX_NAME`, one name for two seats (in any case:
    "Ana" and "ana"), and a name that reads as a seat's label in any language ("Seat 3", "3 号座位": what the
    score and the pages show for a seat with no name, :func:`is_seat_label`), which the score would mistake for the
    unnamed player of that seat. The score follows players by these names (:meth:`Crossfire.score`)."""
    names: dict[int, str] = {}
    taken: dict[str, int] = {}
    for seat, value in raw:
        name = " ".join(value.split())
        if not name:
            continue
        control = next((c for c in name if _unprintable(c)), None)
        if control is not None:  # an escape sequence would clear or recolour a terminal, a table's columns slip
            raise NameRefused(
                tr("the name of seat {seat}, {name}, holds the control character {char}; a name is plain text",
                   seat=seat, name=_json(value, quote=repr), char=f"U+{ord(control):04X}"),
                seat,
            )  # fmt: skip
        if len(name) > MAX_NAME:
            raise NameRefused(tr("the name of seat {seat} is longer than {n} characters", seat=seat, n=MAX_NAME), seat)
        key = name.casefold()
        if key in taken:
            raise NameRefused(tr("{name} is the name of seats {first} and {seat}; names tell players apart",
                                 name=repr(name), first=taken[key], seat=seat), seat)  # fmt: skip
        if is_seat_label(name):
            raise NameRefused(
                tr("{name} would be mistaken for a seat number in the score; choose another name", name=repr(name)),
                seat,
            )
        taken[key] = seat
        names[seat] = name
    return names


def is_seat_label(name: str) -> bool:
    """Whether ``name`` reads as the label of an unnamed seat ("Seat 3", "seat 3", "3 号座位", "3号座位"): the
    words the score and the pages show for a seat with no name, in any language, whatever the case and spacing."""
    bare = "".join(name.split()).casefold()
    for lang in LANGS:
        before, mark, after = "".join(t(lang, "Seat {seat}", seat="\0").split()).casefold().partition("\0")
        number = bare[len(before) : len(bare) - len(after)]
        if mark and bare.startswith(before) and bare.endswith(after) and number.isdigit():
            return True
    return False


def _at(where: str, problem: str) -> str:
    """``where: problem`` (a file and a JSON pointer, a role's text) in the current language."""
    return tr("{where}: {problem}", where=where, problem=problem)


def _in(source: str, pointer: str) -> str:
    """``source: /players/1/aim``: a place in a table (its file, or what the table is called, and a JSON pointer)
    in the current language, as a record and its pointer are named (in Chinese ``t.json：/players/1/aim``)."""
    return tr("{label}: {pointer}", label=source, pointer=pointer)


def _json(value: Any, limit: int = 60, quote: Callable[[Any], str] | None = None) -> str:
    """A value of a table inside a message, as the table's JSON writes it (``true``, ``["3"]``), cut short;
    ``quote``: written by that function instead (``repr``: a name as the other messages about names quote it)."""
    text = quote(value) if quote is not None else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------- roles, from their text


@dataclass(frozen=True)
class RoleRules:
    """What a role does, compiled from its record and its parsed text."""

    id: str
    name: str
    team: str
    armed: bool
    guns: int  # how many players it may point at (你有 N 把枪; else 1)
    protects: bool  # its aim protects instead of shooting
    marks: bool  # places shot cards instead of pointing (Sniper)
    public: bool
    counts_as: frozenset[str]  # itself and every 你视为<角色>
    evaluate: Callable[[_Context, int], None]  # the compiled conditions and results of text and win
    shoots: bool = field(init=False)
    counts_strict: frozenset[str] = field(init=False)  # counts_as without 视为旁观者 (C6 option off)
    aims_crossfire: tuple[int, ...] = field(init=False)  # allowed numbers of aims in crossfire mode (the Enforcer: 1
    # or 2, at different players; seed 003 "可同时指向两名不同玩家": it may, and the card says so)
    aims_sniper: tuple[int, ...] = field(init=False)  # ... in sniper mode, when not marked
    agents_volley: bool = field(init=False)  # fires with the agents (C2)
    is_vip: bool = field(init=False)

    def __post_init__(self) -> None:
        shoots = self.armed and not self.protects and not self.marks
        object.__setattr__(self, "shoots", shoots)
        strict = self.counts_as if self.id == BYSTANDER else self.counts_as - {BYSTANDER}
        object.__setattr__(self, "counts_strict", strict)
        aims = tuple(range(1, self.guns + 1)) if shoots or self.protects else (0, 1)
        object.__setattr__(self, "aims_crossfire", aims)
        object.__setattr__(self, "aims_sniper", (1,) if shoots and ASSASSIN in self.counts_as else (0,))
        object.__setattr__(self, "agents_volley", shoots and AGENT in self.counts_as)
        object.__setattr__(self, "is_vip", VIP in self.counts_as)


def _label(kind: str, record_id: str) -> str:
    """``crossfire role 'decoy'``: a record inside a message, as lint names it, in the current language."""
    lang = current_lang()
    return tr("{game} {kind} {id}", game=word("game", "crossfire", lang), kind=tc(lang, "record kind", kind),
              id=repr(record_id))  # fmt: skip


def _form(node: A.Node) -> str:
    """A form of the ability language inside a message, as ``text.form.unsupported`` names it: its words in the card
    text (``你抽 1 张牌``), in another language with the English words after them, never the engine's class name."""
    from toolkit.engine.forms import form_words

    zh, en = form_words(("node", type(node).__name__), node)
    return zh if current_lang() == "zh-Hans" or en == zh else f"{zh} ({en})"


_TRAIT_NODES = (A.Guns, A.Protect, A.SniperMarks, A.PublicRole, A.CountsAs)
"""The standing sentences of a role's text: what the role is (:class:`RoleTraits`), not what it wins by."""


@dataclass(frozen=True)
class RoleTraits:
    """What a role's own text says it is, as the engine reads it (:func:`compile_role`): ``你有 N 把枪…`` (its
    guns: the last such sentence, else 1), ``你不射击；你保护你指向的玩家…`` (protects), the Sniper's shot cards
    (marks), ``你的角色公开`` (public) and ``你视为<角色>`` (the roles it counts as, in text order). ``said``: each of
    those sentences' effect with the pointer of the text that holds it (``/text/1``, ``/win/0``), in text order."""

    guns: int = 1
    protects: bool = False
    marks: bool = False
    public: bool = False
    counts_as: tuple[str, ...] = ()
    said: tuple[tuple[str, A.Node], ...] = ()

    def first(self, kind: type[A.Node]) -> tuple[str, A.Node] | None:
        """The pointer and effect of the first sentence of class ``kind`` (None: the text has none)."""
        return next((item for item in self.said if type(item[1]) is kind), None)

    def last(self, kind: type[A.Node]) -> tuple[str, A.Node] | None:
        """The pointer and effect of the last sentence of class ``kind`` (the one the engine goes by for guns)."""
        return next((item for item in reversed(self.said) if type(item[1]) is kind), None)


def _traits(said: list[tuple[str, A.Node]]) -> RoleTraits:
    guns = 1
    protects = marks = public = False
    counts_as: list[str] = []
    for _, effect in said:
        if isinstance(effect, A.Guns):
            guns = effect.count
        elif isinstance(effect, A.Protect):
            protects = True
        elif isinstance(effect, A.SniperMarks):
            marks = True
        elif isinstance(effect, A.PublicRole):
            public = True
        elif isinstance(effect, A.CountsAs) and effect.role not in counts_as:
            counts_as.append(effect.role)
    return RoleTraits(guns, protects, marks, public, tuple(counts_as), tuple(said))


def role_traits(record: CrossfireRole) -> RoleTraits | None:
    """What the text (``text`` and ``win``) of ``record`` says the role is, as :func:`compile_role` reads it, without
    compiling its conditions (lint's check of the fields that repeat it: ``guns``, ``protects``, ``marks``,
    ``counts_as``). Each text is parsed through the parse cache (lint has just parsed them). None when a text does
    not parse or is no plain sentence: the role cannot be run, and lint reports that text itself."""
    said: list[tuple[str, A.Node]] = []
    for field_name, texts in (("text", record.text), ("win", record.win)):
        for index, text in enumerate(texts):
            try:
                ability = parse_cached(text)
            except AbilitySyntaxError:
                return None
            if ability.kind != "effect":
                return None
            for sentence in ability.sentences:
                for effect in sentence.effects:
                    if isinstance(effect, _TRAIT_NODES):
                        said.append((f"/{field_name}/{index}", effect))
    return _traits(said)


def compile_role(record: CrossfireRole, path: Path | str | None = None) -> RoleRules:
    """Parse a role's ``text`` and ``win`` and compile them; bad text is a DossierError naming the record's file
    (``path``, where it is known, as the caller shows files) and the text, as lint does. What the role is comes from
    its text (:class:`RoleTraits`), but ``armed`` (the 持械 mark), which the text does not say."""
    said: list[tuple[str, A.Node]] = []
    rules: list[tuple[str, list[str]]] = []
    label = _label("role", record.id)
    for field_name, texts in (("text", record.text), ("win", record.win)):
        for index, text in enumerate(texts):
            pointer = f"/{field_name}/{index}"
            where = tr("{label}: {pointer}", label=label, pointer=pointer)
            if path is not None:
                where = _at(str(path), where)
            try:
                ability = parse_cached(text)
            except AbilitySyntaxError as exc:
                told = exc.for_game("crossfire")  # (as lint says it: the words a crossfire text may write)
                problem = tr(
                    "{label}: {pointer}: column {column} of the text: {problem}",
                    label=label,
                    pointer=pointer,
                    column=told.column,
                    problem=told.summary(located=False),
                )
                raise DossierError(problem if path is None else _at(str(path), problem), exit_code=1) from None
            if ability.kind != "effect":
                raise DossierError(
                    _at(where, tr("a crossfire ability is a plain sentence, not {kind}", kind=repr(ability.kind))),
                    exit_code=1,
                )
            for sentence in ability.sentences:
                for effect in sentence.effects:
                    if isinstance(effect, _TRAIT_NODES):
                        said.append((pointer, effect))
                    elif isinstance(effect, A.If):
                        rules.append((_condition(effect.condition, where), _results(effect.effects, where)))
                    else:
                        rules.append(("True", _results((effect,), where)))
    traits = _traits(said)
    return RoleRules(
        id=record.id,
        name=record.name.zh_hans,
        team=record.team,
        armed=record.armed,
        guns=traits.guns,
        protects=traits.protects,
        marks=traits.marks,
        public=traits.public,
        counts_as=frozenset((record.id, *traits.counts_as)),
        evaluate=_compile_rules(record.id, rules),
    )


def _condition(cond: A.Node, where: str) -> str:
    """A Python expression for a condition, over ``ctx`` (the table) and ``i`` (the player)."""
    if isinstance(cond, A.TeamWon):
        return f"ctx.team == {cond.team!r}"
    if isinstance(cond, A.YouShot):
        return "ctx.hit[i]"
    if isinstance(cond, A.YouNotShot):
        return "not ctx.hit[i]"
    if isinstance(cond, A.YouHit):
        return f"any({cond.role!r} in ctx.counts[j] for j in ctx.hits_of.get(i, ()))"
    if isinstance(cond, A.NoneShot):
        return f"not any(h and {cond.role!r} in c for h, c in zip(ctx.hit, ctx.counts))"
    if isinstance(cond, A.All):
        return " and ".join(f"({_condition(p, where)})" for p in cond.parts)
    game = word("game", "crossfire", current_lang())
    raise DossierError(
        _at(where, tr("the condition {form} is not run by the {game} engine", form=_form(cond), game=game)),
        exit_code=1,
    )


_RESULTS: dict[type, str] = {
    A.Win: "ctx.winners.add(i)",
    A.Lose: "ctx.losers.add(i)",
    A.SoleWin: "ctx.sole.add(i)",
    A.ShooterLoses: "ctx.losers.update(ctx.hit_by.get(i, ()))",
}


def _results(effects: Iterable[A.Node], where: str) -> list[str]:
    statements = []
    for effect in effects:
        statement = _RESULTS.get(type(effect))
        if statement is None:
            game = word("game", "crossfire", current_lang())
            problem = tr("{form} is not run by the {game} engine", form=_form(effect), game=game)
            raise DossierError(_at(where, problem), exit_code=1)
        statements.append(statement)
    return statements


def _compile_rules(role_id: str, rules: list[tuple[str, list[str]]]) -> Callable[[_Context, int], None]:
    """One Python function for all of a role's conditions and results.

    The source is generated from the AST only (conditions and results above,
    role ids as literals), so a role costs one call per table, whatever it says.
    """
    lines = ["def evaluate(ctx, i):"]
    for condition, statements in rules:
        lines.append(f"    if {condition}:")
        lines.extend(f"        {statement}" for statement in statements)
    if len(lines) == 1:
        lines.append("    pass")
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<crossfire role {role_id}>", "exec"), namespace)  # noqa: S102 - generated from the AST
    function: Callable[[_Context, int], None] = namespace["evaluate"]
    return function


# ---------------------------------------------------------------- tables


class Table:
    """A validated table: seats, roles, aims (indices into ``seats``), marks, options.

    ``order`` lists the players by seat number; ``vip`` is the VIP's index.
    """

    __slots__ = (
        "mode",
        "seats",
        "roles",
        "aims",
        "marks",
        "options",
        "names",
        "sniper",
        "order",
        "vip",
        "agents",
        "others",
        "protectors",
    )

    def __init__(
        self,
        mode: str,
        seats: list[int],
        roles: list[RoleRules],
        aims: list[tuple[int, ...]],
        marks: tuple[int, ...],
        options: dict[str, bool],
        names: list[str | None],
        sniper: bool,
        vip: int,
    ) -> None:
        self.mode = mode
        self.seats = seats
        self.roles = roles
        self.aims = aims
        self.marks = marks
        self.options = options
        self.names = names
        self.sniper = sniper
        self.vip = vip
        ordered = all(a < b for a, b in zip(seats, seats[1:]))  # noqa: B905 - lengths differ by one
        order = list(range(len(seats))) if ordered else sorted(range(len(seats)), key=seats.__getitem__)
        self.order = order
        self.agents: list[int] = []  # the agents' volley, in seat order (C2)
        self.others: list[int] = []  # the other armed shooters, in seat order
        self.protectors: list[int] = []
        for i in order:
            role = roles[i]
            if role.shoots:
                (self.agents if role.agents_volley else self.others).append(i)
            elif role.protects:
                self.protectors.append(i)


@dataclass
class Outcome:
    """The result of one table: the team the shooting decides, who was shot, who won (seat numbers).

    ``sole``: the seats that won alone by their own condition (the Bomber not hit, RULINGS C8): then they are the
    only winners and ``team`` lost with everyone else; ``team`` still says what the shooting decided (the script's
    step reads it out as the team that would have won)."""

    team: str
    shot: list[int]
    winners: list[int]
    hits: dict[int, list[int]] = field(default_factory=dict, repr=False)  # by player index
    seats: list[int] = field(default_factory=list, repr=False)
    # the bullets protectors cancelled, in firing order: (player protected, shooter, protector), by player index
    saved: list[tuple[int, int, int]] = field(default_factory=list, repr=False)
    sole: list[int] = field(default_factory=list)

    @property
    def hit_by(self) -> dict[int, list[int]]:
        """Seat hit -> the seats whose bullets (or shot cards) reached it."""
        seats = self.seats
        return {seats[i]: sorted(seats[j] for j in by) for i, by in self.hits.items()}

    @property
    def team_wins(self) -> bool:
        """Does ``team`` win the round (no one won alone, RULINGS C8)?"""
        return not self.sole

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "shot": self.shot, "winners": self.winners}


# The moderator's script, line by line: crossfire mode as seed 003 §三 words it (the dealer reads it out after
# the shooting), sniper mode from the resolution of §四; the last line, the personal conditions, ends both.
SCRIPT: dict[str, str] = {
    "unarmed": N_("Everyone who is not armed, lower your hand."),
    "agents": N_("Agents, reveal your role cards."),
    "agents_hit": N_("Whoever the Agents hit, lower your hand and reveal your role card."),
    "vip": N_("VIP, reveal your role card. Were you hit?"),
    "marks": N_("Everyone with one of the Sniper's shot cards in front of them is hit: reveal your role card."),
    "assassins": N_(
        "Assassins not hit, reveal your role cards. The Sniper counts 3, 2, 1: each of you points at one player."
    ),
    "reveal": N_("Everyone, reveal your role card. Did the Assassins hit the VIP and no Bystander?"),
    "personal": N_("Last, each role's own win condition: the Decoys, the Bomber and the others."),
}


def script_keys(sniper: bool) -> tuple[str, ...]:
    """The lines of the script, in the order the moderator reads them (sniper mode: the second and third only
    when the shot cards did not decide the game)."""
    if sniper:
        return ("marks", "assassins", "reveal", "personal")
    return ("unarmed", "agents", "agents_hit", "vip", "personal")


@dataclass
class Step:
    """One line of the moderator's script (:data:`SCRIPT`) and what it brings out at the table, by seat."""

    key: str  # the line, a key of SCRIPT
    seats: list[int] = field(default_factory=list)  # whom it speaks to: hands lowered, cards turned, the winners
    hits: dict[int, list[int]] = field(default_factory=dict)  # seat hit now -> the seats whose bullets reached it
    saved: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, shooter, protector): a bullet cancelled
    team: str | None = None  # the team this step decides
    # seat -> the role record of a player who won alone by their own condition (C8): on the step that decides the
    # team (which then only would have won) and on the last one
    sole: dict[int, Any] = field(default_factory=dict)

    @property
    def line(self) -> str:
        """The line in English (the message to translate)."""
        return SCRIPT[self.key]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "seats": self.seats}
        data["hits"] = [{"seat": seat, "by": by} for seat, by in self.hits.items()]
        data["protected"] = [{"seat": seat, "from": shooter, "by": by} for seat, shooter, by in self.saved]
        if self.team is not None:
            data["team"] = self.team
        if self.sole:
            data["sole"] = list(self.sole)
        return data


# A player who won alone by their own condition (the Bomber not hit, RULINGS C8): the team the shooting decided
# only would have won. The step that decides the team says so, in these words instead of "{team} wins".
WOULD_WIN: dict[str, str] = {
    "the VIP is hit: {team} wins": N_("the VIP is hit: {team} would win"),
    "the VIP is not hit: {team} wins": N_("the VIP is not hit: {team} would win"),
    "the Sniper hit a Bystander or the VIP: {team} wins": N_("the Sniper hit a Bystander or the VIP: {team} would win"),
    "every Assassin is hit: {team} wins": N_("every Assassin is hit: {team} would win"),
    "the Assassins hit the VIP and no Bystander: {team} wins": N_(
        "the Assassins hit the VIP and no Bystander: {team} would win"
    ),
    "the Assassins did not hit the VIP, or hit a Bystander: {team} wins": N_(
        "the Assassins did not hit the VIP, or hit a Bystander: {team} would win"
    ),
}
BUT_ALONE = Nn_("{said}, but {winners} wins alone and every other player loses",
                "{said}, but only {winners} win and every other player loses")  # fmt: skip
ALONE = Nn_("{winners} wins alone and every other player loses", "only {winners} win and every other player loses")
TEAM_NONE = Nn_("team: none; {winners} wins alone", "team: none; only {winners} win")


def sole_winners(sole: Mapping[int, Any], who: Callable[[int], str], lang: str) -> str:
    """The players who won alone (seat -> role record), each with the role that won it (``the Bomber at
    seat 5 (Ed)``), in ``lang`` (``who``: a seat as the output names it), for :data:`BUT_ALONE`, :data:`ALONE` and
    :data:`TEAM_NONE`."""
    return t(lang, ", ").join(
        t(lang, "the {role} at {seat}", role=name_of(record, lang), seat=who(seat)) for seat, record in sole.items()
    )


def step_lines(step: Step, who: Callable[[int], str], lang: str) -> list[str]:
    """What a step of the script brought out, in ``lang``, a line each (``who``: a seat as the output names it):
    the hands lowered or cards turned, each player hit and by whom, each bullet a protector cancelled, the team
    the step decides, the winners."""
    sep = t(lang, ", ")

    def seats(numbers: Iterable[int]) -> str:
        return sep.join(map(who, numbers)) or "-"

    lines = []
    if step.key == "unarmed":
        lines.append(t(lang, "hands down: {seats}", seats=seats(step.seats)))
    elif step.key in ("agents", "assassins"):
        lines.append(t(lang, "revealed: {seats}", seats=seats(step.seats)))
    elif step.key == "personal":
        if step.sole:  # RULINGS C8: the moderator announces these winners, and that everyone else lost
            lines.append(t(lang, ALONE.counted(len(step.sole)), winners=sole_winners(step.sole, who, lang)))
        else:
            lines.append(t(lang, "winners: {seats}", seats=seats(step.seats)))
    for seat, by in step.hits.items():
        lines.append(t_beside(lang, "{seat} hit by {seats}", seat=who(seat), seats=seats(by)))
    for seat, shooter, protector in step.saved:
        lines.append(t_beside(lang, "{seat} protected by {protector} against the bullet of {shooter}", seat=who(seat),
                       protector=who(protector), shooter=who(shooter)))  # fmt: skip
    if step.key in ("agents_hit", "marks") and not step.hits and not step.saved:  # (marks: no shot card placed)
        lines.append(t(lang, "no one is hit"))
    if step.team is not None:
        team = word("team", step.team, lang)
        red = step.team == "red"
        if step.key == "vip":
            said = N_("the VIP is hit: {team} wins") if red else N_("the VIP is not hit: {team} wins")
        elif step.key == "marks":
            said = (
                N_("the Sniper hit a Bystander or the VIP: {team} wins")
                if red
                else N_("every Assassin is hit: {team} wins")
            )
        elif red:
            said = N_("the Assassins hit the VIP and no Bystander: {team} wins")
        else:
            said = N_("the Assassins did not hit the VIP, or hit a Bystander: {team} wins")
        if step.sole:  # a player won alone (C8): the team only would have won, and everyone else lost
            would = t(lang, WOULD_WIN[said], team=team)
            lines.append(t(lang, BUT_ALONE.counted(len(step.sole)), said=would,
                           winners=sole_winners(step.sole, who, lang)))  # fmt: skip
        else:
            lines.append(t(lang, said, team=team))
    return lines


# ---------------------------------------------------------------- the end of a round, seat by seat


@dataclass(frozen=True)
class Why:
    """One reason a seat won or lost (:meth:`Crossfire.report`): a sentence of a role's text and whether its
    condition held. ``of``: the seat whose text it is when not the seat's own (the Protester this seat hit: "the
    player who hit you loses"); ``sentence`` None: the player at ``of`` won alone (RULINGS C8), so this seat lost."""

    met: bool
    sentence: A.Node | None
    of: int | None = None  # (sentence None: the seat that won alone)


@dataclass
class SeatReport:
    """What the end of a round says of one seat: what it pointed at and what that did, who hit it, whose protection
    cancelled a bullet aimed at it, and why it won or lost (``why``: the sentences of its text whose condition held,
    the ways to win that did not, for a seat that lost, and another player's text that made it lose)."""

    seat: int
    role: str  # the role's id
    does: str  # "shoots", "protects", "marks" (the Sniper's shot cards) or "unarmed"
    aims: list[int]  # the seats it pointed at (the Sniper: the seats its shot cards were put before)
    fired: bool  # its bullets left: not for a shooter an Agent hit first (C2), nor one that did not point in sniper
    # mode (a marked Assassin, every one once the shot cards decided, any other role: C9)
    hit_by: list[int]
    saved: list[tuple[int, int]]  # (shooter, protector): a bullet aimed at this seat that a protector cancelled
    wins: bool
    sniper: bool = False  # a table of sniper mode
    why: list[Why] = field(default_factory=list)


# what a result of a role's text does to the round's winners, for Why (the effects _RESULTS compiles)
_WHY_KINDS: dict[type, str] = {A.Win: "win", A.Lose: "lose", A.SoleWin: "sole", A.ShooterLoses: "shooter"}


def aims_line(report: SeatReport, who: Callable[[int], str], lang: str) -> str:
    """What a seat pointed at and what that did, in ``lang`` (``who``: a seat as the output names it): the seats,
    and why they did nothing where they did nothing (unarmed, hit by an Agent before firing, the shot cards
    decided); a protector's "protects …", the Sniper's shot cards."""
    seats = t(lang, ", ").join(map(who, report.aims))
    if report.does == "marks":
        return t_beside(lang, "shot cards in front of {seats}", seats=seats) if report.aims else t(lang, "no shot card")
    if not report.aims:
        return "—"
    if report.does == "protects":
        return t_beside(lang, "protects {seats}", seats=seats)
    if report.does == "unarmed":
        return t(lang, "{seats} (unarmed: no effect)", seats=seats)
    if not report.fired:  # C2: an Agent's bullet reached it first; C9: the shot cards decided, no one fired
        if report.hit_by and report.does == "shoots" and not report.sniper:
            return t(lang, "{seats} (hit by an Agent first: did not fire)", seats=seats)
        return t(lang, "{seats} (did not fire)", seats=seats)
    return seats


def why_lines(
    report: SeatReport, who: Callable[[int], str], lang: str, records: Mapping[str, Any], roles: Mapping[int, str]
) -> list[str]:
    """Why a seat won or lost, a line each, in ``lang``: each sentence of its role's text whose condition held
    (``Met: "…"``), each way to win that did not (``Not met: "…"``), the text of a player it hit that made it lose,
    and that another player won alone (RULINGS C8). ``records``: role id -> record; ``roles``: seat -> role id."""
    from toolkit.text.render import render

    def said(node: A.Node) -> str:
        return render(A.Sentence((node,)), lang)

    lines = []
    alone = {}  # the seats that won alone (C8), so that this one lost
    for reason in report.why:
        if reason.sentence is None:
            if reason.of is not None:
                alone[reason.of] = records[roles[reason.of]]
        elif reason.of is not None:
            lines.append(t_beside(lang, 'hit {seat} ({role}): "{sentence}"', seat=who(reason.of),
                                  role=name_of(records[roles[reason.of]], lang), sentence=said(reason.sentence)))  # fmt: skip
        elif reason.met:
            lines.append(t(lang, 'Met: "{sentence}"', sentence=said(reason.sentence)))
        else:
            lines.append(t(lang, 'Not met: "{sentence}"', sentence=said(reason.sentence)))
    if alone:
        lines.append(t(lang, ALONE.counted(len(alone)), winners=sole_winners(alone, who, lang)))
    return lines


class _Context:
    __slots__ = ("team", "hit", "hit_by", "hits_of", "counts", "winners", "losers", "sole", "saved")

    def __init__(self, n: int, counts: list[frozenset[str]]) -> None:
        self.team = "blue"
        self.hit = [False] * n
        self.hit_by: dict[int, list[int]] = {}  # target -> shooters whose bullets reached it
        self.hits_of: dict[int, list[int]] = {}  # shooter -> targets it hit
        self.counts = counts
        self.winners: set[int] = set()
        self.losers: set[int] = set()
        self.sole: set[int] = set()
        self.saved: list[tuple[int, int, int]] = []  # (target, shooter, protector): bullets cancelled


# ---------------------------------------------------------------- the game


@dataclass
class Deal:
    """The result of the deal: who holds which role and which cards each player saw."""

    mode: str
    seed: int
    dealer: int
    roles: dict[int, str]  # seat -> final role
    seen: dict[int, list[str]]  # seat -> the role of each look at a card, in order (a card back again: again; a
    # public role such as the Sniper takes no part in the deal and sees none)
    shuffles: list[tuple[int, tuple[int, int, int]]]  # (shuffler seat, the three seats)
    public: dict[int, str]  # seat -> public role (the Sniper)
    setup: dict[str, int]
    sniper: bool = False  # the mode's Sniper places shot cards (a table of it has "marks")

    def to_json(self, names: Mapping[int, str] | None = None) -> dict[str, Any]:
        """The deal as a table to fill in: each player's ``aim`` (and in sniper mode the ``marks``)
        start empty; ``names`` (seat -> name) add each player's ``name``."""
        players: list[dict[str, Any]] = []
        for seat in sorted(self.roles):
            player: dict[str, Any] = {"seat": seat}
            if names and seat in names:
                player["name"] = names[seat]
            player.update(role=self.roles[seat], public=seat in self.public, seen=self.seen[seat], aim=[])
            players.append(player)
        data: dict[str, Any] = {
            "mode": self.mode,
            "seed": self.seed,
            "dealer": self.dealer,
            "setup": self.setup,
            "shuffles": [{"by": by, "seats": list(seats)} for by, seats in self.shuffles],
            "players": players,
        }
        if self.sniper:
            data["marks"] = []
        return data


def is_unfilled_deal(head: bytes) -> bool:
    """Is ``head`` (a file's bytes) a deal as ``deal --out`` writes it, every aim and mark still empty?

    ``deal --out`` replaces only such a file: a table whose aims a user filled in, or any other
    file, is kept (see :func:`toolkit.safewrite.check_replaceable`).
    """
    from toolkit.safewrite import json_object

    return json_object(_unfilled_deal)(head)


def _unfilled_deal(data: dict[str, Any]) -> bool:
    if not set(DEAL_KEYS) <= set(data) or data.get("marks"):
        return False
    players = data.get("players")
    return isinstance(players, list) and all(isinstance(p, dict) and not p.get("aim") for p in players)


class Crossfire:
    """The rules of Crossfire over a set of role and mode records."""

    def __init__(
        self,
        roles: Iterable[CrossfireRole],
        modes: Iterable[CrossfireMode],
        files: Callable[[Any], Path | str | None] | None = None,
    ) -> None:
        """``files``: a record -> the file it was read from (:meth:`toolkit.catalog.Catalog.file_of`, or that file
        as the caller shows it), to name in the one-line error a bad role text or mode raises.

        A role whose text the engine cannot run (a form lint only warns of, ``text.form.unsupported``, or a text that
        does not parse) is left out when no mode's composition or public roles need it: it is in :attr:`unrunnable`,
        not in :attr:`records` nor :attr:`roles`, no set-up deals it and no special role offers it, and a table or a
        special role that asks for it is refused with the problem (:meth:`left_out`). A role a mode needs is the
        error it was, naming its file: no table of that mode could be dealt."""
        file_of = self._file_of = files or (lambda record: None)
        self.records: dict[str, CrossfireRole] = {}
        self.roles: dict[str, RoleRules] = {}
        self.unrunnable: dict[str, CrossfireRole] = {}
        for rid, record in {r.id: r for r in roles}.items():
            try:
                self.roles[rid] = compile_role(record)
            except DossierError:
                self.unrunnable[rid] = record
            else:
                self.records[rid] = record
        self.modes = {m.id: m for m in modes}
        needed = {role for m in self.modes.values() for c in m.compositions for role in c.roles}
        needed.update(role for m in self.modes.values() for role in m.public_roles)
        for rid in self.unrunnable:
            if rid in needed:
                raise DossierError(self.unrunnable_problem(rid), exit_code=1)
        if not self.modes:
            raise DossierError(tr("no crossfire modes in the data"))
        for mode in self.modes.values():
            problem = self._mode_problem(mode)
            if problem is not None:
                path = file_of(mode)
                raise DossierError(problem if path is None else _at(str(path), problem), exit_code=1)
        # (mode id, players, special role ids sorted) -> the set-up (simulate asks for it once a table)
        self._setups: dict[tuple[str, int, tuple[str, ...]], dict[str, int]] = {}
        self._mode_info: dict[str, tuple[bool, dict[str, bool]]] = {
            m.id: (self.is_sniper_mode(m.id), {name: bool(getattr(m, name)) for name in OPTIONS})
            for m in self.modes.values()
        }
        self._dealt = {m.id: _dealt_roles(m) for m in self.modes.values()}
        # (mode id, sorted (role, copies)) -> why that role mix is no set-up of the mode (None: it is one)
        self._mixes: dict[tuple[str, tuple[tuple[str, int], ...]], str | None] = {}
        # a mode's name a table gave -> its id (None: no mode), read once (:meth:`_mode_id_of`)
        self._mode_ids: dict[str, str | None] = {}
        # role id -> its sentences that decide a round, each with a test of its condition (:meth:`report`)
        self._why_sentences: dict[str, list[tuple[A.Node, Callable[[_Context, int], Any], frozenset[str]]]] = {}

    @classmethod
    def from_records(cls, records: Iterable[Any], files: Callable[[Any], Path | str | None] | None = None) -> Crossfire:
        records = list(records)
        return cls(
            [r for r in records if getattr(r, "kind", None) == "role" and r.game == "crossfire"],
            [r for r in records if getattr(r, "kind", None) == "mode" and r.game == "crossfire"],
            files,
        )

    def unrunnable_problem(self, role_id: str) -> str:
        """Why the engine cannot run the text of ``role_id`` (one of :attr:`unrunnable`), in the current language,
        naming its file as ``files`` gave it: the error that role would raise."""
        record = self.unrunnable[role_id]
        try:
            compile_role(record, self._file_of(record))
        except DossierError as exc:
            return exc.message
        return role_id  # (not reached: the role did not compile)

    def left_out(self, role_id: str) -> str:
        """That no table deals ``role_id`` (one of :attr:`unrunnable`), and why, in the current language: what
        `crossfire deal` warns of once, the moderator's page names, and a table or special role asking for it is
        refused with."""
        # TRANSLATORS: {problem} is the role's file, the role and what in its text the engine cannot run
        return tr(
            "left out of every table (its text cannot be run): {problem}", problem=self.unrunnable_problem(role_id)
        )

    def _unrunnable_id(self, name: str) -> str | None:
        """The role of :attr:`unrunnable` that ``name`` names (its id, or a name in any language, any case)."""
        wanted = name.strip().casefold()
        return next(
            (rid for rid, r in self.unrunnable.items() if wanted == rid.casefold() or wanted in _names(r)), None
        )

    def _mode_problem(self, mode: CrossfireMode) -> str | None:
        """What makes ``mode`` unable to deal, as lint says it of the mode's file (a role that is no role, a
        composition of the wrong size, without an Assassin, without exactly one VIP or against a rule of the mode's
        own: :func:`~toolkit.models.crossfire.composition_problems`, a substitution that changes the player count);
        None when it can deal. The first problem only: ``dossier lint`` lists them all."""
        label = _label("mode", mode.id)
        known = self.roles

        def missing(message: str) -> str:
            return tr("{label}: {problem}", label=label, problem=message)

        for composition in mode.compositions:
            for role in composition.roles:
                if role not in known:
                    return missing(tr("role {role} does not exist", role=repr(role)))
        for sub in mode.substitutions:
            named = [sub.role, *sub.add, *(role for removal in sub.remove for role in removal.roles)]
            for role in named:
                if role not in known and role not in self.unrunnable:  # (an unrunnable one is refused when asked)
                    return missing(tr("substitution names role {role}, which does not exist", role=repr(role)))
        for role in mode.public_roles:
            if role not in known:
                return missing(tr("public role {role} does not exist", role=repr(role)))
        for composition in mode.compositions:
            total = sum(composition.roles.values())
            if total != composition.players:
                return trn(
                    "{label}: the {players}-player composition deals {n} role",
                    "{label}: the {players}-player composition deals {n} roles",
                    total,
                    label=label,
                    players=composition.players,
                )
        # no Assassin, not exactly one VIP (seed 003 §二), a rule of the mode's own broken: as lint says it
        vips = {role for role in known if VIP in known[role].counts_as}
        assassins = {role for role in known if ASSASSIN in known[role].counts_as}
        found = composition_problems(mode, vips, assassins, self._role_word)
        if found:
            return missing(found[0][2])
        for sub in mode.substitutions:
            added, removed = sum(sub.add.values()), sum(r.count for r in sub.remove)
            if added != removed:
                return tr(
                    "{label}: substitution for {role} adds {added} and removes {removed} roles; "
                    "the player count must not change",
                    label=label,
                    role=repr(sub.role),
                    added=added,
                    removed=removed,
                )
        return None

    def mode(self, mode_id: str) -> CrossfireMode:
        """The mode ``mode_id`` names: its id, or its name in either language, any case (``sniper``, ``Sniper
        mode``, ``狙击手模式``), as ``deck new --mode`` and a deck's ``mode`` read one
        (:meth:`toolkit.decks.names.NameIndex.mode_id`); an unknown one is a :class:`RequestError` of ``mode``."""
        mode = self.modes.get(mode_id)
        if mode is None and isinstance(mode_id, str):
            named = self._mode_names().mode_id(mode_id.strip(), "crossfire")
            mode = self.modes.get(named) if named is not None else None
        if mode is None:
            raise RequestError(
                tr(
                    "unknown mode {mode}; the crossfire modes are {modes}",
                    mode=repr(mode_id),
                    modes=tr(", ").join(sorted(self.modes)),
                ),
                "mode",
            )
        return mode

    def _mode_id_of(self, name: str) -> str | None:
        """The id of the mode ``name`` names, as :meth:`mode` reads it (None: no mode); worked out once per name."""
        ids = self._mode_ids
        if name in ids:
            return ids[name]
        try:
            found: str | None = self.mode(name).id
        except RequestError:
            found = None
        if len(ids) > 256:  # (the names of a long run of hand-written tables: few kept)
            ids.clear()
        ids[name] = found
        return found

    def _mode_names(self) -> Any:
        """The modes' names and ids, read as a deck's ``mode`` is (:class:`toolkit.decks.names.NameIndex`)."""
        index = getattr(self, "_mode_index", None)
        if index is None:
            from toolkit.decks.names import NameIndex

            index = self._mode_index = NameIndex(self.modes.values())
        return index

    def role(self, role_id: str, where: str) -> RoleRules:
        """The role a table names (``where``: its place, for the error): its id, or its name in either language,
        any case (``VIP``, ``Agent``, ``特工``), as deck lists and ``--special`` name one (:class:`NameIndex`); an
        unknown one is a :class:`TableError` listing the roles, with the names closest to it."""
        role = self.roles.get(role_id)
        if role is not None:
            return role
        index = self._role_names()
        found = {str(r.id) for r in index.lookup(role_id, "crossfire", "role") if r.id in self.roles}
        if len(found) == 1:
            return self.roles[found.pop()]
        skipped = self._unrunnable_id(role_id)
        if skipped is not None:
            raise TableError(_at(where, self.left_out(skipped)))
        close = [str(r.id) for r in index.find(role_id, "crossfire", "role")] or [
            str(r.id) for name in index.suggestions(role_id, "crossfire", kind="role")
            for r in index.lookup(name, "crossfire", "role")
        ]  # fmt: skip
        shown = list(dict.fromkeys(self._role_word(c) for c in close if c in self.roles))[:3]
        hint = tr("; did you mean {ids}?", ids=tr(", ").join(repr(s) for s in shown)) if shown else ""
        roles = tr(", ").join(sorted(self.roles))
        message = tr("unknown role {role}; the roles are {roles}", role=repr(role_id), roles=roles)
        raise TableError(_at(where, message + hint))

    def _role_names(self) -> Any:
        """The roles' names and ids, read as names are read everywhere (:class:`toolkit.decks.names.NameIndex`:
        folded, either language); made when a table first names a role by other than its id."""
        from toolkit.decks.names import NameIndex

        index: NameIndex | None = getattr(self, "_role_index", None)
        if index is None:
            index = self._role_index = NameIndex(self.records.values())
        return index

    def _role_word(self, role_id: str) -> str:
        """A role inside an error message: its name in the current language (its id when there is no such role)."""
        record = self.records.get(role_id) or self.unrunnable.get(role_id)
        return role_id if record is None else name_of(record, current_lang())

    def _mode_word(self, mode_id: str) -> str:
        """A mode inside an error message: its id in English, else its name in the current language."""
        lang = current_lang()
        mode = self.modes.get(mode_id)
        return mode_id if lang == "en" or mode is None else name_of(mode, lang)

    # -- set-up and deal

    def _count_refusal(self, mode: CrossfireMode, players: int) -> str:
        """Why ``players`` cannot sit at a table of ``mode`` (no composition for that count), as `deal` says it."""
        return count_refusal(mode, players)

    def _role_refusal(self, mode: CrossfireMode, role_id: str, players: int) -> str:
        """Why ``mode`` never deals ``role_id`` to ``players`` players, as `deal` says it of a special role."""
        joins = next((s for s in mode.substitutions if role_id == s.role or role_id in s.add), None)
        special = joins.role if joins is not None else role_id
        return join_refusal(mode, special, players, self._role_word) or ""

    def special_id(self, name: str) -> str:
        """The id of the role ``name`` (an id, or a name in any language, any case); unknown names are refused."""
        wanted = name.strip().casefold()
        if wanted in self.roles:
            return wanted
        found = sorted(
            {role_id for role_id, record in self.records.items()
             if getattr(record, "kind", None) == "role" and wanted in _names(record)}
        )  # fmt: skip
        if len(found) == 1:
            return found[0]
        skipped = self._unrunnable_id(name)
        if skipped is not None:
            raise RequestError(self.left_out(skipped), "special")
        known = {n: role_id for role_id in self.roles for n in _names(self.records[role_id]) | {role_id}}
        close = difflib.get_close_matches(wanted, list(known), n=3, cutoff=0.6)
        hint = tr("; did you mean {ids}?", ids=tr(", ").join(repr(self._role_word(known[c])) for c in close)) if close else ""
        raise RequestError(tr("no crossfire role is called {name}", name=repr(name)) + hint, "special")

    def setup(self, mode_id: str, players: int, specials: Sequence[str] = ()) -> Counter[str]:
        """The roles for ``players`` in a mode after the special-role substitutions (RULINGS C4, C5), whatever
        the order of ``specials``; a set-up they would leave without an Assassin is refused (seed 003: the red
        team is the Assassins). Every refusal is a :class:`RequestError`."""
        mode = self.mode(mode_id)
        ids = tuple(sorted(self.special_id(s) for s in specials))
        key = (mode.id, players, ids)
        roles = self._setups.get(key)
        if roles is None:
            try:
                roles = role_set(mode, players, ids, self._role_word)
            except SetupError as exc:
                raise RequestError(str(exc), exc.option) from None
            skipped = next((role for role in roles if role in self.unrunnable), None)
            if skipped is not None:  # a special role that adds one
                raise RequestError(self.left_out(skipped), "special")
            if not any(ASSASSIN in self.roles[role].counts_as for role in roles):
                raise RequestError(
                    tr("with {specials} the {n}-player set-up has no {role} left; the red team needs one",
                       specials=tr(", ").join(self._role_word(s) for s in ids), n=players,
                       role=self._role_word(ASSASSIN)),
                    "special",
                )  # fmt: skip
            self._setups[key] = roles
        return Counter(roles)

    def deal(
        self,
        mode_id: str,
        players: int,
        specials: Sequence[str] = (),
        seed: int = 0,
        dealer: int = 1,
        public_seats: Mapping[str, int] | None = None,
    ) -> Deal:
        """Seed 003's deal with RULINGS C1: deal, pass left, then every third player shuffles with both neighbours."""
        mode = self.mode(mode_id)
        roles = self.setup(mode_id, players, specials)
        seats = list(range(1, players + 1))
        if dealer not in seats:
            raise RequestError(tr("dealer seat {seat} is not at a {n}-player table", seat=dealer, n=players), "dealer")
        rng = random.Random(seed)
        public: dict[int, str] = {}
        for role_id in mode.public_roles:
            for _ in range(roles.pop(role_id, 0)):
                wanted = (public_seats or {}).get(role_id)
                free = [s for s in seats if s != dealer and s not in public]
                if wanted is not None:
                    role = self._role_word(role_id)
                    if wanted not in seats:  # as a dealer's seat off the table is said, with the seats there are
                        raise RequestError(
                            tr("the {role} sits at seat {seat}, which is not at a {n}-player table (seats 1 to {n})",
                               role=role, seat=wanted, n=players),
                            "public",
                        )  # fmt: skip
                    if wanted == dealer:  # seed 003: "另选 1 名非狙击手玩家任发牌人"
                        raise RequestError(
                            tr("the {role} sits at seat {seat}, which is not a free non-dealer seat: the dealer sits "
                               "there, and the dealer is a player other than the {role}", role=role, seat=wanted),
                            "public",
                        )  # fmt: skip
                    if wanted not in free:
                        raise RequestError(
                            tr("the {role} sits at seat {seat}, which is not a free non-dealer seat", role=role,
                               seat=wanted),
                            "public",
                        )  # fmt: skip
                    seat = wanted
                else:
                    seat = rng.choice(free)
                public[seat] = role_id
        circle = [s for s in seats if s not in public]
        start = circle.index(dealer)
        circle = circle[start:] + circle[:start]  # clockwise from the dealer
        m = len(circle)
        deck = sorted(roles.elements())
        rng.shuffle(deck)
        cards = list(range(len(deck)))  # physical card ids
        hand: dict[int, int] = {}
        seen: dict[int, list[int]] = {s: [] for s in circle}

        def look(seat: int) -> None:  # one entry per look: at the table two cards of one role look the same
            seen[seat].append(hand[seat])

        for offset in range(m):  # dealt clockwise, starting left of the dealer
            seat = circle[(offset + 1) % m]
            hand[seat] = cards[offset]
            look(seat)
        passed = {circle[(i + 1) % m]: hand[circle[i]] for i in range(m)}  # everyone passes to the left
        hand.update(passed)
        for seat in circle:
            look(seat)
        processed: set[int] = set()
        shuffles: list[tuple[int, tuple[int, int, int]]] = []
        position = 0
        while len(processed) < len(cards) and position < 3 * m:
            trio = (circle[(position - 1) % m], circle[position % m], circle[(position + 1) % m])
            pile = [hand[s] for s in trio]
            rng.shuffle(pile)
            for seat, card in zip(trio, pile, strict=True):
                hand[seat] = card
                look(seat)
            processed.update(pile)
            shuffles.append((circle[position % m], trio))
            position += 3
        final = {seat: deck[hand[seat]] for seat in circle}
        final.update(public)
        seen_roles = {seat: [deck[c] for c in seen[seat]] for seat in circle}
        seen_roles.update({seat: [] for seat in public})  # a public role takes no part in the deal (seed 003)
        setup = dict(sorted(self.setup(mode_id, players, specials).items()))
        sniper = self.is_sniper_mode(mode.id)
        return Deal(mode.id, seed, dealer, dict(sorted(final.items())), seen_roles, shuffles, public, setup, sniper)

    # -- tables

    def table(self, data: Any, source: str = "<table>", set_up: bool = True) -> Table:
        """Validate a table document; every problem is a one-line :class:`TableError` naming the place.

        A fast check handles good tables; anything it doubts goes to the
        thorough check, which names the problem (or accepts the table).
        With ``set_up`` (as `crossfire resolve` reads a table) the role mix must be one the mode deals, as deck
        validate checks a role set (§一, RULINGS C4, C5); without it (a rule scenario) any mix of the roles the
        mode deals at that count is read.
        """
        table = self._fast_table(data, set_up)
        return table if table is not None else self._checked_table(data, source, set_up)

    def _fast_table(self, data: Any, set_up: bool = True) -> Table | None:
        if type(data) is not dict or not TABLE_KEYS.issuperset(data):
            return None
        mode_id = data.get("mode", "crossfire")
        if type(mode_id) is not str:
            return None
        info = self._mode_info.get(mode_id)
        if info is None:  # a mode named by its name (as the thorough check and every --mode read one): its id
            mode_id = self._mode_id_of(mode_id)
            info = self._mode_info.get(mode_id) if mode_id is not None else None
            if info is None or mode_id is None:
                return None
        sniper, options = info  # shared, read-only, unless the table overrides an option
        # (what the thorough check refuses, this one leaves to it: "options" that is no object, null too; "marks"
        # that is no list of seat numbers, where true is no seat 1 nor 5.0 seat 5; never a test of truth)
        raw_options = data.get("options", {})
        if type(raw_options) is not dict:
            return None
        if raw_options:
            options = dict(options)
            for name, value in raw_options.items():
                if name not in options or type(value) is not bool:
                    return None
                options[name] = value
        players = data.get("players")
        if type(players) is not list or not players:
            return None
        dealt = self._dealt[mode_id].get(len(players))  # the roles the mode deals to this many players
        if dealt is None:
            return None
        known = self.roles
        seats: list[int] = []
        roles: list[RoleRules] = []
        names: list[str | None] = []
        index: dict[int, int] = {}
        vip = -1
        player_keys = PLAYER_KEYS
        count = len(players)
        for position, player in enumerate(players):
            if type(player) is not dict or not player_keys.issuperset(player):
                return None
            seat = player.get("seat")
            role_id = player.get("role")
            role = known.get(role_id) if type(role_id) is str else None
            if type(seat) is not int or not 0 < seat <= count or seat in index or role is None:
                return None
            if role.marks and not sniper:
                return None
            if role_id not in dealt:
                return None
            index[seat] = position
            seats.append(seat)
            roles.append(role)
            name = player.get("name")
            if name is not None and (type(name) is not str or not name.strip() or name in names):
                return None
            names.append(name)
            if role.is_vip:
                if vip >= 0:
                    return None
                vip = position
        if vip < 0:
            return None
        given = [(seats[i], name) for i, name in enumerate(names) if name is not None]
        if given:  # a name to clean or refuse: the thorough check does it
            try:
                if clean_names(given) != dict(given):
                    return None
            except NameRefused:
                return None
        marks: tuple[int, ...] = ()
        raw_marks = data.get("marks")
        if raw_marks is not None and (type(raw_marks) is not list or any(type(m) is not int for m in raw_marks)):
            return None
        if sniper:
            snipers = [i for i, r in enumerate(roles) if r.marks]
            if len(snipers) != 1:
                return None
            if raw_marks:
                try:
                    marks = tuple(index[m] for m in raw_marks)
                except KeyError:
                    return None
                assassins = sum(1 for r in roles if ASSASSIN in r.counts_as)
                if len(set(marks)) != len(marks) or len(marks) > assassins or snipers[0] in marks:
                    return None
        elif raw_marks:
            return None
        decided = sniper and _marks_decide(roles, marks, vip, options)
        aims: list[tuple[int, ...]] = []
        get = index.get
        for i, player in enumerate(players):
            raw: Any = player.get("aim")
            if raw is None:  # only a missing aim (or null) is no aim: 0, false or "" go to the thorough check
                raw = ()
            elif type(raw) is int:
                raw = (raw,)
            elif type(raw) is not list:
                return None
            role = roles[i]
            allowed = role.aims_sniper if sniper else role.aims_crossfire
            size = len(raw)
            if size not in allowed and not (sniper and (decided or i in marks) and size <= 1 and allowed == (1,)):
                return None
            if size == 1:
                target = raw[0]
                j = get(target) if type(target) is int else None
                if j is None or j == i:
                    return None
                aims.append((j,))
                continue
            aim = tuple(get(t, -1) if type(t) is int else -1 for t in raw)
            if -1 in aim or i in aim or len(set(aim)) != size:
                return None
            aims.append(aim)
        if set_up and self._mix_problem(self.modes[mode_id], roles) is not None:
            return None
        return Table(mode_id, seats, roles, aims, marks, options, names, sniper, vip)

    def _mix_problem(self, mode: CrossfireMode, roles: Sequence[RoleRules]) -> str | None:
        """Why the table's roles are no set-up of ``mode`` (RULINGS C4, C5, the compositions), as deck validate
        says it of a role set; worked out once per mix."""
        counts = Counter(r.id for r in roles)
        key = (mode.id, tuple(sorted(counts.items())))
        if key not in self._mixes:
            specials = [r for r in counts if self.records[r].special]
            problem = composition_problem(mode, len(roles), counts, specials, self._role_word)
            self._mixes[key] = None if problem is None else problem[1]
        return self._mixes[key]

    def _checked_table(self, data: Any, source: str, set_up: bool = True) -> Table:
        if not isinstance(data, dict):
            raise TableError(
                _at(
                    source,
                    tr(
                        "a table is a {format} object with {mode} and {players}",
                        format="JSON",
                        mode="'mode'",
                        players="'players'",
                    ),
                )
            )
        unknown = set(data) - TABLE_KEYS
        if unknown:
            raise TableError(
                _at(
                    source,
                    tr(
                        "unknown field {field} (fields: {fields}; a deal's {ignored} are read and ignored)",
                        field=repr(sorted(unknown)[0]),
                        fields=tr(", ").join(("mode", "players", "marks", "options")),
                        ignored=tr(", ").join(DEAL_KEYS),
                    ),
                )
            )
        mode_id = data.get("mode", "crossfire")
        if isinstance(mode_id, str):  # its id, or its name in either language, any case: as :meth:`mode` reads it
            mode_id = self._mode_id_of(mode_id) or mode_id
        if not isinstance(mode_id, str) or mode_id not in self.modes:
            known = tr(", ").join(sorted(self.modes))
            raise TableError(
                _at(
                    _in(source, "/mode"),
                    tr(
                        "unknown mode {mode}; the crossfire modes are {modes}",
                        mode=repr(mode_id) if isinstance(mode_id, str) else _json(mode_id),  # "mode": null -> null
                        modes=known,
                    ),
                )
            )
        mode = self.mode(mode_id)
        options = {name: bool(getattr(mode, name)) for name in OPTIONS}
        raw_options = data.get("options", {})
        if not isinstance(raw_options, dict):
            raise TableError(_at(_in(source, "/options"), tr("an object of house-rule options")))
        for name, value in raw_options.items():
            if name not in OPTIONS:
                raise TableError(
                    _at(
                        _in(source, f"/options/{name}"),
                        tr("unknown option (options: {options})", options=tr(", ").join(OPTIONS)),
                    )
                )
            if not isinstance(value, bool):
                raise TableError(
                    _at(_in(source, f"/options/{name}"), tr("true or false, not {value}", value=_json(value)))
                )
            options[name] = value
        players = data.get("players")
        if not isinstance(players, list) or not players:
            raise TableError(_at(_in(source, "/players"), tr("a non-empty list of players")))
        dealt = self._dealt[mode.id].get(len(players))  # the player count first: a table of 100,000 stops here
        if dealt is None:
            raise TableError(_at(_in(source, "/players"), self._count_refusal(mode, len(players))))
        seats: list[int] = []
        roles: list[RoleRules] = []
        names: list[str | None] = []
        for i, player in enumerate(players):
            base = f"/players/{i}"
            where = _in(source, base)
            if not isinstance(player, dict):
                keys = tr(", ").join(("seat", "role", "aim"))
                raise TableError(_at(where, tr("a player is an object with {keys}", keys=keys)))
            extra = set(player) - PLAYER_KEYS
            if extra:
                raise TableError(
                    _at(
                        where,
                        tr(
                            "unknown field {field} (fields: {fields}; a deal's {ignored} are read and ignored)",
                            field=repr(sorted(extra)[0]),
                            fields=tr(", ").join(("seat", "name", "role", "aim")),
                            ignored=tr(", ").join(DEAL_PLAYER_KEYS),
                        ),
                    )
                )
            seat = player.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
                raise TableError(
                    _at(_in(source, f"{base}/seat"), tr("a seat number from 1, not {value}", value=_json(seat)))
                )
            if seat > len(players):  # the seats of a table of n players are 1 to n, as deal numbers them
                raise TableError(
                    _at(_in(source, f"{base}/seat"),
                        tr("seat {seat} is not at a {n}-player table (seats 1 to {n})", seat=seat, n=len(players)))
                )  # fmt: skip
            if seat in seats:
                raise TableError(_at(_in(source, f"{base}/seat"), tr("seat {seat} is taken twice", seat=seat)))
            seats.append(seat)
            role = player.get("role")
            if not isinstance(role, str):
                raise TableError(_at(_in(source, f"{base}/role"), tr("a role id, not {value}", value=_json(role))))
            roles.append(self.role(role, _in(source, f"{base}/role")))
            name = player.get("name")
            if name is not None:
                if not isinstance(name, str) or not name.strip():
                    raise TableError(
                        _at(
                            _in(source, f"{base}/name"),
                            tr("a player's name is a non-empty string, not {value}", value=_json(name)),
                        )
                    )
                if name in names:
                    raise TableError(
                        _at(
                            _in(source, f"{base}/name"),
                            tr("{name} names two players; names tell players apart", name=repr(name)),
                        )
                    )
            names.append(name)
        try:  # cleaned as deal --names and the web take them: "Cy " is Cy
            cleaned = clean_names((seat, name) for seat, name in zip(seats, names, strict=True) if name is not None)
        except NameRefused as exc:
            raise TableError(_at(_in(source, f"/players/{seats.index(exc.seat)}/name"), exc.message)) from None
        names = [cleaned.get(seat) if name is not None else None for seat, name in zip(seats, names, strict=True)]
        index = {seat: i for i, seat in enumerate(seats)}
        sniper = self.is_sniper_mode(mode.id)
        if not sniper:
            for i, role in enumerate(roles):
                if role.marks:
                    raise TableError(
                        _at(
                            _in(source, f"/players/{i}/role"),
                            tr("the {role} plays only in sniper mode", role=self._role_word(role.id)),
                        )
                    )
        for i, role in enumerate(roles):
            if role.id not in dealt:
                raise TableError(_at(_in(source, f"/players/{i}/role"), self._role_refusal(mode, role.id, len(roles))))
        vips = [i for i, r in enumerate(roles) if VIP in r.counts_as]
        if len(vips) != 1:
            raise TableError(_at(_in(source, "/players"), tr("a table has exactly one VIP, not {n}", n=len(vips))))
        problem = self._mix_problem(mode, roles) if set_up else None  # the role mix, as deck validate checks it
        if problem is not None:
            raise TableError(_at(_in(source, "/players"), problem))
        marks = self._marks(data.get("marks"), seats, roles, index, sniper, source)
        decided = sniper and _marks_decide(roles, marks, vips[0], options)  # then no Assassin reveals and points
        aims: list[tuple[int, ...]] = []
        for i, player in enumerate(players):
            where = _in(source, f"/players/{i}/aim")
            aims.append(self._aims(player.get("aim"), i, seats, roles, index, sniper, decided or i in marks, where))
        return Table(mode.id, seats, roles, aims, marks, options, names, sniper, vips[0])

    def is_sniper_mode(self, mode_id: str) -> bool:
        """A mode with a public role that places shot cards (the Sniper) resolves by RULINGS C9."""
        mode = self.mode(mode_id)
        return any(r in self.roles and self.roles[r].marks for r in mode.public_roles)

    def marks_decide(
        self, mode_id: str, roles: Mapping[int, str], marks: Iterable[int], options: Mapping[str, bool] | None = None
    ) -> bool:
        """Sniper mode: do the shot cards before ``marks`` (seats) decide the game at a table of ``roles`` (seat ->
        role id), so that no Assassin reveals and points (RULINGS C9)? With the mode's house rules, each one
        ``options`` names (a table's "options") as it says."""
        seats = sorted(roles)
        rules = [self.roles[roles[seat]] for seat in seats]
        vip = next((i for i, r in enumerate(rules) if r.is_vip), -1)
        options = {name: bool(getattr(self.mode(mode_id), name)) for name in OPTIONS} | dict(options or {})
        return _marks_decide(rules, [seats.index(m) for m in marks if m in roles], vip, options)

    def _aims(
        self,
        raw: Any,
        i: int,
        seats: list[int],
        roles: list[RoleRules],
        index: dict[int, int],
        sniper: bool,
        free: bool,
        where: str,
    ) -> tuple[int, ...]:
        """The aims of player ``i``; ``free``: in sniper mode, an Assassin who need not point (a shot card is in
        front of them, or the shot cards decided the game) and may be left without an aim."""
        role = roles[i]
        seat = seats[i]
        if raw is None:
            raw = []
        if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1:  # one seat, written without the list
            raw = [raw]
        if not isinstance(raw, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in raw):
            raise TableError(_at(where, tr("a list of seat numbers, not {value}", value=_json(raw))))
        label = tr("seat {seat} ({role})", seat=seat, role=self._role_word(role.id))
        if sniper:
            points = ASSASSIN in role.counts_as and role.shoots
            if not points and raw:
                raise TableError(
                    _at(where, tr("{player} does not point in sniper mode; only Assassins do", player=label))
                )
            needed: tuple[int, ...] = ((0, 1) if free else (1,)) if points else (0,)
        else:  # one target a gun, the Enforcer's one or two (C4); unarmed pointing has no effect (C2): 0 or 1
            needed = role.aims_crossfire
        if seat in raw:  # said before any count: a player aiming at themselves is told so, whatever else is wrong
            raise TableError(_at(where, tr("{player} aims at itself; no one may point at themselves", player=label)))
        if len(raw) not in needed:
            want = tc(current_lang(), "numbers", " or ").join(str(n) for n in needed)
            if raw:
                problem = trn("{player} points at {n} player and must point at {want}",
                              "{player} points at {n} players and must point at {want}", len(raw), player=label,
                              want=want)  # fmt: skip
            else:
                problem = trn(
                    "{player} points at {n} player and must point at {want}; fill in the seats this player pointed at",
                    "{player} points at {n} players and must point at {want}; fill in the seats this player pointed "
                    "at",
                    len(raw),
                    player=label,
                    want=want,
                )
            raise TableError(_at(where, problem))
        for target in raw:
            if target not in index:
                raise TableError(
                    _at(where, tr("{player} aims at seat {seat}, which is not at the table", player=label, seat=target))
                )
        if len(set(raw)) != len(raw):
            raise TableError(
                _at(
                    where,
                    tr(
                        "{player} aims twice at seat {seat}; its {n} guns point at different players",
                        player=label,
                        seat=raw[0],
                        n=len(raw),
                    ),
                )
            )
        return tuple(index[t] for t in raw)

    def _marks(
        self, raw: Any, seats: list[int], roles: list[RoleRules], index: dict[int, int], sniper: bool, source: str
    ) -> tuple[int, ...]:
        if raw is None:
            raw = []
        if not isinstance(raw, list) or not all(isinstance(m, int) and not isinstance(m, bool) for m in raw):
            raise TableError(_at(_in(source, "/marks"), tr("a list of seat numbers, not {value}", value=_json(raw))))
        if not sniper:
            if raw:
                raise TableError(_at(_in(source, "/marks"), tr("shot cards are placed only in sniper mode")))
            return ()
        snipers = [i for i, r in enumerate(roles) if r.marks]
        if len(snipers) != 1:
            raise TableError(
                _at(_in(source, "/players"), tr("sniper mode has exactly one Sniper, not {n}", n=len(snipers)))
            )
        assassins = sum(1 for r in roles if ASSASSIN in r.counts_as)
        if len(raw) > assassins:
            raise TableError(
                _at(
                    _in(source, "/marks"),
                    tr("{n} shot cards, but the Sniper holds {held} (one per Assassin)", n=len(raw), held=assassins),
                )
            )
        for m in raw:
            if m not in index:
                raise TableError(_at(_in(source, "/marks"), tr("seat {seat} is not at the table", seat=m)))
            if index[m] == snipers[0]:
                raise TableError(
                    _at(_in(source, "/marks"), tr("the Sniper (seat {seat}) cannot mark themselves", seat=m))
                )
        if len(set(raw)) != len(raw):
            raise TableError(_at(_in(source, "/marks"), tr("two shot cards in front of one player; at most one each")))
        return tuple(index[m] for m in raw)

    # -- resolution

    def resolve(self, table: Table) -> Outcome:
        """Resolve a validated table (RULINGS C2-C9) and evaluate every role's texts."""
        roles = table.roles
        n = len(roles)
        if table.options["protester_counts_as_bystander"]:
            counts = [r.counts_as for r in roles]
        else:
            counts = [r.counts_strict for r in roles]
        ctx = _Context(n, counts)
        vip = table.vip
        if table.sniper:
            self._sniper(table, ctx, vip)
        else:
            self._crossfire(table, ctx, vip)
        for i, role in enumerate(roles):
            role.evaluate(ctx, i)
        winners = ctx.sole or ctx.winners - ctx.losers
        seats = table.seats
        hit = ctx.hit
        return Outcome(
            ctx.team,
            sorted([seats[i] for i in range(n) if hit[i]]),
            sorted([seats[i] for i in winners]),
            ctx.hit_by,
            seats,
            ctx.saved,
            sorted([seats[i] for i in ctx.sole]),
        )

    def script(self, table: Table, outcome: Outcome) -> list[Step]:
        """The moderator's script of a resolved table, step by step: whom each line speaks to, who is hit (and
        by whom) and whose protection cancels a bullet at that step, the team it decides, the winners last."""
        roles, seats = table.roles, table.seats

        def at(players: Iterable[int]) -> list[int]:
            return sorted(seats[i] for i in players)

        def hits(shooters: set[int]) -> dict[int, list[int]]:
            found = {seats[target]: at(j for j in by if j in shooters) for target, by in outcome.hits.items()}
            return {seat: by for seat, by in sorted(found.items()) if by}

        def saved(shooters: set[int]) -> list[tuple[int, int, int]]:
            return [(seats[target], seats[j], seats[p]) for target, j, p in outcome.saved if j in shooters]

        order = table.order
        index = {seat: i for i, seat in enumerate(seats)}
        # who won alone (C8), with the role that made it: the deciding step and the last one say so
        sole = {seat: self.records[roles[index[seat]].id] for seat in outcome.sole}
        steps: list[Step] = []
        if table.sniper:
            sniper = {next(i for i, r in enumerate(roles) if r.marks)}
            decided = _marks_decide(roles, table.marks, table.vip, table.options)
            steps.append(Step("marks", at(table.marks), hits(sniper), team=outcome.team if decided else None,
                              sole=sole if decided else {}))  # fmt: skip
            if not decided:
                marked = set(table.marks)
                standing = {i for i in order if ASSASSIN in roles[i].counts_as and roles[i].shoots and i not in marked}
                steps.append(Step("assassins", at(standing), hits(standing)))
                steps.append(Step("reveal", team=outcome.team, sole=sole))
        else:
            agents = set(table.agents)
            others = set(table.others)
            steps.append(Step("unarmed", at(i for i in order if not (roles[i].shoots or roles[i].protects))))
            steps.append(Step("agents", at(i for i in order if AGENT in roles[i].counts_as)))
            volley = hits(agents)
            steps.append(Step("agents_hit", list(volley), volley, saved(agents)))
            steps.append(Step("vip", [seats[table.vip]], hits(others), saved(others), outcome.team, sole))
        steps.append(Step("personal", list(outcome.winners), sole=sole))
        return steps

    def report(self, table: Table, outcome: Outcome) -> list[SeatReport]:
        """The end of a resolved table, seat by seat (:class:`SeatReport`), in seat order: what each seat pointed at
        and whether it fired (C2: a shooter an Agent hit first never fires; C9: when the shot cards decide, no one
        fires), who hit it, whose protection cancelled a bullet at it, and why it won or lost, each sentence of its
        role's text evaluated on its own as :meth:`resolve` evaluated them together."""
        roles, seats = table.roles, table.seats
        ctx = self._context_of(table, outcome)
        won = set(outcome.winners)
        why: list[list[Why]] = [[] for _ in roles]
        for i, role in enumerate(roles):
            wins = seats[i] in won
            for node, holds, kinds in self._sentences(role.id):
                held = bool(holds(ctx, i))
                if held and kinds & {"win", "lose", "sole"}:
                    why[i].append(Why(True, node))
                elif not held and not wins and kinds & {"win", "sole"}:
                    why[i].append(Why(False, node))
                if held and "shooter" in kinds:  # the text of a player hit makes the shooters lose
                    for shooter in ctx.hit_by.get(i, ()):
                        why[shooter].append(Why(True, node, seats[i]))
        if outcome.sole:
            for i in range(len(roles)):
                if seats[i] not in outcome.sole:
                    why[i].extend(Why(True, None, seat) for seat in outcome.sole)
        decided = table.sniper and _marks_decide(roles, table.marks, table.vip, table.options)
        marked = set(table.marks)
        saved: dict[int, list[tuple[int, int]]] = {}
        for target, shooter, protector in outcome.saved:
            saved.setdefault(target, []).append((seats[shooter], seats[protector]))
        reports = []
        for i in table.order:
            role = roles[i]
            if role.marks:
                does, aims, fired = "marks", sorted(seats[m] for m in table.marks), bool(table.marks)
            else:
                does = "shoots" if role.shoots else "protects" if role.protects else "unarmed"
                aims = [seats[a] for a in table.aims[i]]
                if table.sniper:
                    fired = not decided and i not in marked and role.shoots and ASSASSIN in role.counts_as
                else:  # an Agent fires; any other shooter unless an Agent's bullet reached it first (C2)
                    fired = role.shoots and (
                        role.agents_volley or not any(roles[j].agents_volley for j in outcome.hits.get(i, ()))
                    )
            reports.append(
                SeatReport(
                    seat=seats[i],
                    role=role.id,
                    does=does,
                    aims=aims,
                    fired=fired,
                    hit_by=sorted(seats[j] for j in outcome.hits.get(i, ())),
                    saved=saved.get(i, []),
                    wins=seats[i] in won,
                    sniper=table.sniper,
                    why=why[i],
                )
            )
        return reports

    @staticmethod
    def _context_of(table: Table, outcome: Outcome) -> _Context:
        """The context :meth:`resolve` left, rebuilt from ``outcome``: the team, who was hit and by whom."""
        roles = table.roles
        if table.options["protester_counts_as_bystander"]:
            counts = [r.counts_as for r in roles]
        else:
            counts = [r.counts_strict for r in roles]
        ctx = _Context(len(roles), counts)
        ctx.team = outcome.team
        for target, by in outcome.hits.items():
            ctx.hit[target] = True
            ctx.hit_by[target] = list(by)
            for shooter in by:
                ctx.hits_of.setdefault(shooter, []).append(target)
        return ctx

    def _sentences(self, role_id: str) -> list[tuple[A.Node, Callable[[_Context, int], Any], frozenset[str]]]:
        """The sentences of a role's text that decide a round (a condition and its results, as :func:`compile_role`
        compiles them: the same expressions), each with a test of its condition alone and what its results do
        (:data:`_WHY_KINDS`). Kept per role."""
        cache = self._why_sentences
        found = cache.get(role_id)
        if found is None:
            record = self.records[role_id]
            found = []
            for texts in (record.text, record.win):
                for text in texts:
                    for sentence in parse_cached(text).sentences:
                        for effect in sentence.effects:
                            if isinstance(effect, _TRAIT_NODES):
                                continue
                            if isinstance(effect, A.If):
                                condition, results = _condition(effect.condition, role_id), effect.effects
                            else:
                                condition, results = "True", (effect,)
                            kinds = frozenset(_WHY_KINDS[type(r)] for r in results if type(r) in _WHY_KINDS)
                            source = f"lambda ctx, i: {condition}"  # generated from the AST only, as compile_role
                            holds = eval(compile(source, f"<crossfire role {role_id}>", "eval"))  # noqa: S307
                            found.append((effect, holds, kinds))
            cache[role_id] = found
        return found

    def _crossfire(self, table: Table, ctx: _Context, vip: int) -> None:
        aims = table.aims
        shields: dict[int, list[int]] = {}  # protected player -> protectors with a shield left, in seat order
        for i in table.protectors:
            for target in aims[i]:
                shields.setdefault(target, []).append(i)
        self._volley(table.agents, aims, shields, ctx)
        if shields and table.options["protection_lost_when_hit"]:
            for target, protectors in shields.items():
                shields[target] = [p for p in protectors if not ctx.hit[p]]
        hit = ctx.hit
        self._volley([i for i in table.others if not hit[i]], aims, shields, ctx)
        ctx.team = "red" if ctx.hit[vip] else "blue"

    @staticmethod
    def _volley(shooters: list[int], aims: list[tuple[int, ...]], shields: dict[int, list[int]], ctx: _Context) -> None:
        for shooter in shooters:
            for target in aims[shooter]:
                protectors = shields.get(target)
                if protectors:
                    ctx.saved.append((target, shooter, protectors.pop(0)))  # this bullet is cancelled
                    continue
                ctx.hit[target] = True
                ctx.hit_by.setdefault(target, []).append(shooter)
                ctx.hits_of.setdefault(shooter, []).append(target)

    def _sniper(self, table: Table, ctx: _Context, vip: int) -> None:
        roles = table.roles
        sniper = next(i for i, r in enumerate(roles) if r.marks)
        for m in table.marks:
            ctx.hit[m] = True
            ctx.hit_by.setdefault(m, []).append(sniper)
            ctx.hits_of.setdefault(sniper, []).append(m)
        assassins = [i for i, c in enumerate(ctx.counts) if ASSASSIN in c]
        if all(ctx.hit[a] for a in assassins):
            ctx.team = "blue"
            return
        if any(BYSTANDER in ctx.counts[m] or m == vip for m in table.marks):
            ctx.team = "red"
            return
        order = table.order
        shooters = [i for i in order if i in assassins and roles[i].shoots and not ctx.hit[i]]
        self._volley(shooters, table.aims, {}, ctx)
        bystander_hit = any(ctx.hit[i] and BYSTANDER in c for i, c in enumerate(ctx.counts))
        ctx.team = "red" if ctx.hit[vip] and not bystander_hit else "blue"

    # -- scoring and simulation

    def score(self, rounds: Sequence[tuple[Table, Outcome]]) -> list[dict[str, Any]]:
        """RULINGS C10: every winner of a round scores 1; highest total wins, ties share.

        Players are told apart by ``name`` where the table gives one (compared as :func:`clean_names` compares
        names: "Cy " and "cy" are the "Cy" of the first round that named them), else by seat (``seat N``).
        Returns rows sorted by score (highest first), each with ``winner`` (no one, when no one scored).
        """
        totals: dict[tuple[str, str | int], int] = {}
        shown: dict[tuple[str, str | int], str] = {}  # each player as the rows name them: a name, else "seat N"
        for table, outcome in rounds:
            won = set(outcome.winners)
            for seat, name in zip(table.seats, table.names or [None] * len(table.seats), strict=True):
                # a name as clean_names compares names (a table's are clean): "Cy " and "cy" are Cy; a name never
                # meets an unnamed seat, whatever it says
                spelled = " ".join(name.split()) if name else ""
                key: tuple[str, str | int] = ("name", spelled.casefold()) if spelled else ("seat", seat)
                shown.setdefault(key, spelled or f"seat {seat}")
                totals[key] = totals.get(key, 0) + (1 if seat in won else 0)
        best = max(totals.values(), default=0)  # no one scored: no one won
        rows = [{"player": shown[key], "score": value, "winner": 0 < value == best} for key, value in totals.items()]
        return sorted(rows, key=lambda r: (-int(r["score"]), _player_order(str(r["player"]))))

    def random_table(
        self, rng: random.Random, mode_id: str, players: int, specials: Sequence[str] = ()
    ) -> dict[str, Any]:
        """A random legal table document: the set-up dealt to random seats, random aims and marks."""
        mode_id = self.mode(mode_id).id  # (a mode named by its name: the document holds its id)
        roles = list(self.setup(mode_id, players, specials).elements())
        rng.shuffle(roles)
        seats = list(range(1, players + 1))
        rules = [self.roles[r] for r in roles]
        sniper = self.is_sniper_mode(mode_id)
        table_players: list[dict[str, Any]] = []
        for seat, role in zip(seats, rules, strict=True):
            others = [s for s in seats if s != seat]
            if sniper:
                count = 1 if ASSASSIN in role.counts_as and role.shoots else 0
            else:
                count = role.guns if role.shoots or role.protects else 1
            table_players.append({"seat": seat, "role": role.id, "aim": rng.sample(others, count)})
        table: dict[str, Any] = {"mode": mode_id, "players": table_players}
        if sniper:
            sniper_seat = next(s for s, r in zip(seats, rules, strict=True) if r.marks)
            assassins = sum(1 for r in rules if ASSASSIN in r.counts_as)
            others = [s for s in seats if s != sniper_seat]
            table["marks"] = rng.sample(others, rng.randint(0, assassins))
        return table

    def simulate(
        self,
        mode_id: str,
        players: int,
        games: int,
        seed: int = 0,
        specials: Sequence[str] = (),
        step: Callable[[], None] | None = None,
    ) -> list[dict[str, Any]]:
        """Play ``games`` random tables; per role: how often dealt, how often it won, the win rate, and its sample:
        ``tables``, the tables that dealt it, and ``tables_won``, those it won, a table where its seats split counting
        the share of them that won. A role dealt twice at a table (two Assassins, two Agents) mostly wins or loses
        there as one: its seats are no independent sample, its tables are (`crossfire simulate`'s intervals).

        ``step``, when given, is called once after each table (a progress counter). More than
        :data:`MAX_GAMES` tables is refused (exit 2): the answer would not change, the wait would.
        """
        if not 1 <= games <= MAX_GAMES:
            raise DossierError(
                tr(
                    "{option} {value}: play 1 to {limit} random tables (win rates are within ±0.3% by then)",
                    option="--games",
                    value=games,
                    limit=MAX_GAMES,
                )
            )
        rng = random.Random(seed)
        dealt: Counter[str] = Counter()
        won: Counter[str] = Counter()
        tables: Counter[str] = Counter()
        tables_won: dict[str, float] = {}
        for _ in range(games):
            table = self.table(self.random_table(rng, mode_id, players, specials))
            outcome = self.resolve(table)
            winners = set(outcome.winners)
            here: dict[str, list[int]] = {}  # this table's roles: [dealt, won]
            for seat, role in zip(table.seats, table.roles, strict=True):
                dealt[role.id] += 1
                won[role.id] += seat in winners
                cell = here.setdefault(role.id, [0, 0])
                cell[0] += 1
                cell[1] += seat in winners
            for role_id, (n, w) in here.items():
                tables[role_id] += 1
                tables_won[role_id] = tables_won.get(role_id, 0) + (w if n == 1 else w / n)
            if step is not None:
                step()
        return [
            {
                "role": role,
                "name": self.roles[role].name,
                "dealt": dealt[role],
                "won": won[role],
                "rate": won[role] / dealt[role],
                "tables": tables[role],
                "tables_won": round(tables_won[role], 6),
            }
            for role in sorted(dealt, key=lambda r: (-won[r] / dealt[r], r))
        ]


def _marks_decide(roles: Sequence[RoleRules], marks: Sequence[int], vip: int, options: Mapping[str, bool]) -> bool:
    """Sniper mode (RULINGS C9): do the shot cards before ``marks`` (player indices) decide the game, every
    Assassin hit (blue) or a Bystander or the VIP hit (red), so that no Assassin reveals and points?"""
    marked = set(marks)
    if all(i in marked for i, role in enumerate(roles) if ASSASSIN in role.counts_as):
        return True
    strict = not options["protester_counts_as_bystander"]
    return any(m == vip or BYSTANDER in (roles[m].counts_strict if strict else roles[m].counts_as) for m in marks)


def _dealt_roles(mode: CrossfireMode) -> dict[int, frozenset[str]]:
    """Player count -> the roles ``mode`` may deal at that count, as :meth:`Crossfire.setup` would: any role of
    its compositions or public roles, and each special role (with what it adds) where its player range allows.

    Only the counts the mode has a composition for are keys: a table of any other size is refused. How
    many of each role a table holds is left free (a hand-written table may try any mix of the mode's roles).
    """
    standard = {role for c in mode.compositions for role in c.roles} | set(mode.public_roles)
    dealt = {}
    for composition in mode.compositions:
        n = composition.players
        roles = set(standard)
        for sub in mode.substitutions:
            if sub.players is None or sub.players.min <= n <= sub.players.max:
                roles.add(sub.role)
                roles.update(sub.add)
        dealt[n] = frozenset(roles)
    return dealt


def _names(record: Any) -> set[str]:
    """A role's names in every language it has, case-folded."""
    names = record.name
    found = {names.zh_hans, names.en, *(v for v in (names.model_extra or {}).values() if isinstance(v, str))}
    return {n.strip().casefold() for n in found if n}


def _player_order(key: str) -> tuple[int, str]:
    if key.startswith("seat ") and key[5:].isdigit():
        return (int(key[5:]), "")
    return (10**6, key)
