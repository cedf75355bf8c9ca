"""Guessing the teacher passphrase: wrong guesses from one client on one page make it wait
longer and longer (up to a bounded pause), a try within the wait is refused uncompared,
every wrong guess is logged with the client and the page (never what was typed), the right
passphrase opens the page once the wait is over, and another client is never slowed. The
guesses are kept in the server's data folder, so that every page's kernel sees them.

Time is a clock the tests move: no assertion depends on how fast this machine is."""

from __future__ import annotations

import hmac
import logging

import pytest

from gintrainer import app
from gintrainer.records import guesses
from gintrainer.records.guesses import FREE_GUESSES, PAUSE, Guesses, delay, guesses_path

PASSPHRASE = "Çay saati 7♥"
GRADEBOOK = "/voila/render/classroom/gradebook.ipynb"
TEACHER = "/voila/render/classroom/teacher.ipynb"
STUDENT, TEACHERS_COMPUTER = "10.0.0.66", "10.0.0.1"


class Clock:
    def __init__(self, start: float = 1_800_000_000.0):
        self.time = start

    def __call__(self) -> float:
        return self.time


@pytest.fixture
def clock(monkeypatch, data):
    monkeypatch.setenv(app.TEACHER_PASSPHRASE, PASSPHRASE)
    monkeypatch.setenv(app.TEACHER_KEY, "k" * 32)
    ticking = Clock()
    monkeypatch.setattr(guesses, "now", ticking)
    return ticking


def attempt(typed: str, client: str = STUDENT, page: str = GRADEBOOK) -> bool | float:
    """True or False as the passphrase was right or not, or the seconds to wait when refused."""
    try:
        return app.try_teacher_passphrase(typed, client=client, page=page)
    except app.PassphraseWait as wait:
        return float(wait.seconds)


def guess_as_fast_as_allowed(clock: Clock, count: int, client: str = STUDENT, page: str = GRADEBOOK) -> float:
    """``count`` wrong guesses, each as soon as the server hears it; the seconds they took."""
    start, heard = clock.time, 0
    while heard < count:
        answer = attempt(f"guess {heard}", client, page)
        if answer is False:
            heard += 1
        else:
            assert isinstance(answer, float) and answer > 0
            clock.time += answer
    return clock.time - start


def test_the_wait_grows_after_a_few_typing_mistakes_up_to_a_bounded_pause():
    waits = [delay(n) for n in range(1, 40)]
    assert waits[:FREE_GUESSES] == [0.0] * FREE_GUESSES
    assert all(later >= earlier for earlier, later in zip(waits, waits[1:], strict=False))
    assert waits[FREE_GUESSES] > 0 and max(waits) == PAUSE == waits[-1]


def test_wrong_guesses_take_at_least_the_sum_of_their_waits(clock):
    took = guess_as_fast_as_allowed(clock, 200)
    owed = sum(delay(n) for n in range(1, 200))  # the last guess's wait comes after it
    assert took >= owed
    assert took > 12 * 3600  # where the 200 guesses took 17.7 s


def test_a_try_within_the_wait_is_refused_even_with_the_right_passphrase_and_opens_after_it(clock):
    guess_as_fast_as_allowed(clock, 20)
    wait = attempt(PASSPHRASE)
    assert isinstance(wait, float) and 0 < wait <= PAUSE
    clock.time += wait - 1
    assert attempt(PASSPHRASE) == 1.0
    clock.time += 1
    assert attempt(PASSPHRASE) is True  # the teacher is never locked out for longer than the pause
    assert attempt("typo") is False and attempt(PASSPHRASE) is True  # and the guesses were forgotten


def test_another_client_is_not_slowed_by_a_guessing_one(clock):
    guess_as_fast_as_allowed(clock, 30)
    assert isinstance(attempt(PASSPHRASE), float)  # the guessing client waits
    assert attempt(PASSPHRASE, client=TEACHERS_COMPUTER) is True
    assert [attempt("typo", client=TEACHERS_COMPUTER) for _ in range(FREE_GUESSES)] == [False] * FREE_GUESSES


