/* Search for a site opened from a folder (file://), with no server.
 *
 * The theme runs its search in a Web Worker, and a page opened from a file
 * may not start one. Where the page is a file, this script (loaded before
 * the theme's) puts a stand-in in Worker's place: it runs the worker's
 * script in a hidden frame of the same page and passes the messages both
 * ways. The theme's worker knows such a stand-in by the name IFrameWorker
 * and then awaits importScripts, which here loads each script with a
 * script element. The search index itself comes from search_index.js,
 * written beside search_index.json by the build.
 */
(function () {
  "use strict";
  if (location.protocol !== "file:" || typeof window.IFrameWorker === "function") return;

  function loadScripts(doc, urls) {
    return urls.reduce(function (done, url) {
      return done.then(function () {
        return new Promise(function (resolve, reject) {
          var script = doc.createElement("script");
          script.src = url;
          script.onload = function () { resolve(); };
          script.onerror = function () { reject(new Error("cannot load " + url)); };
          doc.head.appendChild(script);
        });
      });
    }, Promise.resolve());
  }

  function IFrameWorker(url) {
    var target = new EventTarget(), queue = [], ready = false;
    var frame = document.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.style.display = "none";
    document.body.appendChild(frame);
    var inner = frame.contentWindow, scope = inner.document;
    scope.open();
    scope.write("<!DOCTYPE html><html><head></head><body></body></html>");
    scope.close();

    inner.importScripts = function () {
      var base = new URL(url, location.href);
      return loadScripts(scope, Array.prototype.map.call(arguments, function (u) { return new URL(u, base).href; }));
    };
    inner.postMessage = function (data) {  // the worker's answers, to the page
      setTimeout(function () { target.dispatchEvent(new MessageEvent("message", { data: data })); }, 0);
    };
    function deliver(data) {
      setTimeout(function () { inner.dispatchEvent(new inner.MessageEvent("message", { data: data })); }, 0);
    }

    target.postMessage = function (data) {  // the page's messages, to the worker
      if (ready) deliver(data); else queue.push(data);
    };
    target.terminate = function () { frame.remove(); };
    loadScripts(scope, [new URL(url, location.href).href]).then(function () {
      ready = true;
      queue.splice(0).forEach(deliver);
    }, function (err) {
      target.dispatchEvent(new ErrorEvent("error", { message: String(err) }));
    });
    return target;
  }

  window.IFrameWorker = IFrameWorker;
  window.Worker = IFrameWorker;
})();
