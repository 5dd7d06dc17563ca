"""``python -m toolkit.cli``: the ``dossier`` command without its installed script."""

from toolkit.cli import app

app(prog_name="dossier")
