"""Which forms of the ability language each game's engine runs (issue 25).

The grammar (``toolkit/text/ability.lark``) accepts the forms of every game: a tactics card may say
``当潜袭成功时：…`` and ``text parse`` is happy. This module declares, per game, the trigger timings
(ids of :data:`toolkit.text.vocab.TIMINGS`) and the AST node classes (effects, costs, conditions of
:mod:`toolkit.text.ast`) that the game's engine runs. Lint (``text.form.unsupported``) warns when a
card uses a form its game's engine does not run; ``text coverage`` and ``text run`` give it as a reason.

The tables are kept honest by ``tests/test_every_form_runs.py``: :func:`scan_engine` reads the engine's
sources (the string literals passed to ``fire``/``fire_card``/``announce`` and compared with
``.timing``, the node classes the interpreters dispatch on with ``isinstance``, ``match`` or a
node-keyed table), and every form in a table must be among them; scenarios then show the tactics
timings firing.
"""

from __future__ import annotations

import ast as pyast
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from toolkit.text import ast as A
from toolkit.text.vocab import TIMINGS

GAMES = ("tactics", "netrunner", "crossfire")

# ---------------------------------------------------------------- what each engine runs

TACTICS_TIMINGS = frozenset(
    {
        "turn_start",  # game.py start of turn: the active player's units (回合开始时 = its own turn in tactics)
        "turn_end",
        "on_play",  # game.py play_card
        "on_enter",  # game.py deploy, reinforce, minions
        "before_attack",  # attack.py
        "on_attack",
        "after_attack",
        "after_attacked",
        "on_damaged",  # base.py damage
        "on_destroyed",  # base.py destroy, self_destruct, equipment whose shield is used up (T25)
        "after_destroyed",  # base.py leave
        "after_lost",
        "after_move",  # board.py move
        "on_exposed",  # base.py expose: by sight, damage, exclusive cards, own abilities, voluntary 暴露 (T23, T26)
    }
)

NETRUNNER_TIMINGS = frozenset(
    {
        "your_turn_start",  # game.py begin_turn
        "your_turn_end",
        "agenda_scored",  # game.py score / steal
        "agenda_stolen",
        "installed",  # game.py install
        "rezzed",  # game.py rez
        "run_successful",  # run.py
        "run_begins",
    }
)

TACTICS_NODES: frozenset[type[A.Node]] = frozenset(
    {
        # effects (interp.py _effect; If and YouMay in core.TextRunner._control; CONTINUOUS in state.py)
        A.If,
        A.YouMay,
        A.Until,
        A.Draw,
        A.Buy,
        A.Discard,
        A.Search,
        A.Reveal,
        A.Mulligan,
        A.Mortgage,
        A.GainToken,
        A.Roll,
        A.Damage,
        A.Heal,
        A.GainShield,
        A.GainTempHp,
        A.Tap,
        A.Reset,
        A.Destroy,
        A.SelfDestruct,
        A.Remove,
        A.Expose,
        A.BasicAttack,
        A.AttackWith,
        A.AttackMod,
        A.Modify,
        A.Cannot,
        A.GainVision,
        A.Move,
        A.Deploy,
        A.Switch,
        A.TakeControl,
        A.DestroyTerrain,
        A.RestoreTerrain,
        # conditions (interp.py _condition)
        A.All,
        A.HandAtMost,
        A.MortgageNotEmpty,
        A.ShopEmpty,
        A.ResultAtLeast,
        A.IsState,
        A.HpAtMost,
        A.IsKind,
        A.IsDestroyed,
        # costs (interp.py _pay)
        A.TapCost,
        A.MortgageCost,
        A.DiscardCost,
    }
)

NETRUNNER_NODES: frozenset[type[A.Node]] = frozenset(
    {
        # effects (interp.py effect, on_this_card)
        A.If,
        A.YouMay,
        A.ForEachCounter,
        A.GainCredits,
        A.LoseCredits,
        A.GainClicks,
        A.LoseClicks,
        A.Draw,
        A.Discard,
        A.SearchType,
        A.TypedDamage,
        A.GainTags,
        A.RemoveTags,
        A.GainBadPublicity,
        A.EndRun,
        A.JackOut,
        A.Trash,
        A.Install,
        A.InstallHosted,
        A.RezFree,
        A.Run,
        A.Access,
        A.PlaceCredits,
        A.TakeCredits,
        A.PlaceAdvancement,
        A.PlaceCounters,
        A.RemoveCounters,
        A.AdvanceInstalled,
        A.PlayerLimit,
        A.BreakSubroutine,
        A.Strength,
        A.Purge,
        A.RecurringCredits,
        A.CanBeAdvanced,
        A.Trace,
        A.Psi,
        A.PreventDamage,
        A.AvoidTags,
        A.PreventTrash,
        # conditions (interp.py condition)
        A.All,
        A.RunnerTagged,
        A.RunSuccessful,
        A.CreditsAtMost,
        A.NoHand,
        A.HandAtMost,
        A.TraceResult,
        A.PsiResult,
        A.CountersAtLeast,
        A.RunInProgress,
        A.RunOn,
        A.EncounteringSubtype,
        # costs (interp.py pay_cost)
        A.ClickCost,
        A.CreditCost,
        A.TrashCost,
        A.CounterCost,
    }
)

