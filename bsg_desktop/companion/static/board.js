// The board beside the seat's own page: the table page (public, the same for every
// seat, holding no secret) shown in a frame, as a player at the table sees the shared
// screen. On a screen 1024 px or wider it stands beside the decision and the cards; on
// a phone it is one tap away (the header's Board button), and loaded only then. The
// table page draws itself (table.js); this file only places it. It loads before app.js,
// which calls it (its `t` is called only once app.js has run).
"use strict";

const board = (() => {
  const WIDE = window.matchMedia("(min-width: 1024px)");
  let href = "";
  let open = false;  // a narrow screen shows the board instead of the seat

  function button() { return document.getElementById("boardbtn"); }
  function frame() { return document.getElementById("boardframe"); }

  function load() {
    // the frame loads when it can be seen: at once on a wide screen, on a phone at the tap
    const f = frame();
    if (!href || !(WIDE.matches || open)) return;
    const want = new URL(href, location.href).href;
    if (f.src !== want) f.src = want;
  }

  function place() {
    const on = !!href && !document.body.classList.contains("ended");
    document.body.classList.toggle("has-board", on);
    document.body.classList.toggle("board-open", on && open && !WIDE.matches);
    document.getElementById("board").hidden = !on;
    const b = button();
    b.hidden = !on || WIDE.matches;
    b.setAttribute("aria-pressed", String(open));
    texts();
    load();
  }

  function texts() {
    const b = button();
    b.textContent = t(open ? "board_hide" : "board_show");
    frame().title = t("board");
  }

  function at(where) {
    // where the server says the board is ("t/<token>/"; "" when the table page closed)
    href = /^t\/[A-Za-z0-9_-]+\/$/.test(where || "") ? "/" + where : "";
    if (!href) { frame().removeAttribute("src"); open = false; }
    place();
  }

  function end() { href = ""; open = false; frame().removeAttribute("src"); place(); }

  function turn() {
    // a decision waits while a phone shows the board: the seat's button says so
    const asks = !!document.querySelector("#decision h2.ask");
    button().classList.toggle("turn", asks && open);
  }

  button().addEventListener("click", () => {
    open = !open;
    place();
    turn();
    window.scrollTo(0, 0);
  });
  WIDE.addEventListener("change", place);
  new MutationObserver(turn).observe(document.getElementById("decision"), { childList: true });
  return { at, end, texts };
})();
