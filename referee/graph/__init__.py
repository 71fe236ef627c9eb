"""The rule graph: typed relations read from rule text, each with its citation.

Modules: ``effects`` (clauses read by grammar/effects.lark), ``build``
(relations of a rulebase, networkx export), ``explain`` (one rule's
neighbourhood, from the cached view), ``export`` (JSON, GraphML, DOT).
Nothing is imported here: the quick commands load only what they use.
"""
