"""Players that play: a heuristic corp and runner, and the uniformly random player.

The heuristic corp ices its centrals and the remote it means to score in, installs an
agenda behind ice, advances it and scores it, rezzes ice when the runner approaches it,
cards that answer runs ("whenever the runner makes a run") before the runner's next action,
and assets that make money when the runner's turn ends, spends clicks on economy when
it is poor, boosts traces when that wins them, and purges when the runner's viruses
pile up. The heuristic runner installs an icebreaker for each
kind of ice it has met or may meet, builds economy, runs where it can pay its way in
(advanced remotes first, then R&D and HQ), jacks out when it cannot afford the next
rezzed ice, breaks subroutines that end the run first, trashes what it can afford to,
and answers a purge by building its counters again. It runs into no rezzed ice it cannot break that may end the run
(its text, a card script's printed paragraph, or a run it ended: each run would only lose the click and what the
other subroutines take), nor plays a run event into it, and draws for the icebreaker it lacks; damage it knows a run
does (a face-up or accessed card that hurts when the run succeeds, rezzed ice it cannot break) it never takes when it
would flatline it (N4: more than the grip), and weighs as a cost when it would not. Both decide with the same
information a person has: the state they may see and the decision's options.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import TYPE_CHECKING, Any

from toolkit.i18n import tr
from toolkit.text import ast as A

from ..core import search_think
from .decisions import Decision, Option, RandomPolicy
from .nodes import walked
from .state import CENTRALS, SEATS, Card

if TYPE_CHECKING:
    from .game import NetrunnerGame

ECONOMY_NODES = (A.GainCredits, A.PlaceCredits, A.TakeCredits)


PLAYERS = ("heuristic", "random", "search")


def make_policy(kind: str, side: str, seed: int) -> Any:
    """``heuristic``, ``random`` or ``search`` (``search:SECONDS``: looks ahead, :mod:`.search`) for one side, from its
    own seeded RNG."""
    rng = random.Random(seed * 7919 + (1 if side == "corp" else 2))
    if kind == "heuristic":
        return HeuristicCorp(rng) if side == "corp" else HeuristicRunner(rng)
    if kind == "random":
        return RandomPolicy(rng)
    think = search_think(kind)
    if think is not None:
        from .search import SearchPolicy

        return SearchPolicy("corp" if side == "corp" else "runner", rng, think)
    raise ValueError(tr("unknown player {kind}; players: {choices}", kind=repr(kind), choices=", ".join(PLAYERS)))


def _nodes(game: NetrunnerGame, card: Card) -> list[A.Node]:
    return [n for a in game.abilities(card) for n in walked(a)]


def _gains(game: NetrunnerGame, card: Card) -> int:
    """Credits the card's text gains for its player (a rough measure of economy)."""
    total = 0
    for node in _nodes(game, card):
        if isinstance(node, A.GainCredits) and node.who == "you":
            total += node.count
        elif isinstance(node, A.PlaceCredits | A.TakeCredits | A.RecurringCredits):
            total += node.amount
    return total


_PRINTED_DAMAGE = re.compile(r"(?:do|suffer|take)s? (\d+) (?:net|brain|core|meat) damage", re.IGNORECASE)


_DAMAGE: dict[tuple[int, str | None], tuple[Any, int]] = {}  # (id of a record, kind) -> (the record, its damage)


def _damage(game: NetrunnerGame, card: Card, kind: str | None = None) -> int:
    """The damage ``card``'s abilities (of ``kind``: ``subroutine``; None: all) can do at most, as a player reads
    it: the ability text's, and for a part a card script carries out, the number its printed paragraph says.
    Worked out once per record (the searcher's rollouts ask it at every decision)."""
    key = (id(card.record), kind)
    known = _DAMAGE.get(key)
    if known is not None and known[0] is card.record:
        return known[1]
    total = _damage_of(game, card, kind)
    _DAMAGE[key] = (card.record, total)
    return total


def _damage_of(game: NetrunnerGame, card: Card, kind: str | None) -> int:
    total = 0
    printed = list(getattr(getattr(card.record, "printed_text", None), "en", None) or [])
    for ability in game.abilities(card):
        if kind is not None and ability.kind != kind:
            continue
        for node in walked(ability):
            if isinstance(node, A.TypedDamage):
                total += node.amount
            elif isinstance(node, A.Scripted) and 0 <= node.paragraph < len(printed):
                total += sum(int(n) for n in _PRINTED_DAMAGE.findall(printed[node.paragraph]))
    return total


_PER_ADVANCEMENT = re.compile(  # (a printed card's word for the counter, whichever it is)
    r"(\d+) (?:additional |more )?(?:net |meat |brain |core )?damage (?:more )?(?:for each|per) advancement\b",
    re.IGNORECASE,
)
ACCESS_TIMINGS = frozenset({"access", "run_successful", "agenda_stolen"})  # what a card does to a runner that gets in


