/* cardrules score pad: a real table's match, each deal entered by hand, scored by Python.
 *
 * The page keeps the match as a small state, {v, game, people, dealer, entries}, in the
 * browser's storage (localStorage, saved at every change; the entry being typed is saved as a
 * draft at every key, so a reload, a closed tab or a crash loses nothing). Everything shown
 * about the match (each deal's result, the totals, who deals next, who has won, what to ask for
 * the next deal) is the answer of cardrules.web.scorepad.tally, in the site's Python worker
 * (runtime.js): nothing is scored here. A stored state that cannot be read (another version,
 * edited by hand) is kept aside under another key, and the page says so in one sentence. A match
 * goes out as a link (#pad=...) or a file, and comes back from either. The words are the
 * catalogue's (docs/hooks/table.py puts them in the page's settings). */

import { el } from "./dom.js";
import { markReady, problem, Runtime } from "./runtime.js";
import { configure, page, t } from "./text.js";

const KEY = "cardrules.scorepad";
const DRAFT = KEY + ".draft";
const ASIDE = KEY + ".aside.";

function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  bytes.forEach((b) => { binary += String.fromCharCode(b); });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(token) {
  const binary = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function read(key) {
  try { return window.localStorage.getItem(key); } catch (error) { return null; }
}

function write(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    return true;
  } catch (error) {
    return false;
  }
}

let uid = 0;
function field(label, control) {
  const id = "cr-pad-f" + (++uid);
  control.id = id;
  return el("p", { class: "cr-pad__field" }, el("label", { for: id, text: label }), control);
}

function checkbox(name, label) {
  const box = el("input", { type: "checkbox", name });
  const id = "cr-pad-f" + (++uid);
  box.id = id;
  return el("p", { class: "cr-pad__field cr-pad__check" }, box,
    el("label", { for: id, text: label }));
}

function numberInput(name, min, max) {
  return el("input", { type: "number", name, min, max, step: 1, inputmode: "numeric",
    required: true, class: "cr-pad__number" });
}

function select(name, choices, value) {
  const node = el("select", { name });
  choices.forEach(([v, text]) => {
    node.append(el("option", { value: v, text, selected: String(v) === String(value) }));
  });
  return node;
}

/* An option's value in words: yes, no, the game's default, or the value itself. */
function valueWords(value) {
  if (value === true) return t("play.yes");
  if (value === false) return t("play.no");
  if (value === null) return t("play.byDefault");
  return String(value);
}

/* A control for one of the options the pad offers (cardrules.web.scorepad.pad_options): a
 * check box for yes or no, a menu of its values, or a whole number (left empty: the game's own
 * default). Its value() is the option's value. */
function optionControl(item) {
  const values = item.values;
  if (values && values.length === 2 && values[0] === false && values[1] === true) {
    const box = el("input", { type: "checkbox", name: "option-" + item.name,
      checked: item.default === true });
    const id = "cr-pad-f" + (++uid);
    box.id = id;
    return { item, value: () => box.checked,
      row: el("p", { class: "cr-pad__field cr-pad__check" }, box,
        el("label", { for: id, text: item.help })) };
  }
  if (values) {
    const menu = select("option-" + item.name,
      values.map((value, i) => [i, valueWords(value)]), values.indexOf(item.default));
    return { item, value: () => values[Number(menu.value)], row: field(item.help, menu) };
  }
  const input = el("input", { type: "number", name: "option-" + item.name, min: item.low,
    max: item.high, step: 1, inputmode: "numeric", class: "cr-pad__number",
    required: !item.optional });
  if (item.default !== null) input.value = String(item.default);
  return { item, row: field(item.help, input),
    value: () => (input.value.trim() === "" ? null : Number(input.value)) };
}

export class ScorePad {
  constructor(root, config) {
    this.root = root;
    this.settings = config.pad;
    this.state = null;
    this.answer = null;
    this.note = el("p", { class: "cr-pad__note", role: "status" });
    this.body = el("div", { class: "cr-pad__body" });
    root.replaceChildren(this.note, this.body);
    root.setAttribute("data-state", "loading");
    this.body.append(el("p", { text: t("waiting") }));
  }

