/* Where the player searches from, told to the site's search worker.
 *
 * Loaded before the theme's script (as the folder-worker stand-in is), this
 * wraps the Worker the theme starts its search in: before each query it sends
 * the worker a "referee-scope" message, the game the page belongs to (its
 * rules rank first) and the filter the player chose (a game, a category; on a
 * game's pages that game, until the player switches to all games). The
 * worker (search-worker.js) takes the message and never hands it to the
 * theme's lunr search. window.RefereeSearch lets the page's script change the
 * filter, which searches again at once.
 */
(function () {
  "use strict";
  var QUERY = 2;  // the theme's message type
  var Base = window.Worker;
  if (typeof Base !== "function") return;
  var state = { worker: null, filter: null, page: null };

  var own = document.currentScript ? document.currentScript.src : "";

  function siteRoot() {  // this script is <root>/<section>/_assets/search-scope.js
    var games = window.RefereeGames, tail = (games ? games.section : "rules") + "/_assets/search-scope.js";
    return own.slice(-tail.length) === tail ? own.slice(0, -tail.length) : new URL("../../", own || location.href).href;
  }

  function pageGame() {  // the game of the page shown: its folder under the rules' section
    var games = window.RefereeGames;
    if (!games) return "";
    var root = siteRoot();
    if (location.href.indexOf(root) !== 0) return "";
    var path = decodeURIComponent(location.href.slice(root.length)).split(/[?#]/)[0].split("/");
    if (path[0] !== games.section || path.length < 3) return "";
    return games.games.some(function (g) { return g.id === path[1]; }) ? path[1] : "";
  }

  function scope() {
    var here = pageGame();
    if (state.page !== location.pathname) {  // a new page: its own game, until the player switches
      state.page = location.pathname;
      state.filter = { game: here, category: "" };
    }
    return { game: state.filter.game, category: state.filter.category, here: here };
  }

  function Wrapped(url, options) {
    var worker = arguments.length > 1 ? new Base(url, options) : new Base(url);
    var post = worker.postMessage.bind(worker);
    worker.postMessage = function (message) {
      if (message && message.type === QUERY) post({ type: "referee-scope", scope: scope() });
      return post.apply(null, arguments);
    };
    state.worker = { post: post };
    return worker;
  }
  Wrapped.prototype = Base.prototype;
  window.Worker = Wrapped;

  window.RefereeSearch = {
    root: siteRoot,
    scope: scope,
    pageGame: pageGame,
    // the player's filter: a game ("" for every game) and a category within it; searches again
    choose: function (game, category) {
      scope();
      state.filter = { game: game || "", category: game ? category || "" : "" };
      if (state.worker) state.worker.post({ type: "referee-scope", scope: scope(), again: true });
    }
  };
})();
