"""The state as JSON, whole or as one seat may see it (``schema/netrunner/state.schema.json``).

The corp sees its hand, its face-down cards and Archives whole; the runner sees the
corp's unrezzed cards only as ``ice`` or ``card`` with their counters, and Archives'
face-down cards only as such, each by a uid of its own that is new each time the card
goes out of its sight (:meth:`~.game.NetrunnerGame.seen_uid`), never the card's; face up, a corp card keeps
for the runner the uid it had face down, or the one it got coming out of HQ or R&D face up (an operation played,
a card trashed or stolen there: :meth:`~.game.NetrunnerGame.runner_uid`), never its own (its place in R&D when
the game began, which would tell when it was drawn). The other way the same: the corp sees a runner card come out
of the grip or the stack (an event played, a card installed, trashed or milled) by a number of its own
(:meth:`~.game.NetrunnerGame.corp_uid`), never the card's.
Neither sees the other's hand, nor any deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.engine.phrase import Phrase, Term

from .state import SEATS, Card, ability_text

if TYPE_CHECKING:
    from .game import NetrunnerGame


def card_view(game: NetrunnerGame, card: Card, seen: bool, runner: bool = False, corp: bool = False) -> dict[str, Any]:
    """One card; ``seen`` False shows only what is public about it (a face-down card), and the uid the runner sees
    it by instead of its own; shown to the runner (``runner``), a face-down card it knows (it accessed it where it
    is: :meth:`~.game.NetrunnerGame.runner_knows`) has its name and type too, its id still None (face down). ``runner``: shown to the runner, a corp card face up by the runner's handle for it
    (:meth:`~.game.NetrunnerGame.runner_uid`: the one it had face down or got coming out of HQ or R&D, never its
    own); ``corp``: shown to the corp, a runner card by the corp's handle for it (:meth:`~.game.NetrunnerGame.corp_uid`:
    the one it got coming out of the grip or the stack, never its own)."""
    own = game.runner_uid(card) if runner else game.corp_uid(card) if corp else card.uid
    uid = own if seen else game.seen_uid(card)
    out: dict[str, Any] = {"uid": uid}
    if seen:
        name = card.record.name
        out.update(
            {
                "id": card.id,
                "name": {"zh-Hans": name.zh_hans, "en": name.en or name.zh_hans},
                "type": card.type,
            }
        )
        strength = getattr(card.record, "strength", None)
        if strength is not None:
            out["strength"] = game.strength_of(card)
    elif runner and game.runner_knows(card):  # face down, but the runner accessed it where it is: known by name
        name = card.record.name
        out.update({"id": None, "name": {"zh-Hans": name.zh_hans, "en": name.en or name.zh_hans},
                    "type": game.seen_type(card, "runner")})  # fmt: skip
    else:
        out.update({"id": None, "name": None, "type": "ice" if card.type == "ice" and game.server_of(card) else None})
    out["rezzed"] = card.rezzed
    out["faceup"] = face_up(game, card)
    if card.counters:
        out["counters"] = dict(sorted(card.counters.items()))
    if card.credits:
        out["credits"] = card.credits
    if card.recurring:
        out["recurring"] = card.recurring
    if card.hosted:
        out["hosted"] = [card_view(game, c, True, runner, corp) for c in card.hosted]
    return out


def face_up(game: NetrunnerGame, card: Card) -> bool:
    """Whether ``card`` lies face up where both players see it (seed 001: the runner's cards are always installed
    face up, the identities are face up): an identity; a runner card out of the grip and the stack (installed,
    hosted, in the heap, being played); a corp card rezzed where it is installed, in a score area, in play or removed
    from the game, in Archives face up (:attr:`Card.faceup`), hosted on a runner card. False for a corp card face
    down (unrezzed in a server, face down in Archives) and for the cards of a hand or a deck, which the table does
    not see."""
    if card.type == "identity":
        return True
    player = game.player(card.side)
    if card in player.hand or card in player.deck:
        return False
    if card.side == "runner":
        return True
    if card in game.corp.discard:
        return card.faceup
    if game.server_of(card) is not None:
        return card.rezzed
    host = card.host
    while host is not None and host.host is not None:  # (hosted on a hosted card: where its outermost host is)
        host = host.host
    if host is not None:
        return host.side == "runner" or card.rezzed
    return any(card in zone for zone in (game.corp.score_area, game.runner.score_area, game.in_play, game.removed))


def english(reason: Any) -> Any:
    """Why the game ended (the engine's phrase, None while it goes on), its terms shown by their English words
    (``1 meat damage with 0 cards in the grip``, not the code's ``1 meat …``): still a phrase of the same message,
    fields and codes, which a reader words in its own language (:meth:`toolkit.cli._lang.LogNames.say`)."""
    if isinstance(reason, Phrase):
        return Phrase(reason.message, **{key: english(field) for key, field in reason.fields.items()})
    if isinstance(reason, Term):
        from toolkit.engine import logwords
        from toolkit.i18n import word
        from toolkit.i18n.words import WORDS

        if reason.kind in logwords.TERMS:
            shown = logwords.word(reason.kind, reason.code, "en")
        else:
            shown = word(reason.kind, reason.code, "en") if reason.code in WORDS.get(reason.kind, {}) else None
        return Term(reason.kind, reason.code, shown or str(reason))
    return reason


def view(game: NetrunnerGame, seat: int | None = None) -> dict[str, Any]:
    """The whole state (``seat`` None) or what ``seat`` (1 the corp, 2 the runner) may see."""
    corp_eyes = seat in (None, SEATS["corp"])
    runner_eyes = seat in (None, SEATS["runner"])

    only_runner = seat == SEATS["runner"]  # (corp cards by the runner's handles)
    only_corp = seat == SEATS["corp"]  # (runner cards by the corp's handles)

    def cards(items: list[Card], seen: bool) -> list[dict[str, Any]]:
        return [card_view(game, c, seen, only_runner, only_corp) for c in items]

    def corp_card(card: Card) -> dict[str, Any]:
        return card_view(game, card, corp_eyes or card.rezzed, only_runner, only_corp)

    corp, runner = game.corp, game.runner
    out: dict[str, Any] = {
        "seat": seat,
        "turn": game.turns,
        "active": game.active,
        "phase": game.phase,
        "winner": game.winner,
        "reason": english(game.end_reason),
        "corp": {
            "identity": card_view(game, corp.identity, True, only_runner, only_corp),
            "credits": corp.credits,
            "clicks": corp.clicks,
            "bad_publicity": corp.bad_publicity,
            "agenda_points": game.agenda_points("corp"),
            "hand_size": game.hand_size("corp"),
            "hand": cards(corp.hand, True) if corp_eyes else None,
            "hand_count": len(corp.hand),
            "deck_count": len(corp.deck),
            "archives": [card_view(game, c, corp_eyes or c.faceup, only_runner, only_corp) for c in corp.discard],
            "score_area": cards(corp.score_area, True),
            "servers": [
                {"name": s.name, "ice": [corp_card(c) for c in s.ice], "root": [corp_card(c) for c in s.root]}
                for s in game.servers.values()
            ],
            "in_play": cards([c for c in game.in_play if c.side == "corp"], True),
        },
        "runner": {
            "identity": card_view(game, runner.identity, True, corp=only_corp),
            "credits": runner.credits,
            "clicks": runner.clicks,
            "tags": runner.tags,
            "brain_damage": runner.brain_damage,
            "link": game.link(),
            "memory_used": game.memory_used(),
            "memory_limit": game.memory_limit(),
            "agenda_points": game.agenda_points("runner"),
            "hand_size": game.hand_size("runner"),
            "hand": cards(runner.hand, True) if runner_eyes else None,
            "hand_count": len(runner.hand),
            "deck_count": len(runner.deck),
            "heap": cards(runner.discard, True),
            "score_area": cards(runner.score_area, True),
            "rig": [card_view(game, c, True, corp=only_corp) for c in runner.rig if c.host is None],
            "in_play": cards([c for c in game.in_play if c.side == "runner"], True),
        },
        "run": None,
    }
    run = game.current_run
    if run is not None:
        encounter = None
        if run.encounter is not None:
            encounter = {
                "ice": card_view(game, run.encounter.ice, True, only_runner, only_corp),
                "subroutines": [
                    {"index": s.index, "text": ability_text(run.encounter.ice, s.ability), "broken": s.broken}
                    for s in run.encounter.subs
                ],
            }
        out["run"] = {
            "server": run.server,
            "step": run.step,
            "position": run.position,
            "successful": run.successful,
            "ended": run.ended,
            "jacked_out": run.jacked_out,
            "bad_publicity_credits": run.bad_pub_credits,
            "encounter": encounter,
        }
    return out
