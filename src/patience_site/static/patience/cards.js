// Card art: SVG drawn here (no third-party art). One hidden <svg> holds the suit
// symbols and the back pattern; every card clones a cached <svg> that uses them.

const NS = "http://www.w3.org/2000/svg";

const SUITS = {
  H: '<path d="M50 92C22 70 4 53 4 31 4 15 15 5 28 5c10 0 17 6 22 15C55 11 62 5 72 5c13 0 24 10 24 26 0 22-18 39-46 61z"/>',
  D: '<path d="M50 2 89 50 50 98 11 50z"/>',
  S: '<path d="M50 4C36 24 6 38 6 60c0 14 10 23 22 23 9 0 15-4 19-10-1 11-5 19-13 25h32c-8-6-12-14-13-25 4 6 10 10 19 10 12 0 22-9 22-23C94 38 64 24 50 4z"/>',
  C: '<circle cx="50" cy="27" r="21"/><circle cx="27" cy="58" r="21"/><circle cx="73" cy="58" r="21"/><circle cx="50" cy="52" r="11"/><path d="M46 55c0 18-4 31-12 42h32c-8-11-12-24-12-42z"/>',
};

// Pip centres (x, y) in the 100 x 140 card, for ranks 2..10.
const L = 31, M = 50, R = 69;
const PIPS = {
  2: [[M, 52], [M, 120]],
  3: [[M, 52], [M, 86], [M, 120]],
  4: [[L, 52], [R, 52], [L, 120], [R, 120]],
  5: [[L, 52], [R, 52], [M, 86], [L, 120], [R, 120]],
  6: [[L, 52], [R, 52], [L, 86], [R, 86], [L, 120], [R, 120]],
  7: [[L, 52], [R, 52], [M, 69], [L, 86], [R, 86], [L, 120], [R, 120]],
  8: [[L, 52], [R, 52], [M, 69], [L, 86], [R, 86], [M, 103], [L, 120], [R, 120]],
  9: [[L, 52], [R, 52], [L, 75], [R, 75], [M, 86], [L, 97], [R, 97], [L, 120], [R, 120]],
  10: [[L, 52], [R, 52], [M, 63], [L, 75], [R, 75], [L, 97], [R, 97], [M, 109], [L, 120], [R, 120]],
};
const NUM = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

export const isRed = (card) => card[1] === "D" || card[1] === "H";
export const rankText = (rank) => (rank === "T" ? "10" : rank);

/** Put the shared symbols into the page once. */
export function installDefs() {
  if (document.getElementById("patience-defs")) return;
  const holder = document.createElement("div");
  holder.innerHTML =
    `<svg xmlns="${NS}" id="patience-defs" class="defs" aria-hidden="true" focusable="false"><defs>` +
    Object.entries(SUITS).map(([s, d]) => `<symbol id="ps-${s}" viewBox="0 0 100 100">${d}</symbol>`).join("") +
    '<pattern id="ps-back" width="10" height="10" patternUnits="userSpaceOnUse">' +
    '<path d="M5 0 10 5 5 10 0 5z" fill="#4f7fc6"/><circle cx="0" cy="0" r="1.6" fill="#dbe6f7"/></pattern>' +
    "</defs></svg>";
  document.body.appendChild(holder.firstChild);
}

const use = (suit, x, y, size) =>
  `<use href="#ps-${suit}" x="${x}" y="${y}" width="${size}" height="${size}"/>`;

function faceMarkup(card) {
  const rank = card[0], suit = card[1];
  const n = NUM[rank] || Number(rank);
  let body = "";
  if (n === 1) {
    body = use(suit, 20, 52, 60);
  } else if (n > 10) {
    body =
      '<rect class="court" x="15" y="44" width="70" height="88" rx="5"/>' +
      use(suit, 36, 50, 28) +
      `<text class="court-rank" x="50" y="122" text-anchor="middle">${rank}</text>`;
  } else {
    body = PIPS[n].map(([x, y]) => use(suit, x - 10, y - 10, 20)).join("");
  }
  return (
    `<svg xmlns="${NS}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
    '<rect class="face" x="1" y="1" width="98" height="138" rx="8"/>' +
    `<text class="rank${rank === "T" ? " ten" : ""}" x="5" y="35">${rankText(rank)}</text>` +
    use(suit, 63, 5, 32) + body + "</svg>"
  );
}

const BACK =
  `<svg xmlns="${NS}" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
  '<rect class="back" x="1" y="1" width="98" height="138" rx="8"/>' +
  '<rect x="8" y="8" width="84" height="124" rx="4" fill="url(#ps-back)" stroke="#dbe6f7" stroke-width="2"/></svg>';

const cache = new Map();

/** A fresh <svg> element for ``card`` ("7H"), or the back for null. */
export function cardSvg(card) {
  const key = card || "";
  let proto = cache.get(key);
  if (!proto) {
    const holder = document.createElement("div");
    holder.innerHTML = card ? faceMarkup(card) : BACK;
    proto = holder.firstChild;
    cache.set(key, proto);
  }
  return proto.cloneNode(true);
}

/** The accessible name of a card from the translated UI words. */
export function cardName(card, ui) {
  if (!card) return ui.face_down;
  const ranks = ui.ranks || {}, suits = ui.suits || {};
  return (ui.card || "%(rank)s of %(suit)s")
    .replace("%(rank)s", ranks[card[0]] || card[0])
    .replace("%(suit)s", suits[card[1]] || card[1]);
}
