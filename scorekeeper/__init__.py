"""scorekeeper: scorekeeper and referee for manille and l'hombre played with real cards."""

__version__ = "0.1.0"
