/* cardrules widget: the trick on the table, drawn the same in the stepper and in play mode.
 *
 *   new TrickView(extra)      the trick's box (its heading, the plays, "no card yet", who took
 *                             it); `extra`: the class prefix of play mode's layout
 *                             ("cr-play__": cr-play__trick, cr-play__plays)
 *   view.draw(step, how)      `step`: {trick, table: [[seat, code, label]], done, taking};
 *                             `how`: {who(seat), card(code), side(seat): a colour or null,
 *                             said: who took the trick, in words} */

import { el, labelLink } from "./dom.js";
import { t } from "./text.js";

export class TrickView {
  constructor(extra) {
    this.heading = el("p", { class: "cr-board__heading" });
    this.plays = el("ol", { class: "cr-board__plays" + (extra ? " " + extra + "plays" : "") });
    this.empty = el("p", { class: "cr-board__small", text: t("empty") });
    this.result = el("p", { class: "cr-board__trick-result" });
    this.root = el("div", { class: "cr-board__trick" + (extra ? " " + extra + "trick" : "") },
      this.heading, this.plays, this.empty, this.result);
  }

  draw(step, how) {
    this.heading.textContent = t("table") + " · " + t("trick", { n: step.trick });
    this.root.classList.toggle("is-done", !!step.done);
    const plays = step.table.map(([seat, code, label], k) => {
      const side = how.side(seat);
      const item = el("li", {
        class: "cr-board__play" + (side !== null && side !== undefined ? " cr-side-" + side : "") +
          (step.done && k === step.taking ? " is-winner" : ""),
        "data-seat": seat, "data-card": code
      }, how.card(code), el("span", { class: "cr-board__who", text: how.who(seat) }));
      if (label) item.append(labelLink(label));
      return item;
    });
    this.plays.replaceChildren(...plays);
    this.plays.hidden = !plays.length;
    this.empty.hidden = !!plays.length;
    this.result.textContent = how.said || "";
    this.result.hidden = !how.said;
  }
}
