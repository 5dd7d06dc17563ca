"""Findings are defined in :mod:`toolkit.findings` (usable from every layer); re-exported here."""

from toolkit.findings import Finding, Severity, count_errors

__all__ = ["Finding", "Severity", "count_errors"]
