"""Jinja2 templates: :func:`render` gives every template ``lang``, ``_``/``_n``/``_c``/``word``, ``csrf_token``,
``settings``, ``url_for``, ``csp_nonce`` (every inline ``<script>`` carries ``nonce="{{ csp_nonce }}"``:
the Content-Security-Policy runs no other inline script).

The interface language of a request (:func:`request_lang`): ``?lang=`` (which the app also keeps in the
``lang`` cookie), else the cookie, else the browser's ``Accept-Language`` (its q-values honoured: the first
language with a catalog, ``zh-TW`` counting as zh-Hans and ``en-GB`` as en), else ``settings.lang``, else
the settings files (``lang = …``), else zh-Hans. ``en-XA`` (the pseudo-locale) is accepted everywhere:
English names, every message pseudo-translated.
"""

from __future__ import annotations

import functools
import os
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
LANG_COOKIE = "lang"
# each language's name in itself, for the language switch (a name, never translated)
AUTONYMS = {"zh-Hans": "中文", "en": "English"}


def _langswitch(params: Any, lang: str) -> str:
    """The query string of this page with ``lang`` replaced (the language switch link)."""
    items = [(k, v) for k, v in params.multi_items() if k != "lang"] + [("lang", lang)]
    return urlencode(items)


def _posted(request: Request) -> list[tuple[str, str]]:
    """The text fields the form post ``request`` answers sent (none when its body was not read as a form), the CSRF
    token left out (the switch sends the page's own); its files cannot be sent again."""
    from toolkit.web.security import CSRF_FIELD

    # (the form the route read: Starlette keeps it on the request, and a template cannot await it)
    form = getattr(request, "_form", None)
    if form is None:
        return []
    return [(k, v) for k, v in form.multi_items() if isinstance(v, str) and k != CSRF_FIELD]


def lang_switches(request: Request, lang: str, address: str | None = None, fields: Any = None) -> list[dict[str, Any]]:
    """The language switch of a page in ``lang``: per other language its ``tag``, its ``name`` (in itself) and
    either ``href`` (a link: this page's address with ``?lang=`` replaced) or, on a page answering a form post
    (a POST-only address: a link there would GET it), ``action`` and ``fields``: a small form that posts the same
    fields again to the same address with the other language, so what was typed is kept (no script needed).
    ``address``: the GET address the route names for this page instead (its query's ``lang`` replaced);
    ``fields``: the fields to post again, when the route says them (else those the request sent, :func:`_posted`)."""
    from urllib.parse import parse_qsl, urlsplit

    out: list[dict[str, Any]] = []
    post = request.method == "POST" and address is None
    if post and fields is None:
        fields = _posted(request)
    for other in LANGS:
        if other == lang:
            continue
        entry: dict[str, Any] = {"tag": other, "name": AUTONYMS.get(other, other)}
        if address is not None:
            parts = urlsplit(address)
            query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"]
            entry["href"] = f"{parts.path}?{urlencode([*query, ('lang', other)])}"
        elif post:
            entry["action"] = f"{request.url.path}?{_langswitch(request.query_params, other)}"
            entry["fields"] = [(str(k), str(v)) for k, v in fields]
        else:
            entry["href"] = f"?{_langswitch(request.query_params, other)}"
        out.append(entry)
    return out


def _codes(text: str) -> Any:
    """``text`` escaped, its `backquoted` parts as ``<code>`` (a message's codes: commands, query words)."""
    import re

    from markupsafe import Markup, escape

    parts = re.split(r"`([^`]*)`", str(text))
    return Markup("".join(f"<code>{escape(p)}</code>" if i % 2 else str(escape(p)) for i, p in enumerate(parts)))


_SCRIPT_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def script_json(value: Any) -> Any:
    """``value`` as JSON safe inside ``<script type="application/json">`` (or a JS expression): ``<``, ``>``,
    ``&``, U+2028 and U+2029 as ``\\u`` escapes, so no ``</script>``, ``<!--`` or line separator can end or
    bend the element; ``JSON.parse`` reads it back unchanged."""
    import json

    from markupsafe import Markup

    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.translate(_SCRIPT_ESCAPES))


templates.env.filters["langswitch"] = _langswitch
templates.env.filters["codes"] = _codes
templates.env.filters["script_json"] = script_json


def _icons(text: Any) -> Any:
    from toolkit.web.icons import with_icons

    return with_icons(text)


def _icon(name: str, label: str | None = None) -> Any:
    from toolkit.web.icons import icon_svg

    return icon_svg(name, label)


templates.env.filters["icons"] = _icons  # "[credit]" tokens drawn as the print layouts' icons (inline SVG)
templates.env.globals["icon"] = _icon


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


