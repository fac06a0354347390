// The board: pile elements placed on a grid, cards fanned and compressed to fit
// the window, and FLIP animations between two states. No rules here.

import { cardName, cardSvg, isRed } from "./cards.js";

const F = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => `F${a + i}`);
const T = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
const at = (ids, col = 1, row = 1, dy = 0) => ids.map((id, i) => ({ id, col: col + i, row, dy }));

// Layouts: grid columns, rows (flex rows hold the fanned tableau), placements
// ({id, col, row, dy = card heights down inside the grid cell}); tmin = how many
// card heights a flex row should get at least. The layout giving the widest
// cards in the window wins.
const LAYOUTS = {
  bisley: [
    { cols: 13, rows: [0, 1], tmin: 2.3, piles: [...at(F(1, 4)), ...at(F(5, 8), 10), ...at(T(1, 13), 1, 2)] },
    { cols: 8, rows: [0, 1, 1], tmin: 2.1, piles: [...at(F(1, 4)), ...at(F(5, 8), 5), ...at(T(1, 7), 1, 2), ...at(T(8, 13), 2, 3)] },
    { cols: 7, rows: [0, 0, 1, 1], tmin: 2.1, piles: [...at(F(1, 4), 2), ...at(F(5, 8), 2, 2), ...at(T(1, 7), 1, 3), ...at(T(8, 13), 1, 4)] },
  ],
  "big-apple": [
    { cols: 9, rows: [0, 1], tmin: 3.2, piles: [...at(F(1, 8)), ...at(["T"], 9), ...at(T(1, 8), 1, 2), { id: "C1", col: 9, row: 2, dy: 0 }, { id: "C2", col: 9, row: 2, dy: 1 }, { id: "C3", col: 9, row: 2, dy: 2 }] },
    { cols: 8, rows: [0, 0, 1], tmin: 2.4, piles: [...at(F(1, 8)), ...at(["T"], 1, 2), ...at(["C1", "C2", "C3"], 6, 2), ...at(T(1, 8), 1, 3)] },
  ],
  gilbert: [
    { cols: 8, rows: [0, 1], tmin: 3, piles: [...at(F(1, 8)), ...at(T(1, 7), 1, 2), { id: "S", col: 8, row: 2, dy: 0 }, { id: "W", col: 8, row: 2, dy: 1 }] },
    { cols: 7, rows: [0, 0, 1], tmin: 3, piles: [...at(F(1, 4)), ...at(F(5, 8), 1, 2), ...at(["W", "S"], 6), ...at(T(1, 7), 1, 3)] },
  ],
};

const GAP = 0.08; // gap between piles, in card widths
const UP = 0.3, UP_MIN = 0.25, DOWN = 0.12, DOWN_MIN = 0.06; // fan offsets, in card heights

/** The height the longest tableau pile needs at the tightest fan, in card heights
 * (rounded up to a quarter, so the card size changes seldom). */
function need(state) {
  let most = 0;
  for (const pile of state.piles) {
    if (pile.kind !== "tableau" || !pile.cards.length) continue;
    const down = pile.cards.filter((c) => c === null).length;
    const up = pile.cards.length - down;
    most = Math.max(most, 1 + down * DOWN_MIN + Math.max(up - 1, 0) * UP_MIN);
  }
  return Math.ceil(most * 4) / 4;
}

const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
export const reduced = () => motion.matches;

export function pileLabel(id, kind, ui) {
  const n = id.replace(/^[A-Z]/, "");
  switch (kind) {
    case "foundation": return `${ui.foundation} ${n}`;
    case "cell": return `${ui.cell} ${n}`;
    case "tableau": return `${ui.column} ${id}`;
    default: return ui[kind] || kind;
  }
}

// Faint marks on empty piles (ranks and symbols, not words).
function emptyMark(game, id, kind) {
  if (kind === "foundation") {
    const n = Number(id.slice(1));
    if (game === "big-apple") return "A";
    return n <= 4 ? "A" : "K";
  }
  if (kind === "tableau" && game === "gilbert") return "7";
  return "";
}

export class Board {
  constructor(el, game, ui) {
    this.el = el;
    this.game = game;
    this.ui = ui;
    this.piles = new Map(); // id -> element
    this.state = null;
    this.size = null;
    this.reserve = 0; // px kept free at the bottom (for a message)
    this.need = 0; // card heights the longest pile needs
  }

