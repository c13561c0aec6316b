"""The network guard of conftest.py: a request off 127.0.0.1 is refused and recorded."""


def test_guard_aborts_and_records_remote_requests(new_context, site_url, network_guard):
    # The page's own CSP already refuses other origins; bypass it to reach the guard.
    page = new_context(bypass_csp=True).new_page()
    page.goto(site_url + "bench/pages/bare.html", wait_until="domcontentloaded")
    outcome = page.evaluate(
        """async () => {
            try { await fetch("http://example.invalid/probe.js", {mode: "no-cors"}); return "fetched"; }
            catch (error) { return "failed"; }
        }"""
    )
    assert outcome == "failed"
    assert network_guard.blocked == ["http://example.invalid/probe.js"]
    network_guard.blocked.clear()  # recorded as it should be: do not fail this test at teardown
