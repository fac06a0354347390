// The game page: renders the server's state and sends the player's moves.
// The browser has no rules: every legal move comes from the state JSON.

import { ApiError, makeApi } from "./api.js";
import { Board, reduced } from "./board.js";
import { cardName, installDefs } from "./cards.js";
import { Input } from "./input.js";

const STORE = "patience.";
// Milliseconds of calm after a move before the status search is asked for.
const CHECK_DELAY = 250;

function remembered(key, fallback) {
  try {
    const v = localStorage.getItem(STORE + key);
    return v === null ? fallback : v === "1";
  } catch (err) {
    return fallback;
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(STORE + key, value ? "1" : "0");
  } catch (err) {
    /* private mode: the setting lasts for this page only */
  }
}

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v);
  }
  el.append(...children);
  return el;
}

// Apply a move ("3-F1", "4-7x2") to a copy of the piles: only for animating
// auto-complete step by step (the server has already checked the moves).
function applyMove(piles, move) {
  const m = /^([A-Z]?\d*)-([A-Z]?\d*)(?:x(\d+))?$/i.exec(move);
  if (!m) return piles;
  const out = piles.map((p) => ({ ...p, cards: p.cards.slice() }));
  const src = out.find((p) => p.id === m[1].toUpperCase());
  const dst = out.find((p) => p.id === m[2].toUpperCase());
  if (!src || !dst) return piles;
  const n = m[3] ? Number(m[3]) : 1;
  dst.cards.push(...src.cards.splice(src.cards.length - n, n));
  if (src.kind === "tableau" && src.cards.length && src.cards[src.cards.length - 1] === null) {
    return piles; // a hidden card would turn: let the final state show it
  }
  return out;
}

