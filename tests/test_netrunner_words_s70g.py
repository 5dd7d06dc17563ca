"""A server's name beside Chinese words in an engine's sentence (sweep 70g): ``原因：在远程服务器 1中安装一张牌``, a
name ending in a digit stuck to 中. The sentences' translations space the field (``在{server} 中安装一张牌``) and
every renderer of a Phrase fills them by :func:`toolkit.i18n.t_beside`: the space stays beside ``远程服务器 1`` and
goes beside ``总部``."""

from __future__ import annotations

from typing import Any

import pytest

import toolkit.i18n as i18n
from toolkit.engine.core import said
from toolkit.engine.phrase import Phrase
from toolkit.i18n import N_, use_lang

SPACED = {"installing a card in {server}": "在{server} 中安装一张牌"}


class _Spaced:
    """The catalog with the sentence's translation as it is now (a space beside the field)."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def gettext(self, message: str) -> str:
        return SPACED.get(message) or self.real.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.real.ngettext(singular, plural, n)


@pytest.fixture
def spaced(monkeypatch: pytest.MonkeyPatch) -> None:
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda lang: _Spaced(real(lang)))


@pytest.mark.parametrize(("server", "shown"), [("远程服务器 1", "在远程服务器 1 中安装一张牌"), ("总部", "在总部中安装一张牌")])
def test_an_engine_sentence_spaces_a_server_from_chinese_as_its_name_needs(spaced: None, server: str,
                                                                           shown: str) -> None:  # fmt: skip
    with use_lang("zh-Hans"):
        assert said(Phrase(N_("installing a card in {server}"), server=server)) == shown


def test_a_sentence_with_plural_forms_is_still_worded_by_its_count() -> None:
    from toolkit.i18n import Nn_, t

    phrase = Phrase(Nn_("draw {n} card", "draw {n} cards"), n=2)
    with use_lang("zh-Hans"):
        assert said(phrase) == t("zh-Hans", phrase.message, n=2)
