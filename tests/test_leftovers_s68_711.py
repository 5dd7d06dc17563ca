"""Leftovers of stop 68 (helper 711): `text coverage` counts what a game that raised resolved before the error;
`deck validate` warns about a card whose text the interpreter cannot run; `map show` says which zones a map
lacks; the web editor's rule menus in the page's words; a refusal page shows the user's input as typed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.catalog import load_catalog
from toolkit.coverage import CoverageReport, plan_games, play_game, tactics_abilities

from .conftest import CARDS
from .web.test_play_routes_s64 import _decide
from .web.test_play_routes_s64 import _start as _start_netrunner

# ---------------------------------------------------------------- 1. text coverage: a game that raised

DRAW = "你抽 1 张牌。"  # resolves (the card's first ability) …
BAD_TOKEN = "你获得 1 张「格斗」。"  # … before this one raises: 格斗 is an attack, no token card


def _set_with_bad_token(root: Path) -> Path:
    """A designer's set of one tactics card: its first ability resolves, its second raises in the engine."""
    card = json.loads((CARDS / "tactics" / "cards" / "corridor_dash.json").read_text(encoding="utf-8"))
    card.pop("$schema", None)
    card.update(id="t_bad_token", name={"zh-Hans": "坏衍生", "en": "Bad Token"}, text=[DRAW, BAD_TOKEN])
    folder = root / "my-set" / "cards"
    folder.mkdir(parents=True)
    (folder / "t_bad_token.json").write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    return root / "my-set"


def test_a_game_that_raised_keeps_the_coverage_of_what_resolved_before(tmp_path: Path) -> None:
    records = list(load_catalog([CARDS / "tactics", _set_with_bad_token(tmp_path)]).records)
    spec = plan_games(records, 1, 0, ["t_bad_token"])[0]
    outcome = play_game(records, spec)
    assert outcome.error is not None and outcome.raised_by == ("card", "t_bad_token", 1)
    assert outcome.coverage.get(("t_bad_token", 0)) == [True, True]  # the draw resolved, and drew
    assert ("t_bad_token", 1) not in outcome.coverage  # the ability that raised did not finish
    assert outcome.played.get("t_bad_token") == 1
    report = CoverageReport(tactics_abilities(records))
    report.add(outcome)
    # the rest of the game (moves, attacks, other cards before the error) is counted too
    assert len(report.reached) > 1 and ("t_bad_token", 0) in report.changed
    assert [a.key for a in report.raised_abilities()] == [("t_bad_token", 1)]


