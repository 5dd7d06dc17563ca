"""The tactics play views show the public piles a player decides by (session 68, issue 28): the matrix shop's size
(in the modes that have one: whether it is empty decides 预算超支, §2.2, and card texts test "如果矩阵商店没有牌"), said
plainly when it is empty, and each player's discard size, one's own too (what 预算超支 and 重洗 shuffle back): in
the seat's view (and so in `/api/play/ID`), the plain terminal, the full-screen view and the game's page. Nothing
hidden comes with them: the shop's size only, never its cards or their order."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest
from rich.console import Console

from tests.test_play_tactics_web_s66 import _api
from tests.test_play_tactics_web_s66 import _start as _start_game
from tests.test_tactics_decisions import RECORDS, _setup
from tests.test_tactics_screen_s60 import _plain
from tests.web import conftest as web
from tests.web.conftest import TEST_CSRF
from toolkit.cli._lang import LogNames
from toolkit.engine.keys import Cursor
from toolkit.engine.tactics.screen import screen
from toolkit.engine.tactics.session import TacticsSession, view
from toolkit.engine.tactics.terminal import hand_line, mode_scores, table_lines
from toolkit.i18n import t, tn

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client


def _at_action(mode: str) -> TacticsSession:
    """A game of ``mode`` (P1 a person, P2 the machine) played on to P1's first main-phase action (the mulligans
    declined, the dice and cells the first offered)."""
    session = TacticsSession(RECORDS, _setup(mode, ["human", "heuristic"]))
    for _ in range(60):
        pending = session.pending
        assert pending is not None and pending.seat == 1
        if pending.kind == "action":
            return session
        labels = pending.labels()
        session.apply("no" if "no" in labels else "none" if "none" in labels else labels[0])
    raise AssertionError("no action asked")


def _discarded(session: TacticsSession, n: int) -> None:
    """``n`` cards of P1's hand put on its discard pile (as a discard would): the pile is not empty."""
    me = session.game.players[0]
    for _ in range(n):
        me.discard.append(me.hand.pop())


SHOP = {"en": "matrix shop", "zh-Hans": "矩阵商店"}


def _shop_words(n: int, lang: str) -> str:
    if n == 0:
        return t(lang, "matrix shop: empty (no cards)")
    return tn(lang, "matrix shop: {n} card", "matrix shop: {n} cards", n, n=n)


def _screen(session: TacticsSession, lang: str, width: int = 300, height: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None, force_terminal=False)
    pending = session.pending
    cursor = Cursor(len(pending.options) if pending is not None else 0)
    drawn = screen(session, 1, lang, LogNames(RECORDS, lang), cursor, "", height, width, console)
    rendered = console.render_lines(drawn, console.options.update(width=width, height=None), pad=False)
    return "\n".join("".join(segment.text for segment in line).rstrip() for line in rendered)