def test_the_guesses_are_counted_per_page(clock):
    guess_as_fast_as_allowed(clock, 30)
    assert attempt("typo", page=TEACHER) is False and attempt(PASSPHRASE, page=TEACHER) is True


def test_guesses_are_forgotten_an_hour_after_the_last(clock):
    guess_as_fast_as_allowed(clock, 30)
    clock.time += guesses.FORGET_SECONDS
    assert Guesses(guesses_path()).failures(STUDENT, GRADEBOOK) == 0
    assert [attempt("typo") for _ in range(FREE_GUESSES)] == [False] * FREE_GUESSES


def test_every_kernel_of_the_server_sees_the_guesses_of_the_others(clock):
    """Each page's kernel makes its own Guesses on the server's file."""
    one, other = Guesses(guesses_path()), Guesses(guesses_path())
    for _ in range(FREE_GUESSES + 2):
        one.failed(STUDENT, GRADEBOOK)
    assert other.failures(STUDENT, GRADEBOOK) == FREE_GUESSES + 2 and other.wait(STUDENT, GRADEBOOK) == delay(5)
    assert guesses_path().is_relative_to(app.os.environ["GINTRAINER_DATA"])


def test_a_damaged_record_is_set_aside_and_guessing_still_counts(clock):
    guesses_path().parent.mkdir(parents=True)
    guesses_path().write_text('{"format": "gintrainer-passphrase-guesses", "version": 1, "guesses": {"x": [1e999')
    assert attempt("typo") is False
    assert Guesses(guesses_path()).failures(STUDENT, GRADEBOOK) == 1
    assert list(guesses_path().parent.glob("passphrase-guesses.corrupt-*.json"))


def test_each_wrong_guess_is_logged_with_the_client_and_the_page_never_what_was_typed(clock, caplog):
    caplog.set_level(logging.WARNING, logger="gintrainer.app")
    guess_as_fast_as_allowed(clock, FREE_GUESSES + 2)
    attempt(PASSPHRASE)  # within the wait
    lines = [record.getMessage() for record in caplog.records if record.name == "gintrainer.app"]
    assert len([line for line in lines if line.startswith("wrong")]) == FREE_GUESSES + 2
    assert len([line for line in lines if "within the wait" in line]) == 2  # the guesser's, then this one
    assert all(STUDENT in line and GRADEBOOK in line for line in lines)
    assert not any(PASSPHRASE in line or f"guess {n}" in line for line in lines for n in range(FREE_GUESSES + 2))


def client_header(client: str, sent: str | None = None) -> str:
    """The header a page's request carries to its kernel from ``client``, the browser having sent
    ``sent`` in it, as the server writes it (:func:`gintrainer.app.name_client`)."""
    from tornado.httputil import HTTPHeaders

    class Request:
        remote_ip = client
        headers = HTTPHeaders({app.CLIENT_HEADER: sent} if sent else {})

    class Handler:
        request = Request()

    app.name_client(Handler(), page=True)
    found = Handler.request.headers.get_list(app.CLIENT_HEADER)
    assert len(found) == 1
    return found[0]


def test_the_page_reads_its_client_and_path_from_the_request(monkeypatch, clock):
    monkeypatch.setenv("HTTP_X_GINTRAINER_CLIENT", client_header(STUDENT))
    monkeypatch.setenv("SCRIPT_NAME", GRADEBOOK)
    assert app.request_client() == STUDENT
    for _ in range(FREE_GUESSES + 1):
        assert app.try_teacher_passphrase("typo") is False
    assert Guesses(guesses_path()).failures(STUDENT, GRADEBOOK) == FREE_GUESSES + 1


@pytest.mark.parametrize("spelling", ["/voila/render/classroom//gradebook.ipynb",
                                      "/voila/render/./classroom/gradebook.ipynb",
                                      "/voila/render/lessons/../classroom/gradebook.ipynb",
                                      "/voila/render/classroom/grade%62ook.ipynb"])
def test_every_address_of_a_page_is_the_same_page(monkeypatch, spelling):
    """Else a guesser would start afresh at each spelling of the gradebook's address."""
    monkeypatch.setenv("SCRIPT_NAME", spelling)
    assert app.request_page() == GRADEBOOK


