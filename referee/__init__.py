"""Referee: a rules knowledge base and referee assistant for tabletop wargames."""

__version__ = "0.1.0"
