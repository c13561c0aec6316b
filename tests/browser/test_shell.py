"""The page shell in Chromium: loads offline, shows progress, gets ready, passes axe."""

from playwright.sync_api import expect

# Records every stage the loader shows (js/loading.js sets #loader[data-stage]).
STAGE_RECORDER = """
window.__stages = [];
new MutationObserver(() => {
  const loader = document.getElementById("loader");
  const stage = loader && loader.dataset.stage;
  if (stage && window.__stages.at(-1) !== stage) window.__stages.push(stage);
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-stage"]});
"""


def test_index_loads_offline_with_progress_and_passes_axe(page, site_url, wait_ready, axe, csp_violations):
    page.add_init_script(STAGE_RECORDER)
    held: list = []  # our Python's archive, held back until the loading state is checked
    page.route("**/assets/app/app.zip", lambda route: held.append(route))
    page.goto(site_url, wait_until="domcontentloaded")

    # Before Python is ready: the loader is visible, with a stage and a progress bar.
    loader = page.locator("#loader")
    expect(loader).to_be_visible()
    expect(page.locator("#loader-stage")).not_to_be_empty()
    expect(page.locator("#loader-progress")).to_be_visible()
    assert page.locator("html[data-ready]").count() == 0
    assert axe(page) == [], "loading state"
    while not held:
        page.wait_for_timeout(50)  # until the runtime asks for the archive
    held[0].continue_()

    wait_ready(page)

    expect(loader).to_be_hidden()
    expect(page.locator("#app")).to_have_attribute("aria-busy", "false")
    expect(page.locator("html")).to_have_attribute("data-engine", "loaded")
    stages = page.evaluate("window.__stages")
    assert stages[-1] == "ready"
    assert "runtime" in stages and stages.index("runtime") < stages.index("ready"), stages
    assert "error" not in stages
    assert csp_violations(page) == []
    assert axe(page) == [], "ready state"


def test_bare_page_gets_ready_offline(page, open_ready, csp_violations):
    open_ready(page, "bench/pages/bare.html")
    assert csp_violations(page) == []


def test_a_crash_of_the_runtime_while_it_starts_starts_the_page_again(page, site_url, wait_ready, boot_crash):
    loads = boot_crash(page, crashes=2)
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_function("Number(sessionStorage.getItem('test.loads')) >= 3", timeout=120_000)
    wait_ready(page)
    assert loads() == 3
    assert page.locator("html[data-load-error]").count() == 0 and loads("error-at") == 0
    assert page.evaluate("sessionStorage.getItem('qwirkle.start-restarts')") is None, "the count ends when ready"


def test_a_runtime_that_keeps_crashing_shows_the_error_after_two_new_starts(page, site_url, boot_crash):
    loads = boot_crash(page, crashes=99)
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_selector("html[data-load-error]", state="attached", timeout=120_000)
    assert loads("error-at") == 3
    assert "RuntimeError: Out of bounds memory access" in page.locator("html").get_attribute("data-load-error")


def test_an_error_of_the_page_itself_is_shown_without_a_new_start(page, site_url, boot_crash):
    loads = boot_crash(page, crashes=99, engine=False)
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_selector("html[data-load-error]", state="attached", timeout=120_000)
    assert loads("error-at") == 1
    assert "TypeError: not a crash of the runtime" in page.locator("html").get_attribute("data-load-error")