def _access_damage(game: NetrunnerGame, card: Card) -> int:
    """The damage ``card`` in a server's root does to the runner whose run on it succeeds, as a player reads the
    card: its abilities that fire when the run succeeds, when it is accessed or (an agenda) stolen, each counter
    it counts (本牌上每有 1 个推进标记) counted as the card holds them now; a card script's part by its printed
    paragraph ("do 2 meat damage and 1 additional meat damage for each advancement counter on it")."""
    total = 0
    for ability in game.abilities(card):
        if ability.kind != "triggered" or ability.timing not in ACCESS_TIMINGS:
            continue
        total += _damage_in(card, ability)
    return total


def _damage_in(card: Card, node: Any) -> int:
    if isinstance(node, A.TypedDamage):
        return node.amount
    if isinstance(node, A.Scripted):
        text = _printed(card, node)
        per = sum(int(n) for n in _PER_ADVANCEMENT.findall(text))
        return sum(int(n) for n in _PRINTED_DAMAGE.findall(text)) + per * card.advancement
    if isinstance(node, A.ForEachCounter):
        held = card.advancement if node.kind == "advancement" else card.counters.get(node.kind, 0)
        return held // max(node.per, 1) * sum(_damage_in(card, e) for e in node.effects)
    if isinstance(node, A.Node):  # (a sentence, a condition, a choice …: the damage anywhere under it)
        return sum(_damage_in(card, getattr(node, f.name)) for f in dataclasses.fields(node))
    if isinstance(node, tuple | list):
        return sum(_damage_in(card, n) for n in node)
    return 0


RUN_TIMINGS = frozenset({"run_begins", "approach_ice"})  # what a run fires before the corp's first window in it


def _answers_runs(game: NetrunnerGame, card: Card) -> bool:
    """Whether ``card`` has an ability that fires as a run begins ("whenever the Runner makes a run") or as its first
    ice is approached: rezzed during the run, it would be too late for that run."""
    return any(a.kind == "triggered" and a.timing in RUN_TIMINGS for a in game.abilities(card))


def _by_kind(d: Decision) -> dict[str, list[Option]]:
    """An action decision's options by the kind of action (``corp_install``, ``run``, ``use``, …)."""
    out: dict[str, list[Option]] = {}
    for o in d.options:
        if o.value is not None:
            out.setdefault(o.value.kind, []).append(o)
    return out


_PRINTED_ENDS_RUN = re.compile(r"\bend the run\b|\bthe run ends\b", re.IGNORECASE)


def _printed(card: Card | None, node: A.Scripted) -> str:
    """The printed paragraph (English) a card script's part carries out: what a player reads of it."""
    printed = list(getattr(getattr(getattr(card, "record", None), "printed_text", None), "en", None) or [])
    return str(printed[node.paragraph]) if 0 <= node.paragraph < len(printed) else ""


# a printed effect counted by the clicks its player has left ("draw 1 card for each [click] you have remaining")
_PER_CLICK_LEFT = re.compile(
    r"\b(?:for each|per) (?:\[click\]|click) (?:you|the runner) (?:still )?ha(?:ve|s)\b(?! (?:spent|used|lost))",
    re.IGNORECASE,
)


def _per_click_left(game: NetrunnerGame, card: Card) -> bool:
    """Whether every effect of ``card`` is counted by the clicks its player has left, as a player reads it (a card
    script's printed paragraph: the engine cannot tell what a script does): played with no click left, it does
    nothing."""
    effects = [e for a in game.abilities(card) for s in a.sentences for e in s.effects]
    return bool(effects) and all(
        isinstance(e, A.Scripted) and _PER_CLICK_LEFT.search(_printed(card, e)) for e in effects
    )


def _ends_run(ability: A.Ability, card: Card | None = None) -> bool:
    """Whether ``ability`` may end the run: its text's "终止潜袭", or (``card`` given) the printed paragraph of a card
    script's part that says "end the run" (as in "end the run unless the runner spends a click")."""
    for n in walked(ability):
        if isinstance(n, A.EndRun) or (isinstance(n, A.Scripted) and _PRINTED_ENDS_RUN.search(_printed(card, n))):
            return True
    return False


