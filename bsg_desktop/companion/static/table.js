// The table page: the public board, drawn from the frames the game sends. It sends
// nothing but pings; every text comes in the frame, and no frame holds a secret.
// The board is the window's: the art's SVG (fetched once under its content's hash)
// with every token laid where the frame's layout says, in board millimetres.
"use strict";

const base = location.pathname.replace(/\/+$/, "");
const $ = (id) => document.getElementById(id);
const COLOURS = { end: "#e0b93a", reveal: "#e05a4f", jump: "#5aa0ff", brig: "#e0912b",
                  failed: "#e05a4f", averted: "#47d16c", roll: "#c9d3dc" };
const MOMENT_MS = 2500;  // a frame without its moment's reading time (present.pace.read_ms)
let ws = null;
let strings = {};
let art = {};
let state = null;
let retry = 0;
let closed = false;
let stopped = "";      // why the table ended hosting, until a page connects again
let momentAt = null;   // the move whose moment was played last
let opened = false;    // the page has had its first frame
let momentTimer = null;
// section -> what it was last drawn from: a part is drawn again only when what it shows
// changed, as on the phone page (a frame that adds a log line leaves the board alone)
const drawn = {};
let drawnWith = 0;     // counts new texts and art: then every section is drawn again
// how often each part was drawn (read by the tests and the benchmark)
window.redraws = {};

const t = (key) => strings[key] || key;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

function picture(key, label, cls) {
  // die faces come from the game's own art, as SVG (frames.art_catalog)
  const box = el("span", { class: "die " + (cls || ""), role: "img", "aria-label": label,
                           title: label });
  if (art[key]) box.innerHTML = art[key];
  else box.textContent = label;
  return box;
}

function notice(text) {
  $("notice").textContent = text || "";
  $("notice").hidden = !text;
}

function section(name, data, draw) {
  // a part is drawn only when what it shows changed
  const key = drawnWith + "|" + JSON.stringify(data);
  if (drawn[name] === key) return false;
  drawn[name] = key;
  window.redraws[name] = (window.redraws[name] || 0) + 1;
  draw();
  return true;
}

function renderNow(box, st) {
  // what is decided now (or how the game ended), with the dice the game put in
  box.replaceChildren(el("h2", { text: st.outcome ? t("game_over") : t("now") }));
  if (st.outcome) box.append(el("p", { class: "outcome", text: st.outcome }));
  else {
    box.append(el("p", { class: "sentence", text: st.sentence || "" }));
    // what is at stake: its own lighter, smaller paragraph under the question
    if (st.stakes) box.append(el("p", { class: "stakes", text: st.stakes }));
    box.append(ruleCode(st.rule_note, st.rule));
  }
  for (const r of st.rolls || []) {
    const dice = el("div", { class: "dice" });
    for (const d of r.dice) dice.append(picture(d.art, d.label));
    box.append(el("div", { class: "roll" }, el("b", { text: r.title }), dice,
                  el("div", { text: r.text })));
  }
}

function renderFacts(box, tb, notes) {
  // the check in progress first, with every die in it face up (a check's entries are
  // public: a contributed die is shown once it is in, D10): it is what the room watches
  // now, and what stays in sight when the column is short; then the tracks with the
  // board's fine print that matters now, in the page's own type (the distance's
  // milestones ahead, each damaged room's effect)
  const track = (notes || []).filter((n) => n.kind === "track");
  const damage = (notes || []).filter((n) => n.kind === "damage");
  box.replaceChildren(
    ...(tb.check ? [checkFacts(tb.check)] : []),
    ...[tb.jump].filter(Boolean).map((line) => el("div", { class: "row", text: line })),
    ...track.map((n) => el("div", { class: "row note", text: n.text })),
    ...[tb.dradis, tb.jump_bonus].filter(Boolean)
      .map((line) => el("div", { class: "row", text: line })),
    ...damage.map((n) => el("div", { class: "row damage", text: n.text })));
}

function markCut() {
  // the facts card gives way to NOW and the log when the column is short: its foot then
  // fades out (table.css #facts.cut) rather than ending in a sliced line
  const box = $("facts");
  const cut = box.scrollHeight > box.clientHeight + 1;
  if (box.classList.contains("cut") !== cut) box.classList.toggle("cut", cut);
}
// A window that changes size (a laptop put into full screen, a TV's browser resized)
// scales the page's type, so the log's lines change height under a scroll position
// kept in pixels: its newest line is brought back into sight, as after a move.
window.addEventListener("resize", () => settle(true));

function settle(logMoved) {
  // What needs the page's new layout, read once every part is written: the log's
  // newest line kept in sight and the facts' cut. Each read of a height after a write
  // lays the page out again, its board included: read here, together, they cost the
  // one layout the frame needs anyway.
  const list = logMoved ? $("log").querySelector("ol") : null;
  const end = list ? list.scrollHeight : 0;
  const cut = list ? end > list.clientHeight + 1 : false;
  markCut();  // reads the same layout, then sets its class
  if (!list) return;
  list.scrollTop = end;
  if (list.classList.contains("cut") !== cut) list.classList.toggle("cut", cut);
}

