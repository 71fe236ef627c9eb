"""Armies: BattleScribe units, each tied to the rules of its system
(:mod:`referee.army.link`).  The unit records themselves are
:mod:`referee.units`, in the base layer, since the BattleScribe reader makes them.

Nothing is imported here.
"""
