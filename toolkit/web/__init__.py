"""`dossier serve`: the web face of Dossier (FastAPI + Jinja2, served by uvicorn).

The pages and the JSON API call the same library functions as the CLI (search, deck
parsing and validation, lint, print layouts, crossfire); no rule lives in a route or a
template. :func:`toolkit.web.app.create_app` builds the application from
:class:`toolkit.web.settings.WebSettings`.
"""
