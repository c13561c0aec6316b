// Registers the service worker (../sw.js) and offers new versions to the player.
//
// Included by the site's pages with <script type="module" src="./js/sw-register.js">; the game
// page (index.html) has js/loading.js import it once the game is ready.
// When a new version of the site has been downloaded and is waiting, a notice
// "Update available [Reload]" appears: in the page's slot for it when it has one
// ([data-update-slot], the game's top bar, so it never covers the game's messages), else at
// the bottom of the page. Nothing reloads by itself:
// only a click on Reload tells the waiting worker to take over (skip-waiting), then reloads
// the page once it has. A page that was switched to a new version by another tab keeps
// running and shows the notice, so the player still chooses when to reload.
//
// The notice's styles are in css/notice.css, added to the page when the notice is first
// shown. The page's language (<html lang>) picks the texts (assets/app/words.js, from the catalogs).

import { WORDS } from "../assets/app/words.js";

const SW_URL = new URL("../sw.js", import.meta.url);
const CSS_URL = new URL("../css/notice.css", import.meta.url);
// Look for a new version when a page comes back to the foreground, at most this often.
const RECHECK_MS = 10 * 60 * 1000;
const SETTLE_MS = 15 * 1000;

let reloading = false; // the player clicked Reload
let notice = null;

function texts() {
  const lang = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  const words = WORDS[lang] || WORDS.en;
  return { available: words.update_available, reload: words.update_reload, updating: words.update_updating };
}

function showNotice(registration, offered) {
  if (notice) return;
  const t = texts();
  if (!document.querySelector(`link[href="${CSS_URL.href}"]`)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = CSS_URL.href;
    document.head.append(link);
  }
  notice = document.createElement("div");
  notice.className = "sw-update";
  notice.dataset.swUpdate = "";
  notice.setAttribute("role", "status");
  const label = document.createElement("span");
  label.textContent = t.available;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = t.reload;
  button.addEventListener("click", () => {
    reloading = true;
    button.disabled = true;
    label.textContent = t.updating;
    const waiting = registration.waiting || (offered && offered.state === "installed" ? offered : null);
    if (!waiting) return location.reload(); // already active (another tab took it): just reload
    // Reload once the new version is active, not at its controllerchange: WebKit fires that
    // while the worker is still activating, and a page loaded then stays uncontrolled.
    waiting.addEventListener("statechange", () => waiting.state === "activated" && location.reload());
    waiting.postMessage({ type: "skip-waiting" });
  });
  notice.append(label, " ", button);
  const slot = document.querySelector("[data-update-slot]");
  if (slot) notice.classList.add("sw-update--inline");
  (slot || document.body).append(notice);
}

function watch(registration) {
  // An update is a worker installed while an older one is active. Tell them apart by the worker
  // that was active when the new one started installing, not by navigator.serviceWorker.controller
  // when it reaches "installed": a first install has no older worker and never waits, and WebKit
  // may hand the page its first controller before it delivers that "installed" state.
  const offerWhenInstalled = (worker, previous) => {
    if (!worker || !previous || worker === previous) return;
    const check = () => {
      if (worker.state === "installed") showNotice(registration, worker);
    };
    worker.addEventListener("statechange", check);
    check();
  };
  offerWhenInstalled(registration.waiting, registration.active);
  offerWhenInstalled(registration.installing, registration.active);
  registration.addEventListener("updatefound", () => offerWhenInstalled(registration.installing, registration.active));
}

async function register() {
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Another tab switched every page to a new version: offer the reload here too. A first
    // controller (the first install claiming this page) is not a new version.
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    if (!reloading && previous && controller !== previous) {
      navigator.serviceWorker.getRegistration().then((r) => r && showNotice(r));
    }
  });
  const registration = await navigator.serviceWorker.register(SW_URL.href, { updateViaCache: "none" });
  watch(registration);
  // A page loaded while the worker was activating is left uncontrolled by WebKit: ask the
  // active worker to take it, so that it works offline from now on.
  if (!navigator.serviceWorker.controller && registration.active) {
    registration.active.postMessage({ type: "claim" });
  }
  let lastCheck = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && navigator.onLine && Date.now() - lastCheck > RECHECK_MS) {
      lastCheck = Date.now();
      registration.update().catch(() => {});
    }
  });
}

// Once the page is usable (<html data-ready>, set when Python has started), or a while after
// it has loaded: precaching 15 MB must not compete with Python's first start.
function whenSettled(callback) {
  const root = document.documentElement;
  let done = false;
  const observer = new MutationObserver(() => root.hasAttribute("data-ready") && go());
  function go() {
    if (done) return;
    done = true;
    observer.disconnect();
    callback();
  }
  if (root.hasAttribute("data-ready")) return go();
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  setTimeout(go, SETTLE_MS);
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  const start = () => whenSettled(() => register().catch((error) => console.warn("service worker:", error)));
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
