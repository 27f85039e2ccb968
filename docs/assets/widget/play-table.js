/* cardrules widget: play mode's table: the reader's view of the deal in play, drawn from what
 * cardrules.web.play sends for the reader's seat (the account of the position for that seat:
 * other hands as backs unless the seat sees them, the score table as the seat counts it, the
 * auction so far). The table, the seats, the score and the auction are drawn with the
 * stepper's modules (table.js, hands.js, score.js, auction.js); the hand is the reader's: a
 * button per card.
 *
 *   new PlayTable(play)   its element (root), its status line, its announcer
 *   table.start(game)     the seats, score and auction of a new session (play_start's answer)
 *   table.draw()          the play's state now */

import { button, cardBack, cardImage, el, labelLink, place, roving } from "./dom.js";
import { AuctionView } from "./auction.js";
import { SeatBox } from "./hands.js";
import { PlayChoices } from "./play-choices.js";
import { ScoreView } from "./score.js";
import { TrickView } from "./table.js";
import { join, t } from "./text.js";

const SEAT_CSS = { box: "cr-play__seat", hand: "cr-play__backs", open: "cr-play__open" };

export class PlayTable {
  constructor(play) {
    this.play = play;
    this.choices = new PlayChoices(play);
    this.handAt = null; // the card of the hand that is the hand's tab stop
    this.cardButtons = new Map(); // the hand's buttons, by card code (kept across redraws)
    this.build();
  }

