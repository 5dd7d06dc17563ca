"""Dossier's validators: lint of card data and (later) deck rules.

Validators return findings; they never print or exit. This package is
Dossier's own, not the PyPI distribution of the same name (a test checks it).
"""

from .findings import Finding, Severity

__all__ = ["Finding", "Severity"]
