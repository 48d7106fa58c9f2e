// The fiche kept live: each server-sent event is the fiche as it now stands, in the page's language,
// drawn with textContent only (a name or a note is text, never markup).
"use strict";
(function () {
  const body = document.body;
  const live = document.getElementById("live");
  function text(id, words) {
    document.getElementById(id).textContent = words;
  }
  function span(kind, words) {
    const part = document.createElement("span");
    part.className = kind;
    part.textContent = words;
    return part;
  }
  // The entry page's buttons (issue 41): each puts its word on the line (or the answer) as it would be
  // typed; a suit, then a rank, puts a card; digits make one number until a space or another word.
  function pad() {
    const keys = document.getElementById("pad");
    if (!keys) { return; }
    const box = document.getElementById(keys.dataset.target);
    const ranks = keys.querySelector(".ranks");
    let suit = null;
    function put(word, glued) {
      const was = box.value;
      box.value = glued || was === "" || was.endsWith(" ") ? was + word : was + " " + word;
    }
    function choose(button) {
      keys.querySelectorAll("[data-suit]").forEach(function (other) {
        other.setAttribute("aria-pressed", other === button ? "true" : "false");
      });
      suit = button ? button.dataset.suit : null;
      if (ranks) { ranks.hidden = suit === null; }
    }
    keys.addEventListener("click", function (event) {
      const button = event.target.closest("button");
      if (!button) { return; }
      const data = button.dataset;
      if (data.suit !== undefined) {
        choose(suit === data.suit ? null : button);
      } else if (data.rank !== undefined) {
        if (suit !== null) { put(data.rank + suit, false); }
        choose(null);
      } else if (data.digit !== undefined) {
        put(data.digit, /(^|\s)\d+$/.test(box.value));
      } else if (data.space !== undefined) {
        if (box.value !== "" && !box.value.endsWith(" ")) { box.value += " "; }
      } else if (data.erase !== undefined) {
        box.value = box.value.replace(/\s+$/, "").slice(0, -1).replace(/\s+$/, "");
      } else if (data.word !== undefined) {
        put(data.word, false);
      }
    });
    keys.hidden = false;
  }
  function draw(view) {
    document.title = view.title;
    text("title", view.title);
    text("status", view.status);
    const table = document.getElementById("fiche");
    // A column with no phone header gives way on a phone ("wide"); a side's total shows its short name
    // there, its whole header kept for a wide screen and as the cell's title (the style sheet chooses).
    const kept = view.phone.filter(function (short) { return short !== null; }).length;
    const head = document.createElement("tr");
    view.headers.forEach(function (header, index) {
      const th = document.createElement("th");
      const short = view.phone[index];
      th.className = "c" + index + (short === null ? " wide" : "");
      if (short !== null && short !== header) {
        th.title = header;
        th.append(span("long", header), span("short", short));
      } else {
        th.textContent = header;
      }
      head.appendChild(th);
    });
    const rows = document.createElement("tbody");
    view.rows.forEach(function (row, at) {
      const tr = document.createElement("tr");
      row.forEach(function (cell, index) {
        const td = document.createElement("td");
        td.className = "c" + index + (cell[1] ? " n" : "") + (view.phone[index] === null ? " wide" : "");
        td.textContent = cell[0];
        tr.appendChild(td);
      });
      rows.appendChild(tr);
      if (view.under[at]) {  // what was said and the note, folded under the entry on a phone
        const under = document.createElement("tr");
        const td = document.createElement("td");
        under.className = "under";
        td.colSpan = kept;
        td.textContent = view.under[at];
        under.appendChild(td);
        rows.appendChild(under);
      }
    });
    table.tHead.replaceChildren(head);
    table.tBodies[0].replaceWith(rows);
    const lines = document.getElementById("lines");
    lines.replaceChildren.apply(lines, view.lines.map(function (line) {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }));
    body.dataset.count = String(view.count);
    newest();
    // The entry's forms are for the fiche as it now stands: a post sent twice, or for a fiche another phone
    // has changed since, stores nothing (the server answers with the fiche).
    document.querySelectorAll('input[name="at"]').forEach(function (at) { at.value = String(view.entries); });
    fit();
  }
  // A TV across a hall (the large type of the style sheet): a fiche wider than the screen (four players'
  // columns) takes a smaller type until it fits, rather than scroll where nobody can scroll it.
  function fit() {
    const table = document.getElementById("fiche");
    const box = table.parentElement;
    table.style.fontSize = "";
    if (!window.matchMedia("(min-width: 1400px)").matches) {
      return;
    }
    let size = parseFloat(window.getComputedStyle(table).fontSize);
    while (box.scrollWidth > box.clientWidth && size > 14) {
      size -= 1;
      table.style.fontSize = size + "px";
    }
  }
  // On a TV the newest coup stays on screen, under the totals kept at the top.
  function newest() {
    const entries = document.getElementById("fiche").tBodies[0].querySelectorAll("tr:not(.under)");
    const last = entries[entries.length - 1];  // a line folded under an entry is a phone's: hidden here
    if (last && window.matchMedia("(min-width: 1200px)").matches) {
      last.scrollIntoView({ block: "end" });
    }
  }
  // After a refusal the line is kept: the cursor goes to its end, to mend it (issue 41).
  const kept = document.getElementById("line");
  if (kept && kept.value) {
    kept.focus();
    kept.setSelectionRange(kept.value.length, kept.value.length);
  }
  pad();
  fit();
  newest();
  window.addEventListener("resize", function () { fit(); newest(); });
  const source = new EventSource(body.dataset.events);
  source.onopen = function () { live.textContent = live.dataset.live; live.className = "live on"; };
  source.onerror = function () { live.textContent = live.dataset.offline; live.className = "live"; };
  source.onmessage = function (event) {
    const data = JSON.parse(event.data);
    if (data.followed) {  // a revanche made of the game: the server shows it now, at the same address
      source.close();
      window.location.reload();
      return;
    }
    draw(data);
  };
})();