class _Base:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, game: NetrunnerGame, decision: Decision) -> str:
        handler = getattr(self, f"on_{decision.kind}", None)
        label = handler(game, decision) if handler is not None else None
        return label if label is not None else self.default(decision)

    def default(self, decision: Decision) -> str:
        useful = [o for o in decision.options if o.label not in ("done", "no", "leave", "end")]
        return (useful or decision.options)[0].label

    # shared answers
    def on_optional(self, game: NetrunnerGame, d: Decision) -> str:
        """An optional effect is taken: the option whose value is True (``yes`` or a card script's own label)."""
        return next((o.label for o in d.options if o.value is True), d.options[0].label)

    def on_psi(self, game: NetrunnerGame, d: Decision) -> str:
        return self.rng.choice(d.options).label

    def on_order(self, game: NetrunnerGame, d: Decision) -> str:
        return d.options[0].label

    def on_access(self, game: NetrunnerGame, d: Decision) -> str:
        """Which card a breach accesses next: the first option, the order a breach took before the runner chose it
        (the cards of R&D, HQ or Archives, then the root's: :meth:`~.run.Runs._next_access`), so that seeded games
        play as they did."""
        return d.options[0].label

    def on_discard(self, game: NetrunnerGame, d: Decision) -> str:
        def keep(o: Option) -> tuple[int, int]:
            card = o.value
            rank = {"agenda": 5, "ice": 4, "program": 4, "hardware": 3, "asset": 2, "resource": 2}.get(card.type, 1)
            return (rank, -int(getattr(card.record, "cost", 0) or 0))

        return min(d.options, key=keep).label

    def on_memory(self, game: NetrunnerGame, d: Decision) -> str:
        def worth(o: Option) -> tuple[int, int]:
            card = o.value
            return ("icebreaker" in card.subtypes, int(card.record.cost or 0))

        return min(d.options, key=worth).label


