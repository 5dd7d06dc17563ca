"""The games at /play, round 68 of a sweep: a seed the server chooses cannot be guessed (53 bits from ``secrets``:
the face-down units' aliases and a seat's own hand no longer give the deal away to a search of the seeds), a seed
typed in the form is kept as given; a game saved by an earlier engine that no longer replays is a 409 that says
so and names the decision (never its options: the machine's hand is among them), not a 404 blaming the cards;
`/api/play/ID` words a Netrunner encounter's subroutines in the request's language; the games go by their names
(``Netrunner``, not ``netrunner``) in English; a Netrunner form without a deck says the deck field is empty;
``balance tactics --modes ''`` is refused, as crossfire's ``--players ''`` is.

The Chinese of this round's new messages comes with the catalogue (/tmp/fix713/zh.json); the Chinese checked here
is what the catalogue holds already (the game names, the form's field)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from tests.test_web_play_round56 import _alert, _decide, _labels, _netrunner, _number, _store
from tests.web import conftest as web
from tests.web.conftest import BASE, TEST_CSRF

# the web tests' fixtures (tests/web/conftest.py), for this module outside tests/web
web_cards, web_settings, web_app, client = web.web_cards, web.web_settings, web.web_app, web.client

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _start(client: Any, **form: str) -> str:
    data = {"mode": "duel", "deck": "random", "opponent": "heuristic", "seat": "1", "seed": "1",
            "csrf_token": TEST_CSRF, **form}  # fmt: skip
    answer = client.post("/play", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"]).removeprefix(BASE)


def _resign(client: Any, path: str) -> None:
    assert client.post(f"{path}/resign", data={"csrf_token": TEST_CSRF}, follow_redirects=False).status_code == 303


def _kept_seed(settings: Any, path: str) -> int:
    record = _store(settings).load(path.rsplit("/", 1)[1])
    return int(record["record"]["seed"] if record.get("game") == "netrunner" else record["setup"]["seed"])


# ---------------------------------------------------------------------- 1. a seed the server chooses


def test_a_seed_left_empty_is_drawn_from_53_bits() -> None:
    from toolkit.web.routes.play import parse_seed

    drawn = [parse_seed("", "en") for _ in range(40)]
    assert all(0 <= s < 2**53 for s in drawn)
    assert len(set(drawn)) == len(drawn)
    # 40 draws of 53 bits all under 2^40: odds of 2^-520; a draw from a million always is
    assert max(drawn) >= 2**40, drawn
    assert parse_seed("  ", "en") >= 0


def test_a_game_started_without_a_seed_gets_a_large_one_and_a_typed_seed_is_kept(client: Any,
                                                                                 web_settings: Any) -> None:  # fmt: skip
    tactics = _start(client, seed="")
    netrunner = _netrunner(client, seed="")
    assert _kept_seed(web_settings, tactics) >= 2**32 and _kept_seed(web_settings, netrunner) >= 2**32
    typed = _start(client, seed="7")
    assert _kept_seed(web_settings, typed) == 7  # the person's own choice, kept as given
    assert _kept_seed(web_settings, _netrunner(client, seed="0")) == 0
    big = str(2**63 + 5)  # any whole number the CLI's --seed takes
    assert _kept_seed(web_settings, _start(client, seed=big)) == int(big)


@pytest.mark.slow
def test_the_seat_s_face_down_aliases_give_no_seed_away_to_a_search(client: Any, web_settings: Any) -> None:
    """The sweep's attack (tmp sweep68a/attack.py): the aliases of the enemy's face-down units and the hidden scene
    obstacles, matched against every seed of a small range, found the seed of a web game in seconds. A seed the
    server chose is none of the first million."""
    from toolkit.engine.tactics.state import hidden_alias as _alias

    path = _start(client, seed="", mode="duo")
    seen = client.get(f"/api{path}?lang=en").json()
    aliases = [int(u["label"].split("#")[1]) for u in seen["units"] if u["label"].startswith("hidden#")]
    assert aliases, seen["units"]
    seed = _kept_seed(web_settings, path)
    uids = [uid for uid in range(200) if _alias(seed, uid) in aliases]  # (the engine's own uids: the test knows)
    assert len(uids) == len(aliases) >= 3  # (three aliases: a seed of a million matches them all by chance 1 in 10^5)
    first, wanted = uids[0], [_alias(seed, u) for u in uids]
    started = time.monotonic()
    found = [s for s in range(1_000_000) if _alias(s, first) == wanted[0] and [_alias(s, u) for u in uids] == wanted]
    assert found == [], (found, time.monotonic() - started)


# ---------------------------------------------------------------------- 2. a game an earlier engine saved


def _broken(settings: Any, path: str, at: int) -> tuple[str, int]:
    """The game of ``path`` with its saved decision ``at`` (0 based) made one the engine never offers: its id and
    how many decisions it holds."""
    game_id = path.rsplit("/", 1)[1]
    record = _store(settings).load(game_id)
    labels = record["record"]["decisions"] if record.get("game") == "netrunner" else record["decisions"]
    labels[at] = "no-such-option"
    _store(settings).save(game_id, record)
    return game_id, len(labels)


def test_a_tactics_game_that_no_longer_replays_is_a_409_naming_the_decision(client: Any, web_settings: Any) -> None:
    path = _start(client)
    for _ in range(3):
        page = client.get(path).text
        assert _decide(client, path, _labels(page)[0], _number(page)).status_code == 303
    game_id, total = _broken(web_settings, path, 1)
    for lang in ("en", "zh-Hans"):
        page = client.get(f"{path}?lang={lang}")
        assert page.status_code == 409, (page.status_code, page.text[:300])
        api = client.get(f"/api{path}?lang={lang}")
        assert api.status_code == 409
        said = _alert(page.text)
        assert said == api.json()["detail"]
        assert game_id[:8] in said and "2" in said and str(total) in said and "no-such-option" not in said
        if lang == "en":
            assert "was saved by an earlier version of Dossier's rules or with other cards" in said, said
            assert "cannot be replayed" in said and f"decision 2 of the {total} saved with it" in said, said
            assert "with these cards:" not in said
    # the game's other pages say the same, and an action on it too (not "no such game")
    assert client.get(f"{path}/replay?lang=en").status_code == 409
    assert _decide(client, path, "anything", "1").status_code == 409
    # a link that opens no game is still a 404
    assert client.get("/play/" + "x" * 24 + "?lang=en").status_code == 404


def test_a_netrunner_game_that_no_longer_replays_names_no_option_of_the_machine(client: Any,
                                                                                web_settings: Any) -> None:  # fmt: skip
    path = _netrunner(client, side="runner")
    for _ in range(4):
        page = client.get(path).text
        labels = _labels(page)
        if not labels:
            break
        assert _decide(client, path, labels[0], _number(page)).status_code == 303
    game_id = path.rsplit("/", 1)[1]
    record = _store(web_settings).load(game_id)
    decisions = record["record"]["decisions"]
    # a decision of the corp (the machine's): its options hold the corp's hand, which the runner may not see
    from toolkit.catalog import load_catalog
    from toolkit.engine.netrunner.session import NetrunnerSession

    records = list(load_catalog([web_settings.cards[0] / "netrunner"]).records)
    session = NetrunnerSession.from_json(records, record)
    corp_at = next(i for i, d in enumerate(session.game.decisions) if d["seat"] == 1 and d["kind"] != "mulligan")
    hand = [c.id for c in session.game.corp.hand]
    _, total = _broken(web_settings, path, corp_at)
    page = client.get(f"{path}?lang=en")
    assert page.status_code == 409, page.text[:300]
    said = _alert(page.text)
    assert "was saved by an earlier version of Dossier's rules or with other cards" in said, said
    assert f"decision {corp_at + 1} of the {total} saved with it" in said, said
    assert "options" not in said and not any(card in said for card in hand), said
    assert decisions[corp_at] not in said
    api = client.get(f"/api{path}?lang=zh-Hans")
    assert api.status_code == 409 and str(corp_at + 1) in api.json()["detail"]
    assert decisions[corp_at] not in api.json()["detail"]


# ---------------------------------------------------------------------- 3. an encounter's subroutines in words


def test_the_api_words_an_encounter_s_subroutines_in_the_request_s_language(client: Any, web_settings: Any) -> None:
    from toolkit.catalog import load_catalog
    from toolkit.engine.netrunner.session import NetrunnerSession, example_deck, new_record

    records = list(load_catalog([web_settings.cards[0] / "netrunner"]).records)
    session = NetrunnerSession(records, new_record(records, example_deck(records, "zero_weaver"), "runner", 1),
                               "runner", "heuristic")  # fmt: skip
    rng = random.Random(2)
    for _ in range(300):  # run where it can until a piece of ice is encountered
        seen = session.view()
        if seen["run"] and seen["run"]["encounter"]:
            break
        labels = session.pending.labels()
        runs = [x for x in labels if x.startswith("run:") and x != "run:archives"]
        session.apply(runs[0] if runs else rng.choice([x for x in labels if "jack" not in x] or labels))
    else:
        pytest.fail("no encounter")
    links = _store(web_settings).new({**session.to_json(), "status": "playing", "creator": 1}, (1,))
    english = client.get(f"/api/play/{links[1]}?lang=en").json()["run"]["encounter"]["subroutines"]
    chinese = client.get(f"/api/play/{links[1]}?lang=zh-Hans").json()["run"]["encounter"]["subroutines"]
    assert english and all(not CJK.search(s["text"]) for s in english), english
    assert all(CJK.search(s["text"]) for s in chinese), chinese
    assert [s["index"] for s in english] == [s["index"] for s in chinese]  # (its codes as they are)
    page = client.get(f"/play/{links[1]}?lang=en").text  # the page says the same
    assert all(s["text"].split("]", 1)[-1].strip()[:20] in page.replace("&#39;", "'") for s in english)


# ---------------------------------------------------------------------- 4. the games by their names


def test_the_netrunner_replay_s_title_and_the_game_refusal_name_the_games(client: Any, web_settings: Any) -> None:
    from tests.test_web_play_round56 import _finished_netrunner

    netrunner = _finished_netrunner(web_settings)
    assert "<title>Netrunner · seed 3</title>" in client.get(f"{netrunner}/replay?lang=en").text
    assert "<title>矩阵潜袭 · 种子 3</title>" in client.get(f"{netrunner}/replay?lang=zh-Hans").text
    for game in ("crossfire", "chess"):
        english = client.post("/play?lang=en", data={"game": game, "csrf_token": TEST_CSRF})
        assert english.status_code == 400
        assert _alert(english.text) == "choose the game from the form: Tactics or Netrunner", _alert(english.text)
        chinese = client.post("/play?lang=zh-Hans", data={"game": game, "csrf_token": TEST_CSRF})
        assert "特工战术" in _alert(chinese.text) and "矩阵潜袭" in _alert(chinese.text)


# ---------------------------------------------------------------------- 5. a Netrunner form without a deck


@pytest.mark.parametrize("form", [{"deck": ""}, {}])
def test_a_netrunner_game_without_a_deck_says_the_deck_field_is_empty(client: Any, form: dict[str, str]) -> None:
    data = {"game": "netrunner", "side": "runner", "opponent": "heuristic", "seed": "3", "csrf_token": TEST_CSRF,
            **form}  # fmt: skip
    english = client.post("/play?lang=en", data=data)
    assert english.status_code == 400
    said = _alert(english.text)
    assert said.startswith("Your deck: ") and "empty" in said and "random" not in said, said
    chinese = _alert(client.post("/play?lang=zh-Hans", data=data).text)
    assert chinese.startswith("你的牌组") and "random" not in chinese, chinese
    # a deck named that there is not is still refused by its name; a tactics form without a deck plays a random one
    named = client.post("/play?lang=en", data={**data, "deck": "random"})
    assert "no saved deck 'random'" in _alert(named.text)
    tactics = {"mode": "duel", "opponent": "heuristic", "seat": "1", "seed": "1", "csrf_token": TEST_CSRF}
    assert client.post("/play", data=tactics, follow_redirects=False).status_code == 303
    assert client.post("/play", data={**tactics, "deck": ""}, follow_redirects=False).status_code == 303


# ---------------------------------------------------------------------- 6. balance tactics --modes ''


@pytest.mark.parametrize("given", ["", ",", " , "])
def test_balance_tactics_refuses_an_empty_modes_list(cli: Any, tmp_path: Any, given: str) -> None:
    pytest.importorskip("ray")
    result = cli("balance", "tactics", "--lang", "en", "-n", "2", "--modes", given, "--no-save",
                 "--out", str(tmp_path / "report"))  # fmt: skip
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "--modes" in lines[0] and "give modes such as duel,duo" in lines[0], result.output
    assert not (tmp_path / "report").exists()

def test_the_terminal_s_seed_chosen_at_random_has_53_bits() -> None:
    from toolkit.cli.play import _chosen_seed

    drawn = [_chosen_seed(None, "en")[0] for _ in range(40)]
    assert all(0 <= s < 2**53 for s in drawn) and max(drawn) >= 2**40, drawn
    assert _chosen_seed(7, "en") == (7, None)  # a seed given is kept as given
