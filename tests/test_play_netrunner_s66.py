"""Netrunner at /play, how a game ended (a tester's two findings, stop 66):

- a resigned game: ``/api/play/ID`` named no winner and no reason, and the log (the API's and the page's) never said
  that a side resigned; now the other side wins, ``reason`` says who resigned in the request's language,
  ``resigned_by`` is that side's seat (as a tactics game's answer has it) and the log ends with the resignation;
- ``reason`` of a game over was the engine's English, without the word "damage" (``flatline: 1 meat with 0 cards
  in the grip``), whatever the request's language; now it is the page's words in the request's language.

The games are started, resigned and read through the routes; a game played to its end has its decisions played on
the game's own file first (one request a decision would replay the game some two hundred times).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CARDS
from tests.web.conftest import BASE, TEST_CSRF, writing_client
from toolkit.i18n import t


@pytest.fixture
def web(tmp_path: Path) -> Iterator[tuple[Any, Path]]:
    """A client of an app over the bundled cards, and its data folder (where the games' files are)."""
    from toolkit.web.settings import WebSettings

    settings = WebSettings(cards=[CARDS], db_url=str(tmp_path / "web.db"), cache=tmp_path / "cache",
                           data=tmp_path / "data")  # fmt: skip
    for client in writing_client(settings):
        yield client, settings.data_path


def _start(client: Any, **form: str) -> str:
    data = {"game": "netrunner", "side": "runner", "deck": "identity:vera_fingers_thorne", "opponent": "heuristic",
            "seed": "5", "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return answer.headers["location"].removeprefix(BASE)


def _resign(client: Any, path: str) -> None:
    assert client.get(f"{path}/resign?lang=zh-Hans").status_code == 200  # the page that asks
    answer = client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:300]


def _page_log(page: str) -> list[str]:
    found = re.search(r'id="pl-log"[^>]*>(.*?)</div>', page, re.S)
    assert found is not None, page[:500]
    import html

    return [line for line in html.unescape(re.sub(r"<[^>]*>", "", found.group(1))).splitlines() if line.strip()]


def test_a_resigned_game_names_the_other_side_the_winner_and_its_log_ends_with_the_resignation(web: Any) -> None:
    client, _ = web
    path = _start(client)
    _resign(client, path)
    english = client.get(f"/api{path}?lang=en").json()
    assert english["status"] == "resigned" and english["decision"] is None
    assert (english["winner"], english["reason"], english.get("resigned_by")) == ("corp", "the runner resigned", 2)
    last = english["log"][-1]
    assert last["event"] == "game_over" and last["winner"] == "corp", last
    assert last["line"].split(None, 1)[1] == "game over (winner: corp, reason: the runner resigned)", last  # no actor
    chinese = client.get(f"/api{path}?lang=zh-Hans").json()
    said = t("zh-Hans", "the {side} resigned", side="潜袭者")  # (公司/潜袭者认输 once the catalog has the message)
    assert (chinese["winner"], chinese["reason"], chinese.get("resigned_by")) == ("corp", said, 2)
    assert "潜袭者" in said and chinese["log"][-1]["line"].split(None, 1)[1] == f"游戏结束（获胜方：公司，原因：{said}）"
    # the page: its banner as before, its log ending with the same line
    page = client.get(f"{path}?lang=en").text
    assert "You resigned." in page and _page_log(page)[-1].endswith("reason: the runner resigned)")
    assert _page_log(client.get(f"{path}?lang=zh-Hans").text)[-1].endswith(f"原因：{said}）")
    # ended, the game takes no undo (refused, the answer the same), and its replay is the game as it stopped
    assert client.post(f"{path}/undo", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 409
    assert client.get(f"/api{path}?lang=en").json() == english
    assert client.get(f"{path}/replay?lang=en").status_code == 200


def test_the_side_of_the_link_that_resigned_loses_a_game_of_two_people(web: Any) -> None:
    """On one device, the corp's creator hands the runner its link; the runner resigns there: the corp wins, as
    both links' answers say."""
    client, _ = web
    path = _start(client, side="corp", deck="identity:weyland_iron_ledger", opponent="hotseat",
                  other_deck="identity:zero_weaver", seed="4")  # fmt: skip
    found = re.search(r'id="pl-other-link"[^>]*>([^<]+)</a>', client.get(path).text)
    assert found is not None
    runner = found.group(1).removeprefix(BASE)
    _resign(client, runner)
    for link in (path, runner):
        seen = client.get(f"/api{link}?lang=en").json()
        said = (seen["status"], seen["winner"], seen["reason"], seen.get("resigned_by"))
        assert said == ("resigned", "corp", "the runner resigned", 2), link
    assert "The other player resigned: you win." in client.get(f"{path}?lang=en").text


def _played_to_its_end(data: Path, path: str, seed: int) -> None:
    """The game of ``path``'s file with the person's decisions drawn by ``seed`` until the game is over, kept as the
    route that takes a decision keeps it."""
    from toolkit.catalog import load_catalog
    from toolkit.engine.netrunner.session import NetrunnerSession
    from toolkit.web.play_games import PlayGames

    store = PlayGames(data)
    game_id, record, _ = store.open(path.rsplit("/", 1)[1])
    records = [r for r in load_catalog([CARDS / "netrunner"]).records if getattr(r, "game", None) == "netrunner"]
    session, rng = NetrunnerSession.from_json(records, record), random.Random(seed)
    while session.pending is not None:
        session.apply(rng.choice(session.pending.labels()))
    store.save(game_id, {**record, **session.to_json(), "status": "over"}, expect=record)


@pytest.mark.parametrize(
    ("seed", "winner", "english", "chinese"),  # (the games of these seeds, their decisions drawn by the seed)
    [
        (5, "corp", "flatline: 1 meat damage with 0 cards in the grip", "脑死亡：操控器中有 0 张牌时受到 1 点肢体伤害"),
        (9, "corp", "7 agenda points", "7 议案分数"),
    ],
)
@pytest.mark.slow
def test_the_reason_a_game_ended_is_in_the_request_s_language(
    web: Any, seed: int, winner: str, english: str, chinese: str
) -> None:
    client, data = web
    path = _start(client, seed=str(seed))
    _played_to_its_end(data, path, seed)
    said = {lang: client.get(f"/api{path}?lang={lang}").json() for lang in ("en", "zh-Hans")}
    assert said["en"]["status"] == "over" and said["en"]["winner"] == said["zh-Hans"]["winner"] == winner
    assert (said["en"]["reason"], said["zh-Hans"]["reason"]) == (english, chinese)
    assert said["en"]["resigned_by"] is None
    # the log's game over, and the page's result, say the same
    assert said["en"]["log"][-2]["line"].endswith(f"game over (winner: corp, reason: {english})")
    assert said["zh-Hans"]["log"][-2]["line"].endswith(f"游戏结束（获胜方：公司，原因：{chinese}）")
    assert chinese in client.get(f"{path}?lang=zh-Hans").text and english in client.get(f"{path}?lang=en").text


def test_the_state_s_reason_words_its_terms_in_english() -> None:
    """The engine's view (the JSON of ``simulate``, replays' frames): ``1 meat damage``, not ``1 meat``; still the
    engine's phrase, which a reader words in its own language."""
    from toolkit.engine.netrunner.view import english
    from toolkit.engine.phrase import Phrase, Term
    from toolkit.i18n import Nn_
    from toolkit.i18n.words import N_

    inner = Phrase(Nn_("{amount} {damage} with {n} card in the grip", "{amount} {damage} with {n} cards in the grip"),
                   amount=1, damage=Term("damage", "meat"), n=0)  # fmt: skip
    reason = english(Phrase(N_("flatline: {reason}"), reason=inner))
    assert reason == "flatline: 1 meat damage with 0 cards in the grip" and isinstance(reason, Phrase)
    assert reason.message == "flatline: {reason}" and reason.fields["reason"].fields["damage"].code == "meat"
    assert english(None) is None and english(Phrase(N_("{n} agenda points"), n=7)) == "7 agenda points"