class App {
  constructor(root) {
    this.root = root;
    this.game = root.dataset.game;
    this.ui = JSON.parse(document.getElementById("ui-strings").textContent);
    this.state = JSON.parse(document.getElementById("initial-state").textContent);
    this.api = makeApi(root);
    this.busy = false;
    this.autoDone = -1; // the version auto-complete was last tried at
    // Auto-play and Auto-complete: an account's come from the server; a browser
    // without an account remembers its own (and tells the server's session too).
    const stored = JSON.parse(document.getElementById("player-settings").textContent);
    const pick = (key, name) => (stored.account ? stored[name] : remembered(key, stored[name]));
    this.settings = {
      autoPlay: pick("autoPlay", "auto_play"),
      autoComplete: pick("autoComplete", "auto_complete"),
      solvable: remembered("solvable", true),
    };
    installDefs();
    this.buildControls();
    this.board = new Board(root.querySelector("#board"), this.game, this.ui);
    this.board.build(this.state);
    this.board.measure();
    this.input = new Input(this);
    this.setBusy(false);
    this.run(async () => {
      await this.show(this.state);
      await this.maybeAutoComplete();
    });
    // Lay the board out again when the window or the bar above it changes size.
    let pending = 0, last = "";
    const relayout = () => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => {
        const key = `${window.innerWidth}x${window.innerHeight}:${this.board.el.getBoundingClientRect().top + window.scrollY}`;
        if (key === last || this.input.dragging) return;
        last = key;
        this.board.measure();
        this.board.render(this.board.state || this.state);
      });
    };
    window.addEventListener("resize", relayout);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.run(() => this.refresh());
    });
    window.addEventListener("load", relayout);
    if (window.ResizeObserver) new ResizeObserver(relayout).observe(root.querySelector(".game-bar"));
  }

  // ------------------------------------------------------------ controls
  buildControls() {
    const ui = this.ui;
    const bar = this.root.querySelector("#controls");
    const button = (id, text, fn) => {
      const b = h("button", { type: "button", id, class: "btn", text });
      b.addEventListener("click", fn);
      return b;
    };
    const check = (id, text, key) => {
      const box = h("input", { type: "checkbox", id });
      box.checked = this.settings[key];
      box.addEventListener("change", () => {
        this.settings[key] = box.checked;
        remember(key, box.checked);
        const name = key === "autoPlay" ? "auto_play" : "auto_complete";
        this.api.post("/settings", { [name]: box.checked }).catch(() => {}); // kept locally anyway
        if (key === "autoComplete" && box.checked) this.run(() => this.maybeAutoComplete());
      });
      return h("label", { class: "toggle", for: id }, box, h("span", { text }));
    };
    this.info = {
      deal: h("a", { id: "deal-number", class: "deal-link" }), // the deal's own address, to share
      moves: h("span", { id: "move-count" }),
    };
    const settings = h("details", { class: "group settings", id: "settings" },
      h("summary", { text: ui.settings }),
      h("div", { class: "panel" },
        check("auto-play", ui.auto_play, "autoPlay"),
        check("auto-complete", ui.auto_complete, "autoComplete")));
    bar.replaceChildren(
      h("div", { class: "group" },
        button("new-cards", ui.new_cards, () => this.newCards()),
        check("solvable", ui.solvable, "solvable")),
      h("div", { class: "group" },
        button("restart", ui.restart, () => this.restart()),
        button("undo", ui.undo, () => this.undo()),
        button("redo", ui.redo, () => this.redo()),
        button("hint", ui.hint, () => this.hint())),
      settings,
      h("p", { class: "info" },
        h("span", { text: `${ui.deal} ` }), this.info.deal, " · ",
        h("span", { text: `${ui.moves} ` }), this.info.moves),
    );
    // Settings: a drop-down on small screens, open beside the buttons on wide ones.
    const wide = window.matchMedia("(min-width: 1100px)");
    const fit = () => { settings.open = wide.matches; };
    fit();
    wide.addEventListener("change", fit);
    document.addEventListener("click", (e) => {
      if (!wide.matches && settings.open && !settings.contains(e.target)) settings.open = false;
    });
    const rules = this.root.querySelector(".rules-link");
    if (rules) bar.querySelector(".info").append(" ", rules);
    this.message = this.root.querySelector("#message");
    this.announcer = this.root.querySelector("#announce");
  }

  /** The page of deal ``n`` (the template's number is 0). */
  dealUrl(n) {
    const tpl = this.root.dataset.dealUrlTemplate || "";
    const i = tpl.lastIndexOf("0");
    return i < 0 ? location.pathname : tpl.slice(0, i) + n + tpl.slice(i + 1);
  }

  updateControls() {
    const s = this.state;
    const q = (id) => this.root.querySelector(`#${id}`);
    q("undo").disabled = !s.can_undo;
    q("restart").disabled = !s.can_undo;
    q("redo").disabled = !s.can_redo;
    q("hint").disabled = s.status === "won";
    this.info.deal.textContent = String(s.deal);
    this.info.deal.href = this.dealUrl(s.deal);
    this.info.moves.textContent = String(s.moves_made);
    this.root.dataset.version = String(s.version);
    this.root.dataset.status = s.status;
    this.root.dataset.deal = String(s.deal);
    this.root.dataset.checked = s.checked === false ? "0" : "1";
  }

  // ------------------------------------------------------------ messages
  /** Show ``text`` in the message box; ``actions`` adds New cards/Restart/Undo. */
  say(text, tone = "info", actions = false) {
    const m = this.message;
    m.dataset.status = this.state.status;
    m.dataset.tone = tone;
    const parts = [];
    if (text) parts.push(h("p", { class: "text", text }));
    if (actions) {
      const ui = this.ui, s = this.state;
      const act = (text, fn, disabled) => {
        const b = h("button", { type: "button", class: "btn", text });
        b.disabled = !!disabled;
        b.addEventListener("click", fn);
        return b;
      };
      parts.push(h("div", { class: "actions" },
        act(ui.new_cards, () => this.newCards()),
        act(ui.restart, () => this.restart(), !s.can_undo),
        act(ui.undo, () => this.undo(), !s.can_undo)));
    }
    m.replaceChildren(...parts);
    m.hidden = parts.length === 0;
  }

  /** The message that belongs to the state: won, stuck, lost or none. */
  statusMessage() {
    const st = this.state.status;
    if (st === "won" || st === "stuck" || st === "lost") this.say(this.ui[st], st, true);
    else this.say("");
  }

  announce(text) {
    if (this.announcer) this.announcer.textContent = text;
  }

  // ------------------------------------------------------------ state
  setBusy(busy) {
    this.busy = busy;
    this.root.dataset.busy = busy ? "1" : "0";
    this.root.setAttribute("aria-busy", busy ? "true" : "false");
  }

  async show(state, opts = {}) {
    this.state = state;
    this.board.clearMarks("hint-source", "hint-target");
    this.statusMessage();
    // a won/stuck/lost message stays: keep the board clear of it
    const m = this.message;
    const reserve = m.hidden || !/^(won|stuck|lost)$/.test(m.dataset.tone) ? 0 : m.offsetHeight + 12;
    if (reserve !== this.board.reserve) {
      this.board.reserve = reserve;
      this.board.measure();
    }
    const done = this.board.render(state, opts);
    this.updateControls();
    this.input.refresh();
    this.scheduleCheck();
    await done;
  }

  // ------------------------------------------------------------ status
  /** A move is answered before the solver's status search (can the game still be
   * won?); once the player pauses, ask for that search. */
  scheduleCheck() {
    clearTimeout(this.checkTimer);
    const s = this.state;
    if (s.checked !== false || s.status !== "playing") return;
    this.checkTimer = setTimeout(() => this.check(s.version), CHECK_DELAY);
  }

  async check(version) {
    if (this.state.version !== version) return; // a newer state schedules its own
    if (this.busy) {
      this.scheduleCheck();
      return;
    }
    let s;
    try {
      s = await this.api.post(`/games/${this.state.id}/check`, { version });
    } catch (err) {
      return; // stale or offline: the next answer says what is known
    }
    if (this.busy || this.state.version !== s.version) return;
    const changed = s.status !== this.state.status;
    this.state = s;
    if (changed) await this.show(s);
    else this.updateControls();
  }

  /** Run ``task`` unless another runs: one request or animation at a time. */
  async run(task) {
    if (this.busy) return false;
    this.setBusy(true);
    try {
      await task();
    } catch (err) {
      await this.failed(err);
    } finally {
      this.setBusy(false);
    }
    this.input.idle();
    return true;
  }

  async failed(err) {
    if (!(err instanceof ApiError)) {
      console.error(err); // eslint-disable-line no-console
      this.say(this.ui.error, "error");
      return;
    }
    if (err.status === 0) {
      this.say(this.ui.offline, "error");
      return;
    }
    if (err.status === 409 && err.data && err.data.state) {
      await this.show(err.data.state);
      this.say(err.detail || this.ui.stale, "error", this.state.status !== "playing");
      return;
    }
    this.say(err.detail || this.ui.error, "error", this.state.status !== "playing");
  }

  /** "seven of hearts → Column 4" for a move, for screen readers. */
  describe(move) {
    const m = /^([A-Z]?\d*)-([A-Z]?\d*)(?:x(\d+))?$/i.exec(move || "");
    if (!m) return "";
    const src = this.state.piles.find((p) => p.id === m[1].toUpperCase());
    const dst = this.board.piles.get(m[2].toUpperCase());
    if (!src || !dst || src.kind === "stock" || !src.cards.length) return dst ? dst.getAttribute("aria-label") : "";
    const card = src.cards[src.cards.length - (m[3] ? Number(m[3]) : 1)];
    return `${cardName(card, this.ui)} → ${dst.getAttribute("aria-label")}`;
  }

  async change(action, body = {}) {
    const said = action === "move" ? this.describe(body.move) : "";
    const s = await this.api.post(`/games/${this.state.id}/${action}`, {
      version: this.state.version,
      ...body,
    });
    await this.show(s, { animate: true });
    if (said) this.announce(said);
    // not after undo or restart: the player went back on purpose
    if (action === "move" || action === "redo") await this.maybeAutoComplete();
  }

  /** Back in this tab: show what another tab may have changed. */
  async refresh() {
    const s = await this.api.get(`/games/${this.state.id}`);
    if (s.version !== this.state.version) await this.show(s, { animate: true });
  }

  async maybeAutoComplete() {
    const s = this.state;
    if (!this.settings.autoComplete || !s.auto_complete || s.status !== "playing") return;
    if (this.autoDone === s.version) return;
    this.autoDone = s.version;
    const done = await this.api.post(`/games/${s.id}/auto-complete`, { version: s.version });
    const played = done.played || [];
    const duration = Math.max(30, Math.min(150, 1500 / Math.max(played.length, 1)));
    let piles = s.piles;
    for (const move of reduced() ? [] : played) {
      piles = applyMove(piles, move);
      await this.board.render({ ...s, piles, movable: [], stock_move: null }, { animate: true, duration });
    }
    await this.show(done, { animate: true });
  }

  // ------------------------------------------------------------ actions
  play(move) {
    return this.run(() => this.change("move", { move }));
  }

  deal() {
    if (this.state.stock_move) this.play(this.state.stock_move);
  }

  undo() {
    if (this.state.can_undo) this.run(() => this.change("undo"));
  }

  redo() {
    if (this.state.can_redo) this.run(() => this.change("redo"));
  }

  restart() {
    if (this.state.can_undo) this.run(() => this.change("restart"));
  }

  newCards() {
    return this.run(async () => {
      this.say(this.ui.dealing, "wait");
      const s = await this.api.post("/games", { game: this.game, solvable: this.settings.solvable });
      history.replaceState(null, "", this.dealUrl(s.deal));
      const name = this.root.querySelector("h1");
      document.title = `${name ? name.textContent : this.game} — ${this.ui.deal} ${s.deal}`;
      const banner = document.querySelector(".daily-banner"); // a new deal is no deal of the day
      if (banner) banner.remove();
      this.autoDone = -1;
      await this.show(s, { animate: false });
      await this.board.deal();
      await this.maybeAutoComplete();
    });
  }

  hint() {
    if (this.state.status === "won") return;
    return this.run(async () => {
      this.say(this.ui.thinking, "wait");
      const version = this.state.version;
      const r = await this.api.post(`/games/${this.state.id}/hint`, {});
      if (this.state.version !== version) return;
      if (r.move) {
        this.statusMessage();
        const card = this.board.cardAt(r.pile, r.index);
        if (card) card.classList.add("hint-source");
        const target = this.board.piles.get(r.target);
        if (target) target.classList.add("hint-target");
        this.announce(`${card ? card.getAttribute("aria-label") : r.pile} → ${target ? target.getAttribute("aria-label") : r.target}`);
      } else if (r.verdict === "lost") {
        const s = await this.api.get(`/games/${this.state.id}`);
        await this.show(s);
        if (s.status === "playing") this.say(this.ui.lost, "lost", true);
      } else if (r.verdict === "winnable") {
        this.say(this.ui.winnable);
      } else {
        this.say(this.ui.hint_unknown);
      }
    });
  }
}

const root = document.getElementById("game");
if (root) window.patience = new App(root);