# Which side a Netrunner text belongs to by its effects (toolkit/engine/netrunner/interp.py side_of_ability: the
# engine refuses a text of the other side; lint warns of it, validators/text_lint.py side_table): the runner's, the
# corp's, and the timings only the corp's cards have.
NETRUNNER_RUNNER_NODES: tuple[type[A.Node], ...] = (
    A.Run, A.Access, A.BreakSubroutine, A.Strength, A.RemoveTags,
    A.JackOut, A.InstallHosted, A.PreventDamage, A.AvoidTags, A.PreventTrash,
)  # fmt: skip
NETRUNNER_CORP_NODES: tuple[type[A.Node], ...] = (
    A.GainBadPublicity, A.AdvanceInstalled, A.PlaceAdvancement, A.RezFree, A.TypedDamage, A.EndRun,
    A.Trace, A.Purge, A.CanBeAdvanced,
)  # fmt: skip
NETRUNNER_CORP_TIMINGS = ("agenda_scored", "agenda_stolen", "rezzed")

CROSSFIRE_NODES: frozenset[type[A.Node]] = frozenset(
    {
        # crossfire.py compile_role: a role's standing effects, its 如果… rules and their results
        A.Guns,
        A.Protect,
        A.SniperMarks,
        A.PublicRole,
        A.CountsAs,
        A.If,
        A.Win,
        A.Lose,
        A.SoleWin,
        A.ShooterLoses,
        # crossfire.py _condition
        A.TeamWon,
        A.YouShot,
        A.YouNotShot,
        A.YouHit,
        A.NoneShot,
        A.All,
    }
)

ENGINE_TIMINGS: dict[str, frozenset[str]] = {
    "tactics": TACTICS_TIMINGS,
    "netrunner": NETRUNNER_TIMINGS,
    "crossfire": frozenset(),  # a role's text is plain sentences, checked when the table is resolved
}

ENGINE_NODES: dict[str, frozenset[type[A.Node]]] = {
    "tactics": TACTICS_NODES,
    "netrunner": NETRUNNER_NODES,
    "crossfire": CROSSFIRE_NODES,
}

# The engine sources that run each game's ability text (relative to toolkit/engine/).
ENGINE_SOURCES: dict[str, tuple[str, ...]] = {
    "tactics": ("core.py", "tactics/*.py"),
    "netrunner": ("core.py", "netrunner/*.py"),
    "crossfire": ("crossfire.py",),
}

# Nodes that are parts of other forms (who, where, which sentence), not forms of their own.
STRUCTURE: frozenset[type[A.Node]] = frozenset({A.Ability, A.Sentence, A.Fixed, A.Target, A.Chosen, A.Cells})


# ---------------------------------------------------------------- the forms of the language


@cache
def grammar_nodes() -> frozenset[type[A.Node]]:
    """The effect, cost and condition classes the parser builds (those it names in ``toolkit/text/parser.py``),
    without the structural ones (:data:`STRUCTURE`) and the aliases (``A.Cost``, ``A.Effect``)."""
    source = (Path(A.__file__).parent / "parser.py").read_text(encoding="utf-8")
    out: set[type[A.Node]] = set()
    for name in set(re.findall(r"\bA\.([A-Z]\w*)", source)):
        cls = getattr(A, name, None)
        if isinstance(cls, type) and issubclass(cls, A.Node) and cls is not A.Node and cls not in STRUCTURE:
            out.add(cls)
    return frozenset(out)


def grammar_timings() -> frozenset[str]:
    """Every trigger timing of the language (the ids of :data:`TIMINGS`)."""
    return frozenset(TIMINGS)


def runs_timing(game: str, timing: str) -> bool:
    return timing in ENGINE_TIMINGS.get(game, frozenset())


def runs_node(game: str, node: type[A.Node]) -> bool:
    return node in STRUCTURE or node in ENGINE_NODES.get(game, frozenset())


def games_running_timing(timing: str) -> list[str]:
    return [g for g in GAMES if timing in ENGINE_TIMINGS[g]]


def games_running_node(node: type[A.Node]) -> list[str]:
    return [g for g in GAMES if node in ENGINE_NODES[g]]


# A form: ("timing", timing id) or ("node", class name), with the node itself for naming it.
Form = tuple[str, str]


def unsupported(game: str, ability: A.Ability) -> list[tuple[Form, A.Node | None]]:
    """The forms of ``ability`` that ``game``'s engine does not run, in text order, each once (with the first
    node of that class, to name it). An unknown game runs nothing and has nothing to report."""
    if game not in ENGINE_NODES:
        return []
    out: list[tuple[Form, A.Node | None]] = []
    seen: set[Form] = set()
    if ability.timing is not None and not runs_timing(game, ability.timing):
        form: Form = ("timing", ability.timing)
        seen.add(form)
        out.append((form, None))
    for node in A.walk(ability):
        cls = type(node)
        if cls is A.Scripted or runs_node(game, cls):
            continue
        form = ("node", cls.__name__)
        if form not in seen:
            seen.add(form)
            out.append((form, node))
    return out


