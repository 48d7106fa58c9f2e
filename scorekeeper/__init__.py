"""scorekeeper: scorekeeper and referee for card games played with real cards (`scorekeeper.games`)."""

__version__ = "0.1.0"
