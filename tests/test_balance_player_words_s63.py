"""The balance lab names its machine players as the play page does (莽撞型, 随机型, 战术型; in Netrunner 启发型), in the
list of runs and on a run's page, where the word stands beside the decider's code."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import CARDS
from toolkit.balance.figures import figures

BASE = "http://127.0.0.1:8000"


def _plays_name(game: str, decider: str, lang: str) -> str:
    """The name /play gives a machine player: its offer's words up to the colon (``brawler: attacks…``)."""
    from toolkit.web.routes.play import _netrunner_words, _opponent_words

    words = _netrunner_words(decider, lang) if game == "netrunner" else _opponent_words(decider, lang)
    return re.split(r": |：", words, maxsplit=1)[0]


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_every_machine_player_has_the_name_the_play_page_gives_it(lang: str) -> None:
    from toolkit.balance.report import PLAYER_WORDS, player_word

    for game, players in PLAYER_WORDS.items():
        for decider in players:
            assert player_word(game, decider, lang) == _plays_name(game, decider, lang), (game, decider)
    if lang == "zh-Hans":  # the words the play page offers (their translations are not left out)
        assert [player_word("tactics", d, lang) for d in ("heuristic", "brawler", "random")] == ["战术型", "莽撞型",
                                                                                                   "随机型"]  # fmt: skip
        assert player_word("netrunner", "heuristic", lang) == "启发型"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app over a database of two tactics runs, by the brawler and by the tactics heuristic, and a Netrunner
    one by its heuristic."""
    from fastapi.testclient import TestClient

    from toolkit.balance.store import save_run
    from toolkit.web.app import create_app
    from toolkit.web.settings import WebSettings

    root = tmp_path_factory.mktemp("web-balance-fix10")
    db = root / "web.db"
    app = create_app(WebSettings(cards=[CARDS], db_url=str(db), cache=root / "cache", data=root / "data"))
    tactics = {"game": "tactics", "card_set": "a" * 64, "seed": 0, "modes": ["duel"], "decks": "random",
               "rounds": 40, "margin": 0.02}  # fmt: skip
    save_run(str(db), {**tactics, "decider": "brawler"}, figures([]))
    save_run(str(db), {**tactics, "decider": "heuristic"}, figures([]))
    with TestClient(app, base_url=BASE) as client:
        yield client
    shutil.rmtree(root, ignore_errors=True)


def _get(client: Any, path: str, lang: str) -> str:
    answer = client.get(f"{path}?lang={lang}")
    assert answer.status_code == 200, answer.text[:500]
    return str(answer.text)


def _settings(page: str) -> str:
    found = re.findall(r'<p class="note">([^<]*(?:<code[^>]*>[^<]*</code>[^<]*)*)</p>', page)
    return found[0] if found else ""


def test_the_list_and_the_run_page_name_the_player_in_words(served: Any) -> None:
    listed = _get(served, "/balance", "zh-Hans")
    row = listed.split('href="/balance/1"', 1)[1].split("</tr>", 1)[0]
    assert "莽撞型" in row and '<code translate="no">brawler</code>' in row and "对战者" not in row
    row = listed.split('href="/balance/2"', 1)[1].split("</tr>", 1)[0]
    assert "战术型" in row and "战术家" not in row
    run = _settings(_get(served, "/balance/1", "zh-Hans"))
    assert "玩家 莽撞型 <code translate=\"no\">brawler</code>" in run, run  # not the raw id alone
    english = _settings(_get(served, "/balance/1", "en"))
    assert 'decider brawler' not in english and '<code translate="no">brawler</code>' in english, english
