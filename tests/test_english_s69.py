"""An English user's sweep (69), the fixes of helper 721:

1. the question of an attack (and of a counterattack a text makes) said what is asked: "attack of Jackdaw#1: with
   which attack?", not "attack of Jackdaw#1: attack"; its kind (``attack``, ``counterattack``) as before;
2. undo is not refused for a machine's decision that showed the person's seat nothing (a pass at a response
   window, asked only of a seat that holds a response: the refusal told the person the machine held one); a
   machine's decision the seat saw still refuses it; replayed after the undo, the machine passes again;
3. 失联后 is "After being lost" in English (GLOSSARY: 失联 = lost), on cards, in the log and in the generated
   ability-language reference;
4. the web deck builder titles a crossfire deck's counts by team "by team", as ``dossier deck stats`` does (one
   function titles both);
5. the web's search error for an unknown key points at the web's own list of search keys, never at
   ``dossier search --help``; the CLI keeps that.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from toolkit.cli._lang import LogNames
from toolkit.engine.core import Decider
from toolkit.engine.tactics import TacticsGame
from toolkit.engine.tactics.decisions import kind_of

from .tactics_util import RECORDS, Dice, board_game, hand, put

# ---------------------------------------------------------------------- 1. the question of an attack


class Asked(Decider):
    """Writes down every question; answers a response window and a special ability with none, an attack with
    制式手枪, whether to counterattack with the first way offered, anything else with its first option."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, Any]] = []

    def choose(self, player: int, prompt: str, options: Sequence[Any]) -> Any:
        self.asked.append((player, prompt))
        if str(prompt).startswith(("respond to", "special ability")) and None in options:
            return None
        if str(prompt).startswith("counterattack of") and None in options:
            return next(o for o in options if o is not None)
        if str(prompt).startswith("attack of"):
            return next((o for o in options if str(o) == "制式手枪"), options[0])
        return options[0]

    def confirm(self, player: int, prompt: str) -> bool:
        return False


def _strike(game: TacticsGame, seat: int, unit: Any) -> None:
    game.active = seat
    game.take(next(a for a in game.legal_actions(seat) if a.kind == "ability" and a.source.record.id == "strike"
                   and a.unit is unit))  # fmt: skip


def _attacked() -> tuple[TacticsGame, Asked, Any, Any]:
    asked = Asked()
    game = board_game(decider=asked)
    gale = put(game, 1, "gale", (3, 2), "s")
    jackdaw = put(game, 2, "jackdaw", (3, 6), "n")
    hand(game, 1)
    game.rng = Dice(*[1] * 20)  # type: ignore[assignment]
    _strike(game, 2, jackdaw)
    return game, asked, gale, jackdaw


def test_the_question_of_an_attack_asks_which_attack() -> None:
    game, asked, _, jackdaw = _attacked()
    names = LogNames(RECORDS, "en")
    said = [names.say("prompt", p) for _, p in asked.asked if kind_of(p) == "attack"]
    assert said == [f"attack of Jackdaw#{jackdaw.uid}: with which attack?"], said


def test_the_question_of_a_counterattack_asks_which_attack() -> None:
    """Self-defense (正当防卫: "本单位进行 1 次反击") chosen to answer the attack asks which built-in attack."""
    game, asked, gale, _ = _attacked()
    names = LogNames(RECORDS, "en")
    said = [names.say("prompt", p) for _, p in asked.asked if kind_of(p) == "counterattack"]
    assert said[-1] == f"counterattack of Gale#{gale.uid}: with which attack?", said


# ---------------------------------------------------------------------- 2. undo after a machine's silent pass


def _duo_session() -> Any:
    """``dossier play tactics --decks examples/decks/tactics/duo.json --vs heuristic --seed 2``, as the terminal
    starts it (the machine's deck made up from the seed)."""
    import json
    import random

    from tests.conftest import ROOT
    from toolkit.decks.random_deck import deck_card_ids, random_legal_deck
    from toolkit.engine.tactics.session import TacticsSession, TacticsSetup

    data = json.loads((ROOT / "examples" / "decks" / "tactics" / "duo.json").read_text(encoding="utf-8"))
    cards = [card for card, n in sorted(data["cards"].items()) for _ in range(n)]
    theirs = random_legal_deck(list(RECORDS), "duo", random.Random(2), name="machine", taken=data["agents"])
    setup = TacticsSetup("duo", [data["agents"], list(theirs.agents or [])], [cards, deck_card_ids(theirs)],
                         ["human", "heuristic"], seed=2, rounds=200)  # fmt: skip
    return TacticsSession(list(RECORDS), setup)


def _first_options(session: Any, n: int) -> None:
    """The person answers ``n`` decisions with the first option each (the terminal's ``1``)."""
    for _ in range(n):
        session.apply(session.pending.options[0].label)


