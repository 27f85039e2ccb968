/* cardrules widget: one step of a deal drawn for the stepper, as one viewer is shown it.
 *
 * Python sends a deal as one viewer is shown it (cardrules.web.steps: the open account, or one
 * seat's): every step's words as that viewer is told them, the hands with the cards it may not
 * see as null (drawn as backs), each seat's side colour and part in a contract as it knows
 * them, the score table as it counts it. This module draws that and derives nothing: who may
 * see what, who scores what and a game's rules are Python's.
 *
 * The elements are made once per deal (layout); each step then only moves and retexts them. A
 * card is in one place at a time, so each card has one <img> that moves from a hand to the
 * table: stepping makes no new picture. The table, the hands, the score and the auction are
 * the modules play mode draws with too (table.js, hands.js, score.js, auction.js).
 *
 *   new DealView(board, figure)   `board`: the element to draw in; `figure`: the diagram's
 *                                 <figure> (its static list of tricks follows the step)
 *   view.layout(data)             the elements for a deal (an answer of deal_steps)
 *   view.draw(index)              step `index` */

import { cardBack, cardImage, el, labelInfo, labelLink, place } from "./dom.js";
import { AuctionView } from "./auction.js";
import { SeatBox } from "./hands.js";
import { ScoreView } from "./score.js";
import { TrickView } from "./table.js";
import { join, t } from "./text.js";

export class DealView {
  constructor(board, figure) {
    this.board = board;
    this.figure = figure;
    this.data = null;
    this.index = 0;
  }

  layout(data) {
    this.data = data;
    this.cards = {};
    this.backs = [];
    this.text = el("p", { class: "cr-board__text" });
    this.explain = el("p", { class: "cr-board__explain", hidden: true });
    // The record's note on the step (a comment in the page's language), as text.
    this.noteText = el("span", { class: "cr-board__note-text" });
    this.note = el("p", { class: "cr-board__note", hidden: true },
      el("span", { class: "cr-board__note-label", text: t("note") }), " ", this.noteText);
    this.seats = data.seats.map((seat, i) => new SeatBox(i, seat.name, seat.dealer));
    this.auction = data.auction
      ? new AuctionView(data.seats.map((seat) => seat.name), data.auction.rounds) : null;
    this.trick = new TrickView("");
    this.score = new ScoreView("");
    this.result = el("p", { class: "cr-board__result", hidden: true });
    this.board.replaceChildren(this.text, this.explain, this.note,
      el("div", { class: "cr-board__seats" }, ...this.seats.map((seat) => seat.box)),
      this.auction ? this.auction.root : "",
      el("div", { class: "cr-board__middle" }, this.layoutTrump(data), this.trick.root,
        this.faceDown),
      el("div", { class: "cr-board__score-box" }, this.score.root, this.result));
    this.staticTricks = Array.from(this.figure.querySelectorAll("li.cr-trick[data-trick]"));
    this.shownTrick = null;
  }

  /* The turned-up card, trumps, the talon and the stock; and the cards put face down. */
  layoutTrump(data) {
    this.turnup = el("div", { class: "cr-board__turnup" });
    this.turnupLabel = el("span", { class: "cr-board__small", text: t("turnUp") });
    this.stock = el("p", { class: "cr-board__stock", hidden: true });
    this.trumps = el("p", { class: "cr-board__trumps", "data-trump": data.trump || "" });
    // The talon: face down until shown, then face up with who took it (its own pictures: the
    // cards themselves go on to a hand).
    this.talon = null;
    if (data.talon) {
      this.talonCards = el("div", { class: "cr-board__talon-cards" });
      this.talonLabel = el("span", { class: "cr-board__small" });
      this.talon = el("div", { class: "cr-board__talon" }, this.talonCards, this.talonLabel);
      this.talonUp = data.talon.cards.map((code) =>
        cardImage(data.style, code, data.cards[code], "cr-card--talon"));
      this.talonDown = data.talon.cards.map(() => cardBack(data.style));
    }
    this.faceDown = el("div", { class: "cr-board__face-down", hidden: true });
    return el("div", { class: "cr-board__trump" }, this.turnup, this.trumps, this.talon,
      this.stock);
  }

  /* A card's name as a screen reader says it at this step: "three of cups, trump" once its
   * suit is trumps (not before: in Chiamata the call makes them). */
  cardName(code) {
    const name = this.data.cards[code] || code;
    const step = this.data.steps[this.index];
    const trump = step ? step.trump : this.data.trump;
    return trump && code.slice(-1) === trump ? t("trumpCard", { card: name }) : name;
  }

  card(code) {
    const cards = this.cards;
    if (!cards[code]) cards[code] = cardImage(this.data.style, code, this.data.cards[code]);
    const name = this.cardName(code);
    if (cards[code].alt !== name) cards[code].alt = name;
    return cards[code];
  }

  /* The `n`-th back of this step (backs are shared: any back looks like any other). */
  back(n) {
    while (this.backs.length <= n) this.backs.push(cardBack(this.data.style));
    return this.backs[n];
  }

