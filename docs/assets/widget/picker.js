/* cardrules widget: the deal picker, the "Try it" page's source panel. Show a sample deal, deal
 * a new one (played out by the package's bots: cardrules.web.steps.new_deal), or paste a record
 * (cardrules.web.steps.deal_steps); the stepper shows the answer, and the record of what it shows. */

import { button, el, recordText } from "./dom.js";
import { Runtime } from "./runtime.js";
import { page, t } from "./text.js";

/* The panel for `board` (a Stepper: its loadFrom shows an answer on its way; its setState says
 * what went wrong). Returns {panel, recordBox}. */
export function dealPicker(board) {
  const panel = el("div", { class: "cr-widget__source" });
  panel.append(el("p", { class: "cr-board__heading", text: t("source") }));
  const sample = el("select", { class: "cr-source__sample", "aria-label": t("sample") });
  // Shown elsewhere than the sample menu: a new deal or a pasted record.
  const shownElsewhere = (shown) => { if (shown) sample.value = ""; };
  panel.append(samplesRow(board, sample), newDealRow(board, shownElsewhere));
  const paste = el("textarea", { class: "cr-source__paste", rows: 5, spellcheck: "false",
    "aria-label": t("paste") });
  const pasteButton = button(t("pasteButton"), t("pasteButton"), () => {
    board.loadFrom(Runtime.call("deal_steps", [paste.value, page.lang]), false)
      .then(shownElsewhere);
  }, "cr-source__load");
  panel.append(el("details", { class: "cr-source__details" },
    el("summary", { text: t("paste") }), paste, pasteButton));
  const recordBox = el("pre", { class: "cr-source__record" });
  panel.append(el("details", { class: "cr-source__details" },
    el("summary", { text: t("record") }), recordBox));
  return { panel, recordBox };
}

/* The sample deals, and the button that shows the one chosen. */
function samplesRow(board, sample) {
  // Named when the board shows a deal that is not a sample (a new deal, a pasted record).
  const other = el("option", { value: "", text: t("otherDeal") });
  other.hidden = true;
  sample.append(other);
  (page.config.examples || []).forEach((example) => {
    sample.append(el("option", { value: example.path, text: example.title }));
  });
  const current = board.figure.getAttribute("data-record");
  if (current) sample.value = current;
  const showSample = button(t("show"), t("show"), () => {
    if (!sample.value) return;
    const path = sample.value;
    board.loadFrom(recordText(path).then((text) => Runtime.call("deal_steps",
      [text, page.lang])), path === current);
  }, "cr-source__show");
  return el("div", { class: "cr-source__row" },
    el("label", null, t("sample") + " ", sample), showSample);
}

/* A new deal: the game, the players, the seed, and the button that deals it. */
function newDealRow(board, shownElsewhere) {
  const game = el("select", { class: "cr-source__game", "aria-label": t("game") });
  const players = el("select", { class: "cr-source__players", "aria-label": t("playerCount") });
  const games = page.config.games || [];
  games.forEach((g) => { game.append(el("option", { value: g.id, text: g.title })); });
  const fillPlayers = () => {
    const chosen = games.find((g) => g.id === game.value);
    const counts = chosen ? chosen.players : [];
    players.replaceChildren(...counts.map((n) => el("option", { value: n, text: String(n) })));
  };
  game.addEventListener("change", fillPlayers);
  fillPlayers();
  const seed = el("input", { class: "cr-source__seed", type: "number", min: 0, step: 1,
    inputmode: "numeric", placeholder: t("seedHint"), "aria-label": t("seed") });
  const dealButton = button(t("deal"), t("deal"), () => {
    const value = seed.value.trim();
    const seedValue = value === "" ? null : Number(value);
    if (seedValue !== null && !(Number.isSafeInteger(seedValue) && seedValue >= 0)) {
      board.setState("error", t("badSeed", { seed: value }));
      return;
    }
    board.loadFrom(Runtime.call("new_deal", [game.value, Number(players.value), seedValue,
      page.lang]), false).then(shownElsewhere);
  }, "cr-source__deal");
  return el("div", { class: "cr-source__row" },
    el("span", { class: "cr-source__label", text: t("newDeal") }),
    el("label", null, t("game") + " ", game),
    el("label", null, t("playerCount") + " ", players),
    el("label", null, t("seed") + " ", seed),
    dealButton);
}