  /** Create the pile elements (once per game kind). */
  build(state) {
    this.el.textContent = "";
    this.piles.clear();
    for (const pile of state.piles) {
      const el = document.createElement("div");
      el.className = "pile";
      el.dataset.pile = pile.id;
      el.dataset.kind = pile.kind;
      el.setAttribute("role", "group");
      el.setAttribute("aria-label", pileLabel(pile.id, pile.kind, this.ui));
      el.tabIndex = -1;
      const mark = emptyMark(this.game, pile.id, pile.kind);
      if (mark) el.dataset.mark = mark;
      this.el.appendChild(el);
      this.piles.set(pile.id, el);
    }
    const first = this.piles.get("1") || this.piles.values().next().value;
    if (first) first.tabIndex = 0;
  }

  /** Choose the layout and card size for the window. */
  measure() {
    const layouts = LAYOUTS[this.game] || LAYOUTS.bisley;
    const W = Math.max(this.el.clientWidth, 200);
    const top = this.el.getBoundingClientRect().top + window.scrollY;
    const H = Math.max(window.innerHeight - top - 10 - this.reserve, 240);
    let best = null;
    for (const L of layouts) {
      const fixed = L.rows.filter((r) => !r).length, flex = L.rows.length - fixed;
      const byW = W / (L.cols + (L.cols - 1) * GAP);
      const tmin = Math.max(L.tmin, this.need);
      const byH = H / (fixed * (1.4 + GAP) + flex * (tmin * 1.4 + GAP));
      const cw = Math.min(byW, byH, 116);
      const score = flex > 1 ? cw * 0.8 : cw; // one tableau row reads better
      if (!best || score > best.score) best = { L, cw, fixed, flex, byW, score };
    }
    const { L, fixed, flex } = best;
    const cw = Math.floor(Math.max(best.cw, Math.min(24, best.byW)));
    const ch = Math.round(cw * 1.4);
    const gap = Math.max(3, Math.round(cw * GAP));
    const flexH = Math.max(ch * 1.6, (H - fixed * (ch + gap) - flex * gap) / flex);
    this.size = { L, cw, ch, gap, flexH };
    const s = this.el.style;
    s.setProperty("--cols", L.cols);
    s.setProperty("--cw", `${cw}px`);
    s.setProperty("--ch", `${ch}px`);
    s.setProperty("--gap", `${gap}px`);
    for (const p of L.piles) {
      const el = this.piles.get(p.id);
      if (!el) continue;
      el.style.gridColumn = String(p.col);
      el.style.gridRow = String(p.row);
      el.style.marginTop = p.dy ? `${p.dy * (ch + gap)}px` : "0";
      el.classList.toggle("in-flex", !!L.rows[p.row - 1] && el.dataset.kind === "tableau");
    }
  }

  /** Card offsets (px from the pile's top) for one pile. */
  offsets(pile, flex) {
    const { ch, flexH } = this.size;
    const n = pile.cards.length;
    if (pile.kind === "waste") {
      // the top three cards fan down a little, like a deal of three
      return pile.cards.map((_, i) => Math.round(Math.max(0, i - n + 3) * 0.27 * ch));
    }
    if (pile.kind !== "tableau" || n === 0) return pile.cards.map(() => 0);
    let down = 0;
    while (down < n && pile.cards[down] === null) down++;
    const up = n - down;
    let dOff = DOWN * ch, uOff = UP * ch;
    const room = (flex ? flexH : ch * 3) - ch;
    const total = () => (down - (up ? 0 : 1)) * dOff + Math.max(up - 1, 0) * uOff;
    if (total() > room) {
      dOff = DOWN_MIN * ch;
      if (total() > room && up > 1) uOff = Math.max(UP_MIN * ch, (room - down * dOff) / (up - 1));
    }
    const out = [];
    let y = 0;
    for (let i = 0; i < n; i++) {
      out.push(Math.round(y));
      y += pile.cards[i] === null ? dOff : uOff;
    }
    return out;
  }

