// Fischnapf's view on the page: a fish for each fish left in the bowl, in a box of its own.
"use strict";

(() => {
  window.maunzViews.fischnapf = (state) => {   // app.js draws the snapshot's view
    let bowl = document.getElementById("fishbowl");
    if (!bowl) {
      bowl = document.createElement("div");
      bowl.id = "fishbowl";
      document.querySelector("main").appendChild(bowl);
    }
    bowl.hidden = !state;
    bowl.dataset.fish = state ? String(state.fish) : "";
    bowl.textContent = state ? "><>".repeat(state.fish) : "";
  };
})();