  say(text) {
    this.note.textContent = text;
  }

  /* The state to start from: a link's, else the stored one, else none (the setup form). */
  async load() {
    const hash = window.location.hash;
    let state = null;
    if (hash.startsWith("#pad=")) {
      try {
        state = JSON.parse(decode(hash.slice(5)));
      } catch (error) {
        state = null;
      }
      // The link's match is now the page's: a reload must not bring back the link's version.
      history.replaceState(null, "", window.location.pathname + window.location.search);
      if (state && await this.adopt(state, t("loaded"))) return;
      if (!state) this.say(t("badFile"));
    }
    const stored = read(KEY);
    if (stored !== null) {
      try {
        state = JSON.parse(stored);
      } catch (error) {
        state = null;
      }
      if (state && state.v === this.settings.version) {
        const answer = await this.score(state);
        if (answer.ok) {
          this.show(state, answer);
          return;
        }
      }
      this.keepAside(stored);
    }
    this.setup();
  }

  keepAside(raw) {
    write(ASIDE + new Date().toISOString(), raw);
    write(KEY, null);
    this.say(t("kept"));
  }

  async score(state) {
    const answer = await Runtime.call("scorepad_tally", [JSON.stringify(state), page.lang]);
    markReady();
    return answer;
  }

  /* A match brought back (a link, a file): it replaces the page's, which is kept aside if it
   * holds any deal. */
  async adopt(state, said) {
    const answer = state && state.v === this.settings.version ? await this.score(state)
      : { ok: false };
    if (!answer.ok) {
      this.say(t("badFile"));
      return false;
    }
    const current = read(KEY);
    if (current !== null && current !== JSON.stringify(state)) {
      write(ASIDE + new Date().toISOString(), current);
    }
    this.save(state);
    this.show(state, answer);
    this.say(said);
    return true;
  }

  save(state) {
    this.state = state;
    if (!write(KEY, JSON.stringify(state))) this.say(t("notSaved"));
  }

