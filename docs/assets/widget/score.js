/* cardrules widget: the score table, drawn the same in the stepper and in play mode.
 *
 * Python sends the score as the viewer counts it, already laid out (cardrules.web.schema's
 * ScoreJSON): by side or by seat, a row each, with the side colour each row shows, the winner,
 * and in a score by seat with extras the points by kind (null: a part only its owner sees,
 * shown as "?"). This module only draws it.
 *
 *   new ScoreView(kinds, byTricks, extra)   the table (`kinds`: the answer's point_kinds;
 *                                           `byTricks`: the game is scored by tricks;
 *                                           `extra`: a class for play mode's layout)
 *   view.draw(score, name)                  `score`: {by, rows}; `name(row)`: the row's
 *                                           name as shown (play mode says "you") */

import { el } from "./dom.js";
import { t } from "./text.js";

/* What a column of points by kind counts (cardrules.web.steps' point_kinds), in words. */
function partName(kind) {
  switch (kind) {
    case "cards": return t("part.cards");
    case "discard": return t("part.discard");
    case "declare": return t("part.declare");
    case "last": return t("part.last");
    case "end": return t("part.end");
    default: return t("part.other");
  }
}

export class ScoreView {
  constructor(kinds, byTricks, extra) {
    this.kinds = kinds || [];
    this.byTricks = byTricks;
    this.first = el("th", { scope: "col", text: t("sideCol") });
    const heads = el("tr", null, this.first);
    // Where the points come from (a score by seat with extras), then the total.
    this.kinds.forEach((kind) => {
      heads.append(el("th", { scope: "col", "data-part": kind, text: partName(kind) }));
    });
    heads.append(el("th", { scope: "col", text: byTricks ? t("tricksCol") : t("pointsCol") }));
    if (!byTricks) heads.append(el("th", { scope: "col", text: t("tricksCol") }));
    this.body = el("tbody");
    this.root = el("table", { class: "cr-board__score" + (extra ? " " + extra : "") },
      el("thead", null, heads), this.body);
  }

  draw(score, name) {
    const bySide = score.by === "side";
    this.first.textContent = bySide ? t("sideCol") : t("playerCol");
    this.body.className = bySide ? "cr-board__by-side" : "cr-board__by-seat";
    this.body.replaceChildren(...score.rows.map((row) => this.row(row, bySide, name)));
  }

  row(row, bySide, name) {
    const colour = row.side !== undefined && row.side !== null ? "cr-side-" + row.side : "";
    const tr = el("tr", {
      class: (colour + (row.winner ? " is-winner" : "")).trim() || null,
      "data-side": bySide ? row.side : null, "data-seat": bySide ? null : row.seat,
      "data-points": row.points
    }, el("th", { scope: "row", text: name ? name(row) : row.name }));
    // A part only its owner sees shows as "?" to the others.
    (row.parts || []).forEach((value, k) => {
      tr.append(el("td", { class: "cr-board__part", "data-part": this.kinds[k],
        text: value === null ? "?" : String(value),
        "aria-description": value === null ? t("hiddenPart")
          : null }));
    });
    tr.append(el("td", { class: "cr-board__points", text: String(row.points) }));
    if (!this.byTricks) tr.append(el("td", { class: "cr-board__tricks", text: String(row.tricks) }));
    return tr;
  }
}
