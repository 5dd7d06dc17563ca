"""Where the bundled data and schemas live: the one place that decides.

In a checkout (an editable install, or ``python -m`` from the repository), the repository's own top-level
``cards/``, ``schema/`` and ``examples/``, beside the ``toolkit`` package. Installed from a wheel, the copy the
build put inside the package, ``toolkit/_data/`` (setup.py: ``build_py`` copies the three directories there), in
the same layout, so a record's relative ``"$schema"`` (``../../../schema/tactics/card.schema.json``) resolves
there as it does in the checkout. The fonts, templates, web assets, grammar and message catalogs are package
data of their own modules (``toolkit/sheets/fonts``, …) and are found beside them either way. Knowing which of
the two this is, it also words the command that adds an optional extra to this installation (:func:`install_command`).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLED_DIR = PACKAGE_DIR / "_data"
"""The copy of the data directories inside an installed package (never present in a checkout)."""


def _data_root() -> Path:
    """``toolkit/_data`` when the package carries its copy (installed from a wheel), else the checkout."""
    return BUNDLED_DIR if BUNDLED_DIR.is_dir() else PACKAGE_DIR.parent


ROOT = _data_root()
"""The directory holding ``cards/``, ``schema/`` and ``examples/``: the repository, or the installed copy."""
INSTALLED = ROOT == BUNDLED_DIR
CARDS_DIR = ROOT / "cards"
SCHEMA_DIR = ROOT / "schema"
EXAMPLES_DIR = ROOT / "examples"


def in_package(path: Path) -> bool:
    """Whether ``path`` is (inside) the installed package or its bundled data: True only when Dossier runs
    installed (:data:`INSTALLED`). The bundled cards, schemas and examples are then the package's own files
    (site-packages, perhaps read-only, replaced by the next upgrade), never a place a command or the web editor
    writes to by default; in a checkout they are the repository's own, written as any file of it."""
    if not INSTALLED:
        return False
    real = Path(os.path.realpath(path))
    for place in (PACKAGE_DIR, CARDS_DIR, SCHEMA_DIR, EXAMPLES_DIR):
        held = Path(os.path.realpath(place))
        if real == held or real.is_relative_to(held):
            return True
    return False


DISTRIBUTION = "dossier"
"""The name this project is installed under (pyproject.toml). Not a name to give pip: PyPI's ``dossier`` is another
project, so ``pip install 'dossier[lab]'`` installs (or replaces Dossier by) that one."""


def install_command(extra: str, fallback: str) -> str:
    """The one command that adds the optional extra ``extra`` of pyproject.toml (``lab``, ``plot``) to the
    environment this dossier runs in, for the way it was installed:

    - a checkout (not :data:`INSTALLED`): the checkout's own extra, editable, by the pip of the Python running:
      ``/…/.venv/bin/python -m pip install -e '.[lab]'`` (the checkout's path relative to the working directory);
    - pipx (a ``pipx_metadata.json`` in the environment): ``pipx inject dossier 'ray<3,>=2.9'``;
    - any other environment: the pip of the Python running: ``/…/bin/python -m pip install 'ray<3,>=2.9'`` (a
      bare ``pip`` may be another environment's, or refused by a system's Python: PEP 668).

    The packages are the extra's, as the installed distribution lists them (pyproject.toml's), else
    ``fallback`` (``'ray>=2.9,<3'``, what the extra lists)."""
    import shlex
    import sys

    python = shlex.quote(sys.executable or "python3")
    if not INSTALLED:
        try:
            checkout = os.path.relpath(PACKAGE_DIR.parent)
        except ValueError:  # (another drive, on Windows)
            checkout = str(PACKAGE_DIR.parent)
        return f"{python} -m pip install -e {shlex.quote(f'{checkout}[{extra}]')}"
    packages = " ".join(shlex.quote(r) for r in extra_requirements(extra) or [fallback])
    environment = Path(sys.prefix)
    if (environment / "pipx_metadata.json").is_file():
        return f"pipx inject {shlex.quote(environment.name)} {packages}"
    return f"{python} -m pip install {packages}"


def extra_requirements(extra: str) -> list[str]:
    """The requirements of the optional extra ``extra`` in the installed distribution's metadata
    (``['ray<3,>=2.9']``); empty when the distribution is not installed or has no such extra."""
    import re
    from importlib.metadata import PackageNotFoundError, requires

    try:
        listed = requires(DISTRIBUTION) or []
    except PackageNotFoundError:
        return []
    marker = re.compile(rf"""\bextra\s*==\s*["']{re.escape(extra)}["']""")
    found = []
    for requirement in listed:
        name, _, condition = requirement.partition(";")
        if marker.search(condition):
            found.append(name.replace(" ", ""))
    return found


def names_a_directory(value: str) -> bool:
    """True for a path as typed that ends in a separator (``build/``): ``Path`` would drop it, and a file
    ``build`` would be written where the user named a directory."""
    return value.endswith("/") or (os.sep != "/" and value.endswith(os.sep))


def schema_ref(folder: Path, rel: str) -> str:
    """The ``"$schema"`` of a record in ``folder`` whose kind's schema is ``rel`` (``tactics/card.schema.json``):
    the path from ``folder`` to the nearest ``schema/`` or ``.schema/`` above it that holds that schema (the
    bundled layout, a set's own copy made by ``dossier schema --out my-set/.schema``, or an import's), else to
    the bundled schema. The one rule of fmt and import (the web editor's: :func:`set_schema_ref`)."""
    folder = Path(os.path.abspath(folder))
    target = _nearest_schema(folder, rel) or SCHEMA_DIR / rel
    return os.path.relpath(target, folder).replace(os.sep, "/")


