// A rule code under a question, shared by the phone page and the table page (each
// loads this file before its own script, which defines `el`). The code is a button: a
// tap, a click, or Enter on its focus opens its section's name and text, which come in
// the frame with the code in the page's language (frames.rule_note); the code stays
// open while the same rule is asked, across the frames that redraw the sentence.
let ruleOpen = "";

function ruleCode(note, code) {
  const box = el("div", { class: "rule" });
  if (!note || !note.code) { box.textContent = code || ""; return box; }
  const words = el("div", { class: "rule-text", id: "rule-text" },
                   el("b", { text: note.code + (note.name ? " · " + note.name : "") }),
                   el("p", { text: note.text || "" }));
  const button = el("button", { type: "button", class: "rule-code", text: note.code,
                                "aria-controls": "rule-text" });
  const show = (open) => {
    ruleOpen = open ? note.code : "";
    words.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(words.hidden));
  show(ruleOpen === note.code);
  box.append(button, words);
  return box;
}
