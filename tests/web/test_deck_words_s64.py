"""A deck pasted into the web app is told in the web's words: no command-line hint, no scratch file's name."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_pasted_list_of_unknown_names_says_what_a_browser_user_can_do(client: Any, lang: str) -> None:
    """It said to give --cards, set DOSSIER_CARDS or write dossier.toml, and named deck.txt:1:1, a file the user
    never gave."""
    answer = client.post(f"/api/decks/validate?lang={lang}", json={"text": "2x Nonexistent Card\n"})
    assert answer.status_code == 200, answer.text[:300]
    texts = [f["text"] for f in answer.json()["findings"]]
    said = " ".join(texts)
    assert texts and "deck.game" in said, texts
    for command_line in ("--cards", "DOSSIER_CARDS", "dossier.toml", "deck.txt"):
        assert command_line not in said, texts
    assert ("the pasted list" if lang == "en" else "粘贴的牌表") in said, texts
    if lang == "zh-Hans":
        assert "（服务器的卡池）" in said and " (" not in said, texts


def test_an_uploaded_file_is_still_named_by_its_own_name(client: Any) -> None:
    answer = client.post("/api/decks/validate?lang=en", json={"text": "2x Nonexistent Card\n", "filename": "mine.txt"})
    texts = [f["text"] for f in answer.json()["findings"]]
    assert any(t.startswith("mine.txt:") for t in texts), texts


@pytest.mark.parametrize(("lang", "deck_word"), [("en", "the deck"), ("zh-Hans", "牌组")])
def test_the_builders_deck_data_is_named_the_deck_without_lines(client: Any, lang: str, deck_word: str) -> None:
    """A deck sent as JSON data was told as `deck.json:1:90` (a line and column of text the user never wrote),
    then as the pasted list."""
    deck = {"name": "x", "game": "tactics", "mode": "duo", "agents": ["anvil", "nobody"], "cards": {"no_such": 1}}
    answer = client.post(f"/api/decks/validate?lang={lang}", json={"deck": deck})
    findings = answer.json()["findings"]
    assert {f["code"] for f in findings} >= {"deck.card.unknown", "deck.agent.unknown"}, findings
    for finding in findings:
        assert finding["file"] == deck_word and finding["line"] is None, finding
        assert finding["text"].startswith(deck_word + ("：" if lang != "en" else ": ")), finding
