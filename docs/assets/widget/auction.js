/* cardrules widget: the auction as a table of rounds (a row each time round the table, a
 * column per seat), drawn the same in the stepper and in play mode.
 *
 *   new AuctionView(names, rounds)   the table, folded away in a <details> (`names`: the
 *                                    seats' names; `rounds`: how many rows)
 *   view.draw(calls, at, over, open) `calls`: [[seat, bid or null (a pass), step, round]]
 *                                    (cardrules.web.schema's AuctionJSON); `at`: the step
 *                                    shown (later calls are left out, the call made at it
 *                                    marked); `over`: the auction is over (its winning bid
 *                                    marked); `open`: unfolded (only a change of it moves
 *                                    the fold: the reader may open or close it meanwhile) */

import { el } from "./dom.js";
import { t } from "./text.js";

export class AuctionView {
  constructor(names, rounds) {
    this.root = el("details", { class: "cr-board__auction", open: true });
    this.root.append(el("summary", { class: "cr-board__heading", text: t("auction") }));
    this.head = el("tr", null, el("th", { scope: "col", text: t("round") }));
    names.forEach((name, i) => {
      this.head.append(el("th", { scope: "col", "data-seat": i, text: name }));
    });
    this.names = names;
    this.body = el("tbody");
    this.cells = [];
    this.grow(rounds);
    this.root.append(el("div", { class: "cr-board__auction-scroll" },
      el("table", { class: "cr-board__auction-table" }, el("thead", null, this.head),
        this.body)));
    this.open = null;
  }

  /* Rows enough for `rounds` rounds (play mode's auction grows as it goes). */
  grow(rounds) {
    while (this.cells.length < rounds) {
      const tr = el("tr", null, el("th", { scope: "row", text: String(this.cells.length + 1) }));
      this.cells.push(this.names.map((name, i) => {
        const cell = el("td", { "data-seat": i });
        tr.append(cell);
        return cell;
      }));
      this.body.append(tr);
    }
  }

  draw(calls, at, over, open) {
    this.grow(calls.reduce((most, call) => Math.max(most, call[3] + 1), 0));
    let high = null;
    calls.forEach(([seat, bid, step, round]) => {
      const cell = this.cells[round][seat];
      const said = step <= at;
      cell.textContent = said ? (bid === null ? t("pass") : String(bid)) : "";
      cell.className = !said ? "" : (bid === null ? "is-pass" : "is-bid") +
        (step === at ? " is-current" : "");
      if (said && bid !== null) high = cell;
    });
    if (high && over) high.classList.add("is-high");
    if (open !== this.open) {
      this.open = open;
      this.root.open = open;
    }
  }
}