def test_coverage_report_of_a_set_whose_games_raised(cli, tmp_path: Path) -> None:
    folder = _set_with_bad_token(tmp_path)
    result = cli("text", "coverage", "--cards", folder, "--games", "2", "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.startswith("RC    2/2    card t_bad_token#1  You draw 1 card.") for line in lines), result.stdout
    assert "never played" not in result.stdout
    assert "raised while resolving (1):" in lines and "never reached (0):" in lines
    assert lines[lines.index("raised while resolving (1):") + 1].startswith("  card t_bad_token#2  ")
    assert "total    1/2 reached (50.0%), 1/2 changed the game (50.0%)" in lines
    assert "games    2 (2 raised) in " in result.stdout


# ---------------------------------------------------------------- 2. deck validate: text the interpreter cannot run

UNREADABLE = "本单位抓 1 张牌。"  # 抓 is no word of the ability language


def _pool_with_unreadable_card(root: Path) -> Path:
    """A copy of the bundled tactics pool whose Breaching Shotgun (in a Duel example deck) has text that does not
    parse."""
    import shutil

    pool = root / "pool"
    shutil.copytree(CARDS / "tactics", pool)
    path = pool / "cards" / "breaching_shotgun.json"
    card = json.loads(path.read_text(encoding="utf-8"))
    card["text"] = [UNREADABLE]
    path.write_text(json.dumps(card, ensure_ascii=False), encoding="utf-8")
    return pool


DUEL = CARDS.parent / "examples" / "decks" / "tactics" / "duel-rival.json"  # (Breaching Shotgun in it)


def test_deck_validate_warns_of_a_card_whose_text_cannot_run(cli, tmp_path: Path) -> None:
    pool = _pool_with_unreadable_card(tmp_path)
    result = cli("deck", "validate", DUEL, "--cards", pool, "--lang", "en")
    assert result.exit_code == 0, result.output  # legal by the game's rules: a warning, not an error
    lines = result.stdout.splitlines()
    warned = [line for line in lines if "deck.text.unreadable" in line]
    assert len(warned) == 1, result.stdout
    assert warned[0].startswith(f"{DUEL}:") and ": warning deck.text.unreadable: " in warned[0]
    assert "Breaching Shotgun" in warned[0] and "/text/0" in warned[0] and "cannot run it" in warned[0]
    assert "column 4" in warned[0] and "'抓'" in warned[0]
    assert lines[-1].endswith("· legal")


@pytest.mark.lang_default
def test_deck_validate_warns_of_unreadable_text_in_chinese(cli, tmp_path: Path) -> None:
    pool = _pool_with_unreadable_card(tmp_path)
    result = cli("deck", "validate", DUEL, "--cards", pool, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    warned = [line for line in result.stdout.splitlines() if "deck.text.unreadable" in line]
    assert len(warned) == 1 and "警告 deck.text.unreadable：" in warned[0], result.stdout
    assert "「破门霰弹枪」" in warned[0] and "解释器无法执行" in warned[0] and "文本第 4 列" in warned[0]
    assert "cannot" not in warned[0] and "column" not in warned[0]


def test_deck_validate_json_lists_the_warning_and_a_readable_pool_none(cli, tmp_path: Path) -> None:
    pool = _pool_with_unreadable_card(tmp_path)
    result = cli("deck", "validate", DUEL, "--cards", pool, "--format", "json")
    assert result.exit_code == 0, result.output
    (deck,) = json.loads(result.stdout)
    assert deck["legal"] is True
    (finding,) = [f for f in deck["findings"] if f["code"] == "deck.text.unreadable"]
    assert finding["severity"] == "warning" and finding["pointer"] == "/cards/breaching_shotgun"
    plain = cli("deck", "validate", DUEL, "--format", "json")
    assert plain.exit_code == 0 and "deck.text.unreadable" not in plain.stdout


# ---------------------------------------------------------------- 3. map show: the zones a mode needs and the map lacks


def _half_dockyard(folder: Path) -> Path:
    """The Dockyard Depot (for duo and expert, which deploy to zones 1-4) with its zones 3 and 4 made floor."""
    data = json.loads((CARDS / "tactics" / "maps" / "dockyard.json").read_text(encoding="utf-8"))
    data.pop("$schema", None)
    data["id"] = "half_dock"
    data["rows"] = [row.replace("3", ".").replace("4", ",") for row in data["rows"]]
    path = folder / "half_dock.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_map_show_warns_of_the_zones_a_mode_needs_and_the_map_lacks(cli, tmp_path: Path) -> None:
    path = _half_dockyard(tmp_path)
    result = cli("map", "show", path, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "zone 1: 4 cells" in result.stdout and "zone 3" not in result.stdout  # the map is shown as before
    warned = result.stderr.splitlines()
    assert warned == [
        f"dossier: warning: {path}: tactics map 'half_dock': mode '{mode}' deploys to zones 1-4; the map has no "
        "cell of zone 3, 4"
        for mode in ("duo", "expert")
    ], result.stderr
    # lint tells the same, in the same words
    lint = cli("lint", path, "--lang", "en")
    assert sum(f"map.zone.missing: {line.split(f'{path}: ', 1)[1]}" in lint.stdout for line in warned) == 2


def test_map_show_of_a_map_with_its_zones_warns_of_nothing(cli) -> None:
    result = cli("map", "show", "dockyard", "--lang", "en")
    assert result.exit_code == 0 and result.stderr == "", result.stderr


@pytest.mark.lang_default
def test_map_show_warns_of_missing_zones_in_chinese(cli, tmp_path: Path) -> None:
    path = _half_dockyard(tmp_path)
    result = cli("map", "show", path, "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("dossier：警告：") for line in lines), result.stderr
    assert "'duo'" in lines[0] and "deploys" not in result.stderr and "warning" not in result.stderr


# ---------------------------------------------------------------- 4. the editor's rule menus in the page's words


def _web_settings(folder: Path) -> Any:
    import shutil

    from tests.web.conftest import SCHEMA
    from toolkit.web.settings import WebSettings

    shutil.copytree(SCHEMA, folder / "schema")
    shutil.copytree(CARDS, folder / "cards")
    return WebSettings(cards=[folder / "cards"], db_url=str(folder / "web.db"), cache=folder / "cache",
                       data=folder / "data")  # fmt: skip


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A client of the web app over a copy of the bundled cards (its writes pass the same-site checks)."""
    from tests.web.conftest import writing_client

    yield from writing_client(_web_settings(tmp_path_factory.mktemp("s68-711")))


def _editor_config(client: Any, path: str, lang: str) -> dict[str, Any]:
    import re

    html = client.get(f"/editor/edit?root=0&path={path}&lang={lang}").text
    found = re.search(r'<script type="application/json" id="ed-config">(.*?)</script>', html, re.S)
    assert found, html[:300]
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def _rule_ids() -> set[str]:
    """Every deck rule kind the schemas know (the discriminator of a mode's, a format's or an identity's rules)."""
    ids: set[str] = set()
    for name in ("tactics/mode", "netrunner/format", "netrunner/identity", "crossfire/mode"):
        schema = json.loads((CARDS.parent / "schema" / f"{name}.schema.json").read_text(encoding="utf-8"))
        ids |= set(schema["properties"]["deck_rules"]["items"]["discriminator"]["mapping"])
    return ids


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_editor_words_every_deck_rule_in_the_page_language(web: Any, lang: str) -> None:
    rules = _rule_ids()
    assert {"deck_size", "influence_free", "role_count"} <= rules
    words = _editor_config(web, "tactics/modes/duel.json", lang)["choices"]["fields"].get("rule", {})
    assert set(words) == rules, sorted(rules - set(words))
    assert all(words[rule] and words[rule] != rule and "_" not in words[rule] for rule in rules), words
    if lang == "en":
        assert words["deck_size"] == "Deck size" and words["influence_free"] == "Copies free of influence"
    else:
        assert all(not any("a" <= c.lower() <= "z" for c in words[rule]) for rule in rules), words
        assert words["deck_size"] == "牌组张数" and words["draft_only"] == "仅限轮抽赛制"


@pytest.mark.slow
def test_the_rule_menu_shows_words_and_sends_the_id(tmp_path: Path) -> None:
    from tests.web.conftest import served, with_chromium

    def menu(browser: Any, url: str, lang: str) -> tuple[list[list[str]], str, str]:
        page = browser.new_context(bypass_csp=True).new_page()
        page.set_default_timeout(15_000)
        page.goto(f"{url}&lang={lang}")
        page.wait_for_selector("#ed-root[data-ready]")
        select = page.locator('[data-pointer="/deck_rules/0/rule"] select').first
        pairs = select.evaluate("s => Array.from(s.options).map(o => [o.value, o.textContent])")
        chosen = select.evaluate("s => s.options[s.selectedIndex].textContent")
        return pairs, chosen, select.input_value()

    seen: dict[str, Any] = {}
    with served(_web_settings(tmp_path)) as base:
        mode = f"{base}/editor/edit?root=0&path=tactics/modes/duel.json"
        identity = f"{base}/editor/edit?root=0&path=netrunner/identities/ada_voss_tinker.json"

        def use(browser: Any) -> None:
            seen["zh"] = menu(browser, mode, "zh-Hans")
            seen["en"] = menu(browser, mode, "en")
            seen["identity"] = menu(browser, identity, "en")

        with_chromium(use)
    for lang, shown in (("zh", "牌组张数"), ("en", "Deck size")):
        pairs, chosen, value = seen[lang]
        assert ["deck_size", shown] in pairs and not any(v == text for v, text in pairs), pairs
        assert (chosen, value) == (shown, "deck_size")
    _, chosen, value = seen["identity"]
    assert (chosen, value) == ("Copies free of influence", "influence_free")


# ---------------------------------------------------------------- 5. a refusal page shows the input as typed

ALERT = re.compile(r'role="alert"[^>]*>(.*?)</p>', re.S)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_refused_label_is_echoed_as_typed_and_the_options_keep_their_symbols(web: Any, lang: str) -> None:
    path = _start_netrunner(web)
    assert _decide(web, path, "keep").status_code == 303  # the mulligan; then the runner's first action
    answer = _decide(web, path, "pay [credit] & <b>[click]</b>", lang)
    assert answer.status_code == 400
    found = ALERT.search(answer.text)
    assert found is not None, answer.text[:500]
    alert = found.group(1)
    # what the person typed, as typed: escaped, no symbol drawn in it
    assert "&#39;pay [credit] &amp; &lt;b&gt;[click]&lt;/b&gt;&#39;" in alert, alert[:800]
    typed = alert.index("&#39;pay [credit]")
    assert "<svg" not in alert[typed : alert.index("&#39;", typed + 5)]
    # the decision's prompt and options (card text) keep their symbols
    assert 'class="icon icon-click"' in alert and 'class="icon icon-credit"' in alert, alert[:800]
    assert "<b>" not in alert
