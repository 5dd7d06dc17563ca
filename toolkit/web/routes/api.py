"""The JSON API under /api (OpenAPI at /docs): search, records, deck validate/import/export, stats and odds."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/api", tags=["api"])


@router.get("/health")
def health() -> dict[str, str]:
    """Liveness: ``{"status": "ok"}``."""
    return {"status": "ok"}