function checkFacts(ch) {
  // the dice in the order they went in, each player's together over their name once
  const dice = el("div", { class: "dice check-dice" });
  let group = null;
  for (const d of ch.dice) {
    if (!group || group.dataset.who !== d.who) {
      // the caption is the seat as the board names it; the whole name is its tooltip
      group = el("figure", { class: "entry", "data-who": d.who, title: d.who },
                 el("div", { class: "dice" }), el("figcaption", { class: "who", text: d.short }));
      dice.append(group);
    }
    group.firstChild.append(picture(d.art, d.who + ": " + d.label, d.counts ? "" : "off"));
  }
  return el("div", { class: "check" }, el("div", { class: "row", text: ch.text }), dice);
}

function renderLesson(box, le) {
  box.hidden = !le;
  if (!le) return;
  box.replaceChildren(el("h2", { text: t("lesson") }),
                      el("p", { class: "lesson-title", text: le.title }),
                      el("p", { class: "narration", text: le.narration || "" }));
}

const SVGNS = "http://www.w3.org/2000/svg";
let boardArt = null;     // the board's art document: the printed board and every token look
let artName = "";        // the name (content hash) it was fetched under
let artWanted = "";
const lookIds = {};      // look name -> id of its <g> in <defs>
const tokens = new Map();  // token key -> its <use>
const panels = new Map();  // seat -> [svg text, its <g>]

function svgEl(tag, attrs) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

function loadArt(name) {
  // the art is served under its content's hash and kept by the browser: fetched once
  if (name === artName || name === artWanted) return;
  artWanted = name;
  fetch(name).then((r) => r.json()).then((doc) => {
    if (artWanted !== name) return;
    boardArt = doc;
    artName = name;
    buildArt();
    render();
  }).catch(() => { artWanted = ""; });
}

function buildArt() {
  const svg = $("boardsvg");
  const a = boardArt;
  svg.setAttribute("viewBox", `-2 -2 ${a.w + 4} ${a.h + 4}`);
  const defs = [];
  let i = 0;
  for (const [name, look] of Object.entries(a.looks)) {
    const id = "look-" + (i++);
    lookIds[name] = id;
    // a token's position is its centre, as in the window's scene
    defs.push(`<g id="${id}" transform="translate(${-look.w / 2} ${-look.h / 2})">${look.svg}</g>`);
  }
  $("looks").innerHTML = defs.join("");
  $("art").innerHTML = a.board.svg;
  for (const use of tokens.values()) use.remove();
  tokens.clear();
  for (const [, g] of panels.values()) g.remove();
  panels.clear();
}