  /** A card element. */
  card(code, pileId, index) {
    const el = document.createElement("div");
    el.className = code ? (isRed(code) ? "card red" : "card black") : "card down";
    el.dataset.pile = pileId;
    el.dataset.index = String(index);
    el.dataset.card = code || "";
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardName(code, this.ui));
    el.appendChild(cardSvg(code));
    return el;
  }

  /** Rects of the cards on screen now: [{pile, index, card, rect}]. */
  snapshot() {
    return Array.from(this.el.querySelectorAll(".card"), (el) => ({
      pile: el.dataset.pile,
      index: Number(el.dataset.index),
      card: el.dataset.card || null,
      rect: el.getBoundingClientRect(),
      used: false,
    }));
  }

  /** Draw ``state``; with ``animate`` the cards that moved slide from where they
   * were (FLIP). Resolves when the animations end. */
  render(state, { animate = false, duration = 150 } = {}) {
    const before = animate && this.state ? this.snapshot() : null;
    this.state = state;
    const n = need(state);
    if (!this.size || n !== this.need) {
      this.need = n; // long piles: smaller cards rather than a scrolling page
      this.measure();
    }
    const movable = new Set(state.movable.map((m) => `${m.pile}:${m.index}`));
    for (const pile of state.piles) {
      const el = this.piles.get(pile.id);
      if (!el) continue;
      const flex = el.classList.contains("in-flex");
      const offs = this.offsets(pile, flex);
      const frag = document.createDocumentFragment();
      pile.cards.forEach((code, i) => {
        const c = this.card(code, pile.id, i);
        if (offs[i]) c.style.top = `${offs[i]}px`;
        if (movable.has(`${pile.id}:${i}`)) c.classList.add("movable");
        frag.appendChild(c);
      });
      if ((pile.kind === "stock" || pile.kind === "talon") && pile.cards.length) {
        const count = document.createElement("span");
        count.className = "count";
        count.setAttribute("aria-hidden", "true");
        count.textContent = String(pile.cards.length);
        frag.appendChild(count);
      }
      el.replaceChildren(frag);
      const last = offs.length ? offs[offs.length - 1] : 0;
      el.style.height = flex ? `${Math.max(this.size.flexH, last + this.size.ch)}px` : "";
      el.style.setProperty("--fan", `${last + this.size.ch}px`);
      el.classList.toggle("empty", pile.cards.length === 0);
      if (pile.kind === "stock") {
        el.classList.toggle("clickable", !!state.stock_move);
        el.classList.toggle("redeal", !!state.stock_move && pile.cards.length === 0);
        if (state.stock_move && pile.cards.length === 0) el.title = this.ui.stock_redeal;
        else el.removeAttribute("title");
      }
    }
    return before && !reduced() ? this.flip(before, state, duration) : Promise.resolve();
  }

  flip(before, state, duration) {
    const byPos = new Map(before.map((o) => [`${o.pile}:${o.index}`, o]));
    const els = Array.from(this.el.querySelectorAll(".card"));
    const pairs = new Map();
    const rest = [];
    // 1. same place, same card (or the same card turned face up): no move
    for (const el of els) {
      const o = byPos.get(`${el.dataset.pile}:${el.dataset.index}`);
      const card = el.dataset.card || null;
      if (o && !o.used && (o.card === card || o.card === null || card === null) && o.rect.width) {
        o.used = true;
        const r = el.getBoundingClientRect();
        if (Math.abs(r.left - o.rect.left) > 1 || Math.abs(r.top - o.rect.top) > 1) pairs.set(el, o);
      } else rest.push(el);
    }
    // 2. the same face-up card elsewhere; 3. any card a pile lost (stock <-> waste)
    const left = before.filter((o) => !o.used);
    const rest2 = [];
    for (const el of rest) {
      const card = el.dataset.card || null;
      const o = card && left.find((x) => !x.used && x.card === card);
      if (o) {
        o.used = true;
        pairs.set(el, o);
      } else rest2.push(el);
    }
    for (const el of rest2) {
      const o = left.find((x) => !x.used);
      if (!o) break;
      o.used = true;
      pairs.set(el, o);
    }
    const anims = [];
    for (const [el, o] of pairs) {
      const r = el.getBoundingClientRect();
      const dx = o.rect.left - r.left, dy = o.rect.top - r.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      el.classList.add("flying");
      const a = el.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
        { duration, easing: "ease-out" },
      );
      anims.push(a.finished.catch(() => null).then(() => el.classList.remove("flying")));
    }
    return Promise.all(anims);
  }

  /** Deal animation: every card flies in from the top left corner. */
  deal() {
    const els = Array.from(this.el.querySelectorAll(".card"));
    if (!els.length || reduced()) return Promise.resolve();
    const box = this.el.getBoundingClientRect();
    const step = Math.min(8, 400 / els.length);
    return Promise.all(els.map((el, i) => {
      const r = el.getBoundingClientRect();
      const a = el.animate(
        [{ transform: `translate(${box.left - r.left}px, ${box.top - r.top}px)`, opacity: 0.3 }, { transform: "translate(0, 0)", opacity: 1 }],
        { duration: 180, delay: i * step, easing: "ease-out", fill: "backwards" },
      );
      return a.finished.catch(() => null);
    }));
  }

  /** The card elements of ``pile`` from ``index`` up. */
  cardsFrom(pile, index) {
    const el = this.piles.get(pile);
    if (!el) return [];
    return Array.from(el.querySelectorAll(".card")).filter((c) => Number(c.dataset.index) >= index);
  }

  cardAt(pile, index) {
    const el = this.piles.get(pile);
    return el ? el.querySelector(`.card[data-index="${index}"]`) : null;
  }

  clearMarks(...classes) {
    for (const cls of classes) {
      for (const el of this.el.querySelectorAll(`.${cls}`)) el.classList.remove(cls);
    }
  }
}
