"""Profiles on a shared server (issue 26): each profile opens with its PIN, kept as a salted
slow hash apart from the progress; wrong PINs change nothing, show nothing and are slowed; the
name box lists no learner; a browser that typed the PIN is signed in for its session; the open
mode of one learner on their own computer stays as it was, and each page says which mode is on."""

import base64
import json
import re

import pytest
from tornado.httputil import HTTPHeaders

from gintrainer import app
from gintrainer.records import profiles as store
from gintrainer.widgets import profile
from gintrainer.widgets.profile import Learner, ProfileBar, ProfilePage
from gintrainer.words.errors import GinError

K1 = {"id": "k1", "kind": "can_knock", "themes": ["set-or-run"], "difficulty": 1200}
KEY = "s" * 64


@pytest.fixture
def shared(fresh_kernel, monkeypatch):
    """A kernel of a shared server: profiles behind their PINs, the server's key to sign with."""
    monkeypatch.setenv(app.PROFILES_SHARED, "1")
    monkeypatch.setenv(app.TEACHER_KEY, KEY)
    monkeypatch.delenv(app.TEACHER_PASSPHRASE, raising=False)
    monkeypatch.delenv("HTTP_X_GINTRAINER_LEARNER", raising=False)
    profile._page_learners.clear()
    yield fresh_kernel
    profile._page_learners.clear()


def zoe_with_progress() -> bytes:
    """Zoe's profile, started with the PIN 2468, with one puzzle solved; her file's bytes."""
    store.enter("Zoe", "2468", create=True)
    store.record_attempt("Zoe", K1, "solved", answer="yes", hints=0)
    return store.profile_path("Zoe").read_bytes()


# -- the store ------------------------------------------------------------------------------

def test_a_profile_started_with_a_pin_keeps_only_a_salted_slow_hash_of_it_apart_from_the_progress(data):
    pin = "tango-2468"  # not hexadecimal: the salt and the hash, random hexadecimal digits, cannot hold it by chance
    store.enter("Zoe", pin, create=True)
    record = json.loads(store._pin_path("Zoe").read_text())
    assert record["cost"] == store.SCRYPT and len(bytes.fromhex(record["salt"])) == 16
    assert "tango" not in store._pin_path("Zoe").read_text()
    assert "tango" not in store.profile_path("Zoe").read_text() and "hash" not in store.export("Zoe")
    store.enter("Ann", pin, create=True)  # the same PIN, another salt: another hash
    assert json.loads(store._pin_path("Ann").read_text())["hash"] != record["hash"]


def test_a_wrong_pin_reads_and_changes_nothing_of_the_profile(data):
    before = zoe_with_progress()
    for wrong in ("1357", "2468 ", "24680"):
        if wrong.strip() == "2468":
            continue
        with pytest.raises(store.PinError, match="Wrong PIN"):
            store.enter("Zoe", wrong, now=0)
    assert store.profile_path("Zoe").read_bytes() == before
    assert json.loads(store._pin_path("Zoe").read_text())["failures"] == 2
    outcome = store.enter("zoe", "2468", now=10)  # any spelling of the name, the right PIN
    assert outcome.progress.name == "Zoe" and outcome.progress.solved == 1
    assert json.loads(store._pin_path("Zoe").read_text())["failures"] == 0


def test_wrong_pins_are_slowed_more_and_more_and_a_wait_refuses_even_the_right_pin(data):
    zoe_with_progress()
    now = 1_000.0
    for _ in range(store.FREE_TRIES):
        with pytest.raises(store.PinError, match="Wrong PIN"):
            store.enter("Zoe", "0000", now=now)
    with pytest.raises(store.PinError, match="Wrong PIN"):
        store.enter("Zoe", "0000", now=now + 1)  # the first wait, 1 s, is over
    with pytest.raises(store.PinError, match=r"wait 2 s"):
        store.enter("Zoe", "2468", now=now + 1)  # untried: the count does not move
    assert json.loads(store._pin_path("Zoe").read_text())["failures"] == store.FREE_TRIES + 1
    assert store.enter("Zoe", "2468", now=now + 3).progress.solved == 1
    assert store.wait_for_pin(99, now, now) == store.LONGEST_WAIT


def test_a_pin_is_four_to_sixty_four_characters_without_control_characters(data):
    for bad in ("", "123", " 12 ", "x" * 65, "12\x0034", None, 1234):
        with pytest.raises(store.PinError, match="A PIN has 4 to 64 characters"):
            store.enter("Zoe", bad, create=True)
    assert not store.profile_exists("Zoe")
    assert store.clean_pin(" blue heron ") == "blue heron" and store.clean_pin("٤٥٦٧") == "٤٥٦٧"


