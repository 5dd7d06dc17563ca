"""`dossier serve`: the web app (card browser, deck builder, editor, print, crossfire moderator) on this machine."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.cli._options import CARDS_HELP
from toolkit.cli.db import DbOption
from toolkit.i18n.words import N_

SERVE_HELP = help_text(
    N_("Serve the web app: card browser, deck builder, card editor, print, crossfire moderator."),
    N_(
        "Builds the database when it is missing or older than the card files (else opens it), prints the address "
        "and serves until Ctrl+C. It listens on 127.0.0.1 by default; with --host set to any other address every "
        'write (saving a deck or a card, dealing roles) needs the write token: --token, else token = "…" in '
        "dossier.toml or the user config, else a new random one, printed at start. Open the printed address "
        "(…/?token=…) once in each browser. The JSON API is documented at /docs."
    ),
)


def _without_password(db: str) -> str:
    """``--db`` as a page may show it: a database URL's password masked (``postgresql://me:***@host/db``)."""
    if "://" not in db:
        return db
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(db)
        return db if url.password is None else url.render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return db.split("://", 1)[0] + "://…"  # (a URL sqlalchemy cannot read: only its scheme, never its secrets)


def register(app: typer.Typer) -> None:
    @app.command(help=SERVE_HELP)
    def serve(
        cards: Annotated[
            list[Path] | None,
            typer.Option(
                "--cards",
                help=CARDS_HELP,
            ),
        ] = None,
        db: DbOption = None,
        host: Annotated[
            str, typer.Option("--host", help=N_("Address to listen on (anything but loopback needs the write token)."))
        ] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", min=1, max=65535, help=N_("Port to listen on."))] = 8000,
        token: Annotated[
            str | None,
            typer.Option(
                "--token",
                help=N_(
                    "Write token when listening beyond loopback (at least 16 characters). Default: token = ... in "
                    "the settings, else a random one."
                ),
                show_default=False,
            ),
        ] = None,
        max_body: Annotated[
            int,
            typer.Option(
                "--max-body",
                min=1,
                max=1024 * 1024,
                help=N_("The largest request body in KiB; a larger one is refused (413) before it is read."),
            ),
        ] = 2048,
        lang: LangOption = None,
    ) -> None:
        import secrets
        import socket

        from toolkit.cli._lang import output_lang
        from toolkit.cli.app import default_paths
        from toolkit.config import MIN_TOKEN, serve_token
        from toolkit.db.reach import network_reason
        from toolkit.errors import DossierError
        from toolkit.i18n import tr
        from toolkit.web.settings import WebSettings, lan_ipv4

        output_lang(lang)  # checks --lang; the server's own messages speak it
        if token is not None and (len(token) < MIN_TOKEN or not token.isascii() or not token.isprintable()):
            raise DossierError(
                tr(
                    "{option}: at least {n} printable {charset} characters",
                    option="--token",
                    n=MIN_TOKEN,
                    charset="ASCII",
                )
            )
        settings = WebSettings(
            cards=default_paths(cards),
            db_url=db,
            host=host,
            port=port,
            max_body=max_body * 1024,
            lang=lang,  # the pages' language when the request does not say one (?lang=, cookie, Accept-Language)
            options=[
                *(word for path in cards or () for word in ("--cards", str(path))),
                *(("--db", _without_password(db)) if db is not None else ()),
                *(("--max-body", str(max_body)) if max_body != 2048 else ()),
                *(("--lang", lang) if lang is not None else ()),
            ],
        )
        if settings.needs_token():
            settings.token = token or serve_token() or secrets.token_urlsafe(24)
        try:  # a port in use is one line, not a uvicorn traceback
            family = socket.AF_INET6 if ":" in host else socket.AF_INET
            with socket.socket(family, socket.SOCK_STREAM) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind((host.strip("[]"), port))
        except OSError as exc:
            raise DossierError(
                tr("cannot listen on {address}: {reason}", address=f"{host}:{port}", reason=network_reason(exc))
            ) from None
        except (UnicodeError, ValueError) as exc:
            # TRANSLATORS: {reason} is the system's own (English) words
            raise DossierError(
                tr(
                    "{option} {value}: not an address to listen on: {reason}",
                    option="--host",
                    value=repr(host),
                    reason=exc,
                )
            ) from None

        import uvicorn

        from toolkit.web.app import create_app

        program = "dossier"
        print(
            tr(
                "{program}: opening the database ({paths})…", program=program, paths=", ".join(map(str, settings.cards))
            ),
            flush=True,
        )
        application = create_app(settings)
        target = application.state.web.database.target.display
        address = settings.url
        if host.strip("[]") in ("0.0.0.0", "::", ""):  # every address: name this machine, which others can open
            address = f"http://{lan_ipv4() or socket.gethostname()}:{port}/"
        print(tr("{program}: database {target}", program=program, target=target))
        if settings.needs_token():
            print(tr("{program}: serving on {address} (writes need the token)", program=program, address=address))
            print(tr("{program}: open {address}", program=program, address=f"{address}?token={settings.token}"))
            print(tr("{program}: write token: {token}", program=program, token=settings.token))
        else:
            print(tr("{program}: serving on {address}", program=program, address=address))
        print(
            tr(
                "{program}: API documentation at {address}; press {keys} to stop",
                program=program,
                address=f"{address}docs",
                keys="Ctrl+C",
            ),
            flush=True,
        )
        uvicorn.run(application, host=host.strip("[]"), port=port, log_level="warning", access_log=False)
