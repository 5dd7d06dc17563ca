"""Card scripts of System Gateway: the neutral cards (and the neutral frames the set prints most)."""

from __future__ import annotations

from toolkit.engine.phrase import Phrase, Term
from toolkit.i18n.words import N_

from . import Builder, Exec, card, click, load


@card("regolith_mining_license", paragraphs=(0,), summary="Loaded with 15 credits when rezzed; trashed once empty.")
def _regolith(b: Builder) -> None:
    load(b, "credit", 15, on="rezzed")


@card(
    "red_team",
    paragraphs=(0, 1),
    summary="Loaded with 12 credits when installed, trashed once empty; click: run a central server not run "
    "this turn, and if successful take 3 credits from it.",
)
def _red_team(b: Builder) -> None:
    load(b, "credit", 12, on="installed")

    def run(x: Exec) -> None:
        left = [s for s in ("hq", "rnd", "archives") if not x.ran_this_turn(s)]
        if not left:
            x.game.log.add("run_failed", x.me.seat, reason=Phrase(N_("every central server was run this turn")))
            return
        target = x.choose(Phrase(N_("run on which {server} server"), server=Term("server_kind", "central")), left,
                          kind="server")  # fmt: skip
        if x.run_on(target).successful:
            x.do("从本牌上拿取 3[credit]。")

    b.paragraph(1).paid([click()], run, usable=lambda g, c, w: w == "action" and g.current_run is None)


@card(
    "overclock",
    paragraphs=(0,),
    summary="5 credits on it, then run any server; they pay for anything during that run (the event stays in play "
    "until the run ends).",
)
def _overclock(b: Builder) -> None:
    def play(x: Exec) -> None:
        g = x.game
        x.do("在本牌上放置 5[credit]。")
        g.in_play.append(x.card)  # in play while its run goes on: its credits pay during the run
        try:
            run = x.run_on("any")
            if g.current_run is run:
                g.runs.finish_run()
        finally:
            if x.card in g.in_play:
                g.in_play.remove(x.card)

    b.play(play)
    b.spend_hosted(lambda g, c, purpose: g.current_run is not None)


@card("verbal_plasticity", paragraphs=(0,), summary="The first basic draw action each turn draws 2 cards instead of "
      "1.")  # fmt: skip
def _verbal_plasticity(b: Builder) -> None:
    def drew(x: Exec) -> None:
        draws = [e for e in x.game.events_this_turn("action") if e.get("action") == "runner_draw"]
        if len(draws) == 1 and x.once_per_turn("draw"):
            x.do("你抽 1 张牌。")  # the action drew 1: one more makes the 2 drawn instead

    b.when("action_taken", drew, only=lambda x: x.event.get("side") == "runner" and x.event.get("action") == "draw")