def test_a_profile_without_a_pin_opens_on_a_shared_server_only_once_the_administrator_gave_it_one(data):
    store.record_attempt("Zoe", K1, "solved", answer="yes", hints=0)  # started in the open mode
    before = store.profile_path("Zoe").read_bytes()
    with pytest.raises(store.PinError, match="no PIN yet"):
        store.enter("Zoe", "1111", create=True)  # nobody claims it by typing a PIN first
    assert store.profile_path("Zoe").read_bytes() == before and not store.has_pin("Zoe")
    store.set_pin("zoe", "9876")
    assert store.enter("Zoe", "9876").progress.solved == 1
    with pytest.raises(GinError, match="no profile named"):
        store.set_pin("Nobody", "9876")


def test_a_damaged_pin_record_keeps_the_profile_shut(data):
    zoe_with_progress()
    store._pin_path("Zoe").write_text('{"format": "gintrainer-pin"}')
    with pytest.raises(store.PinError, match="cannot be checked"):
        store.enter("Zoe", "2468")
    assert store.sign_in_key("Zoe") is None
    store.set_pin("Zoe", "2468")
    assert store.enter("Zoe", "2468").progress.solved == 1


def test_a_reset_keeps_the_pin_and_a_new_pin_changes_what_signs_in(data):
    zoe_with_progress()
    key = store.sign_in_key("Zoe")
    store.reset("Zoe")
    assert store.sign_in_key("Zoe") == key and store.enter("Zoe", "2468").progress.solved == 0
    store.set_pin("Zoe", "1357")
    assert store.sign_in_key("Zoe") not in (None, key)


# -- the mode ---------------------------------------------------------------------------------

def test_the_app_is_shared_unless_it_serves_this_computer_alone_without_a_class(monkeypatch):
    started = {}

    class Voila:
        def __init__(self, command, cwd, env):
            started["env"] = env

        def wait(self):
            return 0

    monkeypatch.setattr(app.subprocess, "Popen", Voila)
    monkeypatch.setattr(app, "compile_package", lambda: True)
    monkeypatch.delenv(app.TEACHER_PASSPHRASE, raising=False)
    for ip, passphrase, given, shared in (("localhost", None, None, False), ("127.0.0.1", None, "0", False),
                                          ("0.0.0.0", None, "0", True), ("::", None, None, True),
                                          ("localhost", "blue heron", "0", True),
                                          ("localhost", None, "1", True)):
        monkeypatch.delenv(app.PROFILES_SHARED, raising=False)
        if given is not None:
            monkeypatch.setenv(app.PROFILES_SHARED, given)
        app.serve(ip=ip, open_browser=False, teacher_passphrase=passphrase)
        assert started["env"][app.PROFILES_SHARED] == ("1" if shared else "0"), (ip, passphrase, given)
    monkeypatch.delenv(app.PROFILES_SHARED)
    assert app.profiles_shared()  # a server not started by `gintrainer app` (the hub's) is shared


def test_each_profile_bar_says_which_mode_is_in_force(fresh_kernel, monkeypatch):
    store.load("Ann")
    bar = ProfileBar(Learner())
    assert "On this computer only: profiles are open" in bar.who.value
    assert tuple(bar.name_box.options) == ("Ann",) and bar.pin_box is None and bar.sign_in is None
    monkeypatch.setenv(app.PROFILES_SHARED, "1")
    bar = ProfileBar(Learner())
    assert "Shared server: each profile is protected by its PIN" in bar.who.value
    assert tuple(bar.name_box.options) == () and bar.pin_box is not None
    bar.pin_box.value = "2468"
    bar.open_button.click()  # no name typed
    assert bar.last_error == "Type a name first." and bar.learner.is_guest


# -- the pages --------------------------------------------------------------------------------

def test_a_profile_in_the_address_shows_nothing_of_it_without_its_pin(shared, monkeypatch):
    before = zoe_with_progress()
    monkeypatch.setenv("QUERY_STRING", "profile=zoe")
    page = ProfilePage()
    assert page.learner.is_guest and page.learner.progress.solved == 0
    assert "To open <b>zoe</b>, type its PIN" in page.bar.who.value and page.bar.name_box.value == "zoe"
    assert "Zoe" not in page.bar.who.value and "solved 0" in page.summary.value
    assert page.export_button.layout.display == page.reset_button.layout.display == "none"
    page.export_button.click()  # a page can press a hidden button
    page.reset_button.click()
    page.confirm.click()
    assert page.export_link.value == "" and "Progress reset" not in page.message.value
    page.bar.pin_box.value = "1111"
    page.bar.open_button.click()
    assert "Wrong PIN" in page.bar.status.value and page.learner.is_guest and "solved 0" in page.summary.value
    assert page.bar.pin_box.value == "" and page.bar.sign_in.ticket == ""
    assert store.profile_path("Zoe").read_bytes() == before


