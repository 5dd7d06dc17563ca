"""The one build step pyproject.toml cannot say: the wheel carries the repository's top-level data.

``cards/``, ``schema/`` and ``examples/`` stay at the top of the repository (tests, docs and the records'
relative ``"$schema"`` paths refer to them there); ``build_py`` copies them into the built package as
``toolkit/_data/{cards,schema,examples}``, in the same layout, where :mod:`toolkit.paths` finds them once
installed. It also compiles each message catalog (``toolkit/i18n/locale/<lang>/LC_MESSAGES/dossier.po``) into
the ``.mo`` beside it in the built package, as ``python -m toolkit.i18n.catalogs compile`` does (Babel, fuzzy
translations left out), so that an installed dossier need not compile it on first use. Before it builds, it
removes the built packages a previous build left in ``build/lib`` (setuptools copies files there and never removes
one: a module deleted from the checkout would ship in every later wheel). An editable install
(``pip install -e .``) does neither: the package is the checkout's ``toolkit/``, :mod:`toolkit.paths` finds the
checkout's own directories beside it, and a checkout compiles its catalogs on first use.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = ("cards", "schema", "examples")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


class build_py_with_data(build_py):  # noqa: N801 - setuptools' command naming
    def run(self) -> None:
        editable = getattr(self, "editable_mode", False)
        if not editable:
            clear_packages(Path(self.build_lib), self.packages or [])
        super().run()
        if editable:
            return
        target = Path(self.build_lib) / "toolkit" / "_data"
        for name in DATA:
            source = HERE / name
            if not source.is_dir():  # a source tree without it (an sdist made without MANIFEST.in)
                raise SystemExit(f"setup.py: {source}: no such directory; the wheel would have no {name}/")
            shutil.rmtree(target / name, ignore_errors=True)
            shutil.copytree(source, target / name, ignore=SKIP)
        compile_catalogs(Path(self.build_lib) / "toolkit" / "i18n" / "locale")


def clear_packages(build_lib: Path, packages: list[str]) -> list[Path]:
    """Remove the top-level packages of ``packages`` (``toolkit``, ``validators``) from ``build_lib`` before they
    are built again: setuptools copies files into ``build/lib`` and never removes one, so a module deleted from
    the checkout since the last build would ship in every later wheel. Returns the directories removed."""
    removed = []
    for name in sorted({package.split(".")[0] for package in packages}):
        target = build_lib / name
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
            removed.append(target)
    return removed


def compile_catalogs(locale: Path) -> list[Path]:
    """Each ``<lang>/LC_MESSAGES/*.po`` under ``locale`` compiled into the ``.mo`` beside it (what
    toolkit.i18n.catalogs.compile_all writes in a checkout); returns the files written."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        raise SystemExit("setup.py: babel is needed to compile the message catalogs (pip install babel)") from None
    written = []
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        written.append(mo)
    return written


setup(cmdclass={"build_py": build_py_with_data})