  // The setup: the game, the players' names, who deals first -----------------------------------
  setup() {
    this.state = null;
    this.root.setAttribute("data-state", "setup");
    const games = this.settings.games;
    const form = el("form", { class: "cr-pad__setup" });
    const game = select("game", games.map((g) => [g.id, g.title]), games[0].id);
    const count = el("select", { name: "count" });
    const names = el("fieldset", { class: "cr-pad__names" }, el("legend", { text: t("players") }));
    const dealer = el("select", { name: "dealer" });
    const options = el("fieldset", { class: "cr-pad__options" });
    let optionControls = [];
    const fillOptions = () => {
      const chosen = games.find((g) => g.id === game.value);
      optionControls = chosen.options.map((item) => optionControl(item));
      options.replaceChildren(el("legend", { text: t("options") }),
        ...optionControls.map((control) => control.row));
      options.hidden = !optionControls.length;
    };
    const fill = () => {
      const chosen = games.find((g) => g.id === game.value);
      const previous = count.value;
      count.replaceChildren(...chosen.players.map((n) => el("option", { value: n, text: n,
        selected: String(n) === previous })));
      const n = Number(count.value);
      const typed = Array.from(names.querySelectorAll("input")).map((i) => i.value);
      names.querySelectorAll(".cr-pad__field").forEach((p) => p.remove());
      const defaults = chosen.names[String(n)];
      for (let i = 0; i < n; i++) {
        const input = el("input", { type: "text", name: "person", required: true,
          autocomplete: "off", maxlength: 30 });
        input.value = typed[i] || defaults[i];
        names.append(field(t("player", { n: i + 1 }), input));
      }
      fillDealer();
    };
    const fillDealer = () => {
      const people = Array.from(names.querySelectorAll("input")).map((i) => i.value.trim());
      const at = dealer.selectedIndex;
      dealer.replaceChildren(...people.map((name, i) => el("option", { value: i, text: name })));
      dealer.selectedIndex = at >= 0 && at < people.length ? at : people.length - 1;
    };
    game.addEventListener("change", () => { fill(); fillOptions(); });
    count.addEventListener("change", fill);
    names.addEventListener("input", fillDealer);
    form.append(field(t("game"), game), field(t("count"), count), names,
      field(t("firstDealer"), dealer), options,
      el("p", {}, el("button", { type: "submit", class: "md-button md-button--primary",
        text: t("start") })));
    fill();
    fillOptions();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const people = Array.from(names.querySelectorAll("input")).map((i) => i.value.trim());
      // Only the options changed from the game's defaults (Python checks them).
      const chosen = {};
      optionControls.forEach((control) => {
        const value = control.value();
        if (value !== control.item.default) chosen[control.item.name] = value;
      });
      const state = { v: this.settings.version, game: game.value, people,
        dealer: Number(dealer.value), options: chosen, entries: [] };
      const answer = await this.score(state);
      if (!answer.ok) {
        this.note.textContent = answer.error;
        return;
      }
      this.save(state);
      this.show(state, answer);
    });
    this.body.replaceChildren(form, this.tools(false));
    this.root.setAttribute("data-state", "setup");
  }

  // The match ---------------------------------------------------------------------------------
  show(state, answer) {
    this.state = state;
    this.answer = answer;
    const people = answer.people;
    const head = el("tr", {}, el("th", { scope: "col", text: t("dealColumn") }),
      ...people.map((name) => el("th", { scope: "col", text: name })));
    const rows = answer.rows.map((row, i) => el("tr", {},
      el("th", { scope: "row" }, el("span", { class: "cr-pad__deal", text: t("deal", { n: i + 1 }) }),
        el("span", { class: "cr-pad__said", text: row.said })),
      ...row.gained.map((g) => el("td", { text: g }))));
    const total = el("tr", { class: "cr-pad__total" }, el("th", { scope: "row", text: t("total") }),
      ...answer.totals.map((s) => el("td", { text: s })));
    const table = el("table", { class: "cr-pad__table" },
      el("caption", { text: `${answer.title} · ${answer.length}` }),
      el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, total));
    const next = el("p", { class: "cr-pad__next", role: "status", text: answer.next });
    const parts = [el("div", { class: "cr-pad__scroll", "data-cr-scroll": true }, table), next];
    const rules = this.rulesInForce(answer);
    if (rules) parts.unshift(rules);
    if (!answer.over) parts.push(this.entryForm(answer.form, answer.rows.length + 1));
    parts.push(this.tools(true));
    this.body.replaceChildren(...parts);
    this.root.setAttribute("data-state", answer.over ? "over" : "playing");
  }

  /* The options the match is scored with, where they differ from the game's defaults (the
   * game's declarations, from the page's settings; the values, from Python's answer). */
  rulesInForce(answer) {
    const game = this.settings.games.find((g) => g.id === this.state.game);
    const changed = (game ? game.options : []).filter((item) =>
      Object.prototype.hasOwnProperty.call(answer.options || {}, item.name) &&
      answer.options[item.name] !== item.default);
    if (!changed.length) return null;
    return el("div", { class: "cr-pad__rules" },
      el("p", { class: "cr-pad__rules-head", text: t("options") }),
      el("ul", {}, ...changed.map((item) => el("li", {
        text: item.help + ": " + valueWords(answer.options[item.name]) }))));
  }

  entryForm(form, n) {
    const node = el("form", { class: "cr-pad__entry" });
    const set = el("fieldset", {}, el("legend", { text: t("deal", { n }) }));
    const seats = form.seats.map((name, i) => [i, name]);
    const sides = (form.sides || []).map((names, i) => [i, names]);
    const none = ["", t("nobody")];
    // A deal that carries the deal before's points (de vueltas): what each side brings.
    if (form.brought) set.append(el("p", { class: "cr-pad__brought", text: form.brought }));
    if (form.kind === "points") {
      form.sides.forEach((names, i) => {
        set.append(field(t("points", { names }), numberInput("points" + i, 0, 1000)));
      });
      if (form.tute) {
        set.append(field(t("tute"), select("tute", [none, ...sides], "")));
        set.append(field(t("last"), select("last", [none, ...sides], "")));
      } else if (form.last) {
        set.append(field(t("last"), select("last", sides, "0")));
      }
      if (form.cantes) set.append(checkbox("cantes", t("cantes")));
    } else if (form.kind === "tricks") {
      form.seats.forEach((name, i) => {
        set.append(field(t("tricks", { name }), numberInput("tricks" + i, 0, 9)));
      });
      set.append(field(t("first"), select("first", [none, ...seats], "")));
      set.append(checkbox("mordienne", t("mordienne")));
      if (form.surrender) {
        const choices = [["", t("surrenderNone")]];
        form.sides.forEach((names, i) => {
          choices.push([`accepted:${i}`, t("surrenderAccepted", { names })]);
          choices.push([`refused:${i}`, t("surrenderRefused", { names })]);
        });
        set.append(field(t("surrender"), select("surrender", choices, "")));
      }
    } else {
      const partner = form.partner;
      if (form.void) set.append(checkbox("void", t("void")));
      set.append(field(partner ? t("caller") : t("declarer"), select("holder", seats, 0)));
      if (partner) set.append(field(t("partner"), select("partner", seats, 0)));
      set.append(field(t("bid"), numberInput("bid", form.low, 1000)));
      set.append(field(partner ? t("taken") : t("takenDeclarer"), numberInput("taken", 0, 1000)));
    }
    node.append(set, el("p", {}, el("button", { type: "submit",
      class: "md-button md-button--primary", text: t("enter") })));
    this.restoreDraft(node, n);
    node.addEventListener("input", () => { this.saveDraft(node, n); });
    node.addEventListener("change", () => { this.saveDraft(node, n); });
    const voidBox = node.querySelector("input[name=void]");
    const sync = () => {
      if (!voidBox) return;
      node.querySelectorAll("input[type=number], select").forEach((c) => {
        c.disabled = voidBox.checked;
      });
    };
    if (voidBox) voidBox.addEventListener("change", sync);
    sync();
    node.addEventListener("submit", (event) => {
      event.preventDefault();
      this.enter(this.entryOf(node, form));
    });
    return node;
  }

  entryOf(node, form) {
    const value = (name) => { const c = node.elements.namedItem(name); return c ? c.value : ""; };
    const number = (name) => Number(value(name));
    const choice = (name) => (value(name) === "" ? null : Number(value(name)));
    const checked = (name) => { const c = node.elements.namedItem(name); return !!(c && c.checked); };
    if (form.kind === "points") {
      const entry = { points: form.sides.map((_, i) => number("points" + i)) };
      if (form.tute) { entry.tute = choice("tute"); entry.last = choice("last"); }
      if (form.last) entry.last = choice("last");
      if (form.cantes) entry.cantes = checked("cantes");
      return entry;
    }
    if (form.kind === "tricks") {
      const entry = { tricks: form.seats.map((_, i) => number("tricks" + i)),
        first: choice("first"), surrender: null, mordienne: checked("mordienne") };
      const offer = value("surrender");
      if (offer) {
        const [answer, side] = offer.split(":");
        entry.surrender = { answer, side: Number(side) };
      }
      return entry;
    }
    const box = node.elements.namedItem("void");
    if (box && box.checked) return { void: true };
    const entry = { holder: choice("holder"), bid: number("bid"), taken: number("taken") };
    if (form.partner) entry.partner = choice("partner");
    return entry;
  }

  saveDraft(node, n) {
    const values = {};
    Array.from(node.elements).forEach((c) => {
      if (!c.name) return;
      values[c.name] = c.type === "checkbox" ? c.checked : c.value;
    });
    write(DRAFT, JSON.stringify({ deal: n, values }));
  }

  restoreDraft(node, n) {
    let draft = null;
    try { draft = JSON.parse(read(DRAFT)); } catch (error) { draft = null; }
    if (!draft || draft.deal !== n || typeof draft.values !== "object") return;
    Object.keys(draft.values).forEach((name) => {
      const c = node.elements.namedItem(name);
      if (!c || !c.tagName) return;
      if (c.type === "checkbox") c.checked = Boolean(draft.values[name]);
      else c.value = String(draft.values[name]);
    });
  }

  async enter(entry) {
    const state = { ...this.state, entries: [...this.state.entries, entry] };
    let answer;
    try {
      answer = await this.score(state);
    } catch (error) {
      this.note.textContent = problem(error);
      return;
    }
    if (!answer.ok) {
      this.note.textContent = answer.error;
      return;
    }
    this.note.textContent = "";
    this.save(state);
    write(DRAFT, null);
    this.show(state, answer);
    const first = this.body.querySelector(".cr-pad__entry input, .cr-pad__entry select");
    if (first) first.focus();
  }

  async undo() {
    if (!this.state || !this.state.entries.length) return;
    const state = { ...this.state, entries: this.state.entries.slice(0, -1) };
    const answer = await this.score(state);
    if (!answer.ok) return;
    this.save(state);
    this.show(state, answer);
    const undo = this.body.querySelector("[data-cr-pad=undo]");
    if (undo && !undo.disabled) undo.focus();
  }

  // Out and back in: a link, a file; a new match ----------------------------------------------
  tools(playing) {
    const tools = el("div", { class: "cr-pad__tools" });
    const add = (text, action, attrs) => {
      const b = el("button", { type: "button", class: "md-button", text, ...attrs });
      b.addEventListener("click", action);
      tools.append(b);
      return b;
    };
    if (playing) {
      add(t("undo"), () => this.undo(), { "data-cr-pad": "undo",
        disabled: !this.state.entries.length });
      add(t("copyLink"), () => this.copyLink(), { "data-cr-pad": "link" });
      add(t("saveFile"), () => this.saveFile(), { "data-cr-pad": "file" });
      add(t("newMatch"), () => {
        write(ASIDE + new Date().toISOString(), JSON.stringify(this.state));
        write(KEY, null);
        write(DRAFT, null);
        this.note.textContent = "";
        this.setup();
      }, { "data-cr-pad": "new" });
    }
    const input = el("input", { type: "file", accept: ".json,application/json",
      class: "cr-pad__file" });
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      let state = null;
      try { state = JSON.parse(await file.text()); } catch (error) { state = null; }
      await this.adopt(state, t("loaded"));
    });
    tools.append(field(t("openFile"), input));
    return tools;
  }

  link() {
    const here = window.location.href.split("#")[0];
    return `${here}#pad=${encode(JSON.stringify(this.state))}`;
  }

  async copyLink() {
    const link = this.link();
    try {
      await navigator.clipboard.writeText(link);
      this.say(t("copied"));
    } catch (error) {
      // No clipboard here: the link is shown, selected, to copy by hand.
      const shown = el("input", { type: "text", readonly: true, class: "cr-pad__link" });
      shown.value = link;
      const tools = this.body.querySelector(".cr-pad__tools");
      const old = tools.querySelector(".cr-pad__link");
      if (old) old.parentNode.remove();
      tools.append(field(t("copyLink"), shown));
      shown.select();
    }
  }

  saveFile() {
    const blob = new Blob([JSON.stringify(this.state, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob),
      download: `scorepad-${this.state.game}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
}

function init() {
  const holder = document.getElementById("cr-widget-config");
  const root = document.getElementById("cr-scorepad");
  if (!holder || !root) return;
  let config;
  try { config = JSON.parse(holder.textContent); } catch (error) { return; }
  configure(config);
  const pad = new ScorePad(root, config);
  window.crScorePad = pad;
  pad.load().catch((error) => {
    root.setAttribute("data-state", "failed");
    pad.note.textContent = problem(error);
  });
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", init, { once: true });
} else {
  init();
}