def test_the_right_pin_opens_the_profile_with_its_export_and_reset_and_signs_the_browser_in(shared, monkeypatch):
    zoe_with_progress()
    page = ProfilePage(Learner())
    page.bar.name_box.value, page.bar.pin_box.value = "zoe", "2468"
    page.bar.open_button.click()
    assert page.learner.name == "Zoe" and "solved 1" in page.summary.value
    assert page.export_button.layout.display == ""
    page.export_button.click()
    href = re.search(r'href="data:application/json;base64,([^"]+)"', page.export_link.value).group(1)
    assert json.loads(base64.b64decode(href))["solved"] == 1
    ticket = page.bar.sign_in.ticket
    assert ticket and page.bar.address.query == {"profile": "Zoe"}
    # The server takes the ticket and sets the learner cookie, which it hands to the next page's kernel.
    cookie = server_cookie(ticket)
    assert cookie and server_cookie(ticket.replace("~", "~1")) is None  # a forged ticket sets no cookie
    monkeypatch.setenv("QUERY_STRING", "profile=Zoe")
    monkeypatch.setenv("HTTP_X_GINTRAINER_LEARNER", cookie)
    profile._page_learners.clear()
    assert Learner.from_page().name == "Zoe"
    for forged in (ticket, cookie.replace("~", "~1"), "zoe~" + cookie.partition("~")[2], ""):
        monkeypatch.setenv("HTTP_X_GINTRAINER_LEARNER", forged)
        profile._page_learners.clear()
        assert Learner.from_page().is_guest, forged
    monkeypatch.setenv("HTTP_X_GINTRAINER_LEARNER", cookie)
    monkeypatch.setenv("QUERY_STRING", "profile=Ann")  # the cookie names Zoe only
    store.enter("Ann", "1357", create=True)
    profile._page_learners.clear()
    assert Learner.from_page().is_guest
    store.set_pin("Zoe", "8642")  # a new PIN ends the sign-ins made with the old one
    monkeypatch.setenv("QUERY_STRING", "profile=Zoe")
    profile._page_learners.clear()
    assert Learner.from_page().is_guest


def test_closing_the_profile_leaves_a_guest_and_ends_the_browser_s_sign_in(shared, monkeypatch):
    zoe_with_progress()
    page = ProfilePage(Learner())
    bar = page.bar
    assert bar.close_button.layout.display == "none"
    bar.name_box.value, bar.pin_box.value = "Zoe", "2468"
    bar.open_button.click()
    assert bar.close_button.layout.display == "" and bar.address.query == {"profile": "Zoe"}
    bar.close_button.click()
    assert page.learner.is_guest and "solved 0" in page.summary.value and bar.name_box.value == ""
    assert bar.close_button.layout.display == "none" and bar.address.query == {"profile": ""}
    assert page.export_button.layout.display == "none"
    assert server_cookie(bar.sign_in.ticket) is None  # the server clears the learner cookie


def server_cookie(ticket: str) -> str | None:
    """What the server's sign-in leaves as the learner cookie (None: none, or cleared) for a
    request carrying ``ticket``; a page's request then hands that cookie to its kernel alone."""
    class Request:
        protocol = "http"

        def __init__(self, headers):
            self.headers = HTTPHeaders(headers)

    class Handler:
        def __init__(self, headers, cookies):
            self.request, self.cookies = Request(headers), cookies

        def set_cookie(self, name, value, **options):
            assert options["httponly"] and options["samesite"] == "Strict"
            self.cookies[name] = value

        def get_cookie(self, name):
            return self.cookies.get(name)

        def clear_cookie(self, name):
            self.cookies[name] = None

    cookies = {app.LEARNER_COOKIE: "before"}
    app.sign_in_learner(Handler({app.LEARNER_TICKET_HEADER: ticket}, cookies), page=False)
    page = Handler({app.LEARNER_HEADER: "forged"}, cookies)
    app.sign_in_learner(page, page=True)
    assert page.request.headers.get(app.LEARNER_HEADER) == (cookies[app.LEARNER_COOKIE] or None)
    return None if cookies[app.LEARNER_COOKIE] == "before" else cookies[app.LEARNER_COOKIE]


