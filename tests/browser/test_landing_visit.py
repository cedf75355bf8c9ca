"""A visit from the landing page on (issue 25): the learner kept across a reload. (Each tab's
title in the page's language, and no request to another host: tests/browser/test_layout.py,
which opens every page.)"""

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from conftest import open_page

pytestmark = pytest.mark.browser


def reload(page) -> None:
    page.reload()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)


@pytest.mark.parametrize("notebook", ["index.ipynb", "puzzles/can_knock.ipynb", "practice/practice.ipynb"])
def test_a_name_opened_on_a_page_is_kept_across_a_reload(page, server, console, notebook):
    open_page(page, server, notebook)
    if notebook != "index.ipynb":
        page.locator(".gt-settings-toggle").click()  # a trainer's and practice's name box: in the settings, on demand
    bar = page.locator(".gt-profile-bar").first
    bar.get_by_placeholder("Type or pick your name").fill("Reload Rosa")
    bar.get_by_role("button", name="Open").click()
    expect(bar).to_contain_text("Playing as Reload Rosa")
    page.wait_for_function("() => new URL(location.href).searchParams.get('profile') === 'Reload Rosa'")
    assert urlparse(page.url).path.endswith(notebook)
    reload(page)
    expect(page.locator(".gt-profile-bar").first).to_contain_text("Playing as Reload Rosa")
    assert "Playing as a guest" not in page.locator(".gt-profile-bar").first.inner_text()


def test_a_name_from_the_address_stays_in_it_spelled_as_the_profile_is(page, server, console):
    open_page(page, server, "index.ipynb", "profile=reload%20rosa")
    page.wait_for_function("() => new URL(location.href).searchParams.get('profile') === 'Reload Rosa'")
    reload(page)
    expect(page.locator(".gt-profile-bar").first).to_contain_text("Playing as Reload Rosa")


@pytest.mark.parametrize("hostile", ["x" * 41, "Ann%07"])
def test_a_name_the_profiles_refuse_in_the_address_leaves_a_guest(page, server, console, hostile):
    open_page(page, server, "index.ipynb", f"profile={hostile}")
    bar = page.locator(".gt-profile-bar").first
    expect(bar).to_contain_text("Playing as a guest")
    expect(bar.locator(".gt-notice")).to_contain_text("Could not open the profile from the address")
    reload(page)
    expect(page.locator(".gt-profile-bar").first).to_contain_text("Playing as a guest")