def test_undo_after_the_machine_only_passed_at_a_response_window_goes_back_and_replays_the_same() -> None:
    session = _duo_session()
    _first_options(session, 11)
    asked, mine = session.pending.to_json(), len(session.labels)
    session.apply(session.pending.options[0].label)  # no special ability: the machine is asked to respond, passes
    after = session.labels
    assert len(after) == mine + 2 and session.decider.asked[-1] == 2 and after[-1] == "none", after[mine:]
    assert session.last_decider() == 1  # (the web offers undo so: the machine's pass tells nothing)
    assert session.undo(1) is True and session.refused is None
    assert session.labels == after[:mine] and session.pending.to_json() == asked
    session.apply(session.pending.options[0].label)  # the same decision again: the machine passes again
    assert session.labels == after


def test_undo_after_a_machine_decision_the_seat_saw_is_still_refused() -> None:
    session = _duo_session()
    _first_options(session, 6)  # … Jackdaw's facing: the machine then deploys a unit of its own, on the map
    assert session.decider.asked[-1] == 2 and session.last_decider() == 2
    labels = session.labels
    assert session.undo(1) is False and session.refused == "machine" and session.labels == labels


# ---------------------------------------------------------------------- 3. 失联后: after being lost


def test_after_lost_is_after_being_lost_on_cards_and_in_the_log() -> None:
    from toolkit.engine.logwords import word
    from toolkit.text import parse, render

    assert str(render(parse("失联后：你抽 2 张牌。"), "en")).startswith("After being lost: "), render(
        parse("失联后：你抽 2 张牌。"), "en")  # fmt: skip
    assert word("timing", "after_lost", "en") == "after being lost"


def test_the_generated_ability_language_reference_says_after_being_lost() -> None:
    """The page docs/gen/reference.py makes (``make docs``), in both languages."""
    import importlib.util

    from tests.conftest import ROOT

    spec = importlib.util.spec_from_file_location("docs_gen_reference", ROOT / "docs" / "gen" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for lang in ("en", "zh"):
        page = module.ability_page(lang)
        assert "| `after_lost` | 失联后 | After being lost |" in page and "going missing" not in page, lang


# ---------------------------------------------------------------------- 4, 5. the web (one app for the module)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from tests.test_web_deck_builder_fixes import _settings
    from tests.web.conftest import writing_client

    yield from writing_client(_settings(tmp_path_factory.mktemp("s69-721")))


def _example(name: str) -> dict[str, Any]:
    import json

    from tests.conftest import ROOT

    return dict(json.loads((ROOT / "examples" / "decks" / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("deck", "by_type", "by_faction"),
    [("crossfire/crossfire-5.json", "by team", "by faction"), ("tactics/duo.json", "by type", "by agent")],
)
def test_the_deck_builder_titles_the_counts_as_deck_stats_does(client: Any, deck: str, by_type: str,
                                                               by_faction: str) -> None:  # fmt: skip
    data = _example(deck)
    answer = client.post("/api/decks/analyze", json={"deck": data, "lang": "en"})
    assert answer.status_code == 200, answer.text
    titles = answer.json()["stats"]["titles"]
    assert (titles["by_type"], titles["by_faction"]) == (by_type, by_faction), titles
    from toolkit.decks.stats import count_titles

    assert count_titles(data["game"], "en") == {"by_type": by_type, "by_faction": by_faction}


def _text(fragment: str) -> str:
    import html
    import re

    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_the_search_page_points_an_unknown_key_at_its_own_list_of_keys(client: Any) -> None:
    import re

    page = client.get("/cards", params={"q": "zzz:1", "lang": "en"})
    assert page.status_code == 400
    error = re.search(r'<div id="q-error"[^>]*>(.*?)</div>\s*</div>', page.text, re.S)
    assert error is not None, page.text
    said = _text(error.group(1))
    assert "unknown key 'zzz'" in said and "see the search keys" in said and "dossier" not in said, said
    link = re.search(r'<a href="#search-keys">([^<]*)</a>', error.group(1))  # (the list, open under the error)
    assert link is not None and link.group(1).endswith("/cards#search-keys"), error.group(1)
    keys = re.search(r'<details[^>]*\bid="search-keys"[^>]*>(.*?)</details>', page.text, re.S)
    assert keys is not None and "<code>t</code>" in keys.group(1), page.text  # the list of keys, on the page


def test_the_search_api_points_an_unknown_key_at_the_web_s_list_of_keys(client: Any) -> None:
    answer = client.get("/api/search", params={"q": "zzz:1", "lang": "en"})
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    for said in (detail["problem"], detail["message"]):
        assert "see the search keys" in said and "dossier" not in said, said
        assert said.endswith("/cards#search-keys"), said


def test_the_command_line_still_points_an_unknown_key_at_search_help() -> None:
    from toolkit.search import QueryError, parse_query

    with pytest.raises(QueryError) as raised:
        parse_query("zzz:1")
    assert raised.value.problem.endswith("or see `dossier search --help`"), raised.value.problem