  build() {
    this.root = el("div", { class: "cr-play__table", hidden: true, role: "region",
      "aria-label": t("play.tableLabel"), tabindex: "-1" });
    // What happens, said once each by a screen reader: every step, who took a trick, a hint,
    // an undo (the table itself redraws at every step).
    this.announcer = el("p", { class: "cr-sr-only", "aria-live": "polite" });
    // The focus stays in the table while the reader plays there (a redraw that removes the
    // focused card puts it on the next one, or on the table).
    this.root.addEventListener("focusin", () => { this.play.engaged = true; });
    this.root.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (next instanceof Element && !this.root.contains(next)) this.play.engaged = false;
    });
    this.title = el("p", { class: "cr-play__title" });
    this.status = el("p", { class: "cr-play__status", role: "status", "aria-live": "polite" });
    this.seats = el("div", { class: "cr-play__seats" });
    this.turnup = el("div", { class: "cr-board__turnup cr-play__turnup" });
    this.trumps = el("p", { class: "cr-board__trumps cr-play__trumps" });
    this.stock = el("p", { class: "cr-board__stock cr-play__stock" });
    this.talon = el("div", { class: "cr-play__talon", hidden: true });
    this.trick = new TrickView("cr-play__");
    this.auctionBox = el("div", { class: "cr-play__auction" });
    this.situation = el("p", { class: "cr-play__situation", hidden: true });
    this.lastText = el("p", { class: "cr-board__text cr-play__last" });
    this.logList = el("ol", { class: "cr-play__log" });
    this.logBox = el("details", { class: "cr-play__log-box" },
      el("summary", { text: t("play.log") }), this.logList);
    this.scoreBox = el("div", { class: "cr-board__score-box" });
    this.root.append(this.buildHead(), this.status, this.lastText, this.seats, this.auctionBox,
      el("div", { class: "cr-board__middle" },
        el("div", { class: "cr-board__trump" }, this.turnup, this.trumps, this.stock,
          this.talon),
        this.trick.root),
      this.situation, this.choices.hintBox, this.buildHand(), this.scoreBox, this.buildEnd(),
      this.logBox, this.announcer);
  }

  /* The title, and Hint, Undo, New game. */
  buildHead() {
    const play = this.play;
    this.hintButton = button(t("play.hint"), t("play.hint"), () => { play.askHint(); },
      "cr-play__hint");
    this.undoButton = button("↶ " + t("play.undo"), t("play.undoTitle"), () => { play.undo(); },
      "cr-play__undo");
    const newButton = button(t("play.newGame"), t("play.newGame"), () => { play.backToSetup(); },
      "cr-play__new");
    return el("div", { class: "cr-play__head" }, this.title,
      el("div", { class: "cr-play__buttons" }, this.hintButton, this.undoButton, newButton));
  }

  /* The reader's hand (one tab stop, the arrow keys inside it) and choices. */
  buildHand() {
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
    this.you = el("div", { class: "cr-play__you" },
      el("p", { class: "cr-board__heading", text: t("play.hand") }), this.handBox,
      this.choices.moves);
    return this.you;
  }

  /* At the end: the record, to copy, save or open in the stepper. */
  buildEnd() {
    const play = this.play;
    this.recordBox = el("pre", { class: "cr-source__record cr-play__record" });
    this.end = el("div", { class: "cr-play__end", hidden: true },
      el("div", { class: "cr-source__row" },
        button(t("play.copy"), t("play.copy"), () => { play.copyRecord(); }, "cr-play__copy"),
        button(t("play.download"), t("play.download"), () => { play.downloadRecord(); },
          "cr-play__download"),
        button(t("play.open"), t("play.open"), () => { play.openRecord(); }, "cr-play__open"),
        button(t("play.analyse"), t("play.analyseTitle"), () => { play.analyse(); },
          "cr-play__analyse")),
      el("details", { class: "cr-source__details", open: true },
        el("summary", { text: t("record") }), this.recordBox));
    return this.end;
  }

  /* A new session: its seats (the reader's own is the hand), score table and auction. */
  start(game) {
    this.cardButtons = new Map();
    this.handAt = null;
    this.choices.called = null;
    this.choices.callAt = null;
    this.backs = [];
    this.boxes = game.seats.map((seat, i) => new SeatBox(i, seat.name, seat.dealer,
      { count: true, css: SEAT_CSS }));
    this.seats.replaceChildren(...this.boxes.filter((box, i) => i !== game.seat)
      .map((box) => box.box));
    this.score = new ScoreView("cr-play__score");
    this.scoreBox.replaceChildren(this.score.root);
    this.auction = null;
    this.auctionBox.replaceChildren();
    this.title.textContent = t("play.title", { game: game.title, name: game.seats[game.seat].name });
  }

  draw() {
    const game = this.play.game;
    const state = this.play.state;
    if (!game || !state) return;
    const last = this.play.log[this.play.log.length - 1];
    this.drawWords(last);
    this.drawSeats(game, state);
    this.drawTrump(game, state);
    this.trick.draw(state, { who: (seat) => this.name(seat), card: (code) => this.card(code),
      side: (seat) => state.side_of[seat],
      said: state.done && last && last.trick_text ? last.trick_text : "" });
    this.drawAuction(game, state);
    this.situation.textContent = state.situation.join(" ");
    this.situation.hidden = !state.situation.length || state.over;
    // The reader's hand and choices.
    const mayAct = !this.play.pending && !state.over;
    this.drawHand(state, mayAct);
    this.choices.draw(state, mayAct);
    this.drawStatus(game, state);
    this.drawButtons(state);
    this.choices.drawHints();
    this.drawScore(game, state);
    this.you.hidden = state.over && !state.cards.length;
    this.status.classList.toggle("is-over", !!state.over);
    this.end.hidden = !state.over;
    if (state.over) this.recordBox.textContent = state.record_text || "";
    this.keepFocus(state, mayAct);
  }

  /* What just happened, as the narration tells it to this seat. */
  drawWords(last) {
    const said = [];
    if (last) {
      said.push(last.text);
      if (last.label) said.push(" ", labelLink(last.label));
      if (last.draw_text) {
        said.push(" ", el("span", { class: "cr-board__draws", text: last.draw_text }));
      }
    }
    this.lastText.replaceChildren(...said);
    this.logBox.hidden = this.play.log.length < 2;
  }

  /* The other seats: their cards as backs, or face up when this seat may see them. */
  drawSeats(game, state) {
    let backs = 0;
    this.boxes.forEach((box, seat) => {
      if (seat === game.seat) return;
      const visible = state.visible[String(seat)];
      const cards = visible ? visible.map((code) => this.card(code))
        : Array.from({ length: state.hand_sizes[seat] }, () => this.back(backs++));
      const partners = state.partners[seat];
      box.draw({ side: partners.length ? this.partners(partners) : "",
        colour: state.side_of[seat], turn: state.turn === seat && !state.over, cards,
        open: !!visible });
    });
  }

  /* The `n`-th back of the redraw. */
  back(n) {
    while (this.backs.length <= n) this.backs.push(cardBack(this.play.game.style));
    return this.backs[n];
  }

  /* Trumps, the turned-up card, the stock, a talon shown. */
  drawTrump(game, state) {
    place(this.turnup, state.turn_up ? [this.card(state.turn_up),
      el("span", { class: "cr-board__small", text: t("turnUp") })] : []);
    this.turnup.hidden = !state.turn_up;
    this.trumps.textContent = state.trump_name ? t("trumps", { suit: state.trump_name })
      : t("noTrumpsYet");
    this.trumps.setAttribute("data-trump", state.trump || "");
    this.stock.hidden = !game.draws;
    this.stock.textContent = t("stock", { n: state.stock });
    this.talon.hidden = !state.talon.length;
    this.talon.replaceChildren(el("span", { class: "cr-board__small", text: t("play.talon") }),
      ...state.talon.map((code) => this.card(code)));
  }

  /* The auction so far, as the stepper draws it (open until the first card is played). */
  drawAuction(game, state) {
    if (!state.auction) return;
    if (!this.auction) {
      this.auction = new AuctionView(game.seats.map((seat, i) => this.name(i)),
        state.auction.rounds);
      this.auctionBox.replaceChildren(this.auction.root);
    }
    this.auction.draw(state.auction.calls, state.step, state.phase !== "auction",
      state.trick === 1 && !state.table.length);
  }

  /* Whose turn, and the end. */
  drawStatus(game, state) {
    const play = this.play;
    if (state.over) {
      play.say(state.result ? state.result.text : "");
    } else if (state.your_turn && !play.pending) {
      const cards = state.cards.some((item) => item.play);
      const moves = state.moves.length > 0;
      play.say((cards && moves ? t("play.yourTurnOr")
        : (cards ? t("play.yourTurn") : t("play.yourMove"))) +
        (state.may_play ? " " + state.may_play : ""));
    } else if (state.interject && !play.pending) {
      play.say(state.interject.text);
    } else if (state.turn !== null && state.turn >= 0 && state.turn !== game.seat) {
      play.say(t("play.thinking", { name: game.seats[state.turn].name }));
    }
  }

  /* The score table as the seat is shown it ("you" for the reader's own row). */
  drawScore(game, state) {
    const you = (row) => (row.seats.length === 1 && row.seats[0] === game.seat
      ? t("play.you") : row.name);
    this.score.draw(state.score, you);
  }

  /* Hint and Undo stay focusable when they cannot be used now (aria-disabled): the focus is
   * never lost to the page when one of them is pressed. */
  drawButtons(state) {
    const play = this.play;
    // A hint at the reader's turn, and while a move out of turn is offered (state.interject).
    const noHint = !(state.your_turn || state.interject) || state.over || play.pending ||
      play.thinking;
    this.hintButton.toggleAttribute("aria-disabled", noHint);
    if (noHint) this.hintButton.setAttribute("aria-disabled", "true");
    const noUndo = !state.can_undo || play.busy;
    this.undoButton.toggleAttribute("aria-disabled", noUndo);
    if (noUndo) this.undoButton.setAttribute("aria-disabled", "true");
  }

  /* The hand: one button per card, named in words, kept from one redraw to the next; one tab
   * stop for the whole hand (the arrow keys move inside it). Greyed: only the cards that may
   * not be played when it is the reader's turn to play a card (while bidding, the hand shows
   * at full strength). */
  drawHand(state, mayAct) {
    const hinted = this.play.hints && this.play.hints.best ? this.play.hints.best : null;
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
        const here = this.handBox.children[i];
        if (here !== node) this.handBox.insertBefore(node, here || null);
      });
      while (this.handBox.children.length > nodes.length) this.handBox.lastElementChild.remove();
    }
  }

  cardClicked(node) {
    const state = this.play.state;
    if (!state) return;
    const code = node.getAttribute("data-card");
    const item = state.cards.find((card) => card.code === code);
    if (!item) return;
    if (item.play && !this.play.pending && !state.over) this.play.act(item.play);
    else if (item.why) this.play.say(item.why);
  }

  /* After a redraw, the focus is where the reader can go on: on their turn, the hand's card
   * (or the first choice); otherwise the table. A control that still has it (Hint, Undo, a
   * menu) keeps it. */
  keepFocus(state, mayAct) {
    if (!this.play.engaged || this.root.hidden) return;
    const focused = document.activeElement;
    const inside = focused instanceof HTMLElement && this.root.contains(focused) &&
      focused !== this.root && !focused.disabled;
    const idle = focused === this.root;
    const myTurn = (state.your_turn || !!state.interject) && mayAct;
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
        target = this.choices.moves.querySelector(".cr-play__call-cell[tabindex='0'], " +
          "select:not([disabled]), button:not([disabled])");
      }
    }
    (target || this.root).focus({ preventScroll: !target });
  }

  name(seat) {
    return seat === this.play.game.seat ? t("play.you") : this.play.game.seats[seat].name;
  }

  /* "partner of Bea", "your partner", "partner of you and Bea": a seat's partners (`others`,
   * as the reader knows them), in words. */
  partners(others) {
    const game = this.play.game;
    const names = others.filter((s) => s !== game.seat).map((s) => game.seats[s].name);
    if (others.length === names.length) return t("partners", { names: join(names) });
    return names.length ? t("play.partnersWithYou", { names: join(names) }) : t("play.yourPartner");
  }

  cardName(code) {
    return (this.play.names && this.play.names[code]) || code;
  }

  /* A card's name as a screen reader says it ("three of cups, trump"). */
  spokenName(code) {
    const spoken = this.play.state && this.play.state.spoken;
    return (spoken && spoken[code]) || this.cardName(code);
  }

  card(code, extra) {
    return cardImage(this.play.game.style, code, this.spokenName(code), extra);
  }

  logItem(step) {
    const item = el("li", { "data-actor": step.actor, "data-action": step.action }, step.text);
    if (step.label) item.append(" ", labelLink(step.label));
    if (step.trick_text) item.append(" ", el("strong", { text: step.trick_text }));
    if (step.draw_text) item.append(" ", el("span", { class: "cr-board__draws",
      text: step.draw_text }));
    return item;
  }
}
