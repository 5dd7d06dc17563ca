"""Jinja2 templates: :func:`render` gives every template ``lang``, ``t``, ``csrf_token``, ``settings``, ``url_for``.

``lang`` is "zh-Hans" or "en": ``?lang=`` (which the app also stores in the ``lang`` cookie),
else the cookie, else ``settings.lang``, else the settings files (``lang = …``), else zh-Hans.
``t(key, **fields)`` looks the key up in :data:`toolkit.i18n.MESSAGES` in that language.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from toolkit import i18n
from toolkit.i18n import LANGS

TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
templates = Jinja2Templates(directory=str(TEMPLATES_DIR))


def _langswitch(params: Any, lang: str) -> str:
    """The query string of this page with ``lang`` replaced (the language switch link)."""
    items = [(k, v) for k, v in params.multi_items() if k != "lang"] + [("lang", lang)]
    return urlencode(items)


templates.env.filters["langswitch"] = _langswitch


@functools.cache
def _configured_lang() -> str | None:
    from toolkit.config import config_files

    try:
        for config in config_files():
            if config.lang is not None:
                return config.lang
    except Exception:  # a broken settings file is the CLI's to report; the web falls back to zh-Hans
        return None
    return None


def request_lang(request: Request) -> str:
    """The interface language of this request."""
    asked = i18n.accept(request.query_params.get("lang") or request.cookies.get("lang"))
    if asked is not None:
        return i18n.set_lang(asked)
    settings = getattr(request.app.state, "settings", None)
    default = getattr(settings, "lang", None)
    if default in LANGS:
        return str(default)
    return _configured_lang() or "zh-Hans"


def translators(lang: str) -> dict[str, Any]:
    """The templates' ``_(message, **fields)``, ``_n(singular, plural, n, **fields)``, ``_c(context, message)``
    and ``word(kind, value)`` in ``lang`` (the names Babel extracts the templates' messages by)."""
    return {
        "_": functools.partial(i18n.t, lang),
        "_n": functools.partial(i18n.tn, lang),
        "_c": functools.partial(i18n.tc, lang),
        "word": lambda kind, value: i18n.word(kind, value, lang),
    }


def csrf_token(request: Request) -> str:
    """The CSRF token of this request (set by the app's middleware, equal to the ``csrf`` cookie)."""
    return str(getattr(request.state, "csrf", "") or request.cookies.get("csrf", ""))


def render(request: Request, template_name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """The page ``template_name`` with ``context`` and the common names."""
    lang = request_lang(request)
    common = {
        "request": request,
        "lang": lang,
        "other_lang": "en" if lang == "zh-Hans" else "zh-Hans",
        **translators(lang),
        "csrf_token": csrf_token(request),
        "settings": request.app.state.settings,
    }
    common.update(context)
    return templates.TemplateResponse(request, template_name, common, status_code=status_code)


__all__ = ["TEMPLATES_DIR", "csrf_token", "render", "request_lang", "templates", "translators"]
