/* Referee's site script: the "paste a unit's rules" box of each system's index,
 * the ¶ link after each sentence of a rule, the search's game and category
 * filter and the games' own search boxes, rich previews of links to rules
 * (hover, tap, keyboard), and, over http(s), the manifest and the service
 * worker that make the site an installable app working offline.
 *
 * A player pastes a unit card's line ("Aegis (4+, against Melee Attacks),
 * Fortitude (5+)"); each keyword it names becomes a link to its rule's page,
 * with its parameters. The string is read the way `referee parse` reads it:
 * by grammar/keywords.lark's own LALR tables (keyword-parser.js, which the
 * site build generates with lark-js: referee/site/keyword_parser.py), with a
 * transformer here; names are tied to rules the way `referee parse
 * --system` ties them (referee/keywords/resolve.py), from the system's name
 * table (names-<system>.js, written by the site build). A test in Chromium
 * checks both agree on every keyword string of the rule documents.
 *
 * Nothing from the pasted text or the name table is ever parsed as HTML:
 * the result is built with createElement and textContent.
 */
(function () {
  "use strict";

  // -- reading a string: the parser the site build generates from grammar/keywords.lark --------
  // (keyword-parser.js, by lark-js: the same LALR tables `referee parse` runs), with a
  // transformer keeping what the box shows of each keyword use: its name, its span, and
  // the keywords named in its brackets (referee/keywords/transform.py, one method a rule).
  function ReadError(message, at) { this.message = message; this.at = at; }

  function words(token) { return token.value.split(/\s+/).join(" "); }
  function part(first, last, nested) {  // a value and the offsets [start, end) it was read from
    return { start: "start" in first ? first.start : first.start_pos, end: "end" in last ? last.end : last.end_pos, nested: nested || null };
  }

  // What the grammar's broad DICE terminal lets through, the transformer refuses ("2D", "D6+", "0D6").
  var DICE_FORM = /^(\p{Nd}*)[dD](\p{Nd}+)(?:([+\-])(\p{Nd}+))?(?:[*\u00d7](\p{Nd}+))?$/u;

  function use(children) {  // closed_use, open_use: a name, maybe a bracket, values
    var name = children[0], parts = children.slice(1), nested = parts[0].nested || [];
    // "(green/red) +8": one-word names in brackets before a modifier are colours, not keywords
    if (parts[0].colours && parts.length > 1 && parts[1].modifier) nested = [];
    return { name: words(name), start: name.start_pos, end: parts[parts.length - 1].end, nameEnd: name.end_pos, nested: nested };
  }
  function lead(parts) {  // lead_closed, lead_open: values before any name
    return { name: null, start: parts[0].start, end: parts[parts.length - 1].end, nameEnd: parts[0].start, nested: [] };
  }
  function enclosed(children) { return part(children[0], children[children.length - 1]); }
  var USES = {
    start: function (uses) { return uses; },
    bare_use: function (c) { return { name: words(c[0]), start: c[0].start_pos, end: c[0].end_pos, nameEnd: c[0].end_pos, nested: [] }; },
    closed_use: use,
    open_use: use,
    lead_closed: lead,
    lead_open: lead,
    bracket: function (c) {  // the keywords of its slots; bare names after "against ..." belong to that
      var slots = c.slice(1, -1), nested = [], against = false;
      slots.forEach(function (slot) {
        var kw = slot.keyword;
        if (kw && !kw.args && against) return;
        against = !!slot.qualifier && slot.qualifier.indexOf("against ") === 0;
        if (kw) nested.push(kw);
      });
      var out = part(c[0], c[c.length - 1], nested);
      out.colours = slots.every(function (slot) { return slot.word; });
      return out;
    },
    second_profile: enclosed,
    allowance: enclosed,
    roll: enclosed,
    choice: enclosed,
    slot: function (parts) {
      if (parts.length === 1) return parts[0];
      var out = part(parts[0], parts[parts.length - 1]);
      out.word = parts.every(function (p) { return p.word; });
      return out;
    },
    nested: function (c) {
      var name = words(c[0]), out = part(c[0], c[c.length - 1]), first = name.charAt(0);
      if (c.length === 1 && first !== first.toUpperCase()) out.qualifier = name;
      else out.keyword = { name: name, args: c.length > 1 };
      out.word = c.length === 1 && name.indexOf(" ") < 0;
      return out;
    },
    modifier: function (c) { var out = enclosed(c); out.modifier = true; return out; },
    simple: function (c) {
      var m = c[0].type === "DICE" && DICE_FORM.exec(c[0].value);
      if (c[0].type === "DICE" && (!m || m[1] === "0" || Number(m[2]) === 0)) throw new ReadError("unknown dice form", c[0].end_pos);
      return part(c[0], c[0]);
    }
  };

  var parser = null;
  function keywordParser() {
    var lark = window.RefereeKeywordParser;
    if (!parser) parser = lark.get_parser({ transformer: lark.Transformer.fromObj(USES) });
    return parser;
  }

  // -- where a string cannot be read: referee/keywords/errors.py's diagnoses, in its order -----
  var OPENERS = { "(": ")", "[": "]", "{": "}" }, CLOSERS = { ")": "(", "]": "[", "}": "{" };
  var NOUNS = {
    NAME: "name", NUMBER: "number", DICE: "dice roll", DISTANCE: "distance", THRESHOLD: "roll", SIGNED: "modifier",
    VAR: "variable", PLACEHOLDER: "variable", ARMOUR_SAVE: "save", PURE_SAVE: "save", DODGE_SAVE: "save",
    QUOTED: "quoted words", AS_USER: "\"as user\"", ON_A: "\"on a\"", RPAR: "\")\"", RSQB: "\"]\"", RBRACE: "\"}\"",
    COMMA: "\",\"", SLASH: "\"/\"", VBAR: "\"|\"", LPAR: "\"(\"", DOT: "\".\""
  };
  var MAX_NESTING = 16;

  function diagnose(text, at, token) {  // token: a terminal's name, "$END", or null for a character
    var open = [], depth = 0, itemStart = 0, k;
    for (k = 0; k < at; k++) {
      var ch = text.charAt(k);
      if (ch in OPENERS) { open.push(k); depth++; }
      else if (ch in CLOSERS) {
        if (open.length && text.charAt(open[open.length - 1]) === CLOSERS[ch]) open.pop();
        depth = Math.max(0, depth - 1);
      } else if ((ch === "," || ch === "/") && depth === 0) itemStart = k + 1;
    }
    var here = text.charAt(at), before = text.slice(0, at).replace(/\s+$/, ""), previous = before.slice(-1);
    if (token === null) return new ReadError("unexpected " + characterName(text.codePointAt(at)), at);
    if (token === "$END" && open.length) return new ReadError("missing closing bracket", at);
    if (here in CLOSERS && !open.length) return new ReadError("unmatched closing bracket", at);
    if (here in CLOSERS && text.charAt(open[open.length - 1]) !== CLOSERS[here]) return new ReadError("mismatched closing bracket", at);
    if (open.length && previous && ")]},/|".indexOf(here) >= 0 && "([{,/|".indexOf(previous) >= 0) return new ReadError("empty parameter", at);
    if (token === "$END" && (previous === "," || previous === "/")) return new ReadError("trailing separator", at);
    if ((here === "," || here === "/") && (previous === "" || previous === "," || previous === "/")) return new ReadError("missing keyword", at);
    if (previous === "." && !open.length) return new ReadError("text after the closing full stop", at);
    return new ReadError("unexpected " + (NOUNS[token] || (token === "$END" ? "the end" : "text")), at);
  }

  // referee/text.py's char_name, for the characters a player cannot see
  var invisibleNames = {};
  function characterName(code) {
    var ch = String.fromCodePoint(code), hex = code.toString(16), id = "U+" + ("000" + hex.toUpperCase()).slice(-Math.max(4, hex.length));
    if (invisibleNames[ch]) return invisibleNames[ch] + " " + id;
    if (/\p{Cc}/u.test(ch)) return "control character " + id;
    if (/\p{Cf}/u.test(ch)) return "'\\" + (code > 0xffff ? "U" + ("0000000" + hex).slice(-8) : "u" + ("000" + hex).slice(-4)) + "' " + id;
    return "character";
  }

  function read(text) {
    for (var k = 0, depth = 0; k < text.length; k++) {
      if ("([{".indexOf(text.charAt(k)) >= 0 && ++depth > MAX_NESTING) throw new ReadError("brackets nested too deeply", k);
      if (")]}".indexOf(text.charAt(k)) >= 0) depth = Math.max(0, depth - 1);
    }
    try {
      return keywordParser().parse(text);
    } catch (e) {
      if (e instanceof ReadError) throw e;
      var lark = window.RefereeKeywordParser;
      if (e instanceof lark.UnexpectedCharacters) throw diagnose(text, e.pos_in_stream, null);
      if (e instanceof lark.UnexpectedEOF || (e instanceof lark.UnexpectedToken && e.token.type === "$END")) {
        throw diagnose(text, text.replace(/\s+$/, "").length, "$END");
      }
      if (e instanceof lark.UnexpectedToken) throw diagnose(text, e.token.start_pos, e.token.type);
      throw e;
    }
  }

  // -- names to rules: referee/text.py's fold and find, keywords/resolve.py's tie --------
  var invisible = null;  // referee.text.INVISIBLE, from the name table: one list of them

  function fold(name) {
    var text = (invisible ? name.replace(invisible, "") : name).replace(/[ßẞ]/g, "ss").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    return text.replace(/[^\p{L}\p{N}_&+]+/gu, " ").trim().split(/\s+/).filter(Boolean).join(" ");
  }

  function singulars(word) {
    var out = [];
    [["ies", "y"], ["s", ""], ["es", ""]].forEach(function (e) {
      if (word.endsWith(e[0]) && word.length > e[0].length + 2 && !word.endsWith("ss")) {
        var form = word.slice(0, -e[0].length) + e[1];
        if (out.indexOf(form) < 0) out.push(form);
      }
    });
    return out;
  }

  function queryForms(query) {
    var forms = [fold(query)];
    var bare = query.replace(/\s*[(\[{].*$/, "").trim();
    if (bare && bare !== query) forms.push(fold(bare));
    forms.slice().forEach(function (f) { forms.push.apply(forms, singulars(f)); });
    return forms.filter(function (f, k) { return f && forms.indexOf(f) === k; });
  }

  function lookup(table, name) {
    var forms = queryForms(name);
    for (var k = 0; k < forms.length; k++) {
      var ids = (table.names[forms[k]] || []).filter(function (id, n, all) { return all.indexOf(id) === n; });
      if (ids.length) {
        var form = forms[k];
        return ids.slice().sort(function (a, b) {
          var ka = fold(table.rules[a][0]) !== form ? 1 : 0, kb = fold(table.rules[b][0]) !== form ? 1 : 0;
          return ka - kb || (a < b ? -1 : a > b ? 1 : 0);
        });
      }
    }
    return [];
  }

  function tie(keyword, table, family) {
    var key = fold(keyword.name), core = table.core.indexOf(key) >= 0;
    var found = lookup(table, keyword.name);
    if (!found.length && !core) found = (table.families[key] || []).slice();
    if (family && found.length > 1) {
      var mine = found.filter(function (id) { return table.rules[id][3] === family; });
      if (mine.length) found = mine.slice(0, 1);
    }
    keyword.rule = found.length ? found[0] : "undefined";
    if (found.length > 1) keyword.candidates = found;
    if (core) keyword.core_term = true;
  }

  // "Immune to Poison": a name its rule writes with a word after it (the table's word_after),
  // and that word, as keywords/resolve.py's _words_after reads it
  function wordAfter(out, name, table) {
    var words = name.split(/\s+/);
    for (var cut = words.length - 1; cut > 0; cut--) {
      var lead = words.slice(0, cut).join(" "), found = (table.word_after || {})[fold(lead)];
      if (found) {
        out.name = found[1]; out.rule = found[0]; out.args = name.slice(lead.length).trim();
        return;
      }
    }
  }

  // Offsets as Python counts them (characters; JavaScript's count UTF-16 units: "𝟒" is two).
  function characters(text, at) { return Array.from(text.slice(0, at)).length; }

  // A keyword string read and tied to a system's rules: what the box shows and the test compares.
  function resolve(text, table) {
    invisible = new RegExp("[" + table.invisible + "]", "gu");
    invisibleNames = table.invisible_names || {};
    var uses;
    try { uses = read(text); } catch (e) {
      if (e instanceof ReadError) return { error: e.message, column: characters(text, e.at) + 1 };
      throw e;
    }
    var family = null;
    return {
      keywords: uses.map(function (use) {
        var out = { name: use.name, span: [characters(text, use.start), characters(text, use.end)], args: text.slice(use.nameEnd, use.end).trim() };
        if (use.name !== null) {
          tie(out, table, family);
          if (out.rule === "undefined" && !out.args) wordAfter(out, use.name, table);
          var rule = table.rules[out.rule];
          if (rule && rule[4]) family = out.rule;
        }
        out.nested = [];
        use.nested.forEach(function (n) {
          var kw = { name: n.name };
          tie(kw, table, family);
          if (kw.rule === "undefined" && !n.args && !kw.core_term) return;  // a qualifier in words
          out.nested.push(kw);
        });
        return out;
      })
    };
  }

  // -- the box -----------------------------------------------------------------------------
  function el(name, text, attrs) {
    var node = document.createElement(name);
    if (text !== undefined && text !== null) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  // The theme shows a title as HTML (content.tooltips): escape it, whatever a name holds.
  function asHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  function ruleLink(table, id, shown) {
    var rule = table.rules[id];
    return el("a", shown, { href: rule[1], "class": "rf-mention", title: asHtml(rule[0]) });
  }

  function show(result, table, text) {
    var box = el("ul");
    if (result.error) {
      var wrong = el("li", null, { "class": "rf-kw-error" });
      wrong.textContent = "Could not read this string: " + result.error + " at column " + result.column + ".";
      box.appendChild(wrong);
      return box;
    }
    result.keywords.forEach(function (kw) {
      var item = el("li");
      if (kw.name === null) {
        item.appendChild(el("span", kw.args, { "class": "rf-kw-args" }));
      } else if (kw.rule !== "undefined") {
        item.appendChild(ruleLink(table, kw.rule, kw.name));
        var rule = table.rules[kw.rule];
        if (fold(rule[0]) !== fold(kw.name)) item.appendChild(el("span", " (" + rule[0] + ")"));
        (kw.candidates || []).slice(1).forEach(function (id) {
          item.appendChild(document.createTextNode(" or "));
          item.appendChild(ruleLink(table, id, table.rules[id][0]));
        });
        if (rule[2].length) item.appendChild(el("small", " " + rule[2].map(function (p) { return p[0] + ": " + p[1]; }).join(", ")));
      } else {
        item.appendChild(el("span", kw.name, { "class": kw.core_term ? "" : "rf-kw-undefined", title: kw.core_term ? "a game term, not a special rule" : "no rule of this system has this name" }));
        item.appendChild(el("small", kw.core_term ? " game term" : " not a rule of this system"));
      }
      if (kw.name !== null && kw.args) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(el("span", kw.args, { "class": "rf-kw-args" }));
      }
      kw.nested.forEach(function (n) {
        if (n.rule === "undefined") return;
        item.appendChild(document.createTextNode(" · "));
        item.appendChild(ruleLink(table, n.rule, n.name));
      });
      box.appendChild(item);
    });
    return box;
  }

  function render(section, table) {
    var input = section.querySelector("#rf-paste-input"), out = section.querySelector("#rf-paste-result");
    var lines = input.value.split(/\n/).map(function (s) { return s.trim(); }).filter(Boolean);
    out.textContent = "";
    lines.forEach(function (line) { out.appendChild(show(resolve(line, table), table, line)); });
  }

  function setUp() {
    var section = document.querySelector(".rf-paste[data-system]");
    if (!section || section.getAttribute("data-ready")) return;
    section.setAttribute("data-ready", "loading");
    var system = section.getAttribute("data-system");
    function start() {
      var table = window.RefereeNames && window.RefereeNames[system];
      if (!table) return;
      var input = section.querySelector("#rf-paste-input"), timer = null;
      input.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { render(section, table); }, 120);
      });
      if (input.value) render(section, table);
      section.setAttribute("data-ready", "yes");
    }
    // the reader (generated from the grammar) and the system's name table, each loaded once
    function load(ready, attribute, then) {
      if (ready()) return then();
      var script = document.createElement("script");
      script.src = section.getAttribute(attribute);
      script.onload = then;
      document.head.appendChild(script);
    }
    load(function () { return window.RefereeKeywordParser; }, "data-parser", function () {
      load(function () { return window.RefereeNames && window.RefereeNames[system]; }, "data-names", start);
    });
  }

  // -- a ¶ after each sentence of a rule, linking to it (the anchor is the sentence's id, or,
  // for a sentence repeated in another version, the first one's, in data-at) -----------------
  function pins() {
    var spans = document.querySelectorAll(".rf-s:not([data-pinned])");
    for (var i = 0; i < spans.length; i++) {
      var span = spans[i], anchor = span.id || span.getAttribute("data-at");
      span.setAttribute("data-pinned", "");
      if (!anchor) continue;
      var pin = el("a", "\u00b6", { href: "#" + anchor, "class": "rf-pin", "aria-label": "Link to this sentence" });
      span.appendChild(pin);
    }
  }

  // -- the search: a filter by game and category, and each game's own search box -------------
  function games() { return (window.RefereeGames && window.RefereeGames.games) || []; }
  function gameOf(id) { return games().filter(function (g) { return g.id === id; })[0] || null; }

  function option(value, text, selected) {
    var node = el("option", text, { value: value });
    if (selected) node.selected = true;
    return node;
  }

  var filterBar = null;

  function showFilter() {  // the bar above the results: what the search looks in, and a switch
    var search = window.RefereeSearch;
    if (!search || !games().length) return;
    var output = document.querySelector(".md-search__output");
    if (!output) return;
    if (!filterBar) {
      filterBar = el("div", null, { "class": "rf-scope", role: "group", "aria-label": "Search in" });
      var gameBox = el("label", "Game ", { "class": "rf-scope-game" });
      gameBox.appendChild(el("select", null, { "aria-label": "Game" }));
      var catBox = el("label", "Category ", { "class": "rf-scope-cat" });
      catBox.appendChild(el("select", null, { "aria-label": "Category" }));
      var all = el("button", "Search all games", { type: "button", "class": "rf-scope-all" });
      filterBar.appendChild(gameBox);
      filterBar.appendChild(catBox);
      filterBar.appendChild(all);
      gameBox.querySelector("select").addEventListener("change", function (e) { search.choose(e.target.value, ""); showFilter(); });
      catBox.querySelector("select").addEventListener("change", function (e) { search.choose(search.scope().game, e.target.value); showFilter(); });
      all.addEventListener("click", function () { search.choose("", ""); showFilter(); });
      output.insertBefore(filterBar, output.firstChild);
    }
    var now = search.scope(), game = gameOf(now.game);
    var gameSelect = filterBar.querySelector(".rf-scope-game select"), catSelect = filterBar.querySelector(".rf-scope-cat select");
    gameSelect.textContent = "";
    gameSelect.appendChild(option("", "All games", !now.game));
    games().forEach(function (g) { gameSelect.appendChild(option(g.id, g.name, g.id === now.game)); });
    catSelect.textContent = "";
    catSelect.appendChild(option("", "All categories", !now.category));
    (game ? game.categories : []).forEach(function (c) { catSelect.appendChild(option(c, c, c === now.category)); });
    filterBar.querySelector(".rf-scope-cat").hidden = !game || game.categories.length < 2;
    filterBar.querySelector(".rf-scope-all").hidden = !now.game;
  }

  function openSearch(game, text) {  // the site's search, on one game, with what was typed so far
    var input = document.querySelector(".md-search__input"), toggle = document.getElementById("__search");
    if (!input || !window.RefereeSearch) return false;
    window.RefereeSearch.choose(game, "");
    if (toggle && !toggle.checked) { toggle.checked = true; toggle.dispatchEvent(new Event("change")); }
    input.value = text;
    input.focus();
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    showFilter();
    return true;
  }

  function gameBoxes() {
    var forms = document.querySelectorAll("form.rf-game-search:not([data-ready])");
    for (var i = 0; i < forms.length; i++) {
      (function (form) {
        form.setAttribute("data-ready", "");
        var field = form.querySelector("input");
        form.addEventListener("submit", function (e) { e.preventDefault(); openSearch(form.getAttribute("data-game"), field.value); });
        field.addEventListener("input", function () {
          if (openSearch(form.getAttribute("data-game"), field.value)) field.value = "";
        });
      })(forms[i]);
    }
  }

  // -- rich previews of links to rules: hover, a first tap, keyboard focus; Escape closes ---------
  var ownSrc = document.currentScript ? document.currentScript.src : "";
  var previewBox = null, previewFor = null, hideTimer = null, showTimer = null, lastPointer = "mouse";
  var loading = {};
  // lists whose every entry is a link to a rule (the A-Z, the categories, where a rule sits):
  // there a tap opens the rule at once, as a player scanning a list expects; hover still previews
  var LISTS = ".rf-index, .rf-crumbs, .rf-system-links, .rf-games";

  function assetsBase() { return ownSrc.replace(/referee\.js(\?.*)?$/, ""); }

  function ruleTarget(link) {  // {game, file} of a link to a rule page of the site, or null
    if (!link || !link.getAttribute("href") || link.closest(".rf-preview, .md-search, .md-nav, .md-header")) return null;
    var url;
    try { url = new URL(link.href, location.href); } catch (e) { return null; }
    var here = new URL(location.href);
    if (url.pathname === here.pathname) return null;  // within the page
    var parts = url.pathname.split("/"), file = parts.pop(), game = parts.pop(), section = parts.pop();
    if (!window.RefereeGames || section !== window.RefereeGames.section || !gameOf(game)) return null;
    return { game: game, file: file, href: link.href };
  }

  function withPreviews(game, then) {
    var all = window.RefereePreviews || {};
    if (all[game]) return then(all[game]);
    if (!loading[game]) {
      loading[game] = [];
      var script = document.createElement("script");
      script.src = assetsBase() + "previews-" + game + ".js";
      script.onload = function () { var table = (window.RefereePreviews || {})[game]; loading[game].splice(0).forEach(function (f) { if (table) f(table); }); };
      document.head.appendChild(script);
    }
    loading[game].push(then);
  }

  function box() {
    if (!previewBox) {
      previewBox = el("div", null, { "class": "rf-preview md-typeset", role: "tooltip", id: "rf-preview", hidden: "" });
      previewBox.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
      previewBox.addEventListener("mouseleave", function () { hideSoon(); });
      document.body.appendChild(previewBox);
    }
    return previewBox;
  }

  function place(link) {
    var b = box(), r = link.getBoundingClientRect(), width = Math.min(360, document.documentElement.clientWidth - 16);
    b.style.width = width + "px";
    var left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - width - 8));
    b.style.left = (left + window.scrollX) + "px";
    var below = r.bottom + 6, height = b.offsetHeight;
    var top = below + height > window.innerHeight && r.top - height - 6 > 0 ? r.top - height - 6 : below;
    b.style.top = (top + window.scrollY) + "px";
  }

  function showPreview(link, target) {
    clearTimeout(hideTimer);
    withPreviews(target.game, function (table) {
      var data = table[target.file];
      if (!data) return;
      var b = box(), game = gameOf(target.game);
      b.textContent = "";
      b.appendChild(el("p", data[0], { "class": "rf-preview-name" }));
      b.appendChild(el("p", [game ? game.name : target.game, data[1]].filter(Boolean).join(" · "), { "class": "rf-preview-where" }));
      if (data[2]) b.appendChild(el("p", data[2], { "class": "rf-preview-text" }));
      else b.appendChild(el("p", "No text: see the rule's page.", { "class": "rf-preview-text rf-empty" }));
      if (data[3].length) b.appendChild(el("p", "Parameters: " + data[3].join(", "), { "class": "rf-preview-params" }));
      b.appendChild(el("a", "Open " + data[0] + " →", { href: target.href, "class": "rf-preview-open" }));
      b.hidden = false;
      previewFor = link;
      link.setAttribute("aria-describedby", "rf-preview");
      place(link);
    });
  }

  function hidePreview() {
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    if (previewBox) previewBox.hidden = true;
    if (previewFor) previewFor.removeAttribute("aria-describedby");
    previewFor = null;
  }

  function hideSoon() { clearTimeout(hideTimer); hideTimer = setTimeout(hidePreview, 250); }

  function linkOf(node) { return node && node.closest ? node.closest("a[href]") : null; }

  function quiet(link) {  // the build's plain title tooltip gives way to the rich preview
    if (link.hasAttribute("title")) { link.setAttribute("data-rf-title", link.getAttribute("title")); link.removeAttribute("title"); }
  }

  function previews() {
    if (document.documentElement.getAttribute("data-rf-previews")) return;
    document.documentElement.setAttribute("data-rf-previews", "yes");
    document.addEventListener("pointerdown", function (e) { lastPointer = e.pointerType || "mouse"; }, true);
    document.addEventListener("mouseover", function (e) {
      if (lastPointer === "touch") return;
      var link = linkOf(e.target), target = ruleTarget(link);
      if (!target) return;
      quiet(link);
      clearTimeout(hideTimer);
      clearTimeout(showTimer);
      showTimer = setTimeout(function () { showPreview(link, target); }, 150);
    });
    document.addEventListener("mouseout", function (e) {
      var link = linkOf(e.target);
      if (link && ruleTarget(link)) { clearTimeout(showTimer); hideSoon(); }
    });
    document.addEventListener("focusin", function (e) {
      var link = linkOf(e.target), target = ruleTarget(link);
      if (target && !(previewBox && previewBox.contains(e.target))) { quiet(link); showPreview(link, target); }
    });
    document.addEventListener("focusout", function (e) {
      var next = e.relatedTarget;
      if (previewBox && next && previewBox.contains(next)) return;
      if (linkOf(e.target) === previewFor) hideSoon();
    });
    document.addEventListener("keydown", function (e) {
      if (e.key !== "Escape" || !previewFor || previewBox.hidden) return;
      var link = previewFor;
      hidePreview();
      if (previewBox.contains(document.activeElement)) link.focus();
    });
    // a tap: the first on a link shows its preview (with a link to open it), a second opens it
    document.addEventListener("click", function (e) {
      if (previewBox && !previewBox.hidden && !previewBox.contains(e.target) && linkOf(e.target) !== previewFor) hidePreview();
      if (lastPointer !== "touch") return;
      var link = linkOf(e.target), target = ruleTarget(link);
      if (!target || link === previewFor || link.closest(LISTS)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      quiet(link);
      showPreview(link, target);
    }, true);
    window.addEventListener("resize", function () { if (previewFor) place(previewFor); });
  }

  // -- installable, offline: the manifest and the service worker, over http(s) only -----------
  function offline() {
    if (!/^https?:$/.test(location.protocol) || !window.RefereeSearch) return;
    var root = window.RefereeSearch.root();
    if (!document.querySelector('link[rel="manifest"]')) {
      document.head.appendChild(el("link", null, { rel: "manifest", href: root + "manifest.webmanifest" }));
      document.head.appendChild(el("meta", null, { name: "theme-color", content: "#3f51b5" }));
    }
    if ("serviceWorker" in navigator && !window.__refereeWorker) {
      window.__refereeWorker = navigator.serviceWorker.register(root + "sw.js").catch(function () { return null; });
    }
  }

  function centreDiagrams() {  // a diagram wider than the screen scrolls: start with the rule in view
    var figures = document.querySelectorAll(".rf-figure");
    for (var i = 0; i < figures.length; i++) {
      var f = figures[i];
      if (f.scrollWidth > f.clientWidth) f.scrollLeft = (f.scrollWidth - f.clientWidth) / 2;
    }
  }

  function setUpPage() {
    pins(); setUp(); gameBoxes(); hidePreview(); centreDiagrams();
    if (filterBar) showFilter();
  }

  window.RefereeKeywords = { read: resolve, fold: fold };
  // Once the page is there, and again after each of the theme's instant page changes
  // (document$; it may never emit where the theme cannot fetch, as from a folder).
  function setUpSite() {
    setUpPage(); previews(); offline();
    var input = document.querySelector(".md-search__input");
    if (input) input.addEventListener("focus", showFilter);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpSite);
  else setUpSite();
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(function () { setUpPage(); });
})();
