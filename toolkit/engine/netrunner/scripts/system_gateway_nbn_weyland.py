"""Card scripts of System Gateway: the NBN, Weyland Consortium and neutral corp cards and identities."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_

from . import Builder, Exec, card

if TYPE_CHECKING:
    from ..game import NetrunnerGame
    from ..state import Card


# ---------------------------------------------------------------- what several cards do


def _by_corp() -> Phrase:
    return Phrase(N_("trashed by the {side}"), side=Term("side", "corp"))


def _tag_unless_paid(x: Exec, amount: int) -> None:
    """The runner takes 1 tag unless it pays ``amount`` (it chooses; paying needs the credits). A choice
    between two labelled answers is a ``target`` decision: the players answer ``optional`` ones with ``yes``."""
    g = x.game
    prompt = Phrase(N_("{card}: pay {n}{credit} or take 1 tag"), card=str(x.card), n=amount, credit="[credit]")
    texts = (Phrase(N_("pay {n}{credit}"), n=amount, credit="[credit]"), Phrase(N_("take 1 tag")))
    if g.can_pay("runner", amount) and g.confirm("runner", "target", prompt, yes="pay", no="take_tag", texts=texts):
        g.pay("runner", amount, str(x.card))
    else:
        g.gain_tags(1)


_MODES = {
    "credits": lambda n: Phrase(N_("gain {n}{credit}"), n=n, credit="[credit]"),
    "cards": lambda n: Phrase(N_("draw {n} cards"), n=n),
    "both": lambda n: Phrase(N_("gain {n}{credit} and draw {n} cards"), n=n, credit="[credit]"),
}


def _credits_or_cards(x: Exec, n: int, both: bool = False) -> None:
    """The corp gains ``n`` credits or draws ``n`` cards (or, with ``both``, may do both)."""
    modes = [*(["both"] if both else []), "credits", "cards"]
    prompt = Phrase(N_("{card}: choose one"), card=str(x.card))
    pick = x.game.choose("corp", "target", prompt, modes, label=str, text=lambda m: _MODES[m](n))
    if pick in ("credits", "both"):
        x.do(f"你获得 {n}[credit]。")
    if pick in ("cards", "both"):
        x.do(f"你抽 {n} 张牌。")


def _server_name(g: NetrunnerGame, c: Card) -> str | None:
    server = g.server_of(c)
    return server.name if server is not None else None


# ---------------------------------------------------------------- ice


@card("ballista", paragraphs=(0,), summary="Subroutine: the corp trashes an installed program of its choice, "
      "or ends the run instead (it must end the run when the runner has no program).")  # fmt: skip
def _ballista(b: Builder) -> None:
    def sub(x: Exec) -> None:
        g = x.game
        programs: list[Any] = [c for c in g.runner.rig if c.type == "program"]
        choice = g.choose(
            "corp",
            "target",
            Phrase(N_("{card}: trash a program or end the run"), card=str(x.card)),
            [*programs, None],
            label=lambda c: c.ref if c is not None else "end_run",
            text=lambda c: Phrase(N_("trash {card}"), card=str(c)) if c is not None else Phrase(N_("end the run")),
        )
        if choice is None:
            g.end_run(str(x.card))
        else:
            g.trash(choice, _by_corp(), by="corp")

    b.subroutine(sub)


@card("funhouse", paragraphs=(0, 1), summary="When encountered, the runner takes 1 tag or the run ends (its "
      "choice); subroutine: the runner takes 1 tag unless it pays 4 credits.")  # fmt: skip
def _funhouse(b: Builder) -> None:
    def encountered(x: Exec) -> None:
        if x.event.get("ice") is not x.card:
            return
        g = x.game
        prompt = Phrase(N_("{card}: take 1 tag or end the run"), card=str(x.card))
        texts = (Phrase(N_("take 1 tag")), Phrase(N_("end the run")))
        if g.confirm("runner", "target", prompt, yes="take_tag", no="end_run", texts=texts):
            g.gain_tags(1)
        else:
            g.end_run(str(x.card))

    b.when("encounter", encountered)
    b.paragraph(1).subroutine(lambda x: _tag_unless_paid(x, 4))


def _protects_remote(g: NetrunnerGame, c: Card) -> bool:
    server = g.server_of(c)
    return server is not None and server.remote and c in server.ice


@card("palisade", paragraphs=(0,), summary="+2 strength while protecting a remote server.")
def _palisade(b: Builder) -> None:
    b.strength(lambda g, c: 2 if _protects_remote(g, c) else 0)


@card("pharos", paragraphs=(0,), summary="Can be advanced; +5 strength with 3 or more advancement counters on it.")
def _pharos(b: Builder) -> None:
    b.text("本牌可以被推进。")
    b.strength(lambda g, c: 5 if c.advancement >= 3 else 0)


@card("ping", paragraphs=(0,), summary="When rezzed during a run on its own server, the runner takes 1 tag.")
def _ping(b: Builder) -> None:
    def rezzed(x: Exec) -> None:
        run = x.game.current_run
        if run is not None and not run.ended and run.server == _server_name(x.game, x.card):
            x.game.gain_tags(1)

    b.when("rezzed", rezzed)


@card("whitespace", paragraphs=(1,), summary="Second subroutine: ends the run if the runner has 6 credits or fewer.")
def _whitespace(b: Builder) -> None:
    def sub(x: Exec) -> None:
        if x.game.runner.credits <= 6:
            x.game.end_run(str(x.card))

    b.subroutine(sub)


# ---------------------------------------------------------------- assets and upgrades


@card("clearinghouse", paragraphs=(1,), summary="At the start of the corp's turn it may trash this asset to do "
      "1 meat damage per advancement counter on it.")  # fmt: skip
def _clearinghouse(b: Builder) -> None:
    def turn_start(x: Exec) -> None:
        g = x.game
        if not g.is_installed(x.card):
            return
        n = x.card.advancement
        prompt = Phrase(N_("trash {card} to do {n} {damage}?"), card=str(x.card), n=n, damage=Term("damage", "meat"))
        if x.may(prompt):
            g.trash(x.card, _by_corp(), by="corp")
            g.damage("meat", n)

    b.when("your_turn_start", turn_start)


@card("spin_doctor", paragraphs=(1,), summary="Remove this asset from the game: shuffle up to 2 cards of "
      "Archives into R&D.")  # fmt: skip
def _spin_doctor(b: Builder) -> None:
    def shuffle_back(x: Exec) -> None:
        g = x.game
        seat = x.me.seat
        if g.server_of(x.card) is not None:  # the cost: out of the game, into no zone
            g.trash_from_server(x.card)
            x.card.leave_play()
            g.log.add("removed", seat, card=str(x.card))
        chosen: list[Any] = []
        for _ in range(2):
            left: list[Any] = [c for c in g.corp.discard if c not in chosen]
            if not left:
                break
            pick = g.choose(
                "corp",
                "target",
                Phrase(N_("shuffle a card from {zone} into {deck}"), zone=Term("zone", "archives"),
                       deck=Term("zone", "rnd")),  # fmt: skip
                [*left, None],
                label=lambda c: c.ref if c is not None else "done",
                text=lambda c: str(c) if c is not None else Phrase(N_("done")),
            )
            if pick is None:
                break
            chosen.append(pick)
        for c in chosen:
            g.corp.discard.remove(c)
            c.faceup = False
            g.corp.deck.append(c)
        g.rng.shuffle(g.corp.deck)
        g.log.add("shuffle", seat, zone="rnd", cards=len(chosen))

    b.paid([], shuffle_back, usable=lambda g, c, w: bool(g.corp.discard))


@card("malapert_data_vault", paragraphs=(0,), summary="When the corp scores an agenda from this server's root, it "
      "may search R&D for a card that is not an agenda, reveal it and add it to HQ (R&D is shuffled).")  # fmt: skip
def _malapert(b: Builder) -> None:
    # The agenda has left the root when its score fires: the vault keeps the agendas of its root in mind
    # each time a card could have joined it (the vault rezzed, a card installed, a card advanced).
    def remember(x: Exec) -> None:
        server = x.game.server_of(x.card)
        if server is not None:
            x.card.notes["agendas"] = [c.uid for c in server.root if c.type == "agenda"]

    def scored(x: Exec) -> None:
        g = x.game
        agenda = x.event.get("card")
        if agenda is None or agenda.uid not in x.card.notes.get("agendas", []):
            return
        remember(x)
        if not x.may(Phrase(N_("{card}: search {zone} for a card that is not an agenda?"), card=str(x.card),
                            zone=Term("zone", "rnd"))):  # fmt: skip
            return
        deck = g.corp.deck
        matches = [c for c in reversed(deck) if c.type != "agenda"]
        if matches:
            found = x.choose(Phrase(N_("a card that is not an agenda, to add to {zone}"), zone=Term("zone", "hq")),
                             matches, kind="search")  # fmt: skip
            deck.remove(found)
            found.faceup = False
            g.corp.hand.append(found)
            g.log.add("search", x.me.seat, card=str(found), zone="rnd")
        else:
            g.log.add("search_failed", x.me.seat, zone="rnd")
        g.rng.shuffle(deck)
        g.log.add("shuffle", x.me.seat, zone="rnd")

    b.when("rezzed", remember).when("any_installed", remember).when("advanced", remember)
    b.when("any_scored", scored)


@card("amaze_amusements", paragraphs=(0,), summary="Persistent: when a run on its server ends, the runner takes 2 "
      "tags if they stole an agenda during that run (even after trashing this upgrade in it).")  # fmt: skip
def _amaze(b: Builder) -> None:
    def watch(x: Exec) -> None:
        g, run = x.game, x.run
        if run is None or run.ended or x.card.notes.get("watching") is run:
            return
        x.card.notes["watching"] = run
        events = list(g.log)
        start = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "run"), 0)
        amaze = x.card

        def ended(r: Any, successful: bool) -> None:
            active = amaze.rezzed and g.is_installed(amaze)
            if not (active or amaze.notes.get("trashed_in") is r):
                return
            if any(e.kind == "steal" for e in list(g.log)[start:]):
                g.gain_tags(2)

        x.when_run_ends(ended)

    def trashed(x: Exec) -> None:  # persistent: trashed by the runner while accessed, it still answers this run
        if x.event.get("by") == "runner" and x.event.get("rezzed") and x.run is not None:
            x.card.notes["trashed_in"] = x.run

    def on_its_server(x: Exec) -> bool:
        return x.run is not None and x.run.server == _server_name(x.game, x.card)

    b.when("run_begins", watch, only=on_its_server)
    b.when("rezzed", watch, only=on_its_server)
    b.when("trashed", trashed, only=lambda x: x.event.get("card") is x.card)


# ---------------------------------------------------------------- agendas


@card("orbital_superiority", paragraphs=(0,), summary="When scored: 4 meat damage if the runner is tagged, "
      "otherwise the runner takes 1 tag.")  # fmt: skip
def _orbital_superiority(b: Builder) -> None:
    def scored(x: Exec) -> None:
        if x.game.runner.tags:
            x.game.damage("meat", 4)
        else:
            x.game.gain_tags(1)

    b.when("agenda_scored", scored)


@card("send_a_message", paragraphs=(0,), summary="When scored or stolen, the corp may rez one installed piece "
      "of ice for free.")  # fmt: skip
def _send_a_message(b: Builder) -> None:
    def rez_one(x: Exec) -> None:
        g = x.game
        ice = [c for c in g.installed("corp") if c.type == "ice" and not c.rezzed]
        if not ice or not x.may(Phrase(N_("{card}: rez a piece of ice, ignoring all costs?"), card=str(x.card))):
            return
        chosen = x.choose(Phrase(N_("rez a card, ignoring all costs")), ice, kind="rez")
        g.rez(chosen, free=True)

    b.when("agenda_scored", rez_one).when("agenda_stolen", rez_one)


@card("tomorrows_headline", paragraphs=(0,), summary="When scored or stolen, the runner takes 1 tag.")
def _tomorrows_headline(b: Builder) -> None:
    b.text("当你计分本议案时：潜袭者获得 1 个锁定标记。")
    b.text("当潜袭者窃取本议案时：潜袭者获得 1 个锁定标记。")


# ---------------------------------------------------------------- operations


@card("predictive_planogram", paragraphs=(0,), summary="Gain 3 credits or draw 3 cards; both if the runner is "
      "tagged.")  # fmt: skip
def _predictive_planogram(b: Builder) -> None:
    b.play(lambda x: _credits_or_cards(x, 3, both=x.game.runner.tags > 0))


def _ran_last_turn(g: NetrunnerGame) -> bool:
    """Whether the runner made a successful run during its last turn (turns alternate, the corp's first)."""
    last = g.turns - 1 if g.active == "corp" else g.turns - 2
    return any(turn == last and ok for turn, _, ok in g.run_history)


@card("public_trail", paragraphs=(0, 1), summary="Playable only after a successful run in the runner's last "
      "turn; the runner takes 1 tag unless it pays 8 credits.")  # fmt: skip
def _public_trail(b: Builder) -> None:
    b.may_play(lambda g, c: _ran_last_turn(g))
    b.paragraph(1).play(lambda x: _tag_unless_paid(x, 8))


@card("retribution", paragraphs=(0, 1), summary="Playable only while the runner is tagged; trash an installed "
      "program or piece of hardware.")  # fmt: skip
def _retribution(b: Builder) -> None:
    def trash_one(x: Exec) -> None:
        g = x.game
        targets = [c for c in g.runner.rig if c.type in ("program", "hardware")]
        if not targets:
            g.log.add("trash_failed", x.me.seat, reason=Phrase(N_("no program or hardware is installed")))
            return
        victim = x.choose(Phrase(N_("trash a program or a piece of hardware")), targets)
        g.trash(victim, _by_corp(), by="corp")

    b.may_play(lambda g, c: g.runner.tags > 0)
    b.paragraph(1).play(trash_one)


# ---------------------------------------------------------------- identities


@card("nbn_reality_plus", paragraphs=(0,), summary="The first time in a turn the runner takes a tag, gain 2 "
      "credits or draw 2 cards.")  # fmt: skip
def _reality_plus(b: Builder) -> None:
    def tagged(x: Exec) -> None:
        if x.once_per_turn("tagged"):
            _credits_or_cards(x, 2)

    b.when("tags_taken", tagged)


@card("weyland_consortium_built_to_last", paragraphs=(0,), summary="Whenever the corp advances a card that had "
      "no advancement counters, gain 2 credits.")  # fmt: skip
def _built_to_last(b: Builder) -> None:
    def advanced(x: Exec) -> None:
        target = x.event.get("card")
        if target is not None and target.advancement == 1:  # the advance placed the first one
            x.do("你获得 2[credit]。")

    b.when("advanced", advanced)
