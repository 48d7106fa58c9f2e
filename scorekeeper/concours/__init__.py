"""Le concours: many tables, many rounds (RULES T-1 to T-7), as data and pure functions.

`model` is a concours as its file holds it (settings, teams or players, each round's seed, tables and
results); `draw` makes a round's tables from it (T-3, T-4; networkx's matching, imported by the draw
alone); `standing` ranks the teams from it and the outcomes of its tables' games (T-2, T-5, T-7); `files`
keeps the file (atomic, locked writes, the current concours). None of them knows a game or a word: the
service (`service.concours`) joins them to the store's games, the command line (`cli.concours`) says them.
"""
