"""The interpreter: game states, rules and the execution of parsed ability text.

- :mod:`toolkit.engine.core`: the append-only event log with visibility, deciders
  (scripted, random, interactive), triggers in the order of seed 000 §11.7 and
  endless-loop detection;
- :mod:`toolkit.engine.tactics`: the tactical agents game's card-level rules and
  the interpreter of its ability text (``dossier text run``);
- :mod:`toolkit.engine.netrunner`: Android: Netrunner's state (both sides, servers,
  ice, the rig), basic actions at the RULINGS N3 costs, runs with ice and
  icebreakers, damage and flatline (N4), and the interpreter of its ability text;
- :mod:`toolkit.engine.simulate`: random legal play of tactics and netrunner decks (``dossier simulate``);
- :mod:`toolkit.engine.crossfire`: Crossfire's deal, table resolution, scoring
  and simulation, with every role's behaviour read from its ability text.
"""