def test_a_new_name_starts_a_profile_once_its_pin_was_typed_twice_alike(shared):
    bar = ProfileBar(Learner())
    for pin in ("2468", "2469"):
        bar.name_box.value, bar.pin_box.value = "Zoe", pin
        bar.open_button.click()
        assert "type the same PIN again" in bar.status.value and bar.learner.is_guest
    assert not store.profile_exists("Zoe")
    bar.name_box.value, bar.pin_box.value = "ZOE", "2469"
    bar.open_button.click()
    assert bar.learner.name == "ZOE" and store.enter("zoe", "2469").progress.name == "ZOE"
    bar.name_box.value, bar.pin_box.value = "Ann", ""
    bar.open_button.click()
    assert "To open Ann, type its PIN" in bar.status.value and not store.profile_exists("Ann")


def test_without_its_pin_a_learner_gets_nobody_s_saved_language_or_practice(shared, monkeypatch):
    store.enter("Zoe", "2468", create=True)
    store.update_settings("Zoe", language="ps", four_colour=True)
    monkeypatch.setenv("QUERY_STRING", "profile=Zoe")
    learner = Learner.from_page()
    assert learner.language == "en" and learner.is_guest
    from gintrainer.widgets.base import settings
    assert settings.four_colour is False
    with pytest.raises(GinError, match="a guest"):
        learner.export()


def test_in_the_open_mode_a_profile_still_opens_by_name(fresh_kernel, monkeypatch):
    store.enter("Zoe", "2468", create=True)  # a PIN set on a shared server is not asked on one's own computer
    monkeypatch.setenv("QUERY_STRING", "profile=zoe")
    profile._page_learners.clear()
    assert Learner.from_page().name == "Zoe"
    profile._page_learners.clear()


def test_on_a_shared_server_no_page_opens_or_lists_another_learner_s_profile_by_name(shared, monkeypatch):
    store.record_attempt("Zoe", K1, "solved", answer="yes", hints=0)
    store.load("Ann")
    before = store.profile_path("Zoe").read_bytes()
    monkeypatch.setenv("QUERY_STRING", "profile=Zoe")
    page = ProfilePage()
    assert page.learner.is_guest and tuple(page.bar.name_box.options) == ()
    assert "solved 0" in page.summary.value and "Playing as" not in page.bar.who.value
    page.bar.name_box.value = "Zoe"
    page.bar.open_button.click()
    page.reset_button.click()
    page.confirm.click()
    assert page.learner.is_guest and store.profile_path("Zoe").read_bytes() == before


def test_the_administrator_gives_a_profile_a_new_pin_from_standard_input(data, monkeypatch, capsys):
    import io

    from gintrainer.cli import main
    store.load("Zoe")
    monkeypatch.setattr("sys.stdin", io.StringIO("12\n"))
    assert main(["pin", "Zoe"]) == 2 and "A PIN has 4 to 64 characters" in capsys.readouterr().err
    assert not store.has_pin("Zoe")
    monkeypatch.setattr("sys.stdin", io.StringIO("blue heron\n"))
    assert main(["pin", "zoe"]) == 0 and "has a new PIN" in capsys.readouterr().out
    assert store.enter("Zoe", "blue heron").progress.name == "Zoe"
    assert main(["pin", "Nobody"]) == 2 and "no profile named" in capsys.readouterr().err


@pytest.mark.parametrize("damage", ["fifo", "symlink", "huge", "bytes", "folder"])
def test_a_pin_record_that_is_no_regular_readable_file_keeps_its_profile_shut_without_hanging(data, damage):
    import os
    zoe_with_progress()
    path = store._pin_path("Zoe")
    path.unlink()
    if damage == "fifo":
        os.mkfifo(path)
    elif damage == "symlink":
        os.symlink(data / "elsewhere.json", path)
        (data / "elsewhere.json").write_text("{}")
    elif damage == "huge":
        path.write_text('{"format": "gintrainer-pin", "failures": ' + "9" * 5000 + "}")
    elif damage == "bytes":
        path.write_bytes(b"\xff\xfe\x00{")
    else:
        path.mkdir()
    with pytest.raises(store.PinError, match="cannot be checked"):
        store.enter("Zoe", "2468")
    assert store.has_pin("Zoe") and store.sign_in_key("Zoe") is None


def test_trying_every_four_digit_pin_takes_over_a_hundred_days_and_the_owner_waits_a_quarter_hour_at_most():
    days = sum(store.wait_for_pin(failures, 0, 0) for failures in range(1, 10_001)) / 86_400
    assert 100 < days < 110  # docs/pages.md's figure: 104 days
    assert max(store.wait_for_pin(failures, 0, 0) for failures in range(1, 10_001)) == 15 * 60