def accept_language(header: str | None) -> str | None:
    """The output language an ``Accept-Language`` header asks for first, or None when it names none of ours.

    Ranges are taken by their q-values (highest first, the header's order among equals; ``q=0`` refuses);
    a range matches a language of ours exactly (``en``, ``zh-Hans``) or by its primary subtag (``zh-CN``,
    ``zh-TW``, ``zh``: zh-Hans; ``en-US``: en). ``*`` says nothing."""
    if not header:
        return None
    ranges: list[tuple[float, int, str]] = []
    for index, part in enumerate(header[:1000].split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and tag != "*" and quality > 0:
            ranges.append((-quality, index, tag))
    for _, _, tag in sorted(ranges):
        found = i18n.match(tag)
        if found is not None:
            return found
    return None


def request_tag(request: Request) -> str:
    """The language this request asks for, as a tag (``en-XA`` stays the pseudo-locale)."""
    asked = i18n.asked(request.query_params.get("lang")) or i18n.asked(request.cookies.get(LANG_COOKIE))
    if asked is None:
        asked = accept_language(request.headers.get("accept-language"))
    if asked is None:
        settings = getattr(request.app.state, "settings", None)
        asked = (
            i18n.asked(getattr(settings, "lang", None))
            or i18n.asked(os.environ.get("DOSSIER_LANG"))
            or i18n.asked(_configured_lang())
            or i18n.system_lang()
        )
    return asked or i18n.DEFAULT_LANG


def request_lang(request: Request) -> str:
    """The interface language of this request (the output language: en for the pseudo-locale); it becomes the
    current language (:func:`toolkit.i18n.set_lang`), the one errors and findings made here are worded in."""
    return i18n.set_lang(request_tag(request))


def lang_key(lang: str) -> str:
    """The current language as a tag, for a cache key or a URL: ``lang`` (an output language), or the
    pseudo-locale when it is on (its messages differ from English)."""
    return i18n.PSEUDO if lang == "en" and i18n.pseudo_active() else lang


def translators(lang: str) -> dict[str, Any]:
    """The templates' ``_(message, **fields)``, ``_n(singular, plural, n, **fields)``, ``_c(context, message)``,
    ``_beside(message, **fields)`` and ``word(kind, value)`` in ``lang`` (the names Babel extracts the templates' messages by)."""
    return {
        "_": functools.partial(i18n.t, lang),
        "_n": functools.partial(i18n.tn, lang),
        "_c": functools.partial(i18n.tc, lang),
        "_beside": functools.partial(i18n.t_beside, lang),  # (a seat beside Chinese words: i18n.t_beside)
        "word": lambda kind, value: i18n.word(kind, value, lang),
    }


def csrf_token(request: Request) -> str:
    """The CSRF token of this request (set by the app's middleware, equal to the ``csrf`` cookie)."""
    return str(getattr(request.state, "csrf", "") or request.cookies.get("csrf", ""))


def render(
    request: Request,
    template_name: str,
    status_code: int = 200,
    *,
    switch_to: str | None = None,
    repost: Any = None,
    **context: Any,
) -> HTMLResponse:
    """The page ``template_name`` with ``context`` and the common names: ``lang`` (the output language),
    ``lang_tag`` (the tag asked for, the pseudo-locale kept: what the page's scripts send the API),
    ``switch`` (the other languages: tag and name in itself), ``lang_switches`` (the language switch:
    :func:`lang_switches`, with ``switch_to``, a GET address of the page a route names, and ``repost``, the fields
    a page answering a form post has its switch post again)."""
    tag = request_tag(request)
    lang = i18n.set_lang(tag)
    common = {
        "request": request,
        "lang": lang,
        "lang_tag": tag,
        "other_lang": "zh-Hans" if lang == "en" else "en",
        "switch": [(other, AUTONYMS.get(other, other)) for other in LANGS if other != lang],
        "lang_switches": lang_switches(request, lang, switch_to, repost),
        **translators(lang),
        "csrf_token": csrf_token(request),
        "csp_nonce": str(getattr(request.state, "csp_nonce", "")),
        "settings": request.app.state.settings,
    }
    common.update(context)
    response = templates.TemplateResponse(request, template_name, common, status_code=status_code)
    response.headers["Vary"] = "Accept-Language, Cookie"
    response.headers["Content-Language"] = lang
    return response


__all__ = [
    "AUTONYMS",
    "TEMPLATES_DIR",
    "accept_language",
    "csrf_token",
    "lang_key",
    "lang_switches",
    "render",
    "request_lang",
    "request_tag",
    "templates",
    "translators",
]
