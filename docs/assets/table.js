/* cardrules rulebook at the table (docs/hooks/table.py): the rule card's print link, and the
 * service worker that keeps the reader's language for offline use, with the page's line that
 * says when it is ready and when an update waits. No sentence is written here: the words are
 * the catalogue's, in the page's settings (<script type="application/json" id="cr-table-config">).
 * Without JavaScript or service workers, the site works as before, online. */
(function () {
  var holder = document.getElementById("cr-table-config");
  if (!holder) return;
  var config;
  try {
    config = JSON.parse(holder.textContent);
  } catch (error) {
    return;
  }
  var words = config.words || {};

  // The rule card: the page printed with the print stylesheet (assets/table.css).
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element) || !target.closest("a[data-cr-print]")) return;
    event.preventDefault();
    window.print();
  });

  var line = document.getElementById("cr-offline");
  if (!line || !("serviceWorker" in navigator)) return;

  /* Say `key`'s words on the page's status line; `live`: announce it (a change the reader did
   * not see at load). `button`: a button after the words (the update's "Reload"). */
  function say(key, live, button) {
    while (line.firstChild) line.removeChild(line.firstChild);
    if (live) line.setAttribute("role", "status");
    line.appendChild(document.createTextNode(words[key] || key));
    if (button) {
      line.appendChild(document.createTextNode(" "));
      line.appendChild(button);
    }
    line.hidden = false;
    line.setAttribute("data-state", key);
  }

  function ask(worker, message) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data || {}); };
      worker.postMessage(message, [channel.port2]);
    });
  }

  /* The widget's runtime, wheel and snapshot, kept once a page with the widget is visited. */
  function widgetFiles() {
    var settings = document.getElementById("cr-widget-config");
    if (!settings) return null;
    try {
      var widget = JSON.parse(settings.textContent);
      var base = document.baseURI;
      var modules = widget.modules || [];
      var urls = [widget.wheel, widget.bytecode, widget.snapshot].filter(Boolean)
        .map(function (u) { return new URL(u, base).href; });
      modules.forEach(function (name) {
        urls.push(new URL(widget.widget + name, base).href);
      });
      return urls;
    } catch (error) {
      return null;
    }
  }

  /* Resolves once the page's widget has started (its runtime then comes from the browser's
   * cache): the runtime is kept only for a reader who used it. */
  function widgetReady(files) {
    var root = document.documentElement;
    return new Promise(function (resolve) {
      if (!files || root.getAttribute("data-cr-widget") === "ready") {
        resolve();
        return;
      }
      new MutationObserver(function (changes, observer) {
        if (root.getAttribute("data-cr-widget") !== "ready") return;
        observer.disconnect();
        resolve();
      }).observe(root, { attributes: true, attributeFilter: ["data-cr-widget"] });
    });
  }

  /* Chromium hands the pages over to a new worker only once the old one has no work left: it
   * stops the old one, and a request or a start ahead of use (its "warm-up") that reaches the
   * old one while it stops starts it again; the hand-over then waits until that one idles out
   * (30 s; for ever while DevTools is attached, as in the browser tests). A navigation inside
   * the worker's scope makes the browser stop the old one again as soon as it is idle: a hidden
   * frame opening the worker's script (in the scope, small, always a script; offline too, as
   * the browser takes that step before anything answers). */
  function nudge() {
    var frame = document.createElement("iframe");
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    frame.addEventListener("load", function () { frame.remove(); });
    frame.src = new URL(config.sw, document.baseURI).href;
    document.body.appendChild(frame);
  }

  function offerUpdate(waiting, live) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button cr-offline__reload";
    button.textContent = words.reload;
    button.addEventListener("click", function () {
      var reloaded = false;
      function reload() {
        if (reloaded) return;
        reloaded = true;
        window.location.reload();
      }
      // Reload at the first sign that the new worker takes over: its answer to "skip", the
      // page's controller changing, or the worker's own state (a browser may not deliver one
      // of them, or deliver it before the page listens).
      navigator.serviceWorker.addEventListener("controllerchange", reload);
      waiting.addEventListener("statechange", function () {
        if (waiting.state === "activating" || waiting.state === "activated") reload();
      });
      if (waiting.state === "activating" || waiting.state === "activated") {
        reload();
        return;
      }
      // The worker answers once it takes over, which can wait on the old worker (see nudge):
      // after a few seconds without an answer, ask again and nudge, until it answers.
      var asking = function (again) {
        if (reloaded) return;
        ask(waiting, { type: "skip" }).then(reload);
        if (again) nudge();
        setTimeout(function () { asking(true); }, 3000);
      };
      asking(false);
    });
    say("update", live, button);
  }

  function watch(registration, atLoad) {
    if (registration.waiting && navigator.serviceWorker.controller) {
      offerUpdate(registration.waiting, !atLoad);
      return true;
    }
    return false;
  }

  window.addEventListener("load", function () {
    var hadController = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(config.sw, { scope: config.scope }).then(function (reg) {
      if (watch(reg, true)) return;
      reg.addEventListener("updatefound", function () {
        var installing = reg.installing;
        if (!installing) return;
        installing.addEventListener("statechange", function () {
          if (installing.state === "installed") watch(reg, false);
        });
      });
      return navigator.serviceWorker.ready.then(function (ready) {
        if (reg.waiting && navigator.serviceWorker.controller) return;
        var files = widgetFiles();
        var message = files ? { type: "keep", urls: files } : { type: "status" };
        return widgetReady(files).then(function () {
          return ask(ready.active, message);
        }).then(function (answer) {
          if (answer.error || (reg.waiting && navigator.serviceWorker.controller)) return;
          var key = answer.runtime ? "readyPython" : "ready";
          if (line.getAttribute("data-state") === key) return;
          say(key, !hadController || !!files);
        });
      });
    }).catch(function () { /* no offline use in this browser: the site works online */ });
  });
})();
