/* cardrules widget: play mode. Play one seat of a deal against the package's bots, beside
 * stepping through it.
 *
 * The deal lives in Python, in the Web Worker (cardrules.web.play): the page sends the reader's
 * choices and receives only what the reader's seat may see (its hand, the table, the score as it
 * can count it, the legal actions with the reason each other card of the hand may not be played)
 * and every step as the narration tells it to that seat. The bots answer one at a time, a short
 * pause apart (each answer is one call to cardrules.web.play.advance): the page never waits on
 * Python. Every string goes in as text.
 *
 *   new Play(board, {tryPage})   adds to a Board (board.js) the "Step through / Play" choice,
 *                                the play panel, and "Play from here" under the step controls.
 *
 * window.crPlayPause (ms), if set, replaces the pause between the bots' plays (the tests set
 * it low). */

import { button, cardBack, cardImage, el, labelLink, roving, url } from "./dom.js";
import { Runtime, problem } from "./runtime.js";
import { join, page, t } from "./text.js";

const PAUSE_MS = 700;
/* The pause before a bot plays after a trick is complete: time to see who took it. */
const TRICK_PAUSE_MS = 1400;

/* Bids and other numbered moves are offered as one menu from this many on. */
const MENU_FROM = 6;

function sleep(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

function pauseFor(afterTrick) {
  const chosen = typeof window.crPlayPause === "number" ? window.crPlayPause : null;
  if (chosen !== null) return chosen;
  return afterTrick ? TRICK_PAUSE_MS : PAUSE_MS;
}

let styled = false;

/* The play mode's stylesheet, once per page (docs/hooks/widget.py copies it beside the
 * modules). */
function loadStyle() {
  if (styled || !page.config || !page.config.widget) return;
  styled = true;
  document.head.append(el("link", { rel: "stylesheet", href: url(page.config.widget + "play.css") }));
}

/* The record of the deal on the step-mode board, as text. A seed JavaScript could not read
 * exactly (beyond 2^53) is left out: the record holds the deal itself. */
function boardRecord(data) {
  const record = Object.assign({}, data.record);
  if (typeof record.seed === "number" && !Number.isSafeInteger(record.seed)) delete record.seed;
  return JSON.stringify(record);
}

function option(value, text) {
  return el("option", { value, text });
}

function labeled(text, control) {
  return el("label", null, text + " ", control);
}

/* A seat in a menu of seats: its player's name, and whether it deals. */
function seatOption(name, dealer) {
  return dealer ? t("play.dealerOption", { name }) : name;
}

/* The bots' strength (cardrules.bots.LEVELS) in words. */
function levelName(level) {
  if (level === "easy") return t("play.level.easy");
  if (level === "hard") return t("play.level.hard");
  return t("play.level.normal");
}

export class Play {
  constructor(board, options) {
    this.board = board;
    this.options = options || {};
    this.mode = "step";
    this.game = null; // the start answer: the deal's fixed parts
    this.state = null;
    this.log = [];
    this.hints = null;
    this.loop = 0;
    this.shownAt = 0;
    this.lastDone = false;
    this.pending = false; // a bot is to play, or a call is on its way: the hand waits
    this.busy = false; // the reader's action or undo is on its way
    this.thinking = false; // a hint is on its way
    this.engaged = false; // the keyboard's focus is in the play table (kept there on redraws)
    this.handAt = null; // the card of the hand that is the hand's tab stop
    this.cardButtons = new Map(); // the hand's buttons, by card code (kept across redraws)
    this.called = null; // the card chosen in the call chooser (its action), not yet called
    this.callAt = null; // the chooser's tab stop (an action)
    loadStyle();
    this.build();
  }

  /* The elements ------------------------------------------------------------------------------ */

  build() {
    const board = this.board;
    this.stepMode = button(t("play.modeStep"), t("play.modeStep"), () => { this.setMode("step"); },
      "cr-play__mode cr-play__mode--step");
    this.playMode = button(t("play.modePlay"), t("play.modePlay"), () => { this.setMode("play"); },
      "cr-play__mode cr-play__mode--play");
    this.modes = el("div", { class: "cr-play__modes", role: "group",
      "aria-label": t("play.modes") },
      this.stepMode, this.playMode);
    const intro = board.root.firstElementChild;
    board.root.insertBefore(this.modes, intro ? intro.nextSibling : null);

    this.panel = el("div", { class: "cr-play", hidden: true, lang: page.lang });
    this.buildSetup();
    this.buildTable();
    this.panel.append(this.setup, this.table);
    this.modes.after(this.panel);
    this.buildTakeover();
    this.syncModes();

    Runtime.onStart((ready) => {
      ready.catch(() => { this.fail(); });
    });
    // Labels explain themselves in the board's term lookup.
    this.panel.addEventListener("click", (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const link = event.target instanceof Element
        ? event.target.closest("a.cr-label[data-label]") : null;
      if (!link || !board.lookup) return;
      event.preventDefault();
      board.lookup.open(link.getAttribute("data-label"));
    });
  }

  buildSetup() {
    const config = page.config;
    this.setup = el("div", { class: "cr-play__setup" });
    this.source = el("select", { class: "cr-play__source", "aria-label": t("play.source") });
    this.source.addEventListener("change", () => { this.syncSetup(); });
    this.gameSelect = el("select", { class: "cr-play__game", "aria-label": t("game") });
    this.playersSelect = el("select", { class: "cr-play__players",
      "aria-label": t("playerCount") });
    (config.games || []).forEach((g) => { this.gameSelect.append(option(g.id, g.title)); });
    this.gameSelect.addEventListener("change", () => {
      this.gameChosen = true;
      this.fillPlayers();
      this.fillSeats();
      this.resetOptions();
    });
    this.playersSelect.addEventListener("change", () => { this.fillSeats(); });
    this.seed = el("input", { class: "cr-play__seed", type: "number", min: 0, step: 1,
      inputmode: "numeric", placeholder: t("seedHint"), "aria-label": t("seed") });
    this.seatSelect = el("select", { class: "cr-play__seat", "aria-label": t("play.seat") });
    this.levelSelect = el("select", { class: "cr-play__level", "aria-label": t("play.level") });
    ["easy", "normal", "hard"].forEach((level) => {
      this.levelSelect.append(option(level, levelName(level)));
    });
    this.levelSelect.value = "normal";
    this.guessGame();
    this.startButton = button(t("play.start"), t("play.start"), () => { this.startNew(); },
      "cr-play__start");
    this.setupStatus = el("p", { class: "cr-play__setup-status", role: "status",
      "aria-live": "polite", hidden: true });
    this.optionList = el("div", { class: "cr-play__option-list" });
    this.optionControls = [];
    this.optionsFor = null;
    this.optionsBox = el("details", { class: "cr-play__options" },
      el("summary", { text: t("play.options") }), this.optionList);
    this.optionsBox.addEventListener("toggle", () => {
      if (this.optionsBox.open) this.loadOptions();
    });
    this.newRow = el("div", { class: "cr-play__new-row" },
      el("div", { class: "cr-source__row" },
        labeled(t("game"), this.gameSelect), labeled(t("playerCount"), this.playersSelect),
        labeled(t("seed"), this.seed)),
      this.optionsBox);
    this.setup.append(
      el("p", { class: "cr-board__heading", text: t("play.setup") }),
      el("div", { class: "cr-source__row" }, labeled(t("play.source"), this.source)),
      this.newRow,
      el("div", { class: "cr-source__row" }, labeled(t("play.seat"), this.seatSelect),
        labeled(t("play.level"), this.levelSelect), this.startButton),
      this.setupStatus);
  }

  buildTable() {
    this.table = el("div", { class: "cr-play__table", hidden: true, role: "region",
      "aria-label": t("play.tableLabel"), tabindex: "-1" });
    // What happens, said once each by a screen reader: every step, who took a trick, a hint,
    // an undo (the table itself redraws at every step).
    this.announcer = el("p", { class: "cr-sr-only", "aria-live": "polite" });
    // The focus stays in the table while the reader plays there (a redraw that removes the
    // focused card puts it on the next one, or on the table).
    this.table.addEventListener("focusin", () => { this.engaged = true; });
    this.table.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (next instanceof Element && !this.table.contains(next)) this.engaged = false;
    });
    this.title = el("p", { class: "cr-play__title" });
    this.hintButton = button(t("play.hint"), t("play.hint"), () => { this.askHint(); },
      "cr-play__hint");
    this.undoButton = button("↶ " + t("play.undo"), t("play.undoTitle"), () => { this.undo(); },
      "cr-play__undo");
    this.newButton = button(t("play.newGame"), t("play.newGame"), () => { this.backToSetup(); },
      "cr-play__new");
    this.status = el("p", { class: "cr-play__status", role: "status", "aria-live": "polite" });
    this.seats = el("div", { class: "cr-play__seats" });
    this.turnup = el("div", { class: "cr-board__turnup cr-play__turnup" });
    this.trumps = el("p", { class: "cr-board__trumps cr-play__trumps" });
    this.stock = el("p", { class: "cr-board__stock cr-play__stock" });
    this.talon = el("div", { class: "cr-play__talon", hidden: true });
    this.heading = el("p", { class: "cr-board__heading" });
    this.plays = el("ol", { class: "cr-board__plays cr-play__plays" });
    this.empty = el("p", { class: "cr-board__small", text: t("empty") });
    this.trickText = el("p", { class: "cr-board__trick-result" });
    this.trick = el("div", { class: "cr-board__trick cr-play__trick" }, this.heading, this.plays,
      this.empty, this.trickText);
    this.situation = el("p", { class: "cr-play__situation", hidden: true });
    this.handBox = el("div", { class: "cr-play__hand", role: "group",
      "aria-label": t("play.hand"), "aria-description": t("play.handKeys") });
    this.handBox.addEventListener("keydown", (event) => {
      const items = Array.from(this.handBox.querySelectorAll("button.cr-play__card"));
      const next = roving(items, document.activeElement, event.key, 0);
      if (!next) return;
      event.preventDefault();
      this.handAt = next.getAttribute("data-card");
      next.focus();
    });
    this.moves = el("div", { class: "cr-play__moves", role: "group",
      "aria-label": t("play.choices") });
    this.hintBox = el("div", { class: "cr-play__hints", hidden: true });
    this.lastText = el("p", { class: "cr-board__text cr-play__last" });
    this.logList = el("ol", { class: "cr-play__log" });
    this.logBox = el("details", { class: "cr-play__log-box" },
      el("summary", { text: t("play.log") }), this.logList);
    this.scoreHead = el("thead");
    this.scoreBody = el("tbody");
    this.score = el("table", { class: "cr-board__score cr-play__score" }, this.scoreHead,
      this.scoreBody);
    this.recordBox = el("pre", { class: "cr-source__record cr-play__record" });
    this.copyButton = button(t("play.copy"), t("play.copy"), () => { this.copyRecord(); },
      "cr-play__copy");
    this.downloadButton = button(t("play.download"), t("play.download"),
      () => { this.downloadRecord(); },
      "cr-play__download");
    this.openButton = button(t("play.open"), t("play.open"), () => { this.openRecord(); },
      "cr-play__open");
    this.end = el("div", { class: "cr-play__end", hidden: true },
      el("div", { class: "cr-source__row" }, this.copyButton, this.downloadButton,
        this.openButton),
      el("details", { class: "cr-source__details", open: true },
        el("summary", { text: t("record") }), this.recordBox));
    this.you = el("div", { class: "cr-play__you" },
      el("p", { class: "cr-board__heading", text: t("play.hand") }), this.handBox, this.moves);
    this.table.append(
      el("div", { class: "cr-play__head" }, this.title,
        el("div", { class: "cr-play__buttons" }, this.hintButton, this.undoButton,
          this.newButton)),
      this.status, this.lastText, this.seats,
      el("div", { class: "cr-board__middle" },
        el("div", { class: "cr-board__trump" }, this.turnup, this.trumps, this.stock,
          this.talon),
        this.trick),
      this.situation, this.hintBox, this.you,
      el("div", { class: "cr-board__score-box" }, this.score), this.end, this.logBox,
      this.announcer);
  }

  /* "Play from here as [seat]" under the step controls: the board's deal, at its step. */
  buildTakeover() {
    const board = this.board;
    this.takeSeat = el("select", { class: "cr-play__take-seat", "aria-label": t("play.seat") });
    this.takeSeat.addEventListener("change", () => { this.takeChosen = true; });
    this.hereButton = button(t("play.here"), t("play.hereTitle"), () => { this.playFromHere(); },
      "cr-play__here");
    this.takeover = el("div", { class: "cr-play__takeover cr-source__row", hidden: true },
      labeled(t("play.takeover"), this.takeSeat), this.hereButton);
    board.controls.after(this.takeover);
    this.takeData = null;
    if (typeof board.render === "function") {
      const render = board.render.bind(board);
      board.render = () => {
        render();
        this.syncTakeover();
      };
    }
  }

  syncTakeover() {
    const board = this.board;
    const data = board.data;
    this.takeover.hidden = !data || this.mode !== "step";
    if (!data) return;
    if (this.takeData !== data) {
      this.takeData = data;
      this.takeChosen = false;
      // The setup offers the board's deal, and its game by default.
      this.syncSources();
      if (!this.game) this.syncSetup();
      this.takeSeat.replaceChildren(...data.seats.map((seat, i) =>
        option(String(i), seatOption(seat.name, seat.dealer))));
    }
    const step = data.steps[board.index];
    if (!this.takeChosen) {
      const viewer = board.view === "all" ? null : Number(board.view);
      const seat = viewer !== null ? viewer
        : (step && typeof step.turn === "number" && step.turn >= 0 ? step.turn : 0);
      this.takeSeat.value = String(seat);
    }
    const over = board.index >= data.steps.length - 1 && !!data.result;
    this.hereButton.disabled = over;
    this.hereButton.setAttribute("aria-description", over ? t("play.overHere")
      : t("play.hereTitle"));
  }

  /* Modes ------------------------------------------------------------------------------------- */

  setMode(mode) {
    this.mode = mode;
    this.syncModes();
    if (mode === "play") {
      this.board.activate();
      this.syncSources();
      if (!this.state) this.syncSetup();
    }
  }

  syncModes() {
    const playing = this.mode === "play";
    this.stepMode.setAttribute("aria-pressed", String(!playing));
    this.playMode.setAttribute("aria-pressed", String(playing));
    this.panel.hidden = !playing;
    this.board.root.classList.toggle("cr-widget--playing", playing);
    this.board.figure.classList.toggle("cr-deal--playing", playing);
    this.syncTakeover();
  }

  fail() {
    this.modes.hidden = true;
    this.panel.hidden = true;
    this.takeover.hidden = true;
    this.board.root.classList.remove("cr-widget--playing");
    this.board.figure.classList.remove("cr-deal--playing");
  }

  /* The setup --------------------------------------------------------------------------------- */

  /* The deals on offer: a new one, the board's, and the Try it page's samples. */
  syncSources() {
    const chosen = this.source.value;
    const items = [option("new", t("play.newDeal"))];
    if (this.board.data) items.push(option("board", t("play.boardDeal")));
    if (this.options.tryPage) {
      (page.config.examples || []).forEach((example) => {
        items.push(option("sample:" + example.path, example.title));
      });
    }
    this.source.replaceChildren(...items);
    if (chosen && items.some((item) => item.value === chosen)) this.source.value = chosen;
    // A new deal of the board's game by default.
    const data = this.board.data;
    if (data && !this.gameChosen) {
      this.gameChosen = true;
      this.gameSelect.value = data.game;
      this.fillPlayers();
      this.playersSelect.value = String(data.players);
      this.resetOptions();
    } else if (!this.playersSelect.options.length) {
      this.fillPlayers();
    }
  }

  /* The figure's game and player count, from its record's name ("examples/aluette-4p.json"),
   * before Python has read the record: a new deal of the page's game by default. */
  guessGame() {
    const path = this.board.figure.getAttribute("data-record") || "";
    const name = path.slice(path.lastIndexOf("/") + 1);
    let found = null;
    (page.config.games || []).forEach((g) => {
      if (name.indexOf(g.id + "-") === 0 && (!found || g.id.length > found.id.length)) found = g;
    });
    if (!found) {
      this.fillPlayers();
      return;
    }
    this.gameSelect.value = found.id;
    this.fillPlayers();
    const count = /-(\d+)p\.json$/.exec(name);
    if (count && found.players.indexOf(Number(count[1])) >= 0) {
      this.playersSelect.value = count[1];
    }
  }

  /* The game's options (cardrules.web.play.options), asked for when the reader unfolds them. */
  resetOptions() {
    this.optionsFor = null;
    this.optionControls = [];
    this.optionList.replaceChildren();
    if (this.optionsBox.open) this.loadOptions();
  }

  loadOptions() {
    const game = this.gameSelect.value;
    if (this.optionsFor === game) return;
    this.optionsFor = game;
    this.optionList.replaceChildren(el("p", { class: "cr-board__small",
      text: t("play.optionsLoading") }));
    Runtime.call("play_options", [game, page.lang]).then((answer) => {
      if (this.optionsFor !== game) return;
      if (!answer.ok) {
        this.optionList.replaceChildren(el("p", { class: "cr-board__small", text: answer.error }));
        return;
      }
      this.optionControls = answer.options.map((item) => this.optionControl(item));
      this.optionList.replaceChildren(...this.optionControls.map((control) => control.row));
    }, (error) => {
      this.optionsFor = null;
      this.optionList.replaceChildren(el("p", { class: "cr-board__small",
        text: t("play.failed", { error: problem(error) }) }));
    });
  }

  /* One option: a check box for yes or no, else a menu of its values. */
  optionControl(item) {
    const values = item.values;
    const same = (a, b) => a === b;
    if (values.length === 2 && values[0] === false && values[1] === true) {
      const box = el("input", { type: "checkbox", class: "cr-play__option",
        "data-option": item.name, checked: item.default === true });
      return { row: el("label", { class: "cr-play__option-row" }, box, " " + item.help),
        value: () => box.checked, item };
    }
    const menu = el("select", { class: "cr-play__option", "data-option": item.name,
      "aria-label": item.help });
    values.forEach((value, i) => {
      const text = value === null ? t("play.byDefault") : value === true ? t("play.yes")
        : value === false ? t("play.no") : String(value);
      menu.append(option(String(i), text));
    });
    const start = values.findIndex((value) => same(value, item.default));
    menu.value = String(start >= 0 ? start : 0);
    return { row: el("label", { class: "cr-play__option-row" }, item.help + " ", menu),
      value: () => values[Number(menu.value)], item };
  }

  /* The options the reader changed from the game's defaults. */
  chosenOptions() {
    const chosen = {};
    if (this.optionsFor !== this.gameSelect.value) return chosen;
    this.optionControls.forEach((control) => {
      const value = control.value();
      if (value !== control.item.default) chosen[control.item.name] = value;
    });
    return chosen;
  }

  fillPlayers() {
    const games = page.config.games || [];
    const chosen = games.find((g) => g.id === this.gameSelect.value);
    const counts = chosen ? chosen.players : [];
    this.playersSelect.replaceChildren(...counts.map((n) => option(String(n), String(n))));
  }

  syncSetup() {
    this.newRow.hidden = this.source.value !== "new";
    this.fillSeats();
  }

  /* The seats of the deal chosen, by name. */
  fillSeats() {
    let names = [];
    const value = this.source.value;
    const games = page.config.games || [];
    if (value === "board" && this.board.data) {
      names = this.board.data.seats.map((seat) => seat.name);
    } else if (value.indexOf("sample:") === 0) {
      const path = value.slice(7);
      const match = /-(\d)p\.json$/.exec(path);
      const game = games.find((g) => path.indexOf("/" + g.id + "-") >= 0);
      const n = match ? Number(match[1]) : (game ? game.players[0] : 4);
      names = game && game.names[String(n)] ? game.names[String(n)] : [];
    } else {
      const game = games.find((g) => g.id === this.gameSelect.value);
      const n = this.playersSelect.value;
      names = game && game.names[n] ? game.names[n] : [];
    }
    const chosen = this.seatSelect.value;
    // The dealer is the last seat (the first to play sits after it).
    this.seatSelect.replaceChildren(...names.map((name, i) => option(String(i),
      seatOption(name, i === names.length - 1))));
    if (chosen && Number(chosen) < names.length) this.seatSelect.value = chosen;
  }

  setupError(message) {
    this.setupStatus.hidden = !message;
    this.setupStatus.textContent = message || "";
  }

  startNew() {
    const seat = Number(this.seatSelect.value) || 0;
    const level = this.levelSelect.value;
    const value = this.source.value;
    if (value === "new") {
      const text = this.seed.value.trim();
      const seed = text === "" ? null : Number(text);
      if (seed !== null && !(Number.isSafeInteger(seed) && seed >= 0)) {
        this.setupError(t("badSeed", { seed: text }));
        return;
      }
      this.begin({ game: this.gameSelect.value, players: Number(this.playersSelect.value),
        seed, seat, level, options: this.chosenOptions() });
    } else if (value === "board" && this.board.data) {
      this.begin({ record: boardRecord(this.board.data), step: 0, seat, level });
    } else if (value.indexOf("sample:") === 0) {
      const path = value.slice(7);
      const record = fetch(url(page.config.records + path)).then((response) => {
        if (!response.ok) throw new Error(path + ": HTTP " + response.status);
        return response.text();
      });
      this.begin(record.then((text) => ({ record: text, step: 0, seat, level })));
    }
  }

  /* Play the step-mode board's deal on from the step it shows, as the seat chosen. */
  playFromHere() {
    const board = this.board;
    if (!board.data) return;
    const seat = Number(this.takeSeat.value) || 0;
    const settings = { record: boardRecord(board.data), step: board.index, seat,
      level: this.levelSelect.value };
    this.mode = "play";
    this.syncModes();
    this.syncSources();
    this.begin(settings);
  }

  backToSetup() {
    const inside = this.engaged;
    this.closeSession();
    this.state = null;
    this.table.hidden = true;
    this.setup.hidden = false;
    this.syncSetup();
    this.engaged = false;
    // The keyboard goes on from the setup's button.
    if (inside) this.startButton.focus();
  }

  closeSession() {
    this.loop++;
    if (this.game) Runtime.call("play_close", [this.game.session]).catch(() => {});
    this.game = null;
  }

  /* Start a session with these settings (or a promise of them). */
  begin(settings) {
    // Dealt with the keyboard from the setup (or from "Play from here"): the focus goes on to
    // the table once it is dealt.
    const focused = document.activeElement;
    this.engaged = focused instanceof Element && (this.setup.contains(focused) ||
      this.takeover.contains(focused));
    this.closeSession();
    this.setupError("");
    this.startButton.disabled = true;
    this.setupStatus.hidden = false;
    this.setupStatus.textContent = Runtime.info ? t("play.starting") : t("loading");
    const asked = ++this.loop;
    Promise.resolve(settings).then((chosen) => Runtime.start().then(() => {
      this.setupStatus.textContent = t("play.starting");
      return Runtime.call("play_start", [JSON.stringify(chosen), page.lang]);
    })).then((answer) => {
      this.startButton.disabled = false;
      if (asked !== this.loop) return;
      if (!answer.ok) {
        this.setup.hidden = false;
        this.table.hidden = true;
        this.setupError(t("play.failed", { error: answer.error }));
        return;
      }
      this.setupError("");
      this.show(answer);
    }, (error) => {
      this.startButton.disabled = false;
      if (asked !== this.loop) return;
      this.setup.hidden = false;
      this.setupError(t("play.failed", { error: problem(error) }));
    });
  }

  /* A session ------------------------------------------------------------------------------- */

  show(answer) {
    this.game = answer;
    this.cardButtons = new Map();
    this.handAt = null;
    this.called = null;
    this.callAt = null;
    this.log = answer.log.slice();
    this.state = answer.state;
    this.hints = null;
    this.names = Object.assign({}, answer.state.names);
    this.setup.hidden = true;
    this.table.hidden = false;
    this.title.textContent = t("play.title",
      { game: answer.title, name: answer.seats[answer.seat].name });
    this.logList.replaceChildren();
    this.log.forEach((step) => { this.logList.append(this.logItem(step)); });
    this.lastDone = false;
    this.shownAt = performance.now();
    this.render();
    this.tell(this.log.map((step) => this.stepWords(step)));
    this.run();
  }

  /* A step's words, as a screen reader hears them: what happened, who took the trick, what was
   * drawn. */
  stepWords(step) {
    return [step.text, step.trick_text, step.draw_text].filter((part) => !!part).join(" ");
  }

  /* Say these sentences once, in the polite live region. */
  tell(lines) {
    const text = lines.filter((line) => !!line).join(" ");
    if (text) this.announcer.textContent = text;
  }

  /* An answer of act / advance: its steps, then the state. */
  apply(answer) {
    if (!this.game || answer.session !== this.game.session) return;
    answer.steps.forEach((step) => {
      this.log.push(step);
      this.logList.append(this.logItem(step));
    });
    if (answer.steps.length) {
      this.lastDone = !!answer.steps[answer.steps.length - 1].done;
      this.shownAt = performance.now();
    }
    this.state = answer.state;
    Object.assign(this.names, answer.state.names);
    this.hints = null;
    this.render();
    this.tell(answer.steps.map((step) => this.stepWords(step)));
  }

  /* The bots play, one at a time, until it is the reader's turn or the deal is over. */
  async run() {
    const token = ++this.loop;
    while (this.game && this.state && !this.state.over && !this.state.your_turn &&
           this.state.turn !== null && this.state.turn >= 0) {
      const session = this.game.session;
      this.pending = true;
      this.render();
      const wait = pauseFor(this.lastDone) - (performance.now() - this.shownAt);
      if (wait > 0) await sleep(wait);
      if (token !== this.loop) return;
      let answer;
      try {
        answer = await Runtime.call("play_advance", [session]);
      } catch (error) {
        this.pending = false;
        this.say(t("play.failed", { error: problem(error) }));
        return;
      }
      // Applied even when overtaken: the step did happen in Python.
      this.apply(answer);
      if (!answer.ok) {
        this.pending = false;
        this.say(t("play.failed", { error: answer.error }));
        return;
      }
      if (token !== this.loop) return;
      if (!answer.steps.length) break;
    }
    if (token === this.loop) {
      this.pending = false;
      this.render();
    }
  }

  act(action) {
    if (!this.game) return;
    const session = this.game.session;
    this.loop++;
    this.pending = true;
    this.busy = true;
    this.render();
    Runtime.call("play_act", [session, action]).then((answer) => {
      this.pending = false;
      this.busy = false;
      if (!answer.ok) {
        this.say(answer.error);
        this.render();
        return;
      }
      this.apply(answer);
      this.run();
    }, (error) => {
      this.pending = false;
      this.busy = false;
      this.say(t("play.failed", { error: problem(error) }));
    });
  }

  undo() {
    if (!this.game || !this.state || !this.state.can_undo || this.busy) return;
    const session = this.game.session;
    this.loop++;
    this.pending = true;
    this.busy = true;
    this.render();
    Runtime.call("play_undo", [session]).then((answer) => {
      this.pending = false;
      this.busy = false;
      if (!this.game || session !== this.game.session) return;
      if (!answer.ok) {
        this.say(answer.error);
        return;
      }
      this.log = answer.log.slice();
      this.logList.replaceChildren(...this.log.map((step) => this.logItem(step)));
      this.state = answer.state;
      Object.assign(this.names, answer.state.names);
      this.hints = null;
      this.lastDone = false;
      this.called = null;
      this.render();
      this.tell([t("play.undone"), this.stepWords(this.log[this.log.length - 1] || {})]);
      this.run();
    }, (error) => {
      this.pending = false;
      this.busy = false;
      this.say(t("play.failed", { error: problem(error) }));
    });
  }

  askHint() {
    if (!this.game || this.thinking || this.hintButton.getAttribute("aria-disabled")) return;
    const session = this.game.session;
    const step = this.state.step;
    // The button stays focusable while the bot thinks (aria-disabled, not disabled).
    this.thinking = true;
    this.hintButton.textContent = t("play.hinting");
    this.render();
    Runtime.call("play_hint", [session]).then((answer) => {
      this.thinking = false;
      this.hintButton.textContent = t("play.hint");
      if (!this.game || session !== this.game.session || !this.state ||
          this.state.step !== step) {
        this.render();
        return;
      }
      this.hints = answer.ok ? answer : { text: answer.error, estimates: [] };
      this.render();
      this.tell([this.hints.text].concat(this.hints.summary || []));
    }, (error) => {
      this.thinking = false;
      this.hintButton.textContent = t("play.hint");
      this.say(t("play.failed", { error: problem(error) }));
      this.render();
    });
  }

  say(message) {
    // Only a change is written (a screen reader would say the same words again).
    if (this.status.textContent !== message) this.status.textContent = message;
  }

  /* Drawing ----------------------------------------------------------------------------------- */

  name(seat) {
    return seat === this.game.seat ? t("play.you") : this.game.seats[seat].name;
  }

  /* "partner of Bea", "your partner", "partner of you and Bea": the other players of `seat`'s
   * side. */
  partners(seat, side) {
    const others = side.filter((s) => s !== seat);
    const names = others.filter((s) => s !== this.game.seat).map((s) => this.game.seats[s].name);
    if (others.length === names.length) return t("partners", { names: join(names) });
    return names.length ? t("play.partnersWithYou", { names: join(names) }) : t("play.yourPartner");
  }

  cardName(code) {
    return (this.names && this.names[code]) || code;
  }

  /* A card's name as a screen reader says it ("three of cups, trump"). */
  spokenName(code) {
    const spoken = this.state && this.state.spoken;
    return (spoken && spoken[code]) || this.cardName(code);
  }

  card(code, extra) {
    return cardImage(this.game.style, code, this.spokenName(code), extra);
  }

  logItem(step) {
    const item = el("li", { "data-actor": step.actor, "data-action": step.action }, step.text);
    if (step.label) item.append(" ", labelLink(step.label));
    if (step.trick_text) item.append(" ", el("strong", { text: step.trick_text }));
    if (step.draw_text) item.append(" ", el("span", { class: "cr-board__draws",
      text: step.draw_text }));
    return item;
  }

  render() {
    const game = this.game;
    const state = this.state;
    if (!game || !state) return;
    const you = game.seat;
    const known = state.sides.length > 0;
    const sideOf = {};
    state.sides.forEach((side, k) => { side.forEach((seat) => { sideOf[seat] = k; }); });
    const manySides = known && state.sides.length < game.players;

    // What just happened, as the narration tells it to this seat.
    const last = this.log[this.log.length - 1];
    const said = [];
    if (last) {
      said.push(last.text);
      if (last.label) said.push(" ", labelLink(last.label));
      if (last.draw_text) {
        said.push(" ", el("span", { class: "cr-board__draws", text: last.draw_text }));
      }
    }
    this.lastText.replaceChildren(...said);
    this.logBox.hidden = this.log.length < 2;

    // The other seats: their cards as backs, or face up when this seat may see them.
    const boxes = [];
    for (let seat = 0; seat < game.players; seat++) {
      if (seat === you) continue;
      const visible = state.visible[String(seat)];
      const count = state.hand_sizes[seat];
      const hand = el("div", { class: "cr-play__backs" });
      if (visible) {
        hand.classList.add("cr-play__open");
        visible.forEach((code) => { hand.append(this.card(code)); });
      } else {
        for (let i = 0; i < count; i++) hand.append(cardBack(game.style));
      }
      const meta = [];
      if (manySides && sideOf[seat] !== undefined) {
        meta.push(this.partners(seat, state.sides[sideOf[seat]]));
      }
      if (game.seats[seat].dealer) meta.push(t("dealer"));
      const turn = state.turn === seat && !state.over;
      const box = el("div", {
        class: "cr-board__seat cr-play__seat" + (turn ? " is-turn" : "") +
          (known && sideOf[seat] !== undefined ? " cr-side-" + sideOf[seat] : ""),
        "data-seat": seat,
        "aria-label": game.seats[seat].name + ", " + t("cards", { n: count })
      },
      el("div", { class: "cr-board__seat-head" },
        el("span", { class: "cr-board__name", text: game.seats[seat].name }), " ",
        el("span", { class: "cr-board__meta", text: meta.join(" · ") }), " ",
        turn ? el("span", { class: "cr-board__turn", text: t("toPlay") }) : null,
        " ", el("span", { class: "cr-play__count", text: t("cards", { n: count }) })),
      hand);
      boxes.push(box);
    }
    this.seats.replaceChildren(...boxes);

    // Trumps, the turned-up card, the stock, a talon shown.
    this.turnup.replaceChildren(...(state.turn_up
      ? [this.card(state.turn_up), el("span", { class: "cr-board__small",
        text: t("turnUp") })] : []));
    this.turnup.hidden = !state.turn_up;
    this.trumps.textContent = state.trump_name ? t("trumps", { suit: state.trump_name })
      : t("noTrumpsYet");
    this.trumps.setAttribute("data-trump", state.trump || "");
    this.stock.hidden = !game.draws;
    this.stock.textContent = t("stock", { n: state.stock });
    this.talon.hidden = !state.talon.length;
    this.talon.replaceChildren(el("span", { class: "cr-board__small", text: t("play.talon") }),
      ...state.talon.map((code) => this.card(code)));

    // The trick on the table (a finished one stays until the next card).
    this.heading.textContent = t("table") + " · " + t("trick", { n: state.trick });
    this.trick.classList.toggle("is-done", !!state.done);
    this.plays.replaceChildren(...state.table.map((play, k) => {
      const [seat, code, label] = play;
      const item = el("li", {
        class: "cr-board__play" + (known && sideOf[seat] !== undefined
          ? " cr-side-" + sideOf[seat] : "") +
          (state.done && k === state.taking ? " is-winner" : ""),
        "data-seat": seat, "data-card": code
      }, this.card(code), el("span", { class: "cr-board__who", text: this.name(seat) }));
      if (label) item.append(labelLink(label));
      return item;
    }));
    this.plays.hidden = !state.table.length;
    this.empty.hidden = state.table.length > 0;
    const trickText = state.done && last && last.trick_text ? last.trick_text : "";
    this.trickText.textContent = trickText;
    this.trickText.hidden = !trickText;
    this.situation.textContent = state.situation.join(" ");
    this.situation.hidden = !state.situation.length || state.over;

    // The reader's hand and choices.
    const mayAct = !this.pending && !state.over;
    this.renderHand(state, mayAct);
    this.renderMoves(state, mayAct);

    // Whose turn, and the end.
    if (state.over) {
      this.say(state.result ? state.result.text : "");
    } else if (state.your_turn && !this.pending) {
      const cards = state.cards.some((item) => item.play);
      const moves = state.moves.length > 0;
      this.say((cards && moves ? t("play.yourTurnOr")
        : (cards ? t("play.yourTurn") : t("play.yourMove"))) +
        (state.may_play ? " " + state.may_play : ""));
    } else if (state.turn !== null && state.turn >= 0 && state.turn !== you) {
      this.say(t("play.thinking", { name: game.seats[state.turn].name }));
    }
    // Hint and Undo stay focusable when they cannot be used now (aria-disabled): the focus is
    // never lost to the page when one of them is pressed.
    const noHint = !state.your_turn || state.over || this.pending || this.thinking;
    this.hintButton.toggleAttribute("aria-disabled", noHint);
    if (noHint) this.hintButton.setAttribute("aria-disabled", "true");
    const noUndo = !state.can_undo || this.busy;
    this.undoButton.toggleAttribute("aria-disabled", noUndo);
    if (noUndo) this.undoButton.setAttribute("aria-disabled", "true");
    this.renderHints();
    this.renderScore(state, known);

    this.you.hidden = state.over && !state.cards.length;
    this.status.classList.toggle("is-over", !!state.over);
    this.end.hidden = !state.over;
    if (state.over) this.recordBox.textContent = state.record_text || "";
    this.keepFocus(state, mayAct);
  }

  /* The hand: one button per card, named in words, kept from one redraw to the next; one tab
   * stop for the whole hand (the arrow keys move inside it). Greyed: only the cards that may
   * not be played when it is the reader's turn to play a card (while bidding, the hand shows
   * at full strength). */
  renderHand(state, mayAct) {
    const hinted = this.hints && this.hints.best ? this.hints.best : null;
    const toPlay = state.your_turn && state.cards.some((item) => !!item.play);
    const codes = state.cards.map((item) => item.code);
    if (this.handAt === null || codes.indexOf(this.handAt) < 0) {
      const first = state.cards.find((item) => !!item.play);
      this.handAt = first ? first.code : (codes.length ? codes[0] : null);
    }
    const buttons = new Map();
    const nodes = state.cards.map((item) => {
      let node = this.cardButtons.get(item.code);
      if (!node) {
        node = el("button", { type: "button", class: "cr-play__card", "data-card": item.code },
          this.card(item.code));
        node.addEventListener("click", () => { this.cardClicked(node); });
        node.addEventListener("focus", () => { this.handAt = item.code; });
      }
      buttons.set(item.code, node);
      const playable = !!item.play && mayAct;
      const why = item.play ? "" : (item.why || "");
      const name = this.spokenName(item.code);
      node.className = "cr-play__card" + (playable ? "" : " is-waiting") +
        (toPlay && !item.play ? " is-disabled" : "") +
        (hinted && hinted === item.play ? " is-hinted" : "");
      if (item.play) node.setAttribute("data-action", item.play);
      else node.removeAttribute("data-action");
      node.toggleAttribute("aria-disabled", !playable);
      if (!playable) node.setAttribute("aria-disabled", "true");
      node.setAttribute("aria-label", why ? name + " — " + why : name);
      node.tabIndex = item.code === this.handAt ? 0 : -1;
      const picture = node.querySelector("img");
      if (picture) picture.alt = "";
      return node;
    });
    this.cardButtons = buttons;
    if (nodes.length !== this.handBox.children.length ||
        nodes.some((node, i) => this.handBox.children[i] !== node)) {
      // Only what changed moves: the focused card stays in the page.
      nodes.forEach((node, i) => {
        if (this.handBox.children[i] !== node) this.handBox.insertBefore(node, this.handBox.children[i] || null);
      });
      while (this.handBox.children.length > nodes.length) this.handBox.lastElementChild.remove();
    }
  }

  cardClicked(node) {
    const state = this.state;
    if (!state) return;
    const code = node.getAttribute("data-card");
    const item = state.cards.find((card) => card.code === code);
    if (!item) return;
    if (item.play && !this.pending && !state.over) this.act(item.play);
    else if (item.why) this.say(item.why);
  }

  /* After a redraw, the focus is where the reader can go on: on their turn, the hand's card
   * (or the first choice); otherwise the table. A control that still has it (Hint, Undo, a
   * menu) keeps it. */
  keepFocus(state, mayAct) {
    if (!this.engaged || this.table.hidden) return;
    const focused = document.activeElement;
    const inside = focused instanceof HTMLElement && this.table.contains(focused) &&
      focused !== this.table && !focused.disabled;
    const idle = focused === this.table;
    const myTurn = state.your_turn && mayAct;
    if (inside) return;
    if (!myTurn && idle) return;
    let target = null;
    if (myTurn) {
      const playable = Array.from(this.handBox.querySelectorAll(
        "button.cr-play__card:not([aria-disabled])"));
      if (playable.length) {
        target = playable.find((node) => node.getAttribute("data-card") === this.handAt) ||
          playable[0];
        this.handAt = target.getAttribute("data-card");
        Array.from(this.handBox.children).forEach((node) => {
          node.tabIndex = node === target ? 0 : -1;
        });
      } else {
        target = this.moves.querySelector(".cr-play__call-cell[tabindex='0'], select:not([disabled]), button:not([disabled])");
      }
    }
    (target || this.table).focus({ preventScroll: !target });
  }

  renderMoves(state, mayAct) {
    const nodes = [];
    // The cards to call, as a chooser by suit and rank (not one button each).
    const chooser = state.call ? this.callChooser(state.call, mayAct) : null;
    const inChooser = new Set();
    if (chooser) {
      nodes.push(chooser);
      state.call.suits.forEach((suit) => suit.cards.forEach((item) => {
        inChooser.add(item.action);
      }));
    } else {
      this.called = null;
      this.callAt = null;
    }
    const moves = state.moves.filter((move) => !inChooser.has(move.action));
    let i = 0;
    while (i < moves.length) {
      const move = moves[i];
      // A run of numbered moves of one kind (bids): one menu and one button.
      let j = i;
      while (j + 1 < moves.length && typeof move.number === "number" &&
             moves[j + 1].kind === move.kind && typeof moves[j + 1].number === "number") j++;
      if (j - i + 1 >= MENU_FROM) {
        const run = moves.slice(i, j + 1);
        const select = el("select", { class: "cr-play__bid-select", "aria-label": t("play.bid"),
          disabled: !mayAct, "data-action": "bid-select" });
        run.forEach((item) => { select.append(option(item.action, String(item.number))); });
        const go = button(run[0].text, null, () => {
          if (mayAct) this.act(select.value);
        }, "cr-play__move cr-play__bid");
        go.disabled = !mayAct;
        go.setAttribute("data-action", "bid-go");
        select.addEventListener("change", () => {
          const chosen = run.find((item) => item.action === select.value);
          if (chosen) go.textContent = chosen.text;
        });
        nodes.push(el("span", { class: "cr-play__bidding" }, labeled(t("play.bid"), select), go));
        i = j + 1;
        continue;
      }
      const node = button(move.text, null, () => { if (mayAct) this.act(move.action); },
        "cr-play__move");
      node.setAttribute("data-action", move.action);
      node.disabled = !mayAct;
      if (this.hints && this.hints.best === move.action) node.classList.add("is-hinted");
      nodes.push(node);
      i++;
    }
    const focused = document.activeElement;
    const keep = focused instanceof Element && this.moves.contains(focused)
      ? (focused.getAttribute("data-action") || null) : null;
    this.moves.replaceChildren(...nodes);
    this.moves.hidden = !nodes.length;
    // The control that had the focus is drawn again: the focus goes back to it.
    if (keep) {
      const again = Array.from(this.moves.querySelectorAll("[data-action]"))
        .find((node) => node.getAttribute("data-action") === keep);
      if (again) again.focus({ preventScroll: true });
    }
  }

  /* The cards the reader may call: a row per suit, a button per card (its rank as printed,
   * named in words; the reader's own marked), one tab stop with the arrow keys inside; then
   * what the chosen card means (alone, one against the others, if it is the reader's own)
   * and the button that calls it. */
  callChooser(call, mayAct) {
    const cells = [];
    const all = [];
    call.suits.forEach((suit) => suit.cards.forEach((item) => { all.push(item); }));
    if (!all.some((item) => item.action === this.callAt)) this.callAt = all.length ? all[0].action : null;
    const chosen = all.find((item) => item.action === this.called) || null;
    const columns = Math.max(...call.suits.map((suit) => suit.cards.length));
    const rows = call.suits.map((suit) => el("tr", { "data-suit": suit.suit },
      el("th", { scope: "row", text: suit.name }),
      ...suit.cards.map((item) => {
        const cell = el("button", {
          type: "button",
          class: "cr-play__call-cell" + (item.yours ? " is-yours" : ""),
          "data-action": item.action,
          "data-card": item.code,
          "aria-pressed": String(item === chosen),
          tabindex: item.action === this.callAt ? "0" : "-1",
          disabled: !mayAct
        },
        // The rank as printed, to see; the card's name in words, to hear.
        el("span", { "aria-hidden": "true", text: item.printed }),
        el("span", { class: "cr-sr-only",
          text: item.yours ? t("play.callYours", { card: item.name }) : item.name }));
        cell.addEventListener("click", () => {
          this.called = item.action;
          this.callAt = item.action;
          this.render();
          if (item.warning) this.tell([item.warning]);
        });
        cells.push(cell);
        return el("td", null, cell);
      })));
    const grid = el("table", { class: "cr-play__call", "aria-describedby": null },
      el("caption", { class: "cr-board__heading", text: t("play.callHeading") }),
      el("tbody", null, ...rows));
    grid.addEventListener("keydown", (event) => {
      const next = roving(cells, document.activeElement, event.key, columns);
      if (!next) return;
      event.preventDefault();
      this.callAt = next.getAttribute("data-action");
      next.focus();
    });
    const confirm = button(chosen ? chosen.confirm : t("play.callPick"), null, () => {
      if (chosen && mayAct) this.act(chosen.action);
    }, "cr-play__move cr-play__call-go" + (chosen && chosen.yours ? " is-alone" : ""));
    confirm.disabled = !mayAct || !chosen;
    confirm.setAttribute("data-action", "call-go");
    const warning = el("p", { class: "cr-play__call-warning", hidden: !(chosen && chosen.warning),
      text: chosen ? chosen.warning : "" });
    return el("div", { class: "cr-play__calling", "aria-description": t("play.callKeys") },
      el("p", { class: "cr-play__call-note", text: call.note }), grid, warning, confirm);
  }

  renderHints() {
    const hints = this.hints;
    this.hintBox.hidden = !hints;
    if (!hints) return;
    const parts = [el("p", { class: "cr-play__hint-text", text: hints.text })];
    const summary = hints.summary || [];
    // A hint on a bid: its summary, and every bid on request (folded).
    summary.forEach((line) => {
      parts.push(el("p", { class: "cr-play__hint-summary", text: line }));
    });
    const list = [];
    if (hints.estimates && hints.estimates.length) {
      list.push(el("p", { class: "cr-board__small", text: hints.head }));
      list.push(el("ol", { class: "cr-play__estimates" }, ...hints.estimates.map((item) => {
        const width = Math.round(Math.max(0, Math.min(1, item.wins)) * 100);
        return el("li", { class: item.best ? "is-best" : null, "data-action": item.action },
          el("span", { class: "cr-play__choice", text: item.choice }), " ",
          el("span", { class: "cr-play__bar", "aria-hidden": "true" },
            el("span", { style: "width: " + width + "%" })), " ",
          el("span", { class: "cr-play__estimate", text: item.text }));
      })));
    }
    if (summary.length && list.length) {
      parts.push(el("details", { class: "cr-play__every" },
        el("summary", { text: t("play.allChoices", { n: hints.estimates.length }) }), ...list));
    } else {
      parts.push(...list);
    }
    this.hintBox.replaceChildren(...parts);
  }

  renderScore(state, known) {
    const game = this.game;
    const byTricks = game.scored_by === "tricks";
    const heads = el("tr", null,
      el("th", { scope: "col", text: known ? t("sideCol") : t("playerCol") }),
      el("th", { scope: "col", text: byTricks ? t("tricksCol") : t("pointsCol") }));
    if (!byTricks) heads.append(el("th", { scope: "col", text: t("tricksCol") }));
    this.scoreHead.replaceChildren(heads);
    const rows = [];
    const winner = state.over && state.result ? state.result.winner : null;
    if (known) {
      state.sides.forEach((side, k) => {
        const row = el("tr", { class: "cr-side-" + k + (winner === k ? " is-winner" : ""),
          "data-side": k, "data-points": state.side_points[k] },
        el("th", { scope: "row", text: state.side_names[k] }),
        el("td", { class: "cr-board__points", text: String(state.side_points[k]) }));
        if (!byTricks) row.append(el("td", { text: String(state.side_tricks[k]) }));
        rows.push(row);
      });
    } else {
      for (let seat = 0; seat < game.players; seat++) {
        const points = byTricks ? state.seat_tricks[seat] : state.points[seat];
        const row = el("tr", { "data-seat": seat, "data-points": points },
          el("th", { scope: "row", text: this.name(seat) }),
          el("td", { class: "cr-board__points", text: String(points) }));
        if (!byTricks) row.append(el("td", { text: String(state.seat_tricks[seat]) }));
        rows.push(row);
      }
    }
    this.scoreBody.replaceChildren(...rows);
  }

  /* The end ----------------------------------------------------------------------------------- */

  /* The record as Python wrote it (JSON.parse would round a seed beyond 2^53). */
  recordText() {
    return this.state && this.state.record_text ? this.state.record_text : "";
  }

  copyRecord() {
    const text = this.recordText();
    const done = () => { this.say(t("play.copied")); };
    const failed = () => {
      const range = document.createRange();
      range.selectNodeContents(this.recordBox);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      this.say(t("play.copyFailed"));
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, failed);
    } else {
      failed();
    }
  }

  downloadRecord() {
    const text = this.recordText();
    if (!text) return;
    const record = this.state.record;
    const blob = new Blob([text + "\n"], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob),
      download: record.game + (record.seed !== undefined ? "-" + record.seed : "") + ".json" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => { URL.revokeObjectURL(link.href); }, 10000);
  }

  /* The finished deal in step mode, on the board. */
  openRecord() {
    const text = this.recordText();
    if (!text) return;
    this.setMode("step");
    const board = this.board;
    board.loadFrom(Runtime.call("deal_steps", [text, page.lang]), false).then((shown) => {
      if (shown) board.root.scrollIntoView({ block: "nearest" });
    });
  }
}
