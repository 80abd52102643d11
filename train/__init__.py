"""Offline training of the learned evaluation (:mod:`game.ai.learned`): never needed to play.

- :mod:`train.positions`: positions reached by Hard's self-play, and their exact labels by the project's own solver;
- :mod:`train.shards`: a shard (a range of self-play seeds) as a file of labelled positions, written once;
- :mod:`train.generate`: the generation on Dask (the ``train`` extra), local by default, a cluster by address;
- :mod:`train.fit`: the model fitted exactly (rational least squares) and written to ``game/ai/learned/weights.py``,
  byte for byte the same from the same data (``--check``);
- :mod:`train.curve`: the learning curve and the baselines, on positions held out by game;
- :mod:`train.ranking`: rankers of the safe lines, fitted to every safe child's exact loss and gauged against Hard's
  long-chain rule (with :mod:`train.safe_game`, the safe-line game's Grundy value, among their features);
  :mod:`train.trees` tries gradient-boosted trees on the same features (exploration: needs scikit-learn).

``docs/ai.md`` ("The learned evaluation") has the design, ``docs/measurements/learned-evaluation.md`` the figures.
"""
