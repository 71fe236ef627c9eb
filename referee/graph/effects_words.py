"""The words effect clauses are made of: grammar/effects.lark's word classes.

:mod:`referee.graph.lexer` reads these tables.  A phrase is written with "|"
between the alternatives of one word ("gain|gains"); a stat may also be
written "to the <stat>", "to its <stat>", ...; a condition is a pattern over
the raw sentence and the short form relations carry ("first round").
Rule names are not here: they come from each system's rulebase.
"""

from __future__ import annotations

PHRASE_TYPES: tuple[tuple[str, str, str], ...] = (
    # grants and losses
    ("gain|gains|get|gets|give|gives|giving|add|adds|added|become|becomes", "GAIN", ""),
    ("result|results in", "GAIN", ""),
    # what a rule's own brackets say: "gains the ... modifiers stated in brackets"
    ("stated|given|listed in|within brackets|parentheses", "PARAMS", ""),
    ("has|have", "HAVE", ""),
    ("is|are|be", "BE", ""),
    ("count|counts|counted as", "COUNTAS", ""),
    # "counts as having the Fear special rule", "is treated as having Fear": has it
    ("count|counts|counted as having|being", "COUNTAS", ""),
    ("treated|considered as having", "COUNTAS", ""),
    # "Barrage weapons act as Blast weapons": what they count as
    ("act|acts as", "COUNTAS", ""),
    ("confer|confers|conferred", "CONFER", ""),
    ("lose|loses", "LOSE", ""),
    ("subtract|subtracts|deduct|deducts", "SUBTRACT", ""),
    ("immune", "IMMUNE", ""),
    # "is unaffected by Disease", "is not affected by Fear": an immunity in other words
    ("unaffected by", "UNAFFECTED", ""),
    ("not affected by", "UNAFFECTED", ""),
    ("the effects|effect of", "EFFECTS", ""),
    ("effects of", "EFFECTS", ""),
    # exceptions
    ("ignore|ignores", "IGNORE", ""),
    ("due|owing to", "DUETO", ""),
    ("override|overrides", "OVERRIDE", ""),
    ("use|uses the rules for", "RULESFOR", ""),
    ("instead", "INSTEAD", ""),
    ("instead of", "INSTEAD_OF", ""),
    ("rather than", "INSTEAD_OF", ""),
    ("in place of", "INSTEAD_OF", ""),
    ("treat|treats", "TREAT", ""),
    ("exchange|exchanges|replace|replaces", "EXCHANGE", ""),
    # one word of an action's object, not a stop and a word: "be rerolled more than once"
    ("more than once|twice", "WORD", ""),
    ("on top of", "WORD", ""),
    ("one or more|two", "WORD", ""),
    # obligations and prohibitions
    ("must|shall", "MUST", ""),
    ("has|have to", "MUST", ""),
    ("is|are required to", "MUST", ""),
    ("need|needs to", "MUST", ""),
    ("cannot", "CANNOT", ""),
    ("can not|never", "CANNOT", ""),
    ("can t", "CANNOT", ""),
    ("can neither", "CANNOT", ""),
    ("may|must not|never", "CANNOT", ""),
    ("unable to", "CANNOT", ""),
    ("is|are unable to", "CANNOT", ""),
    ("is|are not allowed to", "CANNOT", ""),
    ("may|can only", "MAYONLY", ""),
    ("not", "NOT", ""),
    ("do|does|did not", "NOT", ""),
    ("don|doesn|didn t", "NOT", ""),
    ("never", "NEVER", ""),
    ("simultaneously", "SIMUL", ""),
    ("attempt|attempts|try|tries", "ATTEMPT", ""),
    # stacking
    ("cumulative", "CUMULATIVE", ""),
    ("stack|stacks", "STACK", ""),
    # a limit on a total: "can never be modified by more than 1"
    ("modified|changed by more than", "CAPPED", ""),
    ("combined", "COMBINED", ""),
    ("choose which one|version", "CHOOSE", ""),
    ("use the highest", "PICKBEST", "highest"),
    ("use the lowest", "PICKBEST", "lowest"),
    ("use the one with the highest", "PICKBEST", "highest"),
    ("use the one with the lowest", "PICKBEST", "lowest"),
    # rerolls
    ("reroll|rerolls|rerolled", "REROLL", ""),
    ("re roll|rolls|rolled", "REROLL", ""),
    # small words the clauses are built from
    ("special|universal|model rule|rules", "SPECIAL", ""),
    ("universal special rule|rules", "SPECIAL", ""),
    ("rule|rules", "SPECIAL", ""),
    ("this|these", "THIS", ""),
    ("instance|instances", "INSTANCE", ""),
    ("one", "ONE", ""),
    ("of", "OF", ""),
    ("to", "TO", ""),
    ("against", "AGAINST", ""),
    ("other than", "OTHER_THAN", ""),
    ("with", "WITH", ""),
    ("as", "AS", ""),
    ("it|they|he|she", "PRON", ""),
    ("but", "BUT", ""),
    ("all", "ALL", ""),
    ("a|an", "A", ""),
    # "+2 Agility and an additional +1 Armour Penetration": one more modifier, not whom it is for
    ("an|a additional|extra", "A", ""),
    ("the", "THE", ""),
    ("and", "AND", ""),
    ("or|nor", "OR", ""),
    ("unless", "UNLESS", ""),
    ("if|when|whenever|while|whilst|whether|which|who|whose|where|although|because", "SUB", ""),
    ("that", "THAT", ""),
    ("also|always|automatically|voluntarily|immediately|still|simply|themselves|itself|then", "ADV", ""),
    ("modifier|modifiers|bonus", "MODWORD", ""),
    ("in|during|until|at|before|after|from|for|within|on|into|through|due|except|per|so|than|up", "STOP", ""),
    # actions a unit or model takes
    (
        "declare|declares|charge|charges|flee|flees|pursue|pursues|overrun|march|marches|move|moves"
        "|advance|reform|wheel|pivot|shoot|shoots|fire|fires|join|joins|joined|leave|leaves|deploy"
        "|deployed|redeploy|embark|disembark|perform|performs|make|makes|made|choose|chooses|cast|casts"
        "|issue|issued|receive|receives|accept|hold|fight|fights|attacked|strike|strikes|use|uses|used|take|takes"
        "|taken|pass|passes|enter|enters|select|selected|place|placed|go|rally|regroup|target|targeted"
        "|see|seen|test|regenerate|regenerated|roll|rolls|direct|directs|end|ends",
        "ACT",
        "",
    ),
    ("counter attack", "ACT", ""),
    # "must immediately test for panic": the test's name follows "for"
    ("test|tests for", "ACT", ""),
    ("end|ends up", "ACT", ""),
    ("go|goes to ground", "ACT", ""),
)

