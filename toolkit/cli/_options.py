"""Checks shared by command options (this module registers no commands)."""

from __future__ import annotations

import math

import typer

from toolkit.errors import DossierError


def finite(ctx: typer.Context, param: typer.CallbackParam, value: float | None) -> float | None:
    """Typer callback for every float option: ``nan``, ``inf`` and ``1e400`` are refused in one line (exit 2)."""
    if value is not None and not math.isfinite(value):
        name = max(param.opts, key=len) if param.opts else param.name
        raise DossierError(f"{name} {value}: not a finite number")
    return value
