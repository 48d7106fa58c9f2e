// A concours's board kept live: each server-sent event is the board as it now stands, in the page's
// language, drawn with textContent only (a name is text, never markup). On a TV the tables that do not
// fit the screen are shown a page at a time, turned every PAGE_SECONDS.
"use strict";
(function () {
  const PAGE_SECONDS = 8;
  const body = document.body;
  const live = document.getElementById("live");
  const pages = document.getElementById("tables");
  let first = 0; // the first table of the page shown
  let perPage = 0; // the tables the first page holds: the last page may hold fewer
  function element(tag, className, words) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (words !== undefined) made.textContent = words;
    return made;
  }
  function text(id, words) {
    document.getElementById(id).textContent = words;
  }
  function draw(view) {
    document.title = view.title;
    text("title", view.title);
    text("round", view.round);
    text("byes", view.byes);
    text("heading", view.heading);
    pages.replaceChildren.apply(pages, view.tables.map(function (table) {
      const card = element("article", table.done ? "table done" : "table");
      card.appendChild(element("h2", "", table.table));
      const sides = element("ul", "sides");
      table.sides.forEach(function (side) {
        const li = element("li", side.won ? "won" : "");
        li.appendChild(element("span", "name", side.name));
        li.appendChild(document.createTextNode(" "));
        li.appendChild(element("span", "figure", side.figure));
        sides.appendChild(li);
      });
      card.appendChild(sides);
      card.appendChild(element("p", "seats", table.seats));
      card.appendChild(element("p", "state", table.state));
      return card;
    }));
    const head = element("tr");
    view.headers.forEach(function (header, index) { head.appendChild(element("th", "c" + index, header)); });
    const rows = element("tbody");
    view.rows.forEach(function (row) {
      const tr = element("tr");
      row.forEach(function (cell, index) { tr.appendChild(element("td", "c" + index, String(cell))); });
      rows.appendChild(tr);
    });
    const standing = document.getElementById("standing");
    standing.tHead.replaceChildren(head);
    standing.tBodies[0].replaceWith(rows);
    show();
    showRows();
  }
  // The standing's teams from `firstRow` on that fit its box on a TV, turned as the tables are: every team
  // of a big day is shown in turn, never only the first screenful (issue 41).
  let firstRow = 0;
  function showRows() {
    const box = document.querySelector("section.standing");
    const rows = Array.prototype.slice.call(document.getElementById("standing").tBodies[0].rows);
    rows.forEach(function (row) { row.hidden = false; });
    if (fits(box)) {
      firstRow = 0;
      text("standing-page", "");
      box.dataset.shown = String(rows.length);
      return;
    }
    if (firstRow >= rows.length) firstRow = 0;
    const shown = fitting(rows, firstRow, box);
    box.dataset.shown = String(shown);
    const words = document.getElementById("standing-page").dataset.words;
    text("standing-page", words.replace("{first}", String(firstRow + 1))
      .replace("{last}", String(Math.min(firstRow + shown, rows.length))).replace("{count}", String(rows.length)));
  }
  function turnRows() {
    const box = document.querySelector("section.standing");
    const count = document.getElementById("standing").tBodies[0].rows.length;
    const shown = Number(box.dataset.shown || "0");
    if (shown > 0 && shown < count) {
      firstRow += shown;
      if (firstRow >= count) firstRow = 0;
    }
    showRows();
  }
  // Whether a box shows all it holds: not paged (a phone, where it scrolls), or nothing past its foot.
  function fits(box) {
    return getComputedStyle(box).overflow !== "hidden" || box.scrollHeight <= box.clientHeight + 1;
  }
  // The items from `from` on that fit above the box's foot shown, the others hidden till their page comes
  // (at least one, however tall); how many show.
  function fitting(items, from, box) {
    items.forEach(function (item, index) { item.hidden = index < from; });
    const bottom = box.getBoundingClientRect().bottom;
    let shown = 0;
    items.forEach(function (item, index) {
      if (index >= from && item.getBoundingClientRect().bottom <= bottom + 1 && shown === index - from) shown += 1;
    });
    shown = Math.max(shown, 1);
    items.forEach(function (item, index) { item.hidden = index < from || index >= from + shown; });
    return shown;
  }
  // The tables from `first` on that fit the box; the others hidden till their page comes.
  function show() {
    const cards = Array.prototype.slice.call(pages.children);
    cards.forEach(function (card) { card.hidden = false; });
    if (fits(pages)) {
      first = 0;
      text("page", "");
      body.dataset.pages = "1";
      return;
    }
    if (first >= cards.length) first = 0;
    const shown = fitting(cards, first, pages);
    if (first === 0 || shown > perPage) perPage = shown;
    const count = Math.ceil(cards.length / perPage);
    const page = Math.min(Math.floor(first / perPage) + 1, count);
    body.dataset.pages = String(count);
    body.dataset.page = String(page);
    const words = document.getElementById("page").dataset.words;
    text("page", words.replace("{page}", String(page)).replace("{pages}", String(count)));
    body.dataset.shown = String(shown);
  }
  function turn() {
    const shown = Number(body.dataset.shown || "0");
    if (Number(body.dataset.pages || "1") > 1 && shown > 0) {
      first += shown;
      if (first >= pages.children.length) first = 0;
    }
    show();
  }
  show();
  showRows();
  window.addEventListener("resize", function () { first = 0; firstRow = 0; show(); showRows(); });
  setInterval(function () { turn(); turnRows(); }, PAGE_SECONDS * 1000);
  window.scorekeeperTurn = function () { turn(); turnRows(); };  // what the timer does, for a test to call
  const source = new EventSource(body.dataset.events);
  source.onopen = function () { live.textContent = live.dataset.live; live.className = "live on"; };
  source.onerror = function () { live.textContent = live.dataset.offline; live.className = "live"; };
  source.onmessage = function (event) { draw(JSON.parse(event.data)); };
})();