# stats: (words, normalised name); each may also be written "to the|its|... <stat>"
STATS: tuple[tuple[str, str], ...] = (
    ("to wound|wounds", "to-wound"),
    ("strength|str", "Strength"),
    ("toughness", "Toughness"),
    ("initiative", "Initiative"),
    ("attack|attacks", "Attacks"),
    ("attack value", "Attack Value"),
    ("armour|armor penetration", "Armour Penetration"),
    ("offensive skill", "Offensive Skill"),
    ("defensive skill", "Defensive Skill"),
    ("agility", "Agility"),
    ("discipline", "Discipline"),
    ("leadership", "Leadership"),
    ("resilience", "Resilience"),
    ("health point|points", "Health Points"),
    ("wound|wounds", "Wounds"),
    ("armour|armor", "Armour"),
    ("armour|armor save|saves", "Armour Save"),
    ("armour|armor save numbers", "Armour Save"),
    ("numbers in the armour|armor save", "Armour Save"),
    ("advance rate", "Advance Rate"),
    ("march rate", "March Rate"),
    ("movement", "Movement"),
    ("hit", "to-hit"),
    ("hit roll|rolls", "to-hit"),
    ("hitroll|hitrolls|miss|misses", "to-hit"),
    ("wound roll|rolls", "to-wound"),
    ("casting roll|rolls", "casting roll"),
    ("cover save|saves", "cover save"),
    ("model s cover save", "cover save"),
    ("shooting modifier", "to-hit"),
    ("cs", "CS"),
    ("ws", "WS"),
    ("bs", "BS"),
)
STAT_LEADS = ("to", "to the", "to its", "to their", "to all", "to both", "to his")