function setAttr(node, name, value) {
  // only what changed is written: an unchanged token costs the page no style work
  if (value === null) { if (node.hasAttribute(name)) node.removeAttribute(name); }
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function renderBoard(bd) {
  // The window's board: the seat panels and tokens that changed are drawn again, the
  // rest stay as they are (the art itself is drawn once per game and language).
  if (!bd) return;
  loadArt(bd.art);
  if (!boardArt || artName !== bd.art) return;
  const seatBox = $("seats");
  const seen = new Set();
  for (const [i, p] of bd.panels.entries()) {
    seen.add(i);
    const old = panels.get(i);
    if (old && old[0] === p.svg) continue;
    const g = old ? old[1] : svgEl("g", { class: "seat", "data-seat": String(i) });
    g.setAttribute("transform", `translate(${p.x} ${p.y})`);
    g.innerHTML = `<title></title>${p.svg}`;
    g.firstChild.textContent = p.words;
    if (!old) seatBox.append(g);
    panels.set(i, [p.svg, g]);
  }
  for (const [i, [, g]] of panels) if (!seen.has(i)) { g.remove(); panels.delete(i); }
  const box = $("tokens");
  const keep = new Set();
  let at = 0;  // the place of the next token in stacking order: later lies on top
  const order = bd.tokens.map((tk, i) => [tk, i]).sort((a, b) => a[0].z - b[0].z || a[1] - b[1]);
  for (const [tk] of order) {
    keep.add(tk.key);
    let use = tokens.get(tk.key);
    const href = "#" + (lookIds[tk.look] || "");
    if (use && use.getAttribute("href") !== href) {  // a new look: a new token, as in the window
      use.remove();
      use = null;
    }
    if (!use) {
      use = svgEl("use", { "data-key": tk.key, href });
      tokens.set(tk.key, use);
    }
    setAttr(use, "transform", `translate(${tk.x} ${tk.y}) rotate(${tk.turn}) scale(${tk.scale})`);
    setAttr(use, "data-role", tk.role);
    setAttr(use, "data-where", tk.where);
    setAttr(use, "opacity", tk.opacity !== 1 ? String(tk.opacity) : null);
    const here = box.childNodes[at] || null;
    if (use !== here) box.insertBefore(use, here);  // moved only when out of place
    at++;
  }
  for (const [key, use] of tokens) if (!keep.has(key)) { use.remove(); tokens.delete(key); }
}

let logLines = [];

function renderLog(box, lines) {
  // The frame carries the newest lines: those that scrolled out go, new ones are
  // appended (all drawn again only when the log was rebuilt, as after an undo); the
  // heading stays put above the list, which keeps its newest line in sight.
  let list = box.querySelector("ol");
  if (!list) {
    list = el("ol");
    box.replaceChildren(el("h2", { text: t("log") }), list);
    logLines = [];
  }
  let drop = 0;
  while (drop < logLines.length && !logLines.slice(drop).every((line, i) => line === lines[i])) {
    drop++;
  }
  if (drop === logLines.length && logLines.length) {  // nothing kept: a new log
    list.replaceChildren();
    logLines = [];
    drop = 0;
  }
  for (let i = 0; i < drop; i++) list.firstElementChild.remove();
  for (const line of lines.slice(logLines.length - drop)) list.append(el("li", { text: line }));
  logLines = lines;  // its newest line is brought into sight by `settle`
}

function renderItems(list, items) {
  // The board's cards and tokens in words, for a screen reader. A move changes one or
  // two of them: those lines get their new words and the rest stay the nodes they were
  // (a list built anew had every line styled and laid out again on every move).
  setAttr(list, "aria-label", t("board"));
  const lines = [...list.children];
  items.forEach((it, i) => {
    const li = lines[i] || list.appendChild(el("li"));
    if (li.textContent !== it.name) li.textContent = it.name;
  });
  for (const li of lines.slice(items.length)) li.remove();
}

function playMoment() {
  const m = state.moment;
  const first = !opened;  // (a first frame without a moment counts too: the next plays)
  opened = true;
  if (!m || m.at === momentAt) return;
  momentAt = m.at;
  if (first) return;  // a page that just opened shows no moment from before it came
  const box = $("moment");
  box.style.borderColor = COLOURS[m.kind] || COLOURS.end;
  const head = el("div", { class: "headline", text: m.headline });
  head.style.color = COLOURS[m.kind] || COLOURS.end;
  box.replaceChildren(head);
  if (m.line && m.line.trim() !== m.headline.trim()) {
    box.append(el("div", { class: "line", text: m.line }));
  }
  const ms = Math.max(m.ms || 0, MOMENT_MS);  // its reading time, never less
  box.hidden = false;
  box.style.animation = "none";
  void box.offsetWidth;  // restart the fade for a moment right after another
  box.style.animation = "";
  box.style.animationDuration = ms + "ms";  // faded in, held its whole time, faded out
  clearTimeout(momentTimer);
  momentTimer = setTimeout(() => { box.hidden = true; }, ms);
}

function render() {
  // each part drawn only when what it shows changed (`section`); then what needs the
  // new layout (`settle`), then a moment (its restart reads the layout too)
  if (!state) return;
  const tb = state.table;
  if ($("turn").textContent !== tb.turn) $("turn").textContent = tb.turn;
  section("now", [state.sentence, state.stakes, state.rule, state.outcome, state.rolls],
          () => renderNow($("now"), state));
  section("lesson", state.lesson, () => renderLesson($("lesson"), state.lesson));
  section("board", [state.board, artName], () => renderBoard(state.board));
  section("facts", [tb.jump, tb.dradis, tb.jump_bonus, tb.check, state.notes],
          () => renderFacts($("facts"), tb, state.notes));
  const logMoved = section("log", state.log, () => renderLog($("log"), state.log));
  section("items", state.items, () => renderItems($("items"), state.items));
  settle(logMoved);
  playMoment();
  document.body.dataset.seq = String(state.seq);
}

function applyStrings(msg) {
  strings = msg.strings || {};
  document.documentElement.lang = msg.lang || "en";
  document.title = t("title");
  $("title").textContent = t("title");
  $("public").textContent = t("no_secrets");
  drawnWith++;
  $("log").replaceChildren();  // its heading in the new language
  render();
}

function onMessage(ev) {
  let msg;
  try { msg = JSON.parse(ev.data); } catch (e) { return; }
  if (msg.type === "art") { art = msg.faces || {}; drawnWith++; render(); }
  else if (msg.type === "strings") applyStrings(msg);
  else if (msg.type === "table") { state = msg; render(); }
}

function setOnline(on) {
  document.body.classList.toggle("online", on);
  document.body.classList.toggle("offline", !on);
  document.body.classList.remove("connecting");
}

function connect() {
  if (closed || (ws && ws.readyState <= WebSocket.OPEN)) return;
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + base + "/ws");
  ws.onopen = () => { retry = 0; stopped = ""; setOnline(true); notice(""); };
  ws.onmessage = onMessage;
  ws.onclose = (ev) => {
    setOnline(false);
    if (ev.code === 1008) { closed = true; notice(t("closed")); return; }
    // hosting stopped, or a new game began (companion/server.py STOP_CODES): said as
    // such, not as a lost connection; the page keeps trying, should the table host again
    const ending = { 4004: "stopped", 4005: "new_game" }[ev.code];
    if (ending) stopped = ending;
    notice(t(stopped || "reconnecting"));
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 500 * retry);
  };
}


connect();
