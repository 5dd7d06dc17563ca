"""The Netrunner engine's decisions: the shared :mod:`toolkit.engine.decisions` (decisions as data), named here
for the engine's modules and card scripts."""

from __future__ import annotations

from ..decisions import (
    DeciderPolicy,
    Decision,
    Option,
    Policy,
    RandomPolicy,
    Stepper,
    as_policy,
    generic_options,
)

__all__ = ["DeciderPolicy", "Decision", "Option", "Policy", "RandomPolicy", "Stepper", "as_policy", "generic_options"]