  draw(index) {
    const data = this.data;
    this.index = index;
    const step = data.steps[index];
    this.drawWords(step);
    this.backsUsed = 0;
    this.drawSeats(step);
    this.drawFaceDown();
    if (this.auction) {
      this.auction.draw(data.auction.calls, index, step.phase !== "auction",
        // Open during the auction and what follows it until the first card is played.
        step.trick === 1 && !step.table.length);
    }
    this.drawTalon(step);
    this.drawTrump(step);
    this.trick.draw(step, { who: (seat) => data.seats[seat].name, card: (code) => this.card(code),
      side: (seat) => step.side_of[seat], said: step.trick_text });
    this.score.draw(step.score);
    const end = index === data.steps.length - 1 && data.result;
    this.result.hidden = !end;
    this.result.textContent = end ? data.result.text : "";
    this.followTricks(step);
  }

  /* What just happened (as this view is told it), the label's definition, the note. */
  drawWords(step) {
    const said = [step.text];
    if (step.label) said.push(" ", labelLink(step.label));
    if (step.draw_text) {
      said.push(" ", el("span", { class: "cr-board__draws", text: step.draw_text }));
    }
    if (step.news_text) {
      said.push(" ", el("span", { class: "cr-board__news", text: step.news_text }));
    }
    this.text.replaceChildren(...said);
    const info = step.label ? labelInfo(step.label) : null;
    this.explain.hidden = !info;
    if (info) {
      this.explain.replaceChildren(el("em", { text: info.word }),
        " — " + info.gloss + ". " + info.definition);
    }
    // A note is the annotator's, who sees every card: a seat's view only says it is there.
    const noted = !!step.note || notedAt(this.data, this.index);
    this.noteText.textContent = step.note || (noted ? t("noteElsewhere") : "");
    this.note.hidden = !noted;
    this.note.classList.toggle("is-elsewhere", noted && !step.note);
    this.note.setAttribute("data-step", String(this.index));
  }

  /* Each seat: its part in a contract or its partners (once the view knows the sides), its
   * side colour, whose turn, its hand (pictures, or backs where the view may not see). */
  drawSeats(step) {
    const data = this.data;
    this.seats.forEach((box, i) => {
      const colour = step.side_of[i];
      const partners = data.seats[i].partners;
      const side = step.roles ? step.roles[i] : (colour !== null && partners.length
        ? t("partners", { names: join(partners.map((s) => data.seats[s].name)) }) : "");
      box.draw({ side, colour, turn: step.turn === i, actor: step.actor === i,
        cards: step.hands[i].map((code) => (code === null ? this.back(this.backsUsed++)
          : this.card(code))) });
    });
  }

  /* Cards put face down so far, by seat: pictures where the view sees them, else backs. */
  drawFaceDown() {
    const bySeat = new Map();
    this.data.face_down.forEach(([seat, code, at]) => {
      if (at > this.index) return;
      if (!bySeat.has(seat)) bySeat.set(seat, []);
      bySeat.get(seat).push(code === null ? this.back(this.backsUsed++) : this.card(code));
    });
    const groups = [];
    bySeat.forEach((cards, seat) => {
      groups.push(el("div", { class: "cr-board__face-down-seat", "data-seat": seat },
        el("span", { class: "cr-board__small",
          text: t("faceDown", { name: this.data.seats[seat].name }) }),
        el("div", { class: "cr-board__face-down-cards" }, ...cards)));
    });
    this.faceDown.replaceChildren(...groups);
    this.faceDown.hidden = !groups.length;
  }

  drawTalon(step) {
    const talon = this.data.talon;
    if (!this.talon) return;
    const taken = talon.step !== null && this.index >= talon.step;
    if (taken) {
      place(this.talonCards, this.talonUp);
      this.talonLabel.textContent = talon.seat !== null
        ? t("talonTaken", { name: this.data.seats[talon.seat].name }) : t("talonShown");
    } else {
      place(this.talonCards, this.talonDown.slice(0, step.talon));
      this.talonLabel.textContent = t("talon");
    }
    this.talon.hidden = !taken && !step.talon;
    this.talon.classList.toggle("is-shown", taken);
  }

  /* Trumps, the turned-up card; the stock (or, in games without drawing, the cards out of
   * play). */
  drawTrump(step) {
    const data = this.data;
    this.trumps.textContent = step.trumps;
    this.trumps.setAttribute("data-trump", step.trump || "");
    place(this.turnup, step.turn_up ? [this.card(step.turn_up), this.turnupLabel] : []);
    this.turnup.hidden = !step.turn_up;
    const stock = data.draws ? step.stock : step.stock + step.aside;
    this.stock.hidden = !(stock || data.draws);
    this.stock.textContent = data.draws ? t("stock", { n: stock }) : t("aside", { n: stock });
    this.stock.setAttribute("data-stock", step.stock);
  }

  /* The static list of tricks becomes a way to jump to a trick: `go(n)` goes to trick n. */
  linkTricks(go) {
    this.figure.querySelectorAll("li.cr-trick[data-trick]").forEach((item) => {
      const trick = Number(item.getAttribute("data-trick"));
      item.addEventListener("click", (event) => {
        if (!(event.target instanceof Element && event.target.closest("a"))) go(trick);
      });
      item.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          go(trick);
        }
      });
    });
  }

  /* The static list of tricks follows along. */
  followTricks(step) {
    const current = this.figure.classList.contains("cr-deal--replaced") ? null : step.trick;
    if (current === this.shownTrick) return;
    this.shownTrick = current;
    this.staticTricks.forEach((item) => {
      item.classList.toggle("cr-trick--current",
        Number(item.getAttribute("data-trick")) === current);
    });
  }
}

/* Whether the record has a note on step `index` (shown in the open account only). */
function notedAt(data, index) {
  return data.noted.indexOf(index) >= 0;
}