def test_the_view_gives_the_shops_size_and_nothing_of_its_cards() -> None:
    expert = _at_action("expert")
    seen = view(expert.game, 1, expert.pending)
    assert seen["shop"] == len(expert.game.shop) > 0 and isinstance(seen["shop"], int)
    assert json.loads(json.dumps(seen))["shop"] == seen["shop"]
    shop_labels = {f"{c.id}#{c.uid}" for c in expert.game.shop}
    assert not shop_labels & set(re.findall(r"[\w]+#\d+", json.dumps(seen)))  # (no card of the shop named)
    expert.game.shop.clear()
    assert view(expert.game, 1, expert.pending)["shop"] == 0
    duel = _at_action("duel")  # (a mode with no shop: buying draws)
    assert view(duel.game, 1, duel.pending)["shop"] is None


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_plain_terminal_shows_the_shop_and_your_own_discard_pile(lang: str) -> None:
    session = _at_action("expert")
    _discarded(session, 2)
    me, other = view(session.game, 1, session.pending)["players"]
    said = _plain(session, lang)
    assert _shop_words(len(session.game.shop), lang) in said.splitlines()
    names = LogNames(RECORDS, lang)
    hand = hand_line(view(session.game, 1, session.pending), lang, names, mode_scores(session.game))
    assert hand in said and t(lang, "discard {n}", n=len(me["discard"])) in hand and len(me["discard"]) >= 2
    assert t(lang, "discard {n}", n=len(other["discard"])) in said  # (the other's: as before)
    session.game.shop.clear()  # the shop empty (预算超支 refills it from the gold discards at the next buy)
    assert t(lang, "matrix shop: empty (no cards)") in _plain(session, lang).splitlines()
    duel = _at_action("duel")  # (no shop: no line of it)
    lines = table_lines(view(duel.game, 1, duel.pending), lang, names)
    assert lines and not [x for x in lines if x.startswith(SHOP[lang])], lines
    assert t(lang, "discard {n}", n=0) in hand_line(view(duel.game, 1, duel.pending), lang, names)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_full_screen_shows_the_shop_and_your_own_discard_pile(lang: str) -> None:
    session = _at_action("duo")
    _discarded(session, 2)
    shown = _screen(session, lang)
    assert _shop_words(len(session.game.shop), lang) in shown, shown
    hand = hand_line(view(session.game, 1, session.pending), lang, LogNames(RECORDS, lang))
    assert hand in shown and t(lang, "discard {n}", n=len(session.game.players[0].discard)) in hand, shown
    session.game.shop.clear()
    assert t(lang, "matrix shop: empty (no cards)") in _screen(session, lang)


# the game's page and /api/play/ID


def _start(client: Any, **form: str) -> str:
    """A Duo game against the tactician at seed 4 (the web play tests' helper, with this module's set-up)."""
    return _start_game(client, **{"mode": "duo", "deck": "example:duo-list", "seed": "4", **form})


def _to_action(client: Any, path: str) -> dict[str, Any]:
    for _ in range(30):
        seen = _api(client, path)
        decision = seen["decision"]
        if decision["kind"] == "action":
            return seen
        labels = [o["label"] for o in decision["options"]]
        label = "no" if "no" in labels else "none" if "none" in labels else labels[0]
        form = {"label": label, "number": str(decision["number"]), "csrf_token": TEST_CSRF}
        answer = client.post(f"{path}/decide", data=form, follow_redirects=False)
        assert answer.status_code == 303, (label, answer.text[-500:])
    raise AssertionError("no action asked")


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _table(page: str) -> list[str]:
    table = re.search(r'<ul class="small" id="pl-table">(.*?)</ul>', page, re.S)
    return [_text(x) for x in re.findall(r"<li>(.*?)</li>", table.group(1), re.S)] if table else []


@pytest.mark.slow
def test_the_page_and_the_api_show_the_shop_and_your_own_discard_pile(client: Any) -> None:
    game = _start(client)
    seen = _to_action(client, game)
    assert isinstance(seen["shop"], int) and seen["shop"] > 0  # (/api/play/ID: the view's count)
    me = next(p for p in seen["players"] if p["seat"] == 1)
    for lang in ("en", "zh-Hans"):
        page = client.get(f"{game}?lang={lang}").text
        assert _shop_words(seen["shop"], lang) in _table(page), _table(page)
        counts = re.search(r'<p class="muted small" id="pl-counts">(.*?)</p>', page, re.S)
        assert counts is not None, page[-3000:]
        assert _text(counts.group(1)) == t(lang, "Deck {deck} · discard {discard} · score {score}", deck=me["deck"],
                                           discard=len(me["discard"]), score=me["score"])  # fmt: skip
    duel = _start(client, mode="duel", deck="example:duel", seed="3")
    seen = _to_action(client, duel)
    assert seen["shop"] is None
    assert not [x for x in _table(client.get(f"{duel}?lang=en").text) if x.startswith("matrix shop")]
