// The fiche kept live: each server-sent event is the fiche as it now stands, in the page's language,
// drawn with textContent only (a name or a note is text, never markup).
"use strict";
(function () {
  const body = document.body;
  const live = document.getElementById("live");
  function text(id, words) {
    document.getElementById(id).textContent = words;
  }
  function draw(view) {
    document.title = view.title;
    text("title", view.title);
    text("status", view.status);
    const table = document.getElementById("fiche");
    const head = document.createElement("tr");
    view.headers.forEach(function (header, index) {
      const th = document.createElement("th");
      th.className = "c" + index;
      th.textContent = header;
      head.appendChild(th);
    });
    const rows = document.createElement("tbody");
    view.rows.forEach(function (row) {
      const tr = document.createElement("tr");
      row.forEach(function (cell, index) {
        const td = document.createElement("td");
        td.className = "c" + index + (cell[1] ? " n" : "");
        td.textContent = cell[0];
        tr.appendChild(td);
      });
      rows.appendChild(tr);
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
  }
  const source = new EventSource(body.dataset.events);
  source.onopen = function () { live.textContent = live.dataset.live; live.className = "live on"; };
  source.onerror = function () { live.textContent = live.dataset.offline; live.className = "live"; };
  source.onmessage = function (event) { draw(JSON.parse(event.data)); };
})();
