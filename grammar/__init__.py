"""Referee's Lark grammars, installed as the ``referee.grammar`` package.

This folder stays at the top of the project (the grammars are read and edited
there); pyproject.toml maps it onto ``referee.grammar`` so a wheel carries the
same files.  Read them with :func:`referee.paths.grammar_text`.
"""
