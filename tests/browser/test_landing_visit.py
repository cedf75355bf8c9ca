"""A visit from the landing page on (issue 25): the learner kept across a reload, each tab
titled in the page's language, and no request to another host."""

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from conftest import LOCAL_HOSTS, open_page

pytestmark = pytest.mark.browser


def reload(page) -> None:
    page.reload()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)


@pytest.mark.parametrize("notebook", ["index.ipynb", "puzzles/can_knock.ipynb", "practice/practice.ipynb"])
def test_a_name_opened_on_a_page_is_kept_across_a_reload(page, server, console, notebook):
    open_page(page, server, notebook)
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


TITLES = {
    "en": {"index.ipynb": "Gin Rummy trainer", "puzzles/daily.ipynb": "Daily puzzles",
           "puzzles/defend.ipynb": "Defend", "lessons/04_normal_turn.ipynb": "Lesson 4: A normal turn",
           "classroom/student.ipynb": "Your class set", "classroom/gradebook.ipynb": "Gradebook"},
}


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_each_page_is_titled_in_its_language(page, server, console, lang):
    from gintrainer.widgets.site import page_title
    from gintrainer.words.language import use_language
    for notebook, english in TITLES["en"].items():
        if lang != "en" and notebook.startswith("lessons/"):
            notebook = notebook.replace("lessons/", f"lessons/{lang}/")
        open_page(page, server, notebook, f"lang={lang}")
        use_language(lang)
        try:
            wanted = page_title(notebook)
            assert wanted == english if lang == "en" else wanted not in (english, "")
        finally:
            use_language("en")
        expect(page).to_have_title(wanted, timeout=30_000)
        assert notebook.rpartition("/")[2].removesuffix(".ipynb") not in page.title()


@pytest.mark.parametrize("notebook", ["index.ipynb", "lessons/04_normal_turn.ipynb", "puzzles/daily.ipynb",
                                      "practice/practice.ipynb", "classroom/student.ipynb"])
def test_a_page_asks_nothing_of_another_host(page, server, console, notebook):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    # A request to another host is refused at once (this machine has no internet: it would hang the page's load).
    page.route(lambda url: urlparse(url).hostname not in LOCAL_HOSTS, lambda route: route.abort())
    open_page(page, server, notebook)
    page.wait_for_load_state("networkidle")
    outside = [url for url in requests
               if urlparse(url).scheme in ("http", "https", "ws", "wss") and urlparse(url).hostname not in LOCAL_HOSTS]
    assert requests and not outside, outside
