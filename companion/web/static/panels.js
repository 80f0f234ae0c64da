// The panels around the view (app.js's part): a player panel per seat of a game played on the
// bed (its word, look and pool by kind, from the game's declaration in the snapshot, and its own
// groups beside the pool: maunz.'s reserve and box), the move list (each move marked in its
// mover's look) and the winner.
"use strict";

(function () {
  const page = window.maunzPage;
  const $ = page.$;
  const t = (key) => page.t(key) || key;

  function discs(n, cls) {
    let out = "";
    for (let i = 0; i < n; i++) out += '<span class="disc ' + cls + '"></span>';
    return out;
  }

  // The seats' panels: the first seat's below the bed, the others' above it (maunz.: orange
  // below, grey above), rebuilt only when the seats change.
  function renderPlayers(s) {
    const d = s.bed_game;
    const seats = d ? d.seats : [];
    const key = seats.map((x) => x.key).join(",");
    const top = $("players-top"), bottom = $("players-bottom");
    if (top.dataset.seats !== key) {
      top.dataset.seats = key;
      top.innerHTML = bottom.innerHTML = "";
      seats.forEach((seat, i) => {
        const el = document.createElement("div");
        el.className = "player seated";
        el.id = "player-" + seat.key;
        el.dataset.seat = seat.key;
        el.style.setProperty("--seat", seat.look);
        (i ? top : bottom).appendChild(el);
      });
    }
    top.hidden = bottom.hidden = !seats.length;
    for (const seat of seats) {
      const el = $("player-" + seat.key);
      const pool = (s.pools || {})[seat.key] || {};
      const name = (s.players && s.players[seat.key]) || seat.word;
      const toMove = s.to_move === seat.key && s.winner == null;
      el.classList.toggle("to-move", toMove);
      d.kinds.forEach((k) => { el.dataset["pool_" + k.key] = pool[k.key] || 0; });
      const counts = d.kinds.map((k) => pool[k.key] || 0);
      el.innerHTML =
        '<div class="who"><span class="dot"></span><span class="name"></span>' +
        (s.ai === seat.key ? '<span class="tag">' + t("ai") + "</span>" : "") +
        // a remote game's other player is a person at another companion, not the computer
        (s.remote_seat === seat.key ? '<span class="tag remote">' + t("remote") + "</span>" : "") +
        (toMove ? '<span class="tag move">' + t("to_move") + "</span>" : "") + "</div>" +
        '<div class="stock"><span class="group pool" title="' + t("pool") + '"><span class="cap-label">' +
        t("pool") + "</span>" + d.kinds.map((k, i) => discs(counts[i], i ? "large" : "small")).join("") +
        '<span class="count">' + counts.join("+") + "</span></span>" +
        ((s.stock || {})[seat.key] || []).map((g) =>
          '<span class="group ' + g.look + '" title="' + t(g.word.replace(/^page\./, "")) + '"><span class="cap-label">' +
          t(g.word.replace(/^page\./, "")) + "</span>" +
          (g.look === "box" ? '<span class="box">' + g.n + "</span>"
                            : discs(g.n, "large ghost") + '<span class="count">' + g.n + "</span>") + "</span>").join("") +
        "</div>";
      el.querySelector(".name").textContent = name;
    }
  }

  function renderMoves(s) {
    const moves = $("moves");
    moves.innerHTML = "";
    moves.classList.toggle("worded", !!s.move_words);   // moves in words: one a line
    const list = s.moves || [];
    const looks = {};
    for (const seat of (s.bed_game || {}).seats || []) looks[seat.key] = seat.look;
    list.forEach((m, i) => {
      const li = document.createElement("li");
      // a bed game's mover, in its seat's look; other games' moves name their own seat or chance
      // in the move text (or their view's label), so they get no dot rather than a wrong one
      const mover = (s.movers || [])[i];
      li.innerHTML = (mover && looks[mover] ? '<span class="dot"></span>' : "") + "<code></code>";
      if (mover && looks[mover]) li.querySelector(".dot").style.setProperty("--seat", looks[mover]);
      li.querySelector("code").textContent = m;
      const said = (s.move_words || [])[i];   // the move in words (the table's phrases), the
      if (said) {                              // notation kept small after it
        const span = document.createElement("span");
        span.className = "mv-words";
        span.textContent = said + " ";
        li.insertBefore(span, li.querySelector("code"));
      }
      const label = window.maunzMoveLabels[s.view];   // a view's own words for its moves
      if (label) label(li, m, s, i);                   // (a card game names its cards and seats)
      if (i >= list.length - (s.unsaved || 0)) {  // the table has it, the journal not yet
        li.classList.add("unsaved");
        li.title = t("unsaved");
      }
      moves.appendChild(li);
    });
    if (!list.length) moves.innerHTML = '<li class="none">' + t("no_moves") + "</li>";
    moves.scrollTop = moves.scrollHeight;
  }

  function renderWinner(s) {
    const win = $("winner");
    if (!s.winner) {
      win.hidden = true;
      return;
    }
    win.hidden = false;
    // a bed game's winner is a seat it declared (its word and look); every other game's a seat
    // number ("1", "2", ...)
    const seat = ((s.bed_game || {}).seats || []).find((x) => x.key === s.winner);
    const who = (s.players && s.players[s.winner]) || (seat ? seat.word : t("seat").replace("{n}", s.winner));
    win.textContent = t("wins").replace("{who}", who);
    win.className = "winner" + (seat ? " seated" : "");
    if (seat) win.style.setProperty("--seat", seat.look);
    else win.style.removeProperty("--seat");
  }

  page.panels = {
    render(s) { renderPlayers(s); renderMoves(s); renderWinner(s); },
  };
})();