# a scope written with "only", after or before what it limits: "ward save 6+ cc only", "shooting
# only", "only against shooting attacks"; the referee reads these in a rule's own text too
# (referee.resolve.scope: a rule limited to one kind of attack brings nothing in the other)
ONLY_SCOPES: tuple[tuple[str, str], ...] = (
    (r"(?:in\s+|against\s+)?(?:cc|close\s+combat|melee)(?:\s+attacks)?\s+only"
     r"|only\s+(?:in\s+(?:cc|close\s+combat|melee)(?!\s+(?:range|distance))|against\s+(?:close\s+combat|melee)\s+attacks)", "melee"),
    (r"(?:(?:in|during)\s+the\s+|against\s+)?(?:shooting(?:\s+phase|\s+attacks)?|ranged(?:\s+attacks)?)\s+only"
     r"|only\s+(?:(?:in|during)\s+the\s+shooting\s+phase|against\s+(?:shooting|ranged)\s+attacks)", "shooting"),
)

# what the bearer is doing, in a phrase that limits a modifier to it ("an additional -1 to-hit modifier
# for Moving and Shooting", "in Fighting with a weapon in each hand"): each activity and the situation
# it is, "" for one the situation vocabulary has no flag for (kept in words).  referee.graph.activities
# reads them after one of ACTIVITY_LEADS, joined by "and"/"or"/commas.
ACTIVITIES: tuple[tuple[str, str], ...] = (
    (r"moving|moved", "moved"),
    (r"marching|marched", ""),
    (r"shooting(?:\s+attacks?)?|shoots?|firing|ranged\s+attacks?", "shooting"),
    (r"fighting|fights?|close\s+combat(?:\s+attacks?)?|melee(?:\s+attacks?)?", "melee"),
    (r"charging", "charging"),
)
ACTIVITY_LEADS = r"for|from|when|whenever|while|whilst|if|in|after"
# who may stand between the lead and the activity: "when it is charging", "if the unit moved"
ACTIVITY_DOERS = r"(?:it|they|he|she|the\s+(?:unit|model|bearer|wielder))\s+(?:(?:is|are|has|have)\s+)?"