class HeuristicCorp(_Base):
    """Ices servers, scores agendas behind ice, rezzes on approach, traces when it wins."""

    def on_mulligan(self, game: NetrunnerGame, d: Decision) -> str:
        return "keep" if any(c.type == "ice" for c in game.corp.hand) else "mulligan"

    def on_action(self, game: NetrunnerGame, d: Decision) -> str:  # noqa: C901 - one rule per line of play
        corp = game.corp
        by_kind = _by_kind(d)
        if "score" in by_kind:
            return by_kind["score"][0].label
        if corp.clicks <= 0:
            return "end"
        # advance an agenda that can be scored this turn or sits behind ice
        for o in sorted(by_kind.get("advance", []), key=lambda o: -o.value.card.advancement):
            card = o.value.card
            need = (game.advancement_requirement(card) or 0) - card.advancement
            server = game.server_of(card)
            if card.type == "agenda" and (need <= corp.clicks and corp.credits >= need or (server and server.ice)):
                return o.label
        installs = by_kind.get("corp_install", [])
        agenda_out = any(c.type == "agenda" for c in game.installed("corp"))
        agendas = [o for o in installs if o.value.card.type == "agenda"]
        ice = [o for o in installs if o.value.card.type == "ice" and not o.value.trash]  # (its own ice it keeps)
        if agendas and not agenda_out:
            for o in agendas:
                server = game.servers.get(o.value.server or "")
                if server is not None and server.remote and server.ice and not server.root:
                    return o.label
            empty_remote = [
                o for o in ice if (s := game.servers.get(o.value.server or "")) is not None and s.remote and not s.root
            ]
            if empty_remote and len(game.servers[empty_remote[0].value.server].ice) == 0:
                return empty_remote[0].label
            new = [o for o in ice if o.value.server == "new remote" and o.value.credits == 0]
            if new and not any(s.remote and not s.root for s in game.servers.values()):
                return new[0].label
            if not ice:
                new_agenda = [o for o in agendas if o.value.server == "new remote"]
                if new_agenda and corp.credits >= 3:
                    return new_agenda[0].label
        # ice on the centrals that have none, HQ and R&D first, then more ice on the scoring remote
        for name in ("rnd", "hq"):
            for o in ice:
                if o.value.server == name and not game.servers[name].ice and o.value.credits <= corp.credits:
                    rez = game.rez_cost(o.value.card)
                    if corp.credits - o.value.credits >= min(rez, 4):
                        return o.label
        if corp.credits < 5:
            economy = self._economy(game, by_kind)
            if economy is not None:
                return economy
        for o in by_kind.get("rez", []):
            if _gains(game, o.value.card) and corp.credits - o.value.credits >= 1:
                return o.label
        if self._virus(game) >= 3 and "purge" in by_kind and corp.clicks == 3:
            return "purge"
        if by_kind.get("trash_resource") and corp.credits >= 5:
            return by_kind["trash_resource"][0].label
        for o in ice:
            server = game.servers.get(o.value.server or "")
            if server is not None and len(server.ice) < 2 and o.value.credits <= 1 and corp.credits >= 6:
                return o.label
        assets = [o for o in installs if o.value.card.type == "asset" and o.value.server == "new remote"]
        if assets and corp.credits >= 2 and len(corp.hand) > 2:
            return assets[0].label
        economy = self._economy(game, by_kind)
        if economy is not None:
            return economy
        labels = d.labels()
        if len(corp.hand) < 3 and corp.credits >= 4 and "draw" in labels:
            return "draw"
        return "credit" if "credit" in labels else self.default(d)

    def _economy(self, game: NetrunnerGame, by_kind: dict[str, list[Option]]) -> str | None:
        best: tuple[int, str] | None = None
        for kind in ("corp_play", "use"):
            for o in by_kind.get(kind, []):
                card = o.value.card
                gain = _gains(game, card) - o.value.credits - max(0, o.value.clicks - 1)
                if kind == "use" and not o.value.clicks:  # the corp's paid economy here is a click action
                    continue
                if gain > 1 and (best is None or gain > best[0]):
                    best = (gain, o.label)
        return best[1] if best else None

    @staticmethod
    def _virus(game: NetrunnerGame) -> int:
        return sum(c.counters.get("virus", 0) for c in game.installed("runner") + game.installed("corp"))

    def on_rez(self, game: NetrunnerGame, d: Decision) -> str:
        run = game.current_run
        if run is None and game.corp_window_held:  # before the runner's next action: only what answers its runs
            for o in d.options:
                card = o.value
                if isinstance(card, Card) and _answers_runs(game, card) and game.corp.credits > game.rez_cost(card):
                    return o.label  # (a credit kept: a piece of ice to rez later)
            return "done" if any(o.label == "done" for o in d.options) else self.default(d)
        for o in d.options:
            if isinstance(o.value, Card) and o.value.type == "ice":
                return o.label
        for o in d.options:
            if (
                isinstance(o.value, Card)
                and o.value.type == "upgrade"
                and run
                and game.server_of(o.value) is game.servers.get(run.server)
            ):
                return o.label
        for o in d.options if run is None else []:  # the runner's turn ends or the corp's begins: an asset that pays
            card = o.value
            if isinstance(card, Card) and _gains(game, card) and game.corp.credits - game.rez_cost(card) >= 1:
                return o.label
        return "done" if any(o.label == "done" for o in d.options) else self.default(d)

    def on_paid(self, game: NetrunnerGame, d: Decision) -> str:
        return "done"

    def on_trash(self, game: NetrunnerGame, d: Decision) -> str:
        """Ice to trash before installing more ice (an install it chose to trash ice for): no more once the corp
        can pay, else the one worth least (an unrezzed one first, the cheapest to rez)."""
        if any(o.label == "done" for o in d.options):
            return "done"
        ice = [o for o in d.options if isinstance(o.value, Card)]
        return min(ice, key=lambda o: (o.value.rezzed, game.rez_cost(o.value))).label if ice else self.default(d)

    def on_trace_corp(self, game: NetrunnerGame, d: Decision) -> str:
        base = game.tracing[0] if game.tracing else 0
        need = game.link() + game.runner.credits + 1 - base
        pays = [o for o in d.options if o.value == max(need, 0)]
        if need <= 0:
            return "pay:0"
        return pays[0].label if pays and game.corp.credits - need >= 2 else "pay:0"

    def on_server(self, game: NetrunnerGame, d: Decision) -> str:
        for preferred in ("new remote", "rnd", "hq"):
            if preferred in d.labels():
                return preferred
        return d.options[0].label

    def on_target(self, game: NetrunnerGame, d: Decision) -> str:
        return d.options[0].label


