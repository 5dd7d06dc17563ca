"""The balance lab's pages: the runs kept in the server's database (``dossier balance tactics|crossfire|netrunner``
keep them there), a run's report, and two runs compared.

Every word and figure comes from :mod:`toolkit.balance`: the report is :func:`toolkit.balance.report.run_body` (the
body of ``report.html``), the comparison :func:`toolkit.balance.store.compare` worded by
:func:`toolkit.balance.report.comparison`, as ``dossier balance compare`` prints it. The runs are read from the
database the server uses (``dossier serve --db``, else ``$DOSSIER_DB``, else ``./dossier.db``), only by their id:
a run id is digits, never a path (``load_run`` also reads report files; a page must not).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup

from toolkit.errors import DossierError
from toolkit.i18n import t
from toolkit.web.app import Web
from toolkit.web.templating import lang_key, render, request_lang

router = APIRouter(tags=["pages"])

RUN_ID = re.compile(r"[0-9]{1,18}")  # an id the database can hold (a 64-bit integer)


class PageError(Exception):
    """A page that cannot be shown: its status and the line that says why (in the request's language)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _names(web: Any, game: str, lang: str) -> Any:
    """The record names of ``game`` in ``lang`` (:func:`toolkit.balance.report.namer`), made once per card-pool
    generation."""
    from toolkit.balance.report import namer

    return web.memo(f"balance-names:{game}:{lang_key(lang)}", lambda: namer(web.catalog.records, lang, game))


def _runs(web: Any, lang: str) -> list[dict[str, Any]]:
    """The runs kept in the server's database, newest first; each with ``player``, its decider in words in ``lang``
    as ``dossier balance runs`` words it (:func:`toolkit.balance.report.player_word`: heuristic, 战术型)."""
    from toolkit.balance.report import player_word
    from toolkit.balance.store import list_runs

    try:
        runs = list_runs(web.settings.db_url)
    except DossierError as exc:
        raise PageError(500, exc.message) from None
    return [{**run, "player": player_word(str(run["game"]), str(run["decider"]), lang)} for run in runs[::-1]]


def _run(web: Any, which: str, lang: str, status: int = 404) -> dict[str, Any]:
    """The run ``which`` names (its id): 404 when there is none, ``status`` when ``which`` is no run id."""
    from toolkit.balance.store import stored_run

    which = which.strip()
    if not RUN_ID.fullmatch(which):
        raise PageError(status, t(lang, "{run}: not a run id (a run id is a number from the list of runs)",
                                  run=repr(which[:40])))  # fmt: skip
    try:
        run = stored_run(web.settings.db_url, int(which))
    except DossierError as exc:
        raise PageError(500, exc.message) from None
    except (KeyError, TypeError, ValueError):  # a row whose figures are not a run's (written by hand, or damaged)
        raise PageError(500, _unreadable(lang, which)) from None
    if run is None:
        raise PageError(404, t(lang, "no balance run {id} in the database", id=which))
    return run


def _unreadable(lang: str, which: str) -> str:
    return t(lang, "balance run {id}: its figures cannot be read", id=which)


def _error(request: Request, problem: PageError) -> HTMLResponse:
    return render(request, "balance/error.html", status_code=problem.status, message=problem.message)


@router.get("/balance", response_class=HTMLResponse, name="balance_index", include_in_schema=False)
def balance_index(request: Request, web: Web) -> HTMLResponse:
    """The runs, newest first, each linking to its report; a form to compare two of them."""
    lang = request_lang(request)
    try:
        runs = _runs(web, lang)
    except PageError as problem:
        return _error(request, problem)
    return render(request, "balance/index.html", runs=runs)


@router.get("/balance/compare", response_class=HTMLResponse, name="balance_compare", include_in_schema=False)
def balance_compare(request: Request, web: Web, a: str = "", b: str = "") -> HTMLResponse:
    """What moved between run ``a`` and run ``b`` beyond noise (``dossier balance compare A B``)."""
    from toolkit.balance.report import comparison
    from toolkit.balance.store import check_same_game, compare, pool_names

    lang = request_lang(request)
    try:
        if not a.strip() or not b.strip():
            raise PageError(400, t(lang, "Choose two runs to compare."))
        first, second = _run(web, a, lang, status=400), _run(web, b, lang, status=400)
        runs = _runs(web, lang)
    except PageError as problem:
        return _error(request, problem)
    game = str(first["meta"].get("game", "tactics"))
    try:
        check_same_game(first, second, lang)  # runs of two games share no rate: 400, not "nothing moved"
    except DossierError as exc:
        return _error(request, PageError(400, exc.message))
    try:
        pool = web.memo(f"balance-pool-names:{game}", lambda: pool_names(web.catalog.records, game))
        words = comparison(compare(first, second, names=pool), _names(web, game, lang), lang)  # (older runs' names)
    except (KeyError, TypeError, ValueError, AttributeError):
        message = t(lang, "balance runs {a} and {b}: their figures cannot be compared", a=a.strip(), b=b.strip())
        return _error(request, PageError(500, message))
    by_id = {str(r["id"]): r for r in runs}
    pair = [by_id[str(int(which))] for which in (a, b) if str(int(which)) in by_id]
    return render(request, "balance/compare.html", words=words, a=int(a), b=int(b), runs=runs, pair=pair)


@router.get("/balance/{run}", response_class=HTMLResponse, name="balance_run", include_in_schema=False)
def balance_run(request: Request, web: Web, run: str) -> HTMLResponse:
    """A run's report: the body of its ``report.html``, drawn from the figures kept in the database."""
    from toolkit.balance.report import report_title, run_body

    lang = request_lang(request)
    try:
        found = _run(web, run, lang)
        runs = _runs(web, lang)
    except PageError as problem:
        return _error(request, problem)
    meta, figures = found["meta"], found["figures"]
    names = _names(web, str(meta.get("game", "tactics")), lang)
    run_id = int(run.strip())
    try:
        body = Markup(run_body(meta, figures, {}, names, lang))  # HTML the report escaped itself
        title = report_title(meta, figures, lang)
    except (KeyError, TypeError, ValueError, AttributeError):
        return _error(request, PageError(500, _unreadable(lang, str(run_id))))
    return render(request, "balance/run.html", run_id=run_id, body=body, title=title,
                  row=next((r for r in runs if r["id"] == run_id), None),
                  others=[r for r in runs if r["id"] != run_id])  # fmt: skip
