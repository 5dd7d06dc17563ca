"""The one build step pyproject.toml cannot say: the wheel carries the repository's top-level data.

``cards/``, ``schema/`` and ``examples/`` stay at the top of the repository (tests, docs and the records'
relative ``"$schema"`` paths refer to them there); ``build_py`` copies them into the built package as
``toolkit/_data/{cards,schema,examples}``, in the same layout, where :mod:`toolkit.paths` finds them once
installed. An editable install (``pip install -e .``) copies nothing: the package is the checkout's
``toolkit/``, and :mod:`toolkit.paths` finds the checkout's own directories beside it.
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
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "toolkit" / "_data"
        for name in DATA:
            source = HERE / name
            if not source.is_dir():  # a source tree without it (an sdist made without MANIFEST.in)
                raise SystemExit(f"setup.py: {source}: no such directory; the wheel would have no {name}/")
            shutil.rmtree(target / name, ignore_errors=True)
            shutil.copytree(source, target / name, ignore=SKIP)


setup(cmdclass={"build_py": build_py_with_data})
