/* The site's search: the theme's own (lunr, in a Web Worker), with rules found by name first.
 *
 * The plugin writes this file beside the theme's search worker
 * (assets/javascripts/workers/referee-search.js, naming the theme's worker file
 * where it loads it) and points the pages' configuration at it.
 * It loads the theme's worker unchanged and stands between it and the page:
 *
 * - each query goes to lunr as typed (every word as a prefix, as the theme
 *   does) and also stemmed (the theme's prefix terms skip the stemmer, so
 *   "tests" missed a text indexed as "test"); common English words ("the",
 *   "to") are left out of the prefix terms, where "to" matched every word
 *   opening with "to";
 * - the results are ordered by the tiers docs/search.md states for
 *   `referee search` (Ranking): rules before the guide's pages; among
 *   rules, a match of the name or another name first, in the order
 *   exact name, then the query's first keyword without its parameters
 *   ("Poisoned Attacks (4+)"), the name written without spaces ("swift
 *   stride"), every word a prefix of the name's ("lightning reflex"), the
 *   words inside a longer name ("bad luck pool"), one or two typing slips
 *   ("vangaurd"); then the rules lunr found by their text, in lunr's order;
 *   within a tier, the game the player is in before the others;
 * - the page tells the worker where the player is and what they filter by
 *   (a "referee-scope" message, sent by search-scope.js before each query):
 *   a game, and within it a category, leave every other rule out;
 * - every result says its game (the search index carries each page's game
 *   and category, added by the plugin), and says which query words its
 *   page holds: those are highlighted on the opened page, and a rule found
 *   by its name never shows a "Missing" word.
 *
 * Everything runs in the browser, offline, on the search index the site
 * ships. In a site opened from a folder, importScripts loads the theme's
 * worker asynchronously (referee/site/assets/folder-worker.js): messages
 * wait until it is there.
 */
