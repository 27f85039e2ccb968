/* cardrules widget: play mode's choices other than a card (the moves, a run of bids as one
 * menu and one button, the chooser of the card to call) and the hint's estimates.
 *
 *   new PlayChoices(play)   its elements: moves, hintBox
 *   choices.draw(state, mayAct), choices.drawHints() */

import { button, el, roving } from "./dom.js";
import { labeled, option } from "./play-setup.js";
import { t } from "./text.js";

/* Bids and other numbered moves are offered as one menu from this many on. */
const MENU_FROM = 6;

export class PlayChoices {
  constructor(play) {
    this.play = play;
    this.called = null; // the card chosen in the call chooser (its action), not yet called
    this.callAt = null; // the chooser's tab stop (an action)
    this.moves = el("div", { class: "cr-play__moves", role: "group",
      "aria-label": t("play.choices") });
    this.hintBox = el("div", { class: "cr-play__hints", hidden: true });
  }

  /* The reader's choices other than a card: the moves, bids as one menu, the call chooser. */
  draw(state, mayAct) {
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
          if (mayAct) this.play.act(select.value);
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
      const node = button(move.text, null, () => { if (mayAct) this.play.act(move.action); },
        "cr-play__move");
      node.setAttribute("data-action", move.action);
      node.disabled = !mayAct;
      if (this.play.hints && this.play.hints.best === move.action) node.classList.add("is-hinted");
      nodes.push(node);
      i++;
    }
    // While the bots wait for the reader's move out of turn (the status says so): the button
    // that lets the play go on.
    if (state.interject) {
      const goOn = button(state.interject.go_on, null, () => { if (mayAct) this.play.goOn(); },
        "cr-play__move");
      goOn.setAttribute("data-action", "go-on");
      goOn.disabled = !mayAct;
      nodes.push(goOn);
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
          this.play.render();
          if (item.warning) this.play.tell([item.warning]);
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
      if (chosen && mayAct) this.play.act(chosen.action);
    }, "cr-play__move cr-play__call-go" + (chosen && chosen.yours ? " is-alone" : ""));
    confirm.disabled = !mayAct || !chosen;
    confirm.setAttribute("data-action", "call-go");
    const warning = el("p", { class: "cr-play__call-warning", hidden: !(chosen && chosen.warning),
      text: chosen ? chosen.warning : "" });
    return el("div", { class: "cr-play__calling", "aria-description": t("play.callKeys") },
      el("p", { class: "cr-play__call-note", text: call.note }), grid, warning, confirm);
  }

  drawHints() {
    const hints = this.play.hints;
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
}
