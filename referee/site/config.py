"""The plugin's options, as ``mkdocs.yml`` gives them under ``plugins: - referee:``.

    plugins:
      - search
      - referee:
          rules_src: rules_src     # default: --rules-src, $REFEREE_RULES_SRC, the checkout's
          section: rules           # the folder of the generated pages in the site
          systems: [t9a]           # only these systems (default: every one)
          diagrams: true           # an SVG of each rule's neighbourhood
          editor_report: true      # a page of lint findings per system
          paste_box: true          # the keyword-string box on each system's index
          nav_title: Rules         # the navigation section holding the systems
"""

from __future__ import annotations

from mkdocs.config.base import Config
from mkdocs.config.config_options import ListOfItems, Optional, Type


class RefereeConfig(Config):
    """Typed options; MkDocs checks them and names the bad one."""

    enabled = Type(bool, default=True)
    rules_src = Optional(Type(str))
    section = Type(str, default="rules")
    systems = ListOfItems(Type(str), default=[])
    diagrams = Type(bool, default=True)
    editor_report = Type(bool, default=True)
    paste_box = Type(bool, default=True)
    nav_title = Type(str, default="Rules")
