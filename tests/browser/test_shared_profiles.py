"""Profiles on a shared server in Chromium (issue 26): ``?profile=zoe`` shows nothing of Zoe's
and no Export or Reset of hers without her PIN, the name box lists no learner, and her PIN signs
her browser in for its session; the page says which mode is in force."""

from unittest import mock

import pytest
from playwright.sync_api import expect

from conftest import open_page, running_server
from gintrainer.app import PROFILES_SHARED
from gintrainer.records import profiles as store

pytestmark = pytest.mark.browser

K1 = {"id": "k1", "kind": "can_knock", "themes": ["set-or-run"], "difficulty": 1200}


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    """A server started as ``gintrainer app`` starts one for the network or a class: shared."""
    with running_server(tmp_path_factory, "voila-shared", environ={PROFILES_SHARED: "1"}) as voila:
        with mock.patch.dict("os.environ", {"GINTRAINER_DATA": str(voila.data)}):
            store.enter("Zoe", "2468", create=True)
            store.record_attempt("Zoe", K1, "solved", answer="yes", hints=0)
            store.load("Ann")  # another learner, who is listed nowhere
        yield voila


def test_a_profile_in_the_address_shows_nothing_of_it_without_its_pin(page, shared_server, console):
    file = shared_server.data / "profiles" / store.profile_path("Zoe").name
    before = file.read_bytes()
    open_page(page, shared_server, "puzzles/profile.ipynb", "profile=zoe")
    bar = page.locator(".gt-profile-bar").first
    expect(bar).to_contain_text("To open zoe, type its PIN and press Open.")
    expect(bar).to_contain_text("Shared server: each profile is protected by its PIN.")
    expect(page.locator(".gt-stats")).to_contain_text("solved 0")
    assert "Playing as" not in bar.inner_text()
    for button in ("Export my progress", "Reset my progress…"):
        expect(page.get_by_role("button", name=button)).to_be_hidden()
    assert bar.locator("datalist option").count() == 0  # the name box lists no learner
    bar.get_by_label("PIN:").fill("1357")
    bar.get_by_role("button", name="Open").click()
    expect(bar.locator(".gt-status")).to_contain_text("Wrong PIN for this profile.")
    expect(page.locator(".gt-stats")).to_contain_text("solved 0")
    expect(page.get_by_role("button", name="Export my progress")).to_be_hidden()
    assert file.read_bytes() == before


def test_her_pin_opens_her_profile_and_her_browser_keeps_it_for_its_session(page, browser, shared_server, console):
    open_page(page, shared_server, "puzzles/profile.ipynb", "profile=zoe")
    bar = page.locator(".gt-profile-bar").first
    bar.get_by_label("PIN:").fill("2468")
    bar.get_by_role("button", name="Open").click()
    expect(bar).to_contain_text("Playing as Zoe")
    expect(page.locator(".gt-stats")).to_contain_text("solved 1")
    expect(page.get_by_role("button", name="Export my progress")).to_be_visible()
    expect(page.locator(".gt-signed-in")).to_have_count(1)  # the server took the page's ticket
    cookie = next(c for c in page.context.cookies() if c["name"] == "gintrainer_learner")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["expires"] == -1
    open_page(page, shared_server, "index.ipynb", "profile=Zoe")  # another page of the same browser
    expect(page.locator(".gt-profile-bar").first).to_contain_text("Playing as Zoe")
    other = browser.new_context()  # another browser: the address alone opens nothing
    try:
        stranger = other.new_page()
        open_page(stranger, shared_server, "puzzles/profile.ipynb", "profile=Zoe")
        expect(stranger.locator(".gt-profile-bar").first).to_contain_text("To open Zoe, type its PIN")
        expect(stranger.get_by_role("button", name="Reset my progress…")).to_be_hidden()
    finally:
        other.close()
    bar = page.locator(".gt-profile-bar").first
    bar.get_by_role("button", name="Close my profile").click()  # on a shared computer, before leaving it
    expect(bar).to_contain_text("Playing as a guest")
    page.wait_for_function("() => !new URL(location.href).searchParams.has('profile')")
    page.wait_for_function("() => document.querySelectorAll('.gt-signed-in').length === 1")
    open_page(page, shared_server, "puzzles/profile.ipynb", "profile=Zoe")
    expect(page.locator(".gt-profile-bar").first).to_contain_text("To open Zoe, type its PIN")
    expect(page.get_by_role("button", name="Export my progress")).to_be_hidden()


def test_the_open_mode_says_so_and_still_opens_a_profile_by_name(page, server, console):
    open_page(page, server, "index.ipynb", "profile=Open%20Olga")
    bar = page.locator(".gt-profile-bar").first
    expect(bar).to_contain_text("Playing as Open Olga")
    expect(bar).to_contain_text("On this computer only: profiles are open to anyone using it.")
