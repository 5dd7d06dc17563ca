"""The balance lab: many seeded games per card set, fanned out on Ray (an optional extra), their figures.

- :mod:`.games`: plan a run's games from (run seed, game index) and play a batch of them (no Ray);
- :mod:`.runner`: the batches as Ray tasks, results sorted by game index (same seed, same figures);
- :mod:`.figures`: win rates with 95% Wilson intervals, outliers, the games needed to decide the rest;
- :mod:`.report`: report.json, games.jsonl and a self-contained report.html (inline SVG plots);
- :mod:`.crossfire`, :mod:`.netrunner`: the same for crossfire tables and Netrunner games (corp decks against
  runner decks in turn, each held against its side's rate);
- :mod:`.store`: runs kept in the card database, and two runs compared (two-proportion tests, Holm).
"""
