/* cardrules widget: a seat at the table and its hand, drawn the same in the stepper and in play
 * mode.
 *
 *   new SeatBox(seat, name, dealer, options)   the seat's box: its name, its part or partners,
 *                                              whether it deals, whose turn, its cards
 *                                              (`options.count`: say how many; `options.css`:
 *                                              classes of play mode's layout)
 *   box.draw(shown)                            `shown`: {side: words ("" none), colour: the
 *                                              side's colour or null, turn, actor, cards:
 *                                              the pictures and backs to show, open} */

import { el, place } from "./dom.js";
import { t } from "./text.js";

export class SeatBox {
  constructor(seat, name, dealer, options) {
    const css = (options && options.css) || {};
    this.name = name;
    this.css = css;
    this.side = el("span", { class: "cr-board__side", hidden: true });
    this.dealer = dealer ? el("span", { class: "cr-board__dealer" }) : null;
    this.turn = el("span", { class: "cr-board__turn", text: t("toPlay"), hidden: true });
    this.count = options && options.count ? el("span", { class: "cr-play__count" }) : null;
    this.hand = el("div", { class: css.hand || "cr-board__hand" });
    this.box = el("div", { class: "cr-board__seat", "data-seat": seat },
      el("div", { class: "cr-board__seat-head" },
        el("span", { class: "cr-board__name", text: name }), " ",
        el("span", { class: "cr-board__meta" }, this.side, this.dealer), " ", this.turn,
        this.count ? " " : null, this.count),
      this.hand);
  }

  draw(shown) {
    this.side.textContent = shown.side || "";
    this.side.hidden = !shown.side;
    if (this.dealer) this.dealer.textContent = (shown.side ? " · " : "") + t("dealer");
    const colour = shown.colour;
    this.box.className = "cr-board__seat" + (this.css.box ? " " + this.css.box : "") +
      (colour !== null && colour !== undefined ? " cr-side-" + colour : "") +
      (shown.turn ? " is-turn" : "") + (shown.actor ? " is-actor" : "");
    this.turn.hidden = !shown.turn;
    if (this.css.open) this.hand.classList.toggle(this.css.open, !!shown.open);
    place(this.hand, shown.cards);
    const count = t("cards", { n: shown.cards.length });
    if (this.count) this.count.textContent = count;
    this.box.setAttribute("aria-label", this.name + ", " + count);
  }
}