# conditions, by pattern over the raw sentence; the normalised form is what relations carry
CONDITIONS: tuple[tuple[str, str], ...] = (
    (r"(?:when|while|if)\s+(?:it|they|the\s+\w+)\s+(?:is|are)\s+charging", "charging"),
    (r"(?:when|if)\s+charging", "charging"),
    (r"unless\s+charging", "not charging"),
    # "provided the attacking model's unit is not Charging": the negation belongs to the situation
    (r"(?:is|are)\s+not\s+charging|(?:isn|aren)[’']t\s+charging", "not charging"),
    (r"(?:on|in)\s+a\s+turn\s+in\s+which\s+(?:the\s+unit\s+)?did\s+not\s+charge", "not charging"),
    (r"(?:on|in)\s+a\s+turn\s+in\s+which\s+[^,.;]{0,60}?\bcharges", "charging"),
    (r"after\s+the\s+model\s+has\s+made\s+a\s+charge\s+move", "charging"),
    # "outnumbered by the charging unit": the charger named, no condition on the sentence's subject
    (r"(?<!\bthe\s)charging", "charging"),
    (r"(?:during\s+)?the\s+first\s+round(?:\s+of\s+(?:each\s+)?combat)?", "first round"),
    (r"(?:in\s+)?the\s+first\s+(?:player\s+)?turn", "first turn"),
    # "cannot be targeted ... except in close combat": "except" turns the situation it leads into its negation
    (r"except\s+(?:(?:when|while|if)\s+(?:it\s+is\s+|they\s+are\s+)?)?"
     r"(?:in\s+close\s+combat|in\s+melee(?!\s+(?:range|distance))|engaged\s+in\s+(?:a\s+)?(?:close\s+)?combat)", "not melee"),
    (r"except\s+(?:when|while|if)\s+(?:it\s+is\s+|they\s+are\s+)?charging", "not charging"),
    # "Provided the model is not in close combat": the negation belongs to the situation
    (r"(?:(?:if|when|while|provided(?:\s+that)?)\s+(?:it|they|the\s+\w+|that\s+unit)\s+)?(?:(?:(?:is|are)\s+)?not|(?:isn|aren)[’']t)\s+"
     r"(?:in\s+close\s+combat|in\s+melee(?!\s+(?:range|distance))|engaged\s+in\s+(?:a\s+)?(?:close\s+)?combat)", "not melee"),
    (r"(?:if|when|while)\s+(?:it|they|the\s+unit|that\s+unit)\s+(?:is|are)\s+(?:already\s+)?(?:in\s+close\s+combat|engaged\s+in\s+(?:a\s+)?combat)", "melee"),
    *ONLY_SCOPES,
    (r"against\s+melee\s+attacks|in\s+close\s+combat|in\s+melee(?!\s+(?:range|distance))", "melee"),
    (r"close\s+combat\s+attacks?|melee\s+attacks?", "melee"),
    (r"against\s+shooting\s+attacks|shooting\s+attacks?|ranged\s+attacks?", "shooting"),
    (r"(?:in|during)\s+the\s+(?:following\s+|next\s+)?shooting\s+phase|when\s+shooting|at\s+a\s+range", "shooting"),
    (r"on\s+foot", "on foot"),
    (r"on\s+game\s+turn\s+\d+\s+or\s+later|from\s+game\s+turn\s+\d+(?:\s+onwards)?", ""),
    (r"until\s+the\s+end\s+of\s+(?:game\s+)?turn\s+\d+", ""),
    (r"(?:that\s+rolled\s+|on\s+)?a\s+natural\s+(?:roll\s+of\s+(?:an?\s+)?)?\d\+?(?:\s+to\s+(?:hit|wound))?", ""),
    (r"(?:rolls?|results?)\s+of\s+(?:an?\s+)?\d(?!\+)(?=\s|$|[,.;])", ""),
    (r"(?:when|if|while)\s+(?:it\s+is\s+|they\s+are\s+|the\s+unit\s+is\s+)?charged", "charged"),
    # a Stand and Shoot reaction is what a charged unit shoots with: "cannot Volley Fire ... as a Stand and Shoot reaction"
    (r"(?:as|for)\s+(?:a|its)\s+stand\s+(?:and|&)\s+shoot(?:\s+charge)?\s+reactions?", "charged"),
    (r"(?<!non-)(?<=all\s)fleeing(?=\s+(?:units?|models?|troops))", "fleeing"),
    (r"(?<!non-)units?\s+fleeing", "fleeing"),
    (r"(?:if|when|while)\s+(?:that|the|this)\s+unit\s+is\s+(?:already\s+)?fleeing|(?:if|when|while)\s+(?:it\s+is|they\s+are)\s+already\s+fleeing", "fleeing"),
    # ("if fleeing friends move through it": the friends flee, not the unit)
    (r"(?:which|that)\s+(?:is|are)\s+fleeing|(?:when|while|if)\s+(?:it\s+is\s+|they\s+are\s+)?fleeing(?!\s+(?:friends?|friendly|units?|models?|troops|enem(?:y|ies)))", "fleeing"),
    (r"if\s+possible|where\s+possible|if\s+able(?:\s+to\s+do\s+so)?", "if possible"),
    (r"(?:did|does|do|has|have)\s+not\s+(?:yet\s+)?move[ds]?\b|(?:didn|hasn|haven)[’']t\s+move[ds]?\b", "not moved"),
    (r"after\s+the\s+unit\s+has\s+moved|if\s+it\s+moved", "moved"),
    (r"for\s+as\s+long\s+as\s+(?!(?:it\s+is|they\s+are)\s+fleeing)[^,.;]+", ""),
)

# a sentence holds a condition only if it holds one of these
CONDITION_HINTS = ("cc only", "stand and shoot", "long as", "turn", "natural", "of 1", "of 6", "flee", "charg", "first", "combat", "melee", "shooting", "ranged", "foot", "possible", "able", "moved", "not move", "t move", "range")
