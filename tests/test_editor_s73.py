"""Stop 73: a card directory the server does not have (`root=7` of two) is not found (404), not forbidden (403):
nothing there is refused, there is nothing there; a path the editor refuses inside a directory it has is still 403."""

from __future__ import annotations

from typing import Any

from tests.test_editor_s58 import base, check, client, save  # noqa: F401 (fixtures)


def test_a_card_directory_the_server_does_not_have_is_not_found(client: Any) -> None:  # noqa: F811
    page = client.get("/editor/edit", params={"root": 7, "path": "cards/x.json", "lang": "en"})
    assert page.status_code == 404, page.text
    assert "root 7: there are 2 card directories" in page.text
    saved = save(client, "cards/x.json", "{}", None, root=7)
    assert saved.status_code == 404, saved.text
    refused = save(client, "../x.json", "{}", None, root=1)  # inside a directory it has: refused, as before
    assert refused.status_code == 403, refused.text