@pytest.mark.parametrize("forged", [STUDENT, f"{TEACHERS_COMPUTER} 0123456789abcdef0123456789abcdef", "", " "])
def test_a_client_header_the_server_did_not_sign_names_no_client(monkeypatch, clock, forged):
    """As under the hub, whose users' servers hand the kernel the header the browser sent: a
    guesser who makes up a new client for each guess is one client, the unknown one."""
    monkeypatch.setenv("HTTP_X_GINTRAINER_CLIENT", forged)
    assert app.request_client() == app.UNKNOWN_CLIENT


def test_the_passphrase_is_compared_in_constant_time(monkeypatch, clock):
    compared, compare = [], hmac.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return compare(a, b)

    monkeypatch.setattr(app.hmac, "compare_digest", spy)
    assert app.try_teacher_passphrase(PASSPHRASE, client=TEACHERS_COMPUTER, page=GRADEBOOK) is True
    assert compared == [(PASSPHRASE.encode(), PASSPHRASE.encode())]


# --- the server's half: who the client is ---------------------------------------------

def test_the_client_is_the_address_the_request_came_from_whatever_the_browser_says():
    assert app.client_address("10.0.0.66", "10.0.0.1", frozenset()) == "10.0.0.66"
    assert app.client_address("::ffff:10.0.0.66", None, frozenset()) == "10.0.0.66"  # one client either way


def test_behind_a_trusted_proxy_the_client_is_the_address_the_proxy_appended():
    proxy = frozenset({"127.0.0.1"})
    assert app.client_address("127.0.0.1", "10.0.0.66", proxy) == "10.0.0.66"
    assert app.client_address("127.0.0.1", "10.0.0.1, 10.0.0.66", proxy) == "10.0.0.66"  # the browser wrote the first
    assert app.client_address("127.0.0.1", "not an address", proxy) == "127.0.0.1"
    assert app.client_address("10.0.0.66", "10.0.0.1", proxy) == "10.0.0.66"  # not from the proxy: ignored
    assert app.trusted_proxies({app.TRUSTED_PROXIES: " 127.0.0.1, bad, ::1"}) == frozenset({"127.0.0.1", "::1"})


def test_a_page_request_carries_the_client_the_server_saw_not_the_one_the_browser_sent(monkeypatch, clock):
    monkeypatch.delenv(app.TRUSTED_PROXIES, raising=False)
    monkeypatch.setenv("HTTP_X_GINTRAINER_CLIENT", client_header(STUDENT, sent=client_header(TEACHERS_COMPUTER)))
    assert app.request_client() == STUDENT


# --- on the gradebook page ------------------------------------------------------------

@pytest.mark.usefixtures("fresh_kernel")
def test_the_gradebook_page_makes_a_guessing_client_wait_and_opens_for_the_teacher(monkeypatch, clock):
    pytest.importorskip("ipywidgets")
    from gintrainer.widgets.classroom import GradebookPage, gradebook

    monkeypatch.setenv("SCRIPT_NAME", GRADEBOOK)
    monkeypatch.setenv("HTTP_X_GINTRAINER_CLIENT", client_header(STUDENT))
    page = gradebook()
    for n in range(FREE_GUESSES + 2):
        page.passphrase.value = f"guess {n}"
        page.open_button.click()  # at once: the fifth within the wait the fourth earned
    assert "wait 1 s" in page.status.value and page.page is None
    page.passphrase.value = PASSPHRASE
    page.open_button.click()
    assert "wait 1 s" in page.status.value and page.page is None  # uncompared within the wait

    monkeypatch.setenv("HTTP_X_GINTRAINER_CLIENT", client_header(TEACHERS_COMPUTER))  # the teacher's page meanwhile
    teachers = gradebook()
    teachers.passphrase.value = PASSPHRASE
    teachers.open_button.click()
    assert isinstance(teachers.page, GradebookPage)

    monkeypatch.setenv("HTTP_X_GINTRAINER_CLIENT", client_header(STUDENT))
    clock.time += PAUSE
    page.passphrase.value = PASSPHRASE
    page.open_button.click()
    assert isinstance(page.page, GradebookPage)