class HeuristicRunner(_Base):
    """Builds a rig, runs where it can pay its way in, jacks out when it cannot."""

    def on_mulligan(self, game: NetrunnerGame, d: Decision) -> str:
        return "keep" if any(c.type in ("program", "resource") for c in game.runner.hand) else "mulligan"

    # -- what breaking a piece of ice costs

    def break_cost(self, game: NetrunnerGame, ice: Card) -> int | None:
        """The cheapest credits any installed icebreaker needs to break every subroutine of ``ice`` (those of its
        text, or, for ice with none there, those it had when the runner last met it: :func:`_gained`; at least one
        for such ice that ended one of its runs, :func:`_ended_a_run`: it is not free to get through)."""
        subs = sum(1 for a in game.abilities(ice) if a.kind == "subroutine") or _gained(game, ice)
        if subs == 0 and _ended_a_run(game, ice):
            subs = 1
        if subs == 0:
            return 0
        best: int | None = None
        for breaker in game.runner.rig:
            breaks, pumps = [], []
            for ability in game.abilities(breaker):
                if ability.kind != "paid" or any(not isinstance(c, A.CreditCost) for c in ability.costs):
                    continue
                cost = sum(c.count for c in ability.costs if isinstance(c, A.CreditCost))
                for e in (e for s in ability.sentences for e in s.effects):
                    if isinstance(e, A.BreakSubroutine) and e.subtype in ice.subtypes:
                        breaks.append((cost, e.count))
                    elif isinstance(e, A.Strength) and e.delta > 0:
                        pumps.append((cost, e.delta))
            if not breaks:
                continue
            gap = game.strength_of(ice) - game.strength_of(breaker)
            total = 0
            if gap > 0:
                if not pumps:
                    continue
                total += min(-(-gap // delta) * cost for cost, delta in pumps)
            total += min(-(-subs // count) * cost for cost, count in breaks)
            best = total if best is None else min(best, total)
        return best

    def path_cost(self, game: NetrunnerGame, server: str) -> int | None:
        """Credits to get through every piece of ice of ``server`` (unrezzed ice counted as a small risk);
        None when a rezzed ice the rig cannot break may end the run (its text, or a card script's printed
        paragraph, says so: a run into it only loses the click and what its other subroutines take) or would do more
        damage than the grip can take."""
        total = 0
        for ice in game.servers[server].ice:
            if ice.rezzed:
                cost = self.break_cost(game, ice)
                if cost is None:
                    subs = [a for a in game.abilities(ice) if a.kind == "subroutine"]
                    if any(_ends_run(a, ice) for a in subs) or _ended_a_run(game, ice):
                        return None
                    if _damage(game, ice, "subroutine") >= len(game.runner.hand):
                        return None
                    cost = 0
                total += cost
            else:
                total += 2 if game.corp.credits >= 2 else 0
        return total

    def hurts(self, game: NetrunnerGame) -> bool:
        """Whether this corp deals damage, as a player knows it: a faction that does (Jinteki), or damage it has
        already dealt this game (the runner suffered it: :attr:`NetrunnerGame.damage_dealt`)."""
        if getattr(game.corp.identity.record, "faction", None) == "jinteki":
            return True
        return game.damage_dealt > 0

    def known_damage(self, game: NetrunnerGame, server: str) -> int:
        """The damage a successful run on ``server`` does for sure, as the runner knows the server: each rezzed piece
        of ice's subroutines it cannot break, and what each card of the root it knows (face up, rezzed, or one it
        accessed there) does when the run succeeds, when it is accessed or stolen (:func:`_access_damage`: a City
        Works Project-like agenda, an ambush seen before, an upgrade that hurts)."""
        damage = 0
        for ice in game.servers[server].ice:
            if ice.rezzed and self.break_cost(game, ice) is None:
                damage += _damage(game, ice, "subroutine")
        for card in game.servers[server].root:
            if card.rezzed or game.runner_knows(card):
                damage += _access_damage(game, card)
        return damage

    def damage_risk(self, game: NetrunnerGame, server: str) -> int:
        """The damage a run on ``server`` may do, as far as the runner can tell: what it does for sure
        (:meth:`known_damage`), and against a corp that deals damage, 2 for each unrezzed piece of ice
        (the corp can pay to rez it), 3 for an unknown card in a remote's root (a trap) and 2 for the cards a
        central may show (an ambush, an agenda that hurts when stolen)."""
        risk = self.known_damage(game, server)
        if not self.hurts(game):
            return risk
        if game.corp.credits >= 1:
            risk += 2 * sum(1 for ice in game.servers[server].ice if not ice.rezzed)
        if server in CENTRALS:
            return risk + 2
        if any(not c.rezzed and not game.runner_knows(c) for c in game.servers[server].root):
            risk += 3
        return risk

    def too_hurt(self, game: NetrunnerGame, server: str) -> bool:
        """Whether a run on ``server`` is not worth the damage: what it does for sure would flatline the runner
        (N4: damage greater than the cards in the grip), or what it may do, counting the cards the runner cannot
        see, would take the whole grip."""
        grip = len(game.runner.hand)
        known = self.known_damage(game, server)
        if known > grip:
            return True
        guess = self.damage_risk(game, server)
        return guess > known and guess >= grip

    def hurt_cost(self, game: NetrunnerGame, server: str) -> float:
        """What the damage a run on ``server`` does for sure costs it, in the units of :meth:`value`: half a point a
        card lost, and more for a run that leaves the grip empty (the next damage flatlines the runner)."""
        known = self.known_damage(game, server)
        return 0.5 * known + (1.5 if known and known >= len(game.runner.hand) else 0.0)

    def value(self, game: NetrunnerGame, server: str) -> float:
        s = game.servers[server]
        if server == "rnd":
            return 2.0 if game.corp.deck else 0.0
        if server == "hq":
            return 1.5 if game.corp.hand else 0.0
        if server == "archives":  # (the type of a face-down card of Archives is the corp's to know)
            # (a card accessed there stays face down: the runner knows it, and it is no reason to run there again)
            unseen = any(not c.faceup and not game.runner_knows(c) for c in game.corp.discard)
            return 0.8 if unseen or any(c.faceup and c.type == "agenda" for c in game.corp.discard) else 0.0
        if not s.root:
            return 0.0
        unknown = [c for c in s.root if not c.rezzed and not game.runner_knows(c)]
        if not unknown and not any(c.type == "agenda" for c in s.root):
            # every card there was seen: worth a run only to trash one the runner can afford to
            cheap = [c for c in s.root if int(getattr(c.record, "trash_cost", None) or 99) <= game.runner.credits - 2]
            return 1.0 if cheap else 0.0
        return 2.5 + max((c.advancement for c in s.root), default=0) + (1 if unknown else 0)

    def on_action(self, game: NetrunnerGame, d: Decision) -> str:  # noqa: C901 - one rule per line of play
        runner = game.runner
        by_kind = _by_kind(d)
        if runner.clicks <= 0:
            return "end" if any(o.label == "end" for o in d.options) else self.default(d)
        installs = by_kind.get("runner_install", [])
        covered = {
            e.subtype
            for c in runner.rig
            for a in game.abilities(c)
            for s in a.sentences
            for e in s.effects
            if isinstance(e, A.BreakSubroutine)
        } | _breaks(game, runner.rig)
        for o in installs:
            card = o.value.card
            kinds = {
                e.subtype
                for a in game.abilities(card)
                for s in a.sentences
                for e in s.effects
                if isinstance(e, A.BreakSubroutine)
            } | _breaks(game, [card])
            if kinds - covered and runner.credits - o.value.credits >= 1:
                return self._hosting(game, by_kind) or o.label
        # a run worth making, and one the grip survives (N4: damage greater than the grip flatlines the runner; the
        # damage it knows of is a cost to weigh)
        best: tuple[float, str] | None = None
        too_risky = False
        for o in by_kind.get("run", []):
            server = o.value.server
            value = self.value(game, server)
            cost = self.path_cost(game, server)
            if value <= 0 or cost is None or cost > game.available("runner", "icebreaker"):
                continue
            if self.too_hurt(game, server):
                too_risky = True
                continue
            score = value - 0.2 * cost - self.hurt_cost(game, server)
            if score > 0 and (best is None or score > best[0]):
                best = (score, o.label)
        if best is not None and (runner.credits >= 3 or best[0] >= 2.5):
            return best[1]
        labels = d.labels()
        if too_risky and "draw" in labels and len(runner.hand) < game.hand_size("runner"):
            return "draw"  # cards in the grip before running into damage
        if runner.tags >= 2 and "remove_tag" in by_kind and runner.credits >= 4:
            return "remove_tag"
        economy = self._economy(game, by_kind)
        if economy is not None and runner.credits < 8:
            return economy
        installs = [o for o in installs if _damage(game, o.value.card) < len(runner.hand)]  # (no self-flatline)
        for o in installs:
            card = o.value.card
            if card.type in ("hardware", "resource") and runner.credits - o.value.credits >= 2:
                return o.label
        for o in installs:
            card = o.value.card
            if (
                card.type == "program"
                and "icebreaker" not in card.subtypes
                and runner.credits - o.value.credits >= 2
                and game.memory_used() + int(card.record.memory_cost or 0) <= game.memory_limit()
            ):
                return self._hosting(game, by_kind) or o.label
        for o in by_kind.get("runner_play", []):
            card = o.value.card
            if runner.clicks - o.value.clicks <= 0 and _per_click_left(game, card):
                continue  # (its effect counts the clicks left: none after this one, so nothing)
            if runner.credits - o.value.credits >= 2 and not _gains(game, card) and self.runs_somewhere(game, card):
                return o.label
        # rezzed ice that ends its runs, and no icebreaker for it in the grip: look for one (with a full grip, once it
        # has the credits to install what it finds: the turn's end discards the worst)
        full = len(runner.hand) >= game.hand_size("runner")
        if "draw" in labels and (not full or runner.credits >= 6) and self.breaker_wanted(game):
            return "draw"
        if len(runner.hand) < 3 and "draw" in labels:
            return "draw"
        return "credit" if "credit" in labels else self.default(d)

    def runs_somewhere(self, game: NetrunnerGame, card: Card) -> bool:
        """Whether ``card``, a run event, has a server to run worth its run (as :meth:`on_action` weighs a run: one
        the runner can get into, without damage it cannot take); any other card: True. A run event a card script
        carries out (no text to read where it runs) may run any server."""
        runs = [n for n in _nodes(game, card) if isinstance(n, A.Run)]
        if not runs and "run" not in card.subtypes:
            return True
        servers = {t for n in runs for t in game.runs.targets(n.server)} if runs else set(game.servers)
        money = game.available("runner", "icebreaker") - int(getattr(card.record, "cost", 0) or 0)
        return any(
            self.value(game, s) > 0
            and (cost := self.path_cost(game, s)) is not None
            and cost <= money
            and not self.too_hurt(game, s)
            for s in servers
        )

    def breaker_wanted(self, game: NetrunnerGame) -> bool:
        """Whether the runner knows of ice it cannot get through and holds no icebreaker for it: a rezzed piece of
        ice that may end the run, of a subtype none of its icebreakers breaks, installed or in the grip."""
        covered = _breaks(game, game.runner.rig) | _breaks(game, game.runner.hand)
        for server in game.servers.values():
            for ice in server.ice:
                if (
                    ice.rezzed
                    and not covered & set(ice.subtypes)
                    and self.break_cost(game, ice) is None
                    and (
                        any(_ends_run(a, ice) for a in game.abilities(ice) if a.kind == "subroutine")
                        or _ended_a_run(game, ice)
                    )
                ):
                    return True
        return False

    @staticmethod
    def _hosting(game: NetrunnerGame, by_kind: dict[str, list[Option]]) -> str | None:
        """A card's ability that installs a program on it (a host), when there is one to use."""
        for o in by_kind.get("use", []):
            ability = game.abilities(o.value.card)[o.value.index]
            if any(isinstance(n, A.InstallHosted) and n.card_type == "program" for n in A.walk(ability)):
                return o.label
        return None

    def on_install(self, game: NetrunnerGame, d: Decision) -> str:
        """Which card an effect installs: an icebreaker for ice the rig cannot break yet, else the first."""
        covered = {n.subtype for c in game.runner.rig for n in _nodes(game, c) if isinstance(n, A.BreakSubroutine)}
        for o in d.options:
            if (
                isinstance(o.value, Card)
                and {n.subtype for n in _nodes(game, o.value) if isinstance(n, A.BreakSubroutine)} - covered
            ):
                return o.label
        return d.options[0].label

    def _economy(self, game: NetrunnerGame, by_kind: dict[str, list[Option]]) -> str | None:
        best: tuple[int, str] | None = None
        for kind in ("runner_play", "runner_install", "use"):
            for o in by_kind.get(kind, []):
                card = o.value.card
                gain = _gains(game, card) - o.value.credits - max(0, o.value.clicks - 1)
                if (
                    kind == "use"
                    and card.credits == 0
                    and not any(isinstance(n, A.GainCredits) for n in A.walk(game.abilities(card)[o.value.index]))
                ):
                    continue
                if gain > 1 and (best is None or gain > best[0]):
                    best = (gain, o.label)
        return best[1] if best else None

    def on_break(self, game: NetrunnerGame, d: Decision) -> str:
        breaks = [o for o in d.options if o.label.startswith("break:")]
        boosts = [o for o in d.options if o.label.startswith("boost:")]
        run = game.current_run
        enc = run.encounter if run else None
        if breaks:
            return breaks[0].label
        unbroken = enc is not None and any(not s.broken for s in enc.subs)
        scripted = [o for o in d.options if o.label.startswith("use:") and _scripted_role(game, o) == "break"]
        if scripted and unbroken:
            return scripted[0].label
        pumps = [o for o in d.options if o.label.startswith("use:") and _scripted_role(game, o) == "boost"]
        for o in pumps if unbroken else []:  # a scripted breaker too weak for this ice: raise it (then it breaks)
            if enc is not None and game.strength_of(o.value.card) < game.strength_of(enc.ice):
                return o.label
        clickbreaks = [o for o in d.options if o.label.startswith("clickbreak:")]
        if clickbreaks and enc is not None and any(_ends_run(s.ability, enc.ice) for s in enc.subs if not s.broken):
            return clickbreaks[0].label  # a click for the run is worth more than the run ending here
        if boosts and enc is not None:
            cost = self.break_cost(game, enc.ice)
            if cost is not None and cost <= game.available("runner", "icebreaker"):
                breakers = {o.value[0] for o in boosts}
                for o in boosts:  # boost the breaker that can break this ice
                    breaker = o.value[0]
                    if (
                        any(
                            isinstance(e, A.BreakSubroutine) and e.subtype in enc.ice.subtypes
                            for a in game.abilities(breaker)
                            for s in a.sentences
                            for e in s.effects
                        )
                        and breaker in breakers
                    ):
                        return o.label
        return "done"

    def on_subroutine(self, game: NetrunnerGame, d: Decision) -> str:
        run = game.current_run
        ice = run.encounter.ice if run is not None and run.encounter is not None else None
        for o in d.options:
            if _ends_run(o.value.ability, ice):
                return o.label
        return d.options[0].label

    def on_jack_out(self, game: NetrunnerGame, d: Decision) -> str:
        run = game.current_run
        if run is None or run.position <= 0:
            return "continue"
        ice = game.servers[run.server].ice[run.position - 1]
        if ice.rezzed:
            cost = self.break_cost(game, ice)
            unaffordable = cost is None or cost > game.available("runner", "icebreaker")
            ends = any(_ends_run(a, ice) for a in game.abilities(ice) if a.kind == "subroutine")
            if unaffordable and (ends or _ended_a_run(game, ice)):
                return "jack_out"
        return "continue"

    def on_trash(self, game: NetrunnerGame, d: Decision) -> str:
        yes = next(o for o in d.options if o.value)
        named = yes.label.partition(":")[2]  # trash:<id> (a game saved before: trash:<id>#<uid>)
        cards = game.installed("corp") + game.corp.hand + game.corp.deck
        card = next((c for c in cards if named in (c.id, c.ref, f"{c.id}#{game.runner_uid(c)}")), None)
        cost = int(getattr(card.record, "trash_cost", 0) or 0) if card is not None else 99
        return yes.label if game.runner.credits - cost >= 2 else "leave"

    def on_trace_runner(self, game: NetrunnerGame, d: Decision) -> str:
        strength = game.tracing[0] if game.tracing else 0
        need = strength - game.link()
        if need <= 0:
            return "pay:0"
        return f"pay:{need}" if need in [o.value for o in d.options] and game.runner.credits - need >= 1 else "pay:0"

    def on_prevent(self, game: NetrunnerGame, d: Decision) -> str:
        return self.default(d)

    def on_paid(self, game: NetrunnerGame, d: Decision) -> str:
        return "done"

    def on_server(self, game: NetrunnerGame, d: Decision) -> str:
        labels = d.labels()
        scored = [(self.value(game, s) - self.hurt_cost(game, s), s) for s in labels
                  if s in game.servers and self.path_cost(game, s) is not None and not self.too_hurt(game, s)]  # fmt: skip
        return max(scored)[1] if scored else labels[0]


BREAKS_BY_KIND = {"fracter": ("barrier",), "decoder": ("code_gate",), "killer": ("sentry",),
                  "ai": ("barrier", "code_gate", "sentry")}  # fmt: skip
"""The ice an icebreaker of each kind breaks, for one whose breaking a card script carries out (no text to read)."""


LOOKBACK = 600  # the log entries a player looks back over for what it saw of a piece of ice (the last turns)


def _recent(game: NetrunnerGame) -> list[Any]:
    """The runner's view of the log's last :data:`LOOKBACK` entries, the latest first."""
    runner = SEATS["runner"]
    events = game.log.since(max(0, len(game.log) - LOOKBACK))
    return [e for e in reversed(events) if e.visible == "all" or runner in e.visible]


def _gained(game: NetrunnerGame, ice: Card) -> int:
    """The subroutines ``ice`` had when the runner last encountered it, as the log showed them: the encounter's
    entry counts those cards gave it as it was met (a card script's: one for each advancement or power counter, say;
    ``gain_subroutines`` entries tell each gain). What the runner expects of ice with none in its text next time (0
    for ice it has not met)."""
    name = str(ice)
    for event in _recent(game):
        if event.kind == "encounter" and event.data.get("ice") == name:
            return int(event.data.get("subroutines") or 0)
    return 0


def _ended_a_run(game: NetrunnerGame, ice: Card) -> bool:
    """Whether ``ice`` ended one of the runner's runs lately (the log names it as the reason): ice whose text does not
    say it ends the run (a subroutine it gains, a card script's) may still."""
    name = str(ice)
    return any(e.kind == "end_run" and str(e.data.get("reason")) == name for e in _recent(game))


def _breaks(game: NetrunnerGame, cards: list[Card]) -> set[str]:
    """The subtypes of ice the icebreakers among ``cards`` break: their text's 破解 X 个<子类型>子进程, or (a card
    script's breaker) what its kind breaks (:data:`BREAKS_BY_KIND`)."""
    out: set[str] = set()
    for card in cards:
        if "icebreaker" not in card.subtypes:
            continue
        read = {n.subtype for n in _nodes(game, card) if isinstance(n, A.BreakSubroutine)}
        out |= read or {t for kind in card.subtypes for t in BREAKS_BY_KIND.get(kind, ())}
    return out


def _scripted_role(game: NetrunnerGame, option: Option) -> str | None:
    """The role (``break``, ``boost``) a card script gives the paid ability an option uses, if any."""
    card, index = getattr(option.value, "card", None), getattr(option.value, "index", None)
    if card is None or index is None or game.script_of(card) is None:
        return None
    abilities = game.abilities(card)
    return game.scripted_role(card, abilities[index]) if 0 <= index < len(abilities) else None
