// update.js: a signed release uploaded from the page for the family's OK (issue 42). Shown on a
// page that may control the companion; the archive is the request's body, its .sig travels base64
// in a header (POST /api/update, companion/web/upload.py). The companion checks the signature and
// then asks on the OLED and in the notices; nothing installs without OK.
(function () {
  "use strict";
  const box = document.getElementById("update");
  const said = document.getElementById("update-said");
  const show = () => { box.hidden = document.body.dataset.control !== "true"; };
  const t = (key) => {   // the page's words (companion/web/phrases.py), as app.js reads them
    const p = window.maunzPage;
    return (p && ((p.words[p.lang] || {})[key] || (p.words.en || {})[key])) || key;
  };
  new MutationObserver(show).observe(document.body, { attributes: true, attributeFilter: ["data-control"] });
  show();

  // "check for updates" at the config's [update] url (off without it: the reply says so)
  document.getElementById("update-check").addEventListener("click", async () => {
    said.textContent = "…";
    try {
      const reply = await fetch("/api/update/check", { method: "POST", credentials: "same-origin" });
      const out = await reply.json();
      said.textContent = reply.ok ? out.words : out.error;   // the outcome in the table's language
    } catch (err) {
      said.textContent = String(err);
    }
  });

  document.getElementById("update-send").addEventListener("click", async () => {
    const files = Array.from(document.getElementById("update-files").files);
    const archive = files.find((f) => f.name.endsWith(".tar.gz"));
    const sig = files.find((f) => f.name.endsWith(".tar.gz.sig"));
    if (!archive || !sig) {
      said.textContent = t("update_pick");
      return;
    }
    const sigText = await sig.text();
    said.textContent = "…";
    try {
      const reply = await fetch("/api/update", {
        method: "POST", body: archive, credentials: "same-origin",
        headers: { "X-Companion-Filename": archive.name, "X-Companion-Signature": btoa(sigText) },
      });
      const out = await reply.json();
      said.textContent = reply.ok ? "✓ " + out.words : out.error;
    } catch (err) {
      said.textContent = String(err);
    }
  });
})();
