// Input: click/tap, drag (Pointer Events, mouse and touch) and the keyboard.
// Every move sent is one the server listed in the state (movable[].moves).

import { reduced } from "./board.js";
import { cardName } from "./cards.js";

const DRAG_PX = 10;
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export class Input {
  constructor(app) {
    this.app = app;
    this.board = app.board;
    this.el = app.board.el;
    this.press = null; // the pointer pressed on the board
    this.dragging = null; // {cards, entry}
    this.pick = null; // keyboard pick-up: {pile, entries, e, k}
    this.queued = null; // a click made while busy, played when idle
    const on = (type, fn) => this.el.addEventListener(type, fn);
    on("pointerdown", (e) => this.down(e));
    on("pointermove", (e) => this.move(e));
    on("pointerup", (e) => this.up(e));
    on("pointercancel", () => this.cancel());
    on("lostpointercapture", () => this.cancel());
    on("keydown", (e) => this.pileKey(e));
    on("focusin", (e) => e.target.classList.contains("pile") && this.focused(e.target));
    on("contextmenu", (e) => e.target.closest(".card") && e.preventDefault());
    document.addEventListener("keydown", (e) => this.globalKey(e));
  }

  get state() {
    return this.app.state;
  }

  entry(pile, index) {
    return this.state.movable.find((m) => m.pile === pile && m.index === index) || null;
  }

  /** The pile's movable groups, the top card first. */
  entries(pile) {
    return this.state.movable.filter((m) => m.pile === pile).sort((a, b) => b.index - a.index);
  }

  /** After every render: drop a stale pick-up, keep one pile tabbable. */
  refresh() {
    if (this.pick) this.endPick(false);
    if (!this.el.querySelector('.pile[tabindex="0"]')) {
      const first = this.el.querySelector(".pile");
      if (first) first.tabIndex = 0;
    }
  }

  /** Called when the app is idle again: play a click made while it was busy. */
  idle() {
    const q = this.queued;
    this.queued = null;
    if (!q || !this.app.settings.autoPlay) return;
    const pile = this.state.piles.find((p) => p.id === q.pile);
    const m = this.entry(q.pile, q.index);
    if (pile && pile.cards[q.index] === q.card && m && m.click) this.app.play(m.click);
  }

  /** A pile got the focus: make it the tabbable one and say what lies on top. */
  focused(pileEl) {
    this.rove(pileEl);
    if (this.pick) return; // the pick-up announces its target itself
    const pile = this.state.piles.find((p) => p.id === pileEl.dataset.pile);
    if (!pile) return;
    const n = pile.cards.length;
    const ui = this.app.ui;
    const top = n ? cardName(pile.cards[n - 1], ui) : ui.empty;
    this.app.announce(n > 1 ? `${top} (${n})` : top);
  }

  rove(pileEl) {
    for (const p of this.board.piles.values()) p.tabIndex = p === pileEl ? 0 : -1;
  }

  // ------------------------------------------------------------ pointer
  down(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (this.press && this.press.id !== e.pointerId) return; // a second finger
    const pileEl = e.target.closest(".pile");
    if (!pileEl) return;
    if (this.pick) this.endPick(false);
    const cardEl = e.target.closest(".card");
    const pile = pileEl.dataset.pile;
    const index = cardEl ? Number(cardEl.dataset.index) : -1;
    this.press = {
      id: e.pointerId, x: e.clientX, y: e.clientY, pile, index, pileEl,
      card: cardEl ? cardEl.dataset.card : null,
      entry: cardEl ? this.entry(pile, index) : null,
    };
    e.preventDefault(); // no text selection, no native drag
    pileEl.focus({ preventScroll: true, focusVisible: false }); // the keyboard goes on from here
    try {
      this.el.setPointerCapture(e.pointerId); // pointerup comes here, wherever it happens
    } catch (err) {
      /* the pointer is gone already */
    }
  }

  move(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    if (!this.dragging) {
      if (Math.hypot(dx, dy) < DRAG_PX || !p.entry || this.app.busy) return;
      const cards = this.board.cardsFrom(p.pile, p.entry.index);
      for (const c of cards) c.classList.add("dragging");
      this.mark(p.entry.targets, "drop-target");
      this.dragging = { cards, entry: p.entry };
    }
    e.preventDefault();
    for (const c of this.dragging.cards) c.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  up(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    this.press = null;
    if (this.dragging) {
      this.drop(e);
    } else if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_PX) {
      this.click(p);
    }
  }

  cancel() {
    this.press = null;
    if (this.dragging) {
      const { cards } = this.dragging;
      this.dragging = null;
      this.board.clearMarks("drop-target");
      this.putBack(cards);
    }
  }

  click(p) {
    if (p.pileEl.dataset.kind === "stock") {
      this.app.deal();
      return;
    }
    if (!p.entry || !p.entry.click || !this.app.settings.autoPlay) return;
    if (this.app.busy) this.queued = { pile: p.pile, index: p.index, card: p.card };
    else this.app.play(p.entry.click);
  }

  /** The target pile the dragged cards cover most (else the one under the pointer). */
  dropPile(e, entry, top) {
    const r = top.getBoundingClientRect();
    let best = null, bestArea = 0;
    for (const id of entry.targets) {
      const el = this.board.piles.get(id);
      if (!el) continue;
      const t = el.getBoundingClientRect();
      const w = Math.min(r.right, t.right) - Math.max(r.left, t.left);
      const h = Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top);
      if (w > 0 && h > 0 && w * h > bestArea) {
        bestArea = w * h;
        best = id;
      }
    }
    if (best) return best;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const pileEl = under && under.closest(".pile");
    return pileEl ? pileEl.dataset.pile : null;
  }

  drop(e) {
    const { cards, entry } = this.dragging;
    this.dragging = null;
    this.board.clearMarks("drop-target");
    const target = this.dropPile(e, entry, cards[0]);
    const i = target ? entry.targets.indexOf(target) : -1;
    if (i < 0 || this.app.busy) {
      this.putBack(cards);
      return;
    }
    this.app.play(entry.moves[i]).then(() => this.putBack(cards));
  }

  /** Slide dragged cards that are still on the board back to their place. */
  putBack(cards) {
    for (const c of cards) {
      if (!c.isConnected || !c.style.transform) continue;
      const from = c.style.transform;
      c.style.transform = "";
      c.classList.remove("dragging");
      c.classList.add("flying");
      c.animate([{ transform: from }, { transform: "translate(0, 0)" }], { duration: reduced() ? 0 : 150, easing: "ease-out" })
        .finished.catch(() => null).then(() => c.classList.remove("flying"));
    }
  }

  mark(ids, cls) {
    for (const id of ids) {
      const el = this.board.piles.get(id);
      if (el) el.classList.add(cls);
    }
  }

  // ------------------------------------------------------------ keyboard
  /** Piles in reading order (top to bottom, left to right). */
  order() {
    return Array.from(this.board.piles.values())
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .sort((a, b) => Math.round(a.r.top) - Math.round(b.r.top) || a.r.left - b.r.left)
      .map((o) => o.el);
  }

  /** The nearest pile from ``from`` in direction (dx, dy). */
  nearest(from, [dx, dy]) {
    const centre = (el) => {
      const r = el.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + Math.min(r.height, this.board.size.ch) / 2];
    };
    const [x0, y0] = centre(from);
    let best = null, bestScore = Infinity;
    for (const el of this.board.piles.values()) {
      if (el === from) continue;
      const [x, y] = centre(el);
      const along = (x - x0) * dx + (y - y0) * dy;
      const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
      if (along <= 2) continue;
      const score = along + 3 * across;
      if (score < bestScore) {
        bestScore = score;
        best = el;
      }
    }
    return best;
  }

  pileKey(e) {
    const pileEl = e.target.closest && e.target.closest(".pile");
    if (!pileEl || e.altKey || e.ctrlKey || e.metaKey) return;
    const pile = pileEl.dataset.pile;
    const key = e.key;
    let handled = true;
    if (this.pick) {
      if (ARROWS[key]) this.choose(ARROWS[key][0] + ARROWS[key][1]);
      else if (key === "Enter" || key === " ") this.dropPick();
      else if (key === "Escape") this.endPick(true);
      else if (key === "m" || key === "M") this.startPick(this.pick.pile);
      else if (key === "Tab") {
        this.endPick(false);
        handled = false;
      } else handled = false;
    } else if (ARROWS[key]) {
      const next = this.nearest(pileEl, ARROWS[key]);
      if (next) next.focus();
    } else if (key === "Tab") {
      const list = this.order();
      const next = list[list.indexOf(pileEl) + (e.shiftKey ? -1 : 1)];
      if (next) next.focus();
      else handled = false;
    } else if ((key === "Enter" && e.shiftKey) || key === "m" || key === "M") {
      this.startPick(pile);
    } else if (key === "Enter" || key === " ") {
      this.activate(pileEl);
    } else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** Enter on a pile: deal from the stock, or play the top movable card's click
   * move (with Auto-play off: pick it up instead). */
  activate(pileEl) {
    if (this.app.busy) return;
    if (pileEl.dataset.kind === "stock") {
      this.app.deal();
      return;
    }
    if (!this.app.settings.autoPlay) {
      this.startPick(pileEl.dataset.pile);
      return;
    }
    const m = this.entries(pileEl.dataset.pile).find((x) => x.click);
    if (m) this.app.play(m.click);
  }

  startPick(pile) {
    if (this.app.busy) return;
    const entries = this.entries(pile);
    if (!entries.length) return;
    let e = 0;
    if (this.pick && this.pick.pile === pile) e = (this.pick.e + 1) % entries.length;
    this.endPick(false);
    this.pick = { pile, entries, e, k: 0 };
    const entry = entries[e];
    for (const c of this.board.cardsFrom(pile, entry.index)) c.classList.add("picked");
    this.mark(entry.targets, "drop-target");
    this.choose(0);
  }

  choose(step) {
    const p = this.pick;
    const entry = p.entries[p.e];
    const n = entry.targets.length;
    p.k = (((p.k + step) % n) + n) % n;
    this.board.clearMarks("kbd-target");
    const target = this.board.piles.get(entry.targets[p.k]);
    if (!target) return;
    target.classList.add("kbd-target");
    target.focus();
    const card = this.state.piles.find((x) => x.id === p.pile).cards[entry.index];
    this.app.announce(`${cardName(card, this.app.ui)} → ${target.getAttribute("aria-label")}`);
  }

  dropPick() {
    const p = this.pick;
    const entry = p.entries[p.e];
    const move = entry.moves[p.k];
    this.endPick(false);
    const src = this.board.piles.get(p.pile);
    this.app.play(move).then(() => src && src.focus());
  }

  endPick(refocus) {
    const p = this.pick;
    this.pick = null;
    this.board.clearMarks("picked", "drop-target", "kbd-target");
    if (refocus && p) {
      const src = this.board.piles.get(p.pile);
      if (src) src.focus();
    }
  }

  globalKey(e) {
    if (e.defaultPrevented || e.altKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(TEXTAREA|SELECT)$/.test(t.tagName) || (t.tagName === "INPUT" && !/^(checkbox|radio|button)$/.test(t.type)))) return;
    const key = e.key.toLowerCase();
    const app = this.app;
    let act = null;
    if (e.ctrlKey) {
      if (key === "z" && !e.shiftKey) act = () => app.undo();
      else if (key === "y" || (key === "z" && e.shiftKey)) act = () => app.redo();
    } else if (!e.shiftKey || key === "?") {
      act = { u: () => app.undo(), y: () => app.redo(), h: () => app.hint(), n: () => app.newCards() }[key];
      if (key === "escape" && this.pick) act = () => this.endPick(true);
    }
    if (!act) return;
    e.preventDefault();
    if (this.dragging) return;
    act();
  }
}
