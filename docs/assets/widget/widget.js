/* cardrules widget: step through a deal, with Python (Pyodide) running in a Web Worker.
 *
 * Progressive enhancement of the deal diagrams that docs/hooks/deals.py writes
 * (<figure class="cr-deal" data-record="examples/...">): the static diagram is the page's content
 * and stays as it is until Python is ready; if Python cannot load, it simply stays. Pyodide starts
 * when a diagram scrolls into view or at the first click on the widget, once per page visit.
 *
 * Python answers with every state of a deal at once (cardrules.web.deal_steps); stepping
 * forward and back is plain JavaScript. Every piece of data reaches the page as text
 * (textContent, setAttribute on plain attributes): never as HTML.
 *
 * The build (docs/hooks/widget.py) writes the page's settings into
 * <script type="application/json" id="cr-widget-config">. */
(function () {
  "use strict";

  var TEXT = {
    en: {
      waiting: "This deal becomes interactive when Python has loaded in your browser.",
      start: "Step through this deal",
      loading: "Loading Python in your browser…",
      computing: "Replaying the deal in Python…",
      failed: "The interactive version could not start: Python did not load in this browser. " +
        "The diagram shows the whole deal.",
      badDeal: "This deal could not be shown: {error}",
      first: "First", back: "Back", next: "Next", last: "Last",
      firstTitle: "Back to the deal", backTitle: "One step back",
      nextTitle: "One step forward", lastTitle: "To the end of the deal",
      step: "Step {n} of {total}",
      jump: "Go to",
      dealt: "The deal",
      trick: "Trick {n}",
      end: "End of the deal",
      view: "Show",
      everyHand: "every hand (open)",
      seatView: "what {name} sees",
      seat: "seat {n}",
      side: "side {n}",
      dealer: "dealer",
      toPlay: "to play",
      turnUp: "Turned-up card",
      trumps: "Trumps: {suit}",
      noTrumps: "No trumps",
      stock: "Stock: {n}",
      aside: "Aside: {n}",
      table: "On the table",
      empty: "No card on the table yet.",
      sideCol: "Side", pointsCol: "Points", tricksCol: "Tricks",
      cards: "{n} cards",
      lookupTitle: "Look up a term",
      lookupHint: "Type a word (arrastrar, fallar, monsieur…) or click a play's label.",
      lookupPlaceholder: "arrastrar, pisar, carico…",
      lookupButton: "Look up",
      lookupWorking: "Looking it up in Python…",
      notFound: "“{query}” is not in the glossary.",
      didYouMean: "Did you mean:",
      alsoMatches: "Also:",
      inEnglish: "English", inSpanish: "Spanish",
      games: "Games: {list}",
      seeAlso: "See also:",
      example: "Example",
      runExample: "Run the example",
      running: "Running…",
      passed: "✓ The example ran in Python in your browser and passed ({ms} ms).",
      failedExample: "✗ The example failed:",
      inGlossary: "In the glossary",
      source: "Choose a deal",
      sample: "Sample deal",
      otherDeal: "— another deal —",
      show: "Show",
      newDeal: "Or deal a new one (played by the bots)",
      game: "Game",
      players: "Players",
      seed: "Seed",
      seedHint: "empty: a random seed",
      deal: "Deal",
      paste: "Paste a deal record (JSON)",
      pasteButton: "Show this record",
      record: "This deal's record",
      playersN: "{n} players"
    },
    es: {
      waiting: "Esta mano se podrá recorrer paso a paso cuando Python se haya cargado en el navegador.",
      start: "Recorrer esta mano paso a paso",
      loading: "Cargando Python en el navegador…",
      computing: "Reproduciendo la mano en Python…",
      failed: "La versión interactiva no ha podido arrancar: Python no se ha cargado en este " +
        "navegador. El diagrama muestra la mano entera.",
      badDeal: "No se puede mostrar esta mano: {error}",
      first: "Inicio", back: "Atrás", next: "Adelante", last: "Final",
      firstTitle: "Volver al reparto", backTitle: "Un paso atrás",
      nextTitle: "Un paso adelante", lastTitle: "Al final de la mano",
      step: "Paso {n} de {total}",
      jump: "Ir a",
      dealt: "El reparto",
      trick: "Baza {n}",
      end: "Final de la mano",
      view: "Mostrar",
      everyHand: "todas las manos (vista abierta)",
      seatView: "lo que ve {name}",
      seat: "asiento {n}",
      side: "bando {n}",
      dealer: "da las cartas",
      toPlay: "le toca",
      turnUp: "Muestra",
      trumps: "Triunfo: {suit}",
      noTrumps: "Sin triunfo",
      stock: "Mazo: {n}",
      aside: "Apartadas: {n}",
      table: "En la mesa",
      empty: "Todavía no hay cartas en la mesa.",
      sideCol: "Bando", pointsCol: "Puntos", tricksCol: "Bazas",
      cards: "{n} cartas",
      lookupTitle: "Buscar un término",
      lookupHint: "Escriba una palabra (arrastrar, fallar, monsieur…) o pulse la etiqueta de una jugada.",
      lookupPlaceholder: "arrastrar, pisar, carico…",
      lookupButton: "Buscar",
      lookupWorking: "Buscando en Python…",
      notFound: "«{query}» no está en el glosario.",
      didYouMean: "¿Quizá:",
      alsoMatches: "También:",
      inEnglish: "Inglés", inSpanish: "Español",
      games: "Juegos: {list}",
      seeAlso: "Véase también:",
      example: "Ejemplo",
      runExample: "Ejecutar el ejemplo",
      running: "Ejecutando…",
      passed: "✓ El ejemplo se ha ejecutado en Python en su navegador y ha pasado ({ms} ms).",
      failedExample: "✗ El ejemplo ha fallado:",
      inGlossary: "En el glosario",
      source: "Elegir una mano",
      sample: "Mano de ejemplo",
      otherDeal: "— otra mano —",
      show: "Mostrar",
      newDeal: "O repartir una nueva (la juegan los bots)",
      game: "Juego",
      players: "Jugadores",
      seed: "Semilla",
      seedHint: "vacía: una semilla al azar",
      deal: "Repartir",
      paste: "Pegar un registro de partida (JSON)",
      pasteButton: "Mostrar este registro",
      record: "El registro de esta mano",
      playersN: "{n} jugadores"
    }
  };

  var STARTUP_LIMIT_MS = 180000;
  var CONFIG = null;
  var LANG = "en";
  var T = TEXT.en;

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  /* A DOM element; `text` is set with textContent, other attributes with setAttribute. */
  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      for (var key in attrs) {
        if (!Object.prototype.hasOwnProperty.call(attrs, key)) continue;
        var value = attrs[key];
        if (value === null || value === undefined || value === false) continue;
        if (key === "text") node.textContent = String(value);
        else if (key === "class") node.className = value;
        else node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined || child === false) continue;
      node.append(child); // strings become text nodes
    }
    return node;
  }

  function url(relative) {
    return new URL(relative, document.baseURI).href;
  }

  /* The Python runtime: one Web Worker per page visit, shared by every widget. ------------- */
  var Runtime = {
    worker: null,
    ready: null,
    seq: 0,
    pending: {},
    failed: false,
    listeners: [],

    marks: {},

    start: function () {
      if (this.ready) return this.ready;
      var self = this;
      // The "Try it" page starts the worker from its <head> (docs/hooks/widget.py): adopt it.
      var early = window.__crEarly || null;
      this.marks.start = early ? early.start : performance.now();
      this.ready = new Promise(function (resolve, reject) {
        function started(answer) {
          self.info = JSON.parse(answer);
          self.marks.runtime = performance.now();
          resolve(self.info);
        }
        try {
          self.worker = early ? early.worker : new Worker(url(CONFIG.worker), { type: "module" });
        } catch (error) {
          reject(error);
          return;
        }
        self.worker.onmessage = function (event) { self.receive(event.data || {}); };
        self.worker.onerror = function (event) {
          event.preventDefault();
          self.failAll(new Error(event.message || "worker error"));
        };
        if (early) {
          self.pending[0] = { resolve: started, reject: reject };
          early.messages.forEach(function (message) { self.receive(message); });
          if (early.error) self.failAll(new Error(early.error));
        } else {
          self.send("init", [{ runtime: url(CONFIG.runtime), wheel: url(CONFIG.wheel),
            bytecode: CONFIG.bytecode ? url(CONFIG.bytecode) : null }]).then(started, reject);
        }
      });
      // A runtime that neither starts nor fails (a stalled download) counts as failed in the end.
      var watchdog = setTimeout(function () {
        self.failAll(new Error("Python did not start in time"));
      }, STARTUP_LIMIT_MS);
      this.ready.then(function () { clearTimeout(watchdog); }, function () {
        clearTimeout(watchdog);
        releaseHeld();
        self.failed = true;
        if (self.worker) self.worker.terminate();
      });
      this.listeners.forEach(function (listener) { listener(self.ready); });
      return this.ready;
    },

    receive: function (message) {
      var waiting = this.pending[message.id];
      if (!waiting) return;
      delete this.pending[message.id];
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
    },

    failAll: function (error) {
      var pending = this.pending;
      this.pending = {};
      Object.keys(pending).forEach(function (id) { pending[id].reject(error); });
    },

    send: function (cmd, args) {
      var self = this;
      return new Promise(function (resolve, reject) {
        var id = ++self.seq;
        self.pending[id] = { resolve: resolve, reject: reject };
        self.worker.postMessage({ id: id, cmd: cmd, args: args });
      });
    },

    /* Call a function of cardrules.web; resolves with its parsed JSON answer. */
    call: function (cmd, args) {
      var self = this;
      return this.start().then(function () {
        return self.send(cmd, args);
      }).then(function (text) {
        return JSON.parse(text);
      });
    },

    onStart: function (listener) {
      this.listeners.push(listener);
      if (this.ready) listener(this.ready);
    }
  };

  var readyMarked = false;
  function markReady() {
    if (readyMarked) return;
    readyMarked = true;
    Runtime.marks.ready = performance.now();
    window.__crWidgetReady = performance.now();
    try { performance.mark("cr-widget-ready"); } catch (error) { /* old browsers */ }
    document.documentElement.setAttribute("data-cr-widget", "ready");
    releaseHeld();
  }

  /* The "Try it" page holds back its theme script and diagram pictures while Python starts
   * (docs/hooks/widget.py): they come back once Python is ready or has failed. */
  function releaseHeld() {
    if (window.__crHold) window.__crHold.release();
  }

  /* Pieces ---------------------------------------------------------------------------------- */
  function cardImage(style, code, name, extra) {
    var src = CONFIG.cards + encodeURIComponent(style) + "/" + encodeURIComponent(code) + ".svg";
    return el("img", {
      class: "cr-card" + (extra ? " " + extra : ""),
      src: src,
      alt: code,
      title: name || code,
      "data-card": code,
      width: 120,
      height: 180,
      draggable: "false"
    });
  }

  function cardBack(style) {
    return el("img", {
      class: "cr-card cr-card--back",
      src: CONFIG.cards + encodeURIComponent(style) + "/back.svg",
      alt: "",
      width: 120,
      height: 180,
      draggable: "false"
    });
  }

  function labelInfo(term) {
    return (CONFIG.labels && CONFIG.labels[term]) || null;
  }

  function labelTitle(term) {
    var info = labelInfo(term);
    return info ? info.gloss + ": " + info.definition : term;
  }

  function button(text, title, onClick, extra) {
    var node = el("button", { type: "button", class: "cr-w-button" + (extra ? " " + extra : ""),
      title: title, text: text });
    node.addEventListener("click", onClick);
    return node;
  }

  /* One widget: a deal diagram made steppable. ---------------------------------------------- */
  function Widget(figure, options) {
    this.figure = figure;
    this.options = options || {};
    this.data = null;
    this.index = 0;
    this.view = "all";
    this.loading = null;
    this.asked = 0;
    this.build();
  }

  Widget.prototype.build = function () {
    var self = this;
    var figure = this.figure;
    this.root = el("div", { class: "cr-widget", "data-state": "idle", lang: LANG });
    this.status = el("p", { class: "cr-widget__status", role: "status", "aria-live": "polite",
      text: T.waiting });
    this.startButton = button(T.start, T.start, function () { self.activate(); },
      "cr-w-button--start");
    this.root.append(el("div", { class: "cr-widget__intro" }, this.startButton, this.status));
    if (this.options.trySource) this.root.append(this.buildSource());

    this.controls = el("div", { class: "cr-widget__controls", hidden: true });
    this.firstButton = button("|◀ " + T.first, T.firstTitle, function () { self.go(0); });
    this.backButton = button("◀ " + T.back, T.backTitle, function () { self.go(self.index - 1); });
    this.nextButton = button(T.next + " ▶", T.nextTitle, function () { self.go(self.index + 1); },
      "cr-w-button--next");
    this.lastButton = button(T.last + " ▶|", T.lastTitle, function () {
      self.go(self.data.steps.length - 1);
    });
    this.jump = el("select", { class: "cr-widget__jump", "aria-label": T.jump });
    this.jump.addEventListener("change", function () { self.go(Number(self.jump.value)); });
    this.viewSelect = el("select", { class: "cr-widget__view", "aria-label": T.view });
    this.viewSelect.addEventListener("change", function () {
      self.view = self.viewSelect.value;
      self.render();
    });
    this.counter = el("span", { class: "cr-widget__counter" });
    this.controls.append(
      el("div", { class: "cr-widget__buttons" },
        this.firstButton, this.backButton, this.nextButton, this.lastButton, this.counter),
      el("div", { class: "cr-widget__selects" },
        el("label", null, T.jump + " ", this.jump),
        el("label", null, T.view + " ", this.viewSelect))
    );
    this.board = el("div", { class: "cr-board", tabindex: "0", hidden: true });
    this.board.addEventListener("keydown", function (event) { self.key(event); });
    this.controls.addEventListener("keydown", function (event) {
      if (event.target && event.target.tagName === "SELECT") return;
      self.key(event);
    });
    this.board.addEventListener("click", function (event) { self.labelClick(event); });
    this.root.append(this.controls, this.board);
    this.lookup = new Lookup(this.options.openLookup);
    this.root.append(this.lookup.root);

    var caption = figure.querySelector("figcaption");
    if (caption) caption.after(this.root);
    else figure.prepend(this.root);
    this.enhanceTricks();
  };

  Widget.prototype.key = function (event) {
    if (!this.data || event.altKey || event.ctrlKey || event.metaKey) return;
    var moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) this.go(this.index + moves[event.key]);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(this.data.steps.length - 1);
    else return;
    event.preventDefault();
  };

  /* The static list of tricks becomes a way to jump to a trick. */
  Widget.prototype.enhanceTricks = function () {
    var self = this;
    this.figure.querySelectorAll("li.cr-trick[data-trick]").forEach(function (item) {
      item.addEventListener("click", function (event) {
        if (!self.data || (event.target instanceof Element && event.target.closest("a"))) return;
        self.goToTrick(Number(item.getAttribute("data-trick")));
      });
      item.addEventListener("keydown", function (event) {
        if (self.data && (event.key === "Enter" || event.key === " ")) {
          event.preventDefault();
          self.goToTrick(Number(item.getAttribute("data-trick")));
        }
      });
    });
  };

  Widget.prototype.goToTrick = function (n) {
    if (!this.data) return;
    var step = this.data.tricks[n - 1];
    if (step !== undefined) {
      this.go(step);
      this.board.scrollIntoView({ block: "nearest" });
    }
  };

  Widget.prototype.setState = function (state, message) {
    this.root.setAttribute("data-state", state);
    this.status.textContent = message || "";
    this.status.hidden = !message;
  };

  /* Start Python (if needed) and show this widget's deal. */
  Widget.prototype.activate = function () {
    if (this.loading) return this.loading;
    var self = this;
    var record = this.figure.getAttribute("data-record");
    this.setState("loading", T.loading);
    this.startButton.hidden = true;
    var asked = ++this.asked;
    var text = record ? fetch(url(CONFIG.records + record)).then(function (response) {
      if (!response.ok) throw new Error(record + ": HTTP " + response.status);
      return response.text();
    }) : Promise.resolve(null);
    text.catch(function () {});
    this.loading = Runtime.start().then(function () {
      self.setState("loading", T.computing);
      return text;
    }).then(function (recordText) {
      if (recordText === null) return null;
      Runtime.marks.call = Runtime.marks.call || performance.now();
      return Runtime.call("deal_steps", [recordText, LANG]);
    }).then(function (answer) {
      Runtime.marks.answer = Runtime.marks.answer || performance.now();
      if (answer && asked === self.asked) self.show(answer, true);
    }, function (error) {
      if (Runtime.failed) self.fail();
      else if (asked === self.asked) self.setState("error", format(T.badDeal, { error: error.message }));
    });
    return this.loading;
  };

  Widget.prototype.fail = function () {
    this.setState("failed", T.failed);
    this.startButton.hidden = true;
    this.controls.hidden = true;
    this.board.hidden = true;
    if (this.sourcePanel) this.sourcePanel.hidden = true;
    this.lookup.root.hidden = true;
    this.figure.classList.remove("cr-deal--live", "cr-deal--replaced");
  };

  /* Show an answer of deal_steps / new_deal. `own`: the figure's own record. */
  Widget.prototype.show = function (answer, own) {
    if (!answer.ok) {
      this.setState("error", format(T.badDeal, { error: answer.error }));
      return;
    }
    var self = this;
    this.data = answer;
    this.setState("ready", "");
    this.figure.classList.add("cr-deal--live");
    this.figure.classList.toggle("cr-deal--replaced", !own);
    if (!own) {
      var caption = this.figure.querySelector("figcaption");
      if (caption) {
        caption.textContent = answer.title + " · " + format(T.playersN, { n: answer.players });
      }
    }
    // The jump menu: the deal, then each trick.
    var options = [el("option", { value: 0, text: T.dealt })];
    answer.tricks.forEach(function (step, i) {
      options.push(el("option", { value: step, text: format(T.trick, { n: i + 1 }) }));
    });
    this.jump.replaceChildren.apply(this.jump, options);
    var views = [el("option", { value: "all", text: T.everyHand })];
    answer.seats.forEach(function (seat, i) {
      views.push(el("option", { value: String(i), text: format(T.seatView, { name: seat.name }) }));
    });
    this.viewSelect.replaceChildren.apply(this.viewSelect, views);
    this.view = "all";
    this.viewSelect.value = "all";
    if (this.recordBox) this.recordBox.textContent = JSON.stringify(answer.record, null, 1);
    this.layout();
    this.controls.hidden = false;
    this.board.hidden = false;
    this.startButton.hidden = true;
    // Start where the static diagram starts (a block may show only some tricks).
    var start = 0;
    if (own) {
      var first = this.figure.querySelector("li.cr-trick[data-trick]");
      var n = first ? Number(first.getAttribute("data-trick")) : 1;
      if (n > 1 && answer.tricks[n - 2] !== undefined) start = answer.tricks[n - 2];
    }
    this.go(start);
    markReady();
    self.figure.querySelectorAll("li.cr-trick[data-trick]").forEach(function (item) {
      item.setAttribute("tabindex", own ? "0" : "-1");
    });
  };

  Widget.prototype.go = function (index) {
    if (!this.data) return;
    var last = this.data.steps.length - 1;
    this.index = Math.max(0, Math.min(last, index));
    this.render();
  };

  Widget.prototype.visible = function (step, seat) {
    if (this.view === "all") return true;
    var viewer = Number(this.view);
    if (viewer === seat) return true;
    return !!(step.see && step.see[viewer] && step.see[viewer].indexOf(seat) >= 0);
  };

  /* The board's elements, made once per deal; each step then only moves and retexts them.
   * A card is in one place at a time, so each card has one <img> that moves from a hand to the
   * table: stepping makes no new picture. */
  Widget.prototype.layout = function () {
    var data = this.data;
    var b = { cards: {}, backs: [], seats: [] };
    this.parts = b;
    b.text = el("p", { class: "cr-board__text" });
    b.explain = el("p", { class: "cr-board__explain", hidden: true });
    var seats = el("div", { class: "cr-board__seats" });
    data.seats.forEach(function (seat, i) {
      var meta = [format(T.seat, { n: i })];
      if (data.sides.length < data.players) meta.push(format(T.side, { n: seat.side + 1 }));
      if (seat.dealer) meta.push(T.dealer);
      var turn = el("span", { class: "cr-board__turn", text: T.toPlay, hidden: true });
      var hand = el("div", { class: "cr-board__hand" });
      var box = el("div", { class: "cr-board__seat cr-side-" + seat.side, "data-seat": i },
        el("div", { class: "cr-board__seat-head" },
          el("span", { class: "cr-board__name", text: seat.name }), " ",
          el("span", { class: "cr-board__meta", text: meta.join(" · ") }), " ", turn),
        hand);
      b.seats.push({ box: box, hand: hand, turn: turn, shown: [] });
      seats.append(box);
    });
    b.turnup = el("div", { class: "cr-board__turnup" });
    b.turnupLabel = el("span", { class: "cr-board__small", text: T.turnUp });
    b.stock = el("p", { class: "cr-board__stock", hidden: true });
    var trump = el("div", { class: "cr-board__trump" }, b.turnup,
      el("p", { class: "cr-board__trumps", "data-trump": data.trump || "",
        text: data.trump_name ? format(T.trumps, { suit: data.trump_name }) : T.noTrumps }),
      b.stock);
    b.heading = el("p", { class: "cr-board__heading" });
    b.plays = el("ol", { class: "cr-board__plays" });
    b.empty = el("p", { class: "cr-board__small", text: T.empty });
    b.trickResult = el("p", { class: "cr-board__trick-result" });
    b.trick = el("div", { class: "cr-board__trick" }, b.heading, b.plays, b.empty, b.trickResult);
    var byTricks = data.scored_by === "tricks";
    var heads = el("tr", null, el("th", { text: T.sideCol }),
      el("th", { text: byTricks ? T.tricksCol : T.pointsCol }));
    if (!byTricks) heads.append(el("th", { text: T.tricksCol }));
    var body = el("tbody");
    b.rows = data.sides.map(function (side, k) {
      var points = el("td", { class: "cr-board__points" });
      var tricks = byTricks ? null : el("td", { class: "cr-board__tricks" });
      var row = el("tr", { class: "cr-side-" + k, "data-side": k },
        el("td", { text: data.side_names[k] }), points, tricks);
      body.append(row);
      return { row: row, points: points, tricks: tricks };
    });
    b.result = el("p", { class: "cr-board__result", hidden: true });
    this.board.replaceChildren(b.text, b.explain, seats,
      el("div", { class: "cr-board__middle" }, trump, b.trick),
      el("div", { class: "cr-board__score-box" },
        el("table", { class: "cr-board__score" }, el("thead", null, heads), body), b.result));
    this.staticTricks = Array.prototype.slice.call(
      this.figure.querySelectorAll("li.cr-trick[data-trick]"));
    this.shownTrick = null;
  };

  Widget.prototype.card = function (code) {
    var cards = this.parts.cards;
    if (!cards[code]) cards[code] = cardImage(this.data.style, code, this.data.cards[code]);
    return cards[code];
  };

  Widget.prototype.back = function (n) {
    var backs = this.parts.backs;
    while (backs.length <= n) backs.push(cardBack(this.data.style));
    return backs[n];
  };

  /* Put exactly these nodes, in this order, in a container (nothing moves if nothing changed). */
  function place(container, nodes) {
    var children = container.children;
    if (children.length === nodes.length) {
      var same = true;
      for (var i = 0; i < nodes.length; i++) {
        if (children[i] !== nodes[i]) { same = false; break; }
      }
      if (same) return;
    }
    container.replaceChildren.apply(container, nodes);
  }

  Widget.prototype.render = function () {
    var data = this.data;
    var step = data.steps[this.index];
    var last = data.steps.length - 1;
    var b = this.parts;
    var self = this;
    this.firstButton.disabled = this.backButton.disabled = this.index === 0;
    this.nextButton.disabled = this.lastButton.disabled = this.index === last;
    this.counter.textContent = format(T.step, { n: this.index + 1, total: last + 1 });
    // The jump menu shows the trick being played (the deal before the first card).
    var playing = 0;
    if (this.index > 0 && data.tricks.length) {
      playing = data.tricks[Math.min(step.trick, data.tricks.length) - 1];
    }
    this.jump.value = String(playing);

    // What just happened, and the label's definition.
    var said = [step.text];
    if (step.label) said.push(" ", this.labelLink(step.label));
    b.text.replaceChildren.apply(b.text, said);
    var info = step.label ? labelInfo(step.label) : null;
    b.explain.hidden = !info;
    if (info) {
      b.explain.replaceChildren(el("em", { text: info.word }),
        " — " + info.gloss + ". " + info.definition);
    }

    // Hands: the seat's own pictures, or backs.
    var backs = 0;
    data.seats.forEach(function (seat, i) {
      var part = b.seats[i];
      var open = self.visible(step, i);
      var nodes = step.hands[i].map(function (code) {
        return open ? self.card(code) : self.back(backs++);
      });
      place(part.hand, nodes);
      part.turn.hidden = step.turn !== i;
      part.box.classList.toggle("is-turn", step.turn === i);
      part.box.classList.toggle("is-actor", step.actor === i);
      part.box.setAttribute("aria-label", seat.name + ", " + format(T.cards, { n: nodes.length }));
    });

    // The turned-up card and the stock.
    place(b.turnup, step.turn_up ? [this.card(step.turn_up), b.turnupLabel] : []);
    b.turnup.hidden = !step.turn_up;
    b.stock.hidden = !(step.stock || data.draws);
    b.stock.textContent = format(data.draws ? T.stock : T.aside, { n: step.stock });
    b.stock.setAttribute("data-stock", step.stock);

    // The trick on the table.
    b.heading.textContent = T.table + " · " + format(T.trick, { n: step.trick });
    b.trick.classList.toggle("is-done", step.done);
    var plays = step.table.map(function (play, k) {
      var seat = play[0], code = play[1], label = play[2];
      var item = el("li", {
        class: "cr-board__play cr-side-" + data.seats[seat].side +
          (step.done && k === step.taking ? " is-winner" : ""),
        "data-seat": seat, "data-card": code
      }, self.card(code), el("span", { class: "cr-board__who", text: data.seats[seat].name }));
      if (label) item.append(self.labelLink(label));
      return item;
    });
    b.plays.replaceChildren.apply(b.plays, plays);
    b.plays.hidden = !plays.length;
    b.empty.hidden = !!plays.length;
    b.trickResult.textContent = step.trick_text;
    b.trickResult.hidden = !step.trick_text;

    // The score so far; the verdict at the end.
    var end = this.index === last && data.result;
    b.rows.forEach(function (part, k) {
      part.points.textContent = String(step.sides[k]);
      if (part.tricks) part.tricks.textContent = String(step.side_tricks[k]);
      part.row.setAttribute("data-points", step.sides[k]);
      part.row.classList.toggle("is-winner", !!end && data.result.winner === k);
    });
    b.result.hidden = !end;
    b.result.textContent = end ? data.result.text : "";

    // The static list of tricks follows along.
    var current = this.figure.classList.contains("cr-deal--replaced") ? null : step.trick;
    if (current !== this.shownTrick) {
      this.shownTrick = current;
      this.staticTricks.forEach(function (item) {
        item.classList.toggle("cr-trick--current",
          Number(item.getAttribute("data-trick")) === current);
      });
    }
  };

  Widget.prototype.labelLink = function (term) {
    var info = labelInfo(term);
    return el("a", {
      class: "cr-label",
      href: CONFIG.glossary + "#" + encodeURIComponent(term),
      "data-label": term,
      title: labelTitle(term),
      text: info ? info.word : term
    });
  };

  Widget.prototype.labelClick = function (event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var link = event.target instanceof Element ? event.target.closest("a.cr-label[data-label]") : null;
    if (!link) return;
    event.preventDefault();
    this.lookup.open(link.getAttribute("data-label"));
  };

  /* The "Try it" page: choose a sample, deal a new one, or paste a record. */
  Widget.prototype.buildSource = function () {
    var self = this;
    var panel = el("div", { class: "cr-widget__source" });
    this.sourcePanel = panel;
    panel.append(el("p", { class: "cr-board__heading", text: T.source }));

    var sample = el("select", { class: "cr-source__sample", "aria-label": T.sample });
    // Named when the board shows a deal that is not a sample (a new deal, a pasted record).
    var other = el("option", { value: "", text: T.otherDeal });
    other.hidden = true;
    sample.append(other);
    (CONFIG.examples || []).forEach(function (example) {
      sample.append(el("option", { value: example.path, text: example.title }));
    });
    var current = this.figure.getAttribute("data-record");
    if (current) sample.value = current;
    var showSample = button(T.show, T.show, function () {
      if (!sample.value) return;
      self.loadFrom(fetch(url(CONFIG.records + sample.value)).then(function (response) {
        if (!response.ok) throw new Error(sample.value + ": HTTP " + response.status);
        return response.text();
      }).then(function (text) {
        return Runtime.call("deal_steps", [text, LANG]);
      }), sample.value === current);
    }, "cr-source__show");
    panel.append(el("div", { class: "cr-source__row" },
      el("label", null, T.sample + " ", sample), showSample));

    var game = el("select", { class: "cr-source__game", "aria-label": T.game });
    var players = el("select", { class: "cr-source__players", "aria-label": T.players });
    var games = CONFIG.games || [];
    games.forEach(function (g) { game.append(el("option", { value: g.id, text: g.title })); });
    function fillPlayers() {
      var chosen = games.filter(function (g) { return g.id === game.value; })[0];
      var counts = chosen ? chosen.players : [];
      players.replaceChildren.apply(players, counts.map(function (n) {
        return el("option", { value: n, text: String(n) });
      }));
    }
    game.addEventListener("change", fillPlayers);
    fillPlayers();
    var seed = el("input", { class: "cr-source__seed", type: "number", min: 0, step: 1,
      inputmode: "numeric", placeholder: T.seedHint, "aria-label": T.seed });
    var dealButton = button(T.deal, T.deal, function () {
      var value = seed.value.trim();
      var seedValue = value === "" ? null : Number(value);
      if (seedValue !== null && !(Number.isSafeInteger(seedValue) && seedValue >= 0)) {
        self.setState("error", format(T.badDeal, { error: value }));
        return;
      }
      self.loadFrom(Runtime.call("new_deal", [game.value, Number(players.value), seedValue, LANG]),
        false).then(function (shown) { if (shown) sample.value = ""; });
    }, "cr-source__deal");
    panel.append(el("div", { class: "cr-source__row" },
      el("span", { class: "cr-source__label", text: T.newDeal }),
      el("label", null, T.game + " ", game),
      el("label", null, T.players + " ", players),
      el("label", null, T.seed + " ", seed),
      dealButton));

    var paste = el("textarea", { class: "cr-source__paste", rows: 5, spellcheck: "false",
      "aria-label": T.paste });
    var pasteButton = button(T.pasteButton, T.pasteButton, function () {
      self.loadFrom(Runtime.call("deal_steps", [paste.value, LANG]), false)
        .then(function (shown) { if (shown) sample.value = ""; });
    }, "cr-source__load");
    panel.append(el("details", { class: "cr-source__details" },
      el("summary", { text: T.paste }), paste, pasteButton));
    this.recordBox = el("pre", { class: "cr-source__record" });
    panel.append(el("details", { class: "cr-source__details" },
      el("summary", { text: T.record }), this.recordBox));
    return panel;
  };

  Widget.prototype.loadFrom = function (promise, own) {
    var self = this;
    this.activate();
    var asked = ++this.asked; // the reader's latest choice wins over answers still on their way
    if (!this.data) this.setState("loading", T.loading);
    else this.setState("loading", T.computing);
    // Resolves to true once the answer is on the board.
    return promise.then(function (answer) {
      if (asked !== self.asked) return false;
      self.show(answer, own);
      return true;
    }, function (error) {
      if (Runtime.failed) self.fail();
      else if (asked === self.asked) self.setState("error", format(T.badDeal, { error: error.message }));
      return false;
    });
  };

  /* Term lookup: a glossary term, its glosses and definition, and its example run live. ----- */
  var listCount = 0;

  function Lookup(open) {
    var self = this;
    this.root = el("details", { class: "cr-lookup" });
    if (open) this.root.open = true;
    this.root.append(el("summary", { text: T.lookupTitle }));
    var listId = "cr-terms-" + (++listCount);
    var list = el("datalist", { id: listId });
    (CONFIG.terms || []).forEach(function (term) { list.append(el("option", { value: term.word })); });
    this.input = el("input", { class: "cr-lookup__input", type: "search", list: listId,
      placeholder: T.lookupPlaceholder, "aria-label": T.lookupTitle, autocomplete: "off" });
    var go = button(T.lookupButton, T.lookupButton, function () { self.find(self.input.value); },
      "cr-lookup__go");
    this.input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        self.find(self.input.value);
      }
    });
    this.result = el("div", { class: "cr-lookup__result", "aria-live": "polite" });
    this.root.append(el("p", { class: "cr-board__small", text: T.lookupHint }),
      el("div", { class: "cr-lookup__row" }, this.input, go, list), this.result);
    this.root.addEventListener("click", function (event) {
      var link = event.target instanceof Element ? event.target.closest("a[data-term]") : null;
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      self.open(link.getAttribute("data-term"));
    });
  }

  Lookup.prototype.open = function (term) {
    this.root.open = true;
    this.input.value = term;
    this.find(term);
    this.root.scrollIntoView({ block: "nearest" });
  };

  Lookup.prototype.find = function (text) {
    var self = this;
    text = String(text || "").trim();
    if (!text) return;
    this.result.replaceChildren(el("p", { class: "cr-board__small", text: T.lookupWorking }));
    Runtime.call("lookup", [text, LANG]).then(function (answer) {
      self.show(answer);
    }, function () {
      self.result.replaceChildren(el("p", { class: "cr-lookup__error", text: T.failed }));
    });
  };

  function termLink(term) {
    return el("a", { href: CONFIG.glossary + "#" + encodeURIComponent(term.id),
      "data-term": term.id, text: term.word });
  }

  function joinLinks(node, terms) {
    terms.forEach(function (term, i) {
      if (i) node.append(", ");
      node.append(termLink(term));
    });
    return node;
  }

  Lookup.prototype.show = function (answer) {
    var self = this;
    if (!answer.ok || !answer.found) {
      var missing = el("div", { class: "cr-lookup__missing" },
        el("p", { text: format(T.notFound, { query: answer.query || "" }) }));
      if (answer.suggestions && answer.suggestions.length) {
        missing.append(joinLinks(el("p", null, T.didYouMean + " "),
          answer.suggestions.map(function (word) { return { id: word, word: word }; })));
      }
      this.result.replaceChildren(missing);
      return;
    }
    var card = el("div", { class: "cr-lookup__term", "data-term": answer.id });
    card.append(el("p", { class: "cr-lookup__head" },
      el("dfn", { class: "cr-lookup__word", text: answer.word }),
      " ",
      el("span", { class: "cr-board__meta", text: "(" + answer.lang_name + ")" })));
    card.append(el("dl", { class: "cr-lookup__glosses" },
      el("dt", { text: T.inEnglish }), el("dd", { lang: "en", text: answer.gloss.en }),
      el("dt", { text: T.inSpanish }), el("dd", { lang: "es", text: answer.gloss.es })));
    card.append(el("p", { class: "cr-lookup__definition", text: answer.definition }));
    if (answer.games.length) {
      card.append(el("p", { class: "cr-board__small", text: format(T.games, { list: answer.games.join(", ") }) }));
    }
    if (answer.see.length) card.append(joinLinks(el("p", { class: "cr-board__small" }, T.seeAlso + " "), answer.see));
    if (answer.others.length) card.append(joinLinks(el("p", { class: "cr-board__small" }, T.alsoMatches + " "), answer.others));
    var outcome = el("div", { class: "cr-lookup__outcome", "aria-live": "polite" });
    var run = button(T.runExample, T.runExample, function () {
      run.disabled = true;
      outcome.replaceChildren(el("p", { class: "cr-board__small", text: T.running }));
      Runtime.call("run_example", [answer.id, LANG]).then(function (result) {
        run.disabled = false;
        if (result.ok && result.passed) {
          outcome.replaceChildren(el("p", { class: "cr-lookup__passed", "data-passed": "true",
            text: format(T.passed, { ms: result.ms }) }));
        } else {
          outcome.replaceChildren(el("p", { class: "cr-lookup__failed", "data-passed": "false",
            text: T.failedExample }), el("pre", { text: result.error || "" }));
        }
        if (result.output) outcome.append(el("pre", { class: "cr-lookup__output", text: result.output }));
      }, function () {
        run.disabled = false;
        outcome.replaceChildren(el("p", { class: "cr-lookup__error", text: T.failed }));
      });
    }, "cr-lookup__run");
    card.append(el("details", { class: "cr-lookup__example", open: true },
      el("summary", { text: T.example }),
      el("pre", null, el("code", { class: "language-python", text: answer.example }))));
    card.append(el("div", { class: "cr-lookup__actions" }, run,
      el("a", { class: "cr-lookup__glossary", href: CONFIG.glossary + "#" + encodeURIComponent(answer.id),
        text: T.inGlossary })));
    card.append(outcome);
    self.result.replaceChildren(card);
  };

  /* Start-up ------------------------------------------------------------------------------- */
  function init() {
    var holder = document.getElementById("cr-widget-config");
    if (!holder) return;
    try {
      CONFIG = JSON.parse(holder.textContent);
    } catch (error) {
      return;
    }
    var lang = (document.documentElement.lang || CONFIG.lang || "en").toLowerCase();
    LANG = lang.indexOf("es") === 0 ? "es" : "en";
    T = TEXT[LANG];
    var figures = Array.prototype.slice.call(
      document.querySelectorAll("figure.cr-deal[data-record]"));
    if (!figures.length) return;
    var tryPage = !!document.getElementById("cr-try");
    var widgets = figures.map(function (figure, i) {
      var first = tryPage && i === 0;
      return new Widget(figure, { trySource: first, openLookup: first });
    });
    window.crWidgets = widgets;
    window.crRuntime = Runtime;
    Runtime.onStart(function (ready) {
      ready.catch(function () { widgets.forEach(function (widget) { widget.fail(); }); });
    });
    // Python loads when a diagram comes into view (or at the first click on a widget); on the
    // "Try it" page it is already loading, and the first deal is shown as soon as it can be.
    var start = function (widget) { widget.activate(); };
    if (window.__crEarly) start(widgets[0]);
    if ("IntersectionObserver" in window) {
      var observer = new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          observer.unobserve(entry.target);
          var widget = widgets[figures.indexOf(entry.target)];
          if (widget) start(widget);
        });
      }, { rootMargin: "200px 0px" });
      figures.forEach(function (figure) { observer.observe(figure); });
    }
    widgets.forEach(function (widget) {
      widget.root.addEventListener("focusin", function () { start(widget); }, { once: true });
      widget.root.addEventListener("pointerdown", function () { start(widget); }, { once: true });
    });
  }

  // Once: the "Try it" page sends DOMContentLoaded again for the theme's late script.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init, { once: true });
  } else {
    init();
  }
})();
