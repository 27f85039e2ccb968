/* cardrules widget: play mode's setup: which deal (a new one, the stepper's, a sample), the
 * game, the players and the seed of a new one with its options, the reader's seat and the
 * bots' strength.
 *
 *   new PlaySetup(stepper, options, begin)   its panel (root); "Start" calls begin(settings)
 *                                            with the settings for cardrules.web.play.start
 *                                            (or a promise of them) */

import { button, el, recordText } from "./dom.js";
import { today } from "./analysis.js";
import { Runtime, problem } from "./runtime.js";
import { page, t } from "./text.js";

export function option(value, text) {
  return el("option", { value, text });
}

export function labeled(text, control) {
  return el("label", null, text + " ", control);
}

/* A seat in a menu of seats: its player's name, and whether it deals. */
export function seatOption(name, dealer) {
  return dealer ? t("play.dealerOption", { name }) : name;
}

/* The bots' strength (cardrules.bots.LEVELS) in words. */
function levelName(level) {
  if (level === "easy") return t("play.level.easy");
  if (level === "hard") return t("play.level.hard");
  return t("play.level.normal");
}

/* The record of the deal the stepper shows, as text. A seed JavaScript could not read exactly
 * (beyond 2^53) is left out: the record holds the deal itself. */
export function stepperRecord(data) {
  const record = Object.assign({}, data.record);
  if (typeof record.seed === "number" && !Number.isSafeInteger(record.seed)) delete record.seed;
  return JSON.stringify(record);
}

export class PlaySetup {
  constructor(stepper, options, begin) {
    this.stepper = stepper;
    this.options = options || {};
    this.begin = begin;
    this.build();
  }

  build() {
    const config = page.config;
    this.root = el("div", { class: "cr-play__setup" });
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
    this.playersLabel = labeled(t("playerCount"), this.playersSelect);
    this.seedLabel = labeled(t("seed"), this.seed);
    this.newRow = el("div", { class: "cr-play__new-row" },
      el("div", { class: "cr-source__row" },
        labeled(t("game"), this.gameSelect), this.playersLabel, this.seedLabel),
      this.optionsBox);
    this.root.append(
      el("p", { class: "cr-board__heading", text: t("play.setup") }),
      el("div", { class: "cr-source__row" }, labeled(t("play.source"), this.source)),
      this.newRow,
      el("div", { class: "cr-source__row" }, labeled(t("play.seat"), this.seatSelect),
        labeled(t("play.level"), this.levelSelect), this.startButton),
      this.setupStatus);
  }

  /* The deals on offer: a new one, the board's, and the Try it page's deal of the day (of
   * the game chosen) and samples. */
  syncSources() {
    const chosen = this.source.value;
    const items = [option("new", t("play.newDeal"))];
    if (this.options.tryPage) items.push(option("daily", t("play.daily")));
    if (this.stepper.data) items.push(option("board", t("play.boardDeal")));
    if (this.options.tryPage) {
      (page.config.examples || []).forEach((example) => {
        items.push(option("sample:" + example.path, example.title));
      });
    }
    this.source.replaceChildren(...items);
    if (chosen && items.some((item) => item.value === chosen)) this.source.value = chosen;
    // A new deal of the board's game by default.
    const data = this.stepper.data;
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
    const path = this.stepper.figure.getAttribute("data-record") || "";
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
    // The deal of the day: the game only (its players are the game's fewest; its seed the
    // date's).
    const daily = this.source.value === "daily";
    this.newRow.hidden = this.source.value !== "new" && !daily;
    this.playersLabel.hidden = this.seedLabel.hidden = this.optionsBox.hidden = daily;
    this.fillSeats();
  }

  /* The seats of the deal chosen, by name. */
  fillSeats() {
    let names = [];
    const value = this.source.value;
    const games = page.config.games || [];
    if (value === "board" && this.stepper.data) {
      names = this.stepper.data.seats.map((seat) => seat.name);
    } else if (value.indexOf("sample:") === 0) {
      const path = value.slice(7);
      const match = /-(\d)p\.json$/.exec(path);
      const game = games.find((g) => path.indexOf("/" + g.id + "-") >= 0);
      const n = match ? Number(match[1]) : (game ? game.players[0] : 4);
      names = game && game.names[String(n)] ? game.names[String(n)] : [];
    } else {
      const game = games.find((g) => g.id === this.gameSelect.value);
      const n = value === "daily" && game ? String(game.players[0]) : this.playersSelect.value;
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
    } else if (value === "daily") {
      // The date is the reader's own; the deal comes from it (cardrules.analysis.daily).
      this.begin(Runtime.call("analysis_daily", [this.gameSelect.value, today(), page.lang])
        .then((answer) => {
          if (!answer.ok) throw new Error(answer.error);
          return { record: answer.record_text, step: 0, seat, level, daily: answer.date };
        }));
    } else if (value === "board" && this.stepper.data) {
      this.begin({ record: stepperRecord(this.stepper.data), step: 0, seat, level });
    } else if (value.indexOf("sample:") === 0) {
      const path = value.slice(7);
      this.begin(recordText(path).then((text) => ({ record: text, step: 0, seat, level })));
    }
  }
}