def _nearest_schema(folder: Path, rel: str) -> Path | None:
    """The schema ``rel`` in the nearest ``schema/`` or ``.schema/`` at or above ``folder`` (absolute), or None."""
    for parent in (folder, *folder.parents):
        found = next((parent / d / rel for d in ("schema", ".schema") if (parent / d / rel).is_file()), None)
        if found is not None:
            return found
    return None


SET_SCHEMA_DIR = ".schema"
"""A designer's set's own copy of the schemas, in its card folder (``dossier schema --out my-set/.schema``: a hidden
folder, which no command reads as records)."""


def set_schema_ref(folder: Path, rel: str, set_root: Path) -> str:
    """The ``"$schema"`` the web editor gives a record in ``folder`` of the served card folder ``set_root`` whose
    kind's schema is ``rel``: :func:`schema_ref`'s nearest ``schema/`` or ``.schema/`` above it (a path that only
    climbs: ``../../schema/…``), else the set's own copy, ``set_root/.schema/rel`` (made when the record is saved:
    :func:`give_set_schemas`). Never a path out of the set down through the server's other folders to Dossier's
    own schemas (``../../../../work/main/schema/…``): an answer of the server would show where it keeps them, and
    the set would lose its schema once it moves."""
    folder = Path(os.path.abspath(folder))
    target = _nearest_schema(folder, rel) or Path(os.path.abspath(set_root)) / SET_SCHEMA_DIR / rel
    return os.path.relpath(target, folder).replace(os.sep, "/")


def names_own_schema(folder: Path, ref: str) -> bool:
    """Whether the ``"$schema"`` ``ref`` of a record in ``folder`` names a file of Dossier's own schema folders
    (the checkout's or the installed package's: :func:`_own_schema_dirs`)."""
    if "://" in ref or not ref.strip():
        return False
    named = os.path.realpath(os.path.join(os.path.abspath(folder), ref))
    return os.path.isfile(named) and any(named.startswith(place + os.sep) for place in _own_schema_dirs())


def set_schema_planned(folder: Path, ref: str, set_root: Path) -> bool:
    """Whether ``ref``, the ``"$schema"`` of a record in ``folder``, names a schema of the set ``set_root``'s own copy
    (``set_root/.schema/…``) that Dossier has (:data:`SCHEMA_DIR`): one a save of the record makes if it is
    missing (:func:`give_set_schemas`)."""
    if "://" in ref or not ref.strip():
        return False
    named = Path(os.path.normpath(os.path.join(os.path.abspath(folder), ref)))
    copy = Path(os.path.abspath(set_root)) / SET_SCHEMA_DIR
    if not named.is_relative_to(copy):
        return False
    return (SCHEMA_DIR / named.relative_to(copy)).is_file()


def give_set_schemas(set_root: Path) -> list[Path]:
    """Give the set ``set_root`` its own copy of Dossier's schemas (``set_root/.schema/``, as ``dossier schema --out``
    writes it): each schema file it does not have yet, copied from :data:`SCHEMA_DIR` (a file the set has is left
    as it is). Returns the files written; OSError when one cannot be."""
    from toolkit.jsonio import atomic_write_bytes

    copy = Path(os.path.abspath(set_root)) / SET_SCHEMA_DIR
    written = []
    for source in sorted(SCHEMA_DIR.rglob("*.schema.json")):
        target = copy / source.relative_to(SCHEMA_DIR)
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, source.read_bytes())
        written.append(target)
    return written


def _own_schema_dirs() -> list[str]:
    """Dossier's own schema folders, resolved: the one in use (:data:`SCHEMA_DIR`), and the checkout's and the
    installed copy's where present (a record made by one may be read by the other)."""
    places = {SCHEMA_DIR, PACKAGE_DIR.parent / "schema", BUNDLED_DIR / "schema"}
    return sorted({os.path.realpath(place) for place in places if place.is_dir()})


def repointed_schema_ref(folder: Path, ref: str, rel: str) -> str | None:
    """The ``"$schema"`` a record in ``folder`` whose kind's schema is ``rel`` is given in place of ``ref`` once
    a schema folder nearer than Dossier's own holds its schema (``dossier schema --out my-set/.schema`` after an
    import that pointed at Dossier's): :func:`schema_ref`'s answer when ``ref`` names a file inside Dossier's own
    schema folders (the checkout's or the installed package's) and that answer is not one of them; else None.
    A ``ref`` the user pointed anywhere else (a URL, another folder, a file that is not there) stays as it is."""
    if "://" in ref or not ref.strip():
        return None
    folder = Path(os.path.abspath(folder))
    named = os.path.realpath(os.path.join(folder, ref))
    own = _own_schema_dirs()
    if not os.path.isfile(named) or not any(named.startswith(place + os.sep) for place in own):
        return None
    nearest = schema_ref(folder, rel)
    found = os.path.realpath(os.path.join(folder, nearest))
    if any(found.startswith(place + os.sep) for place in own) or nearest == ref:
        return None
    return nearest


def given_twice(paths: list[Path]) -> tuple[Path, Path] | None:
    """The first of ``paths`` that names a file given before it (the same file by identity: through ``./``, a
    symbolic link or a hard link), with that earlier path; None when each is given once. A path that cannot be
    looked at is passed over (reading it says why)."""
    seen: dict[tuple[int, int], Path] = {}
    for path in paths:
        try:
            info = path.stat()
        except (OSError, ValueError):
            continue
        first = seen.setdefault((info.st_dev, info.st_ino), path)
        if first is not path:
            return path, first
    return None