def form_words(form: Form, node: A.Node | None = None) -> tuple[str, str]:
    """(zh-Hans, English) words naming a form: a timing's words, or the node rendered in both languages."""
    from toolkit.text.render import render

    kind, value = form
    if kind == "timing":
        zh, en = TIMINGS.get(value, (value, value))
        return zh, en
    if node is None:
        return value, value
    try:
        return str(render(node)).rstrip("。"), str(render(node, "en")).rstrip(".")
    except Exception:  # noqa: BLE001 - a node the renderer cannot show alone is named by its class
        return value, value


# ---------------------------------------------------------------- what the engine sources say


def _engine_files(game: str) -> list[Path]:
    root = Path(__file__).parent
    files: list[Path] = []
    for pattern in ENGINE_SOURCES[game]:
        files += sorted(root.glob(pattern))
    return files


_FIRE_CALLS = {"fire", "fire_card", "announce"}


def _node_names(expr: pyast.AST, constants: dict[str, pyast.expr], depth: int = 0) -> set[str]:
    """The ``A.X`` classes an isinstance() class argument names (``A.X``, ``A.X | A.Y``, tuples, module
    constants that hold them, such as ``CONTINUOUS``)."""
    out: set[str] = set()
    if depth > 5:
        return out
    if isinstance(expr, pyast.Attribute) and isinstance(expr.value, pyast.Name) and expr.value.id == "A":
        out.add(expr.attr)
    elif isinstance(expr, pyast.BinOp):
        out |= _node_names(expr.left, constants, depth + 1) | _node_names(expr.right, constants, depth + 1)
    elif isinstance(expr, pyast.Tuple | pyast.List | pyast.Set):
        for element in expr.elts:
            out |= _node_names(element, constants, depth + 1)
    elif isinstance(expr, pyast.Name) and expr.id in constants:
        out |= _node_names(constants[expr.id], constants, depth + 1)
    return out


def _strings(expr: pyast.AST) -> set[str]:
    if isinstance(expr, pyast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, pyast.Tuple | pyast.List | pyast.Set):
        return {s for e in expr.elts for s in _strings(e)}
    if isinstance(expr, pyast.IfExp):
        return _strings(expr.body) | _strings(expr.orelse)
    return set()


def _is_timing(expr: pyast.AST) -> bool:
    return (isinstance(expr, pyast.Attribute) and expr.attr == "timing") or (
        isinstance(expr, pyast.Name) and expr.id == "timing"
    )


def scan_sources(files: Iterable[Path]) -> tuple[set[str], set[str]]:
    """(timings, node class names) the sources run: string literals given to ``fire``/``fire_card``/``announce``
    or compared with a ``timing``; classes named in ``isinstance`` checks, ``match`` class patterns and dicts
    keyed by node classes."""
    trees = [pyast.parse(path.read_text(encoding="utf-8"), str(path)) for path in files]
    constants: dict[str, pyast.expr] = {}
    for tree in trees:
        for stmt in tree.body:
            if isinstance(stmt, pyast.Assign | pyast.AnnAssign | pyast.AugAssign) and stmt.value is not None:
                targets = stmt.targets if isinstance(stmt, pyast.Assign) else [stmt.target]
                for target in targets:
                    if isinstance(target, pyast.Name):
                        if isinstance(stmt, pyast.AugAssign) and target.id in constants:
                            constants[target.id] = pyast.BinOp(constants[target.id], pyast.BitOr(), stmt.value)
                        else:
                            constants[target.id] = stmt.value
    timings: set[str] = set()
    nodes: set[str] = set()
    for tree in trees:
        for node in pyast.walk(tree):
            if isinstance(node, pyast.Call):
                func = node.func
                name = func.attr if isinstance(func, pyast.Attribute) else func.id if isinstance(func, pyast.Name) else ""
                if name in _FIRE_CALLS and node.args:
                    timings |= _strings(node.args[0])
                elif name == "isinstance" and len(node.args) == 2:
                    nodes |= _node_names(node.args[1], constants)
            elif isinstance(node, pyast.Compare) and _is_timing(node.left):
                for comparator in node.comparators:
                    timings |= _strings(comparator)
            elif isinstance(node, pyast.MatchClass):
                nodes |= _node_names(node.cls, constants)
            elif isinstance(node, pyast.Dict):
                for key in node.keys:
                    if key is not None:
                        nodes |= _node_names(key, {})
    return timings, nodes


@cache
def scan_engine(game: str) -> tuple[frozenset[str], frozenset[str]]:
    """:func:`scan_sources` of ``game``'s engine files (:data:`ENGINE_SOURCES`)."""
    timings, nodes = scan_sources(_engine_files(game))
    return frozenset(timings), frozenset(nodes)


__all__ = [
    "ENGINE_NODES",
    "ENGINE_TIMINGS",
    "GAMES",
    "form_words",
    "games_running_node",
    "games_running_timing",
    "grammar_nodes",
    "grammar_timings",
    "runs_node",
    "runs_timing",
    "scan_engine",
    "unsupported",
]
