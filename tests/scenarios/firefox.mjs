// The Firefox lane's bridge: Puppeteer (npm puppeteer-core, pinned in package.json) drives
// Debian's Firefox ESR over WebDriver BiDi, without geckodriver, for tests/scenarios/drivers.py.
//
//   node tests/scenarios/firefox.mjs --proxy PORT
//
// Launches /usr/bin/firefox-esr headless once, then answers one JSON request per line on stdin
// with one JSON line on stdout: {"id", "op", "args"} -> {"id", "value"} or {"id", "error"}.
// Operations: page (a fresh browser context, hence fresh storage, caches and service workers,
// and a page in it), close (ends that context; returns what the page requested off 127.0.0.1
// and the Content-Security-Policy violations it reported), goto, js, click, reload, url.
//
// The network: every connection but to 127.0.0.1 goes through the proxy on PORT (the Python
// fixture's, which refuses and records each request, the service worker's and Firefox's own
// included), and MOZ_DISABLE_NONLOCAL_CONNECTIONS=1 makes Firefox refuse any other non-local
// connection by itself (it also lets the remote-settings server be switched off below).

import puppeteer from "puppeteer-core";
import readline from "node:readline";

const FIREFOX = "/usr/bin/firefox-esr";
const TIMEOUT_MS = 60_000;
// Same as tests/browser/conftest.py: recorded in every page before its own scripts run.
const PAGE_RECORDER = `
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    \`\${e.violatedDirective} blocked \${e.blockedURI || "inline"} at \${e.sourceFile}:\${e.lineNumber}\`);
});
`;

const proxyPort = Number(process.argv[process.argv.indexOf("--proxy") + 1]);
if (!proxyPort) throw new Error("usage: firefox.mjs --proxy PORT");

const prefs = {
  "network.proxy.type": 1,
  "network.proxy.http": "127.0.0.1",
  "network.proxy.http_port": proxyPort,
  "network.proxy.ssl": "127.0.0.1",
  "network.proxy.ssl_port": proxyPort,
  "network.proxy.share_proxy_settings": false,
  "network.proxy.no_proxies_on": "127.0.0.1",
  "network.proxy.allow_hijacking_localhost": false,
  // Firefox's own test setting: no remote-settings traffic at all (honoured because of
  // MOZ_DISABLE_NONLOCAL_CONNECTIONS; otherwise it polls firefox.settings.services.mozilla.com).
  "services.settings.server": "data:,#remote-settings-dummy/v1",
  "javascript.options.wasm_optimizingjit": false,
};

function isLocal(url) {
  const { protocol, hostname } = new URL(url);
  return ["data:", "blob:", "about:"].includes(protocol) || hostname === "127.0.0.1";
}

const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath: FIREFOX,
  headless: true,
  extraPrefsFirefox: prefs,
  env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: "1" },
  defaultViewport: { width: 1280, height: 900 },
  protocolTimeout: 2 * TIMEOUT_MS,
});

let context = null;
let page = null;
let blocked = [];

const ops = {
  async version() {
    return browser.version();
  },
  async page() {
    if (context) await ops.close();
    blocked = [];
    context = await browser.createBrowserContext();
    page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    page.setDefaultNavigationTimeout(TIMEOUT_MS);
    await page.evaluateOnNewDocument(PAGE_RECORDER);
    page.on("request", (request) => {
      const url = request.url();
      if (!isLocal(url) && !blocked.includes(url)) blocked.push(url);
    });
    return null;
  },
  async close() {
    let csp = [];
    try {
      csp = await page.evaluate("window.__cspViolations || []");
    } catch {
      // the page is gone or navigating: the test says why
    }
    const result = { blocked, csp };
    await context.close().catch(() => {});
    context = page = null;
    return result;
  },
  async goto(url) {
    await page.goto(url);
    return null;
  },
  async js(body, args) {
    // A function body: reads `arguments`, may return a value or a promise (awaited).
    return page.evaluate(`(async function () { ${body} }).apply(null, ${JSON.stringify(args)})`);
  },
  async click(selector, index) {
    // Native pointer events at the element's centre, after scrolling it into view.
    const elements = await page.$$(selector);
    if (elements.length <= index) throw new Error(`LookupError: no element ${index} for ${selector}`);
    await elements[index].click();
    await Promise.all(elements.map((e) => e.dispose().catch(() => {})));
    return null;
  },
  async reload() {
    await page.reload();
    return null;
  },
  async url() {
    return page.url();
  },
};

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
send({ id: 0, value: await browser.version() });

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, args = [] } = JSON.parse(line);
  try {
    const value = await ops[op](...args);
    send({ id, value: value === undefined ? null : value });
  } catch (error) {
    send({ id, error: String(error && error.stack ? error.stack : error) });
  }
}
await browser.close();