(function () {
  "use strict";
  var SETUP = 0, QUERY = 2, RESULT = 3;  // the theme's message types
  var scope = self;
  var listeners = [];
  var waiting = [];
  var ready = false;
  var names = [];  // {key, bare, words, location, alias} per name and other name of a page
  var docs = {};  // location -> the page's search document
  var lastQuery = "";
  var within = { game: "", category: "", here: "" };  // the player's filter, and their game

  var addListener = scope.addEventListener.bind(scope);
  scope.addEventListener = function (type, fn, options) {  // the theme's worker registers here
    if (type === "message") listeners.push(fn); else addListener(type, fn, options);
  };
  var post = scope.postMessage;
  scope.postMessage = function (message) {
    if (message && message.type === RESULT) message = { type: RESULT, data: rerank(message.data, lastQuery) };
    return post.apply(scope, arguments.length > 1 ? [message, arguments[1]] : [message]);
  };

  function deliver(data) {
    if (data && data.type === SETUP) learn(data.data);
    if (data && data.type === QUERY) {
      lastQuery = String(data.data);
      data = { type: QUERY, data: rewrite(lastQuery) };
    }
    listeners.forEach(function (fn) { fn({ data: data }); });
  }
  addListener("message", function (event) {
    var data = event.data;
    if (data && data.type === "referee-scope") {  // ours, never the theme's
      within = { game: data.scope.game || "", category: data.scope.category || "", here: data.scope.here || "" };
      if (data.again && ready && lastQuery) deliver({ type: QUERY, data: lastQuery });
      return;
    }
    if (ready) deliver(data); else waiting.push(data);
  });
  Promise.resolve(importScripts("MATERIAL_WORKER")).then(function () {
    ready = true;
    waiting.splice(0).forEach(deliver);
  });

  // -- names, compared as referee.text.fold compares them --------------------------

  var INVISIBLE = /[\u00ad\u200b\u200c\u200d\u2060\ufeff]/g;
  var NOT_WORD = /[^\p{L}\p{N}\p{M}_&+]+/gu;
  var PARAMETERS = /\s*[(\[{].*$/;

  function fold(text) {
    var plain = text.replace(INVISIBLE, "").replace(/ß/g, "ss").replace(/ẞ/g, "ss").normalize("NFKD").replace(/\p{M}/gu, "");
    return plain.toLowerCase().replace(NOT_WORD, " ").trim().replace(/\s+/g, " ");
  }

  function unescape(html) {
    return html.replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
      .replace(/&#0?39;|&#x27;/g, "'").replace(/&amp;/g, "&");
  }

  function learn(index) {
    names = [];
    docs = {};
    (index.docs || []).forEach(function (doc) {
      if (doc.location.indexOf("#") >= 0) return;  // a section of a page, not a page
      docs[doc.location] = doc;
      var all = [[doc.title || "", false]].concat((doc.tags || []).map(function (t) { return [t, true]; }));
      all.forEach(function (pair) {
        var key = fold(unescape(pair[0]));
        if (key) names.push({ key: key, bare: key.replace(/ /g, ""), words: key.split(" "), location: doc.location, alias: pair[1] });
      });
    });
  }

  // -- the query lunr gets -----------------------------------------------------------

  function common(word) {
    var lunr = scope.lunr;
    return !!(lunr && lunr.stopWordFilter && !lunr.stopWordFilter(new lunr.Token(word)));
  }

  function rewrite(query) {
    if (/(^|\s)[+\-][^\s\d]|[~^:]|\*(\s|$)/.test(query)) return query;  // lunr's own syntax, as typed
    var words = query.split(/[^\p{L}\p{N}\p{M}]+/u).filter(function (w) { return /\p{L}/u.test(w); });
    var terms = [];
    words.forEach(function (word) {
      if (!common(word.toLowerCase())) terms.push(word);  // as a prefix (the theme adds "*")
      if (/^\p{L}{3,}$/u.test(word)) terms.push(word + "^1");  // whole and stemmed ("^1": no "*", the same weight)
    });
    return terms.length ? terms.join(" ") : query;
  }

  // -- names first ----------------------------------------------------------------------

  function singular(word) {
    if (word.length > 4 && /ies$/.test(word)) return word.slice(0, -3) + "y";
    if (word.length > 3 && /s$/.test(word) && !/ss$/.test(word)) return word.slice(0, -1);
    return word;
  }

  function forms(query) {
    var out = [fold(query)];
    var first = query.split(/[,;]/)[0];
    [query.replace(PARAMETERS, ""), first, first.replace(PARAMETERS, "")].forEach(function (f) { out.push(fold(f)); });
    out.slice().forEach(function (f) {
      var words = f.split(" ");
      out.push(words.slice(0, -1).concat([singular(words[words.length - 1])]).join(" "));
    });
    return out.filter(function (f, i) { return f && out.indexOf(f) === i; });
  }

  function slips(a, b, most) {  // typing slips from a to b (swapped letters count one), or most + 1
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var prev2 = null, prev = [], row;
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      row = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
        row.push(d);
        if (d < best) best = d;
      }
      if (best > most) return most + 1;
      prev2 = prev;
      prev = row;
    }
    return prev[b.length];
  }

  function prefixes(words, name) {  // each word opens the name's word in its place
    if (words.length > name.length) return false;
    for (var i = 0; i < words.length; i++) if (name[i].indexOf(words[i]) !== 0) return false;
    return true;
  }

  function inside(words, name) {  // the words, in order, within a longer name
    outer: for (var s = 1; s + words.length <= name.length; s++) {
      for (var i = 0; i < words.length; i++) if (name[s + i] !== words[i]) continue outer;
      return true;
    }
    return false;
  }

  function tier(name, wanted) {  // [tier, closeness] of a name for the query's forms, or null
    var best = null;
    wanted.forEach(function (form, n) {
      var bare = form.replace(/ /g, ""), words = form.split(" "), found = null;
      if (name.key === form) found = [0, n];
      else if (name.bare === bare) found = [1, n];
      else if (prefixes(words, name.words)) found = [2, name.key.length - form.length];
      else if (words.join("").length >= 4 && inside(words, name.words)) found = [3, name.words.length];
      else if (bare.length >= 5) {
        var d = slips(bare, name.bare, bare.length >= 8 ? 2 : 1);
        if (d <= (bare.length >= 8 ? 2 : 1)) found = [4, d];
      }
      if (found && (!best || found[0] < best[0] || (found[0] === best[0] && found[1] < best[1]))) best = found;
    });
    return best;
  }

  function rerank(result, query) {
    if (!result || !result.items) return result;
    var wanted = query.trim() ? forms(query) : [];
    var named = {};  // location -> [tier, closeness, alias] of its best name
    if (wanted.length) {
      names.forEach(function (name) {
        if (!kept(name.location)) return;
        var t = tier(name, wanted);
        if (!t) return;
        var score = [t[0], t[1], name.alias ? 1 : 0];
        var had = named[name.location];
        if (!had || compare(score, had) < 0) named[name.location] = score;
      });
    }
    var groups = {}, order = {};
    result.items.forEach(function (group, n) {
      var article = articleOf(group);
      if (!kept(article)) return;
      groups[article] = group;
      order[article] = n;
    });
    Object.keys(named).forEach(function (location) { if (!(location in order)) order[location] = result.items.length; });
    var words = queryWords(query);
    var items = Object.keys(order).map(function (location) {
      var doc = docs[location] || {}, name = named[location];
      var key = [
        doc.game ? 0 : 1,  // rules (and a game's pages) before the guide's
        name ? name[0] : 9,  // a name's tier, else found by the text
        within.here && doc.game !== within.here ? 1 : 0,  // the player's game first
        name ? name[1] : 0,
        name ? name[2] : 0,
        order[location]
      ];
      var group = groups[location] || [Object.assign({}, doc, { text: opening(doc.text || ""), score: 0, terms: {} })];
      return { key: key, location: location, group: label(group, doc, words, !!name) };
    });
    items.sort(function (a, b) { return compare(a.key, b.key) || (a.location < b.location ? -1 : a.location > b.location ? 1 : 0); });
    return Object.assign({}, result, { items: items.map(function (i) { return i.group; }) });
  }

  function kept(location) {  // whether the filter keeps the page
    var doc = docs[location];
    if (!doc) return !within.game;
    if (within.game && doc.game && doc.game !== within.game) return false;
    if (within.category && doc.category !== within.category) return false;
    return true;
  }

  function opening(text) {
    return text.length > 300 ? text.slice(0, 300).replace(/\s+\S*$/, "") + " …" : text;
  }

  function escapeHtml(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  // -- what each result says: its game, and the query's words its page holds -------------

  function queryWords(query) {
    var out = [];
    fold(query).split(" ").forEach(function (w) {
      if (w.length > 1 && /\p{L}/u.test(w) && !common(w) && out.indexOf(w) < 0) out.push(w);
    });
    return out;
  }

  function stem(word) {  // enough to tell "tests" is in a text that says "test"
    return word.replace(/(ing|ed|es|s)$/, "").slice(0, Math.max(3, word.length - 3)) || word;
  }

  function label(group, doc, words, byName) {
    var tag = ' <span class="rf-result-game">' + escapeHtml(doc.game ? doc.game_name || doc.game : "Guide") + "</span>";
    return group.map(function (item, n) {
      var copy = Object.assign({}, item);
      if (n === 0 || item.location.indexOf("#") < 0) copy.title = (item.title || "") + tag;
      var hay = " " + fold(unescape((item.title || "") + " " + (item.text || "") + " " + (item.tags || []).join(" "))) + " ";
      var terms = {};
      words.forEach(function (w) {
        var found = hay.indexOf(" " + w) >= 0 || hay.indexOf(" " + stem(w)) >= 0;
        if (found || !byName) terms[w] = found;  // a rule found by its name misses no word
      });
      copy.terms = terms;
      return copy;
    });
  }

  function articleOf(group) {
    var article = group.filter(function (item) { return item.location.indexOf("#") < 0; })[0] || group[0];
    return article.location.split("#")[0];
  }

  function compare(a, b) {
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  }
})();
