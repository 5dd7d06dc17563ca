"""``dossier examples --out DIR``: the bundled example files and card layout templates (and, asked, the cards)
copied into a folder of the user's, so that an installed dossier's user can run the documentation's commands
(``examples/decks/...``, ``dossier lint cards``, ``--cards cards``) from there, as a checkout's user does from the
repository.

The examples' records name their schema by a relative path (``../../../schema/deck.schema.json``), so the
schemas come with them. Each folder is written whole or not at all (built beside it under a temporary name, then
renamed into place: :func:`toolkit.safewrite.place_dir`); a folder (or anything else of that name) that
exists already is left as it is, never replaced: only the missing folders are written (``dossier examples --out .
--with-cards`` in a folder made without ``--with-cards`` adds ``cards/``), and when none is missing, nothing is.
The copies are the user's files: made with the user's permissions, not the package's (a read-only
site-packages would otherwise give read-only copies).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli._help import help_text
from toolkit.cli._lang import LangOption
from toolkit.errors import DossierError
from toolkit.i18n.words import N_

EXAMPLES_HELP = help_text(
    N_(
        "Copy the bundled example decks, tables, scenarios, card sheet and card layout templates (and the cards, "
        "with --with-cards) into a folder of yours, where the documentation's commands run."
    ),
    N_(
        "Writes examples/, schema/ (the schemas the examples name) and templates/ (the card layouts, to copy one "
        "into a folder of yours for print --template) into the --out folder, and cards/ with --with-cards; each "
        "folder whole or not at all. A folder that exists already is left as it is (never replaced): only the "
        "missing ones are written, so --with-cards run again adds cards/; when none is missing, nothing is."
    ),
)


def _skipped(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__" or name.endswith((".pyc", ".pyo"))


TEMPLATE_SCHEMA = ('"../../../../schema/', '"../../schema/')
"""A bundled template names its schema from toolkit/sheets/templates/<game>/; its copy in DIR/templates/<game>/
names the copy in DIR/schema/."""


def copy_tree(source: Path, into: Path, schema: tuple[str, str] | None = None) -> int:
    """Copy the files of ``source`` (hidden names and caches left out) into the new directory ``into``, with the
    user's permissions (the contents only: not the modes of a read-only package); returns how many files. With
    ``schema`` (old, new), a JSON file's relative path to its schema is rewritten for where the copy is."""
    count = 0
    into.mkdir()
    for directory, dirnames, filenames in os.walk(source):
        dirnames[:] = sorted(d for d in dirnames if not _skipped(d))
        target = into / Path(directory).relative_to(source)
        target.mkdir(exist_ok=True)
        for name in sorted(filenames):
            if _skipped(name):
                continue
            if schema is not None and name.endswith(".json"):
                text = Path(directory, name).read_text(encoding="utf-8")
                (target / name).write_text(text.replace(*schema, 1), encoding="utf-8")
            else:
                shutil.copyfile(Path(directory, name), target / name)
            count += 1
    return count


def copy_examples(out: Path, with_cards: bool) -> list[tuple[Path, int | None]]:
    """Copy the bundled ``examples/``, ``schema/`` and ``templates/`` (and ``cards/``) into ``out``, each one that
    is not there yet: (the folder, its files written, or None where one of that name exists and was left as it
    is), in order: each None, and nothing written, when every one exists in ``out`` already; a folder this call
    wrote is removed again when a later one cannot be."""
    from toolkit import paths
    from toolkit.i18n import tr
    from toolkit.safewrite import place_dir
    from toolkit.sheets.template import TEMPLATE_DIR

    sources = [("examples", paths.EXAMPLES_DIR), ("schema", paths.SCHEMA_DIR), ("templates", TEMPLATE_DIR)]
    if with_cards:
        sources.append(("cards", paths.CARDS_DIR))
    for _, source in sources:
        if not source.is_dir():
            raise DossierError(tr("{path}: no such directory", path=source))
    there = [name for name, _ in sources if os.path.lexists(out / name)]
    done: list[tuple[Path, int | None]] = []
    try:
        for name, source in sources:
            if name in there:  # (the user's: never replaced, nor anything in it)
                done.append((out / name, None))
                continue
            counted: list[int] = []

            schema = TEMPLATE_SCHEMA if name == "templates" else None

            def build(tmp: Path, source: Path = source, counted: list[int] = counted, schema: Any = schema) -> None:
                counted.append(copy_tree(source, tmp, schema))

            place_dir(out / name, build)
            done.append((out / name, counted[0]))
    except BaseException:
        for folder, count in done:
            if count is not None:
                shutil.rmtree(folder, ignore_errors=True)
        raise
    return done


def _check_out(out: Path) -> None:
    """``--out`` naming a file, or a folder under one: one line saying which is a file, not a folder (exit 2),
    instead of the first folder that cannot be written in it (``afile/examples: cannot write: File exists``)."""
    from toolkit.i18n import tr

    blocker = next((p for p in (out, *out.parents) if p.exists()), None)
    if blocker is None or blocker.is_dir():
        return
    if blocker == out:
        raise DossierError(tr("{option} {path}: a file, not a folder", option="--out", path=out))
    raise DossierError(tr("{option} {path}: {file} is a file, not a folder", option="--out", path=out, file=blocker))


def register(app: typer.Typer) -> None:
    @app.command(help=EXAMPLES_HELP)
    def examples(
        out: Annotated[
            Path,
            typer.Option(
                "--out",
                help=N_("The folder to copy into (made if need be); the documentation's commands run from there."),
                show_default=False,
            ),
        ],
        with_cards: Annotated[
            bool,
            typer.Option(
                "--with-cards",
                help=N_("Copy the bundled cards too (cards/), for `dossier lint cards` and `--cards cards`."),
            ),
        ] = False,
        lang: LangOption = None,
    ) -> None:
        """``dossier examples`` (its help is given to the decorator)."""
        from toolkit.cli._lang import output_lang
        from toolkit.i18n import tr, trn

        output_lang(lang)
        _check_out(out)
        copied = copy_examples(out, with_cards)
        if all(count is None for _, count in copied):  # every folder there: said in one line, a note (exit 0)
            print(tr("{paths}: each one exists; nothing was written (give another {option})",
                     paths=tr(", ").join(f"{folder}{os.sep}" for folder, _ in copied), option="--out DIR"))  # fmt: skip
            return
        for folder, count in copied:
            shown = f"{folder}{os.sep}"
            if count is None:
                print(tr("{path}: exists already; left as it is", path=shown))
            else:
                print(trn("{path}: {n} file written", "{path}: {n} files written", count, path=shown))
