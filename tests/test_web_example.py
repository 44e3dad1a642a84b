"""The browser front end of ``examples/web``: its JSON API, and whole games in headless Chromium.

The browser tests need Selenium (``pip install selenium``), Chromium and its driver
(Debian: ``apt-get install chromium chromium-driver``); without them they skip,
unless ``CARDWARS_REQUIRE_BROWSER=1`` (CI) makes the missing browser a failure.
The server runs in a subprocess on the backend under test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import cardwars
from cardwars import wire

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

SERVER = Path(__file__).resolve().parents[1] / "examples" / "web" / "server.py"
INSTALL = (
    "install Selenium and headless Chromium to run it: pip install selenium; "
    "apt-get install -y chromium chromium-driver (Debian/Ubuntu)"
)
WAIT = 60  # seconds: generous, for a loaded machine; nothing here asserts a duration
# (game, players, seed): seeds whose games take a few dozen clicks of the first legal move.
GAMES = [("aliwar", 2, 16), ("clone-war", 2, 13), ("guerrilla", 3, 10)]


def _missing_browser() -> str | None:
    """Why the browser tests cannot run here, or None."""
    missing = []
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if _chromium() is None:
        missing.append("chromium")
    if shutil.which("chromedriver") is None:
        missing.append("chromedriver")
    return f"no {', '.join(missing)}: {INSTALL}" if missing else None


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def server(backend: str) -> Iterator[str]:
    """The example server on a free port, on ``backend``'s machines; yields its URL."""
    if not SERVER.exists():
        pytest.skip(f"{SERVER} is not here (tests run outside the source tree)")
    env = dict(os.environ)
    env.pop("CARDWARS_REQUIRE_EXTENSION", None)
    if backend == "python":
        env["CARDWARS_PURE_PYTHON"] = "1"
    process = subprocess.Popen(
        [sys.executable, str(SERVER), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # "cardwars 0.1.0: open http://127.0.0.1:PORT/"
        assert "http://" in line, f"the server did not start: {line!r}"
        yield line[line.index("http://") :].strip()
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stdout.close()  # type: ignore[union-attr]


# --- the JSON API (no browser needed) -----------------------------------------------------


def _call(url: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path.lstrip("/"), data=data)
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as answer:
            return int(answer.status), json.load(answer)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


def test_api_answers_bad_requests_with_400_and_changes_nothing(server: str) -> None:
    status, games = _call(server, "/api/games")
    assert status == 200
    assert [game["name"] for game in games] == ["aliwar", "clone-war", "guerrilla"]
    status, view = _call(server, "/api/new", {"game": "guerrilla", "players": 2, "seed": 1})
    assert status == 200
    assert view["seat"] == 0
    assert view["observation"]["seat"] == 0  # the human seat's observation, nobody else's
    assert view["legal_moves"][0]["label"].startswith("play ")
    game_id = view["id"]
    for path, body, message in [
        ("/api/move", {"id": game_id, "move": {"type": "Pass"}}, "not a legal move now"),
        ("/api/move", {"id": game_id, "move": {"type": "Chess"}}, "one of Propose, Pass"),
        ("/api/move", {"id": game_id}, "not a move of guerrilla"),
        ("/api/undo", {"id": game_id}, "nothing to undo"),
        ("/api/step", {"id": game_id}, "not waiting for an automatic step"),
        ("/api/move", {"id": "nope", "move": {"type": "Pass"}}, "no game with id 'nope'"),
        ("/api/new", {"game": "chess"}, "unknown game 'chess'"),
        ("/api/new", {"game": "aliwar", "options": {"max_rounds": 0}}, "max_rounds"),
        ("/api/new", {"game": "clone-war", "players": 5}, "2 to 4 players"),
        ("/api/new", {"game": "aliwar", "opponents": "wizard"}, "opponents must be"),
    ]:
        status, answer = _call(server, path, body)
        assert status == 400, (path, body, answer)
        assert message in answer["error"]
        if message == "not a legal move now":  # the library's error, for the page to show
            detail = answer["detail"]
            assert detail["kind"] == "IllegalMoveError"
            assert detail["fields"]["seat"] == 0 and detail["fields"]["move"] == "pass"
            labels = [move["label"] for move in view["legal_moves"]]
            assert detail["fields"]["legal"] == labels
    status, again = _call(server, f"/api/view?id={game_id}")
    assert status == 200
    assert again == view  # every refused request left the game as it was
    status, after = _call(
        server, "/api/move", {"id": game_id, "move": view["legal_moves"][0]["move"]}
    )
    assert status == 200
    assert after["steps"] >= 1
    assert after["can_undo"]
    status, undone = _call(server, "/api/undo", {"id": game_id})
    assert status == 200
    assert undone == view


def test_api_plays_clone_war_to_the_end_as_cardwars_play_does(server: str) -> None:
    status, view = _call(server, "/api/new", {"game": "clone-war", "players": 3, "seed": 21})
    assert status == 200
    assert view["automatic"]
    assert view["legal_moves"] == []
    status, one = _call(server, "/api/step", {"id": view["id"], "since": view["event_count"]})
    assert (status, one["steps"], one["since"]) == (200, 1, view["event_count"])
    status, final = _call(server, "/api/step", {"id": view["id"], "to_end": True})
    assert status == 200
    same = cardwars.play(cardwars.load_game("clone-war", players=3), ["random"] * 3, seed=21)
    assert final["result"] == wire.encode(same.result)
    assert final["steps"] == len(same.history)
    assert final["result_text"].startswith("Game over: ")
    assert not final["automatic"]


# --- whole games in the browser -----------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    """One headless Chromium for the module's games."""
    why = _missing_browser()
    if why is not None:
        if os.environ.get("CARDWARS_REQUIRE_BROWSER", "") not in ("", "0"):
            pytest.fail(f"CARDWARS_REQUIRE_BROWSER is set but there is {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = _chromium() or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1200,1100")
    driver = webdriver.Chrome(
        service=Service(executable_path=shutil.which("chromedriver")), options=options
    )
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()


def _body(driver: WebDriver, name: str) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.TAG_NAME, "body").get_attribute(f"data-{name}"))


def _click(driver: WebDriver, element: Any) -> None:
    """Click and wait until the page has drawn the server's answer; no error may show."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    before = int(_body(driver, "version"))
    element.click()
    WebDriverWait(driver, WAIT).until(lambda d: int(_body(d, "version")) > before)
    error = driver.find_element(By.ID, "error").text
    assert not error, error


# The faces of tens whose "10" is not wholly in sight: cut by its own card's edge or covered by
# the next card of a fan (a later sibling paints over an earlier one).
HIDDEN_TENS = """
const hidden = [];
for (const rank of document.querySelectorAll("#board .card .rank")) {
  if (!rank.textContent.startsWith("10")) continue;
  const range = document.createRange();
  range.setStart(rank.firstChild, 0);
  range.setEnd(rank.firstChild, 2);
  const ten = range.getBoundingClientRect();
  const card = rank.parentElement;
  const next = card.nextElementSibling;
  let right = card.getBoundingClientRect().right;
  if (next && next.classList.contains("card")) {
    right = Math.min(right, next.getBoundingClientRect().left);
  }
  const mini = card.classList.contains("mini") ? " (mini)" : "";
  if (ten.right > right + 0.5) hidden.push(card.dataset.card + mini);
}
return hidden;
"""


# The page drives the same server code on either backend, whose rule calls the rule suites check on
# both: one browser pass, on the compiled build.
@pytest.mark.compiled_pass
@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_whole_game_in_the_browser(
    browser: WebDriver, server: str, tmp_path: Path, game: str, players: int, seed: int
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver = browser
    driver.get(server)
    WebDriverWait(driver, WAIT).until(lambda d: _body(d, "ready") == "true")
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    Select(driver.find_element(By.ID, "players")).select_by_value(str(players))
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    _click(driver, driver.find_element(By.ID, "start"))
    board = driver.find_element(By.ID, "board")
    assert board.text
    assert not board.find_elements(By.TAG_NAME, "pre")  # cards, not the text board
    if game == "clone-war":  # no card is shown before the first battle: only the piles
        assert len(board.find_elements(By.CSS_SELECTOR, ".card.back")) == players
    else:
        faces = board.find_elements(By.CSS_SELECTOR, ".card[data-card]")
        assert faces
        # every face drawn is a card of the observation the page was sent
        observation = str(driver.find_element(By.ID, "observation").get_attribute("textContent"))
        assert all(f'"{face.get_attribute("data-card")}"' in observation for face in faces)

    clicks, undone = 0, False
    tens: set[str] = set()  # every ten drawn, and those whose "10" was not all in sight
    hidden: set[str] = set()
    while not driver.find_element(By.ID, "result").text:
        tens.update(
            str(face.get_attribute("data-card"))
            for face in board.find_elements(By.CSS_SELECTOR, ".card[data-card^='T']")
        )
        hidden.update(driver.execute_script(HIDDEN_TENS))
        assert clicks < 1000, "the game should have ended by now"
        moves = driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
        target = moves[0] if moves else driver.find_element(By.ID, "next-battle")
        if clicks == 2 and not undone:  # play a step, take it back: the same view again
            shown, steps = board.text, int(_body(driver, "steps"))
            _click(driver, target)
            assert int(_body(driver, "steps")) > steps
            _click(driver, driver.find_element(By.ID, "undo"))
            assert int(_body(driver, "steps")) == steps
            assert board.text == shown
            undone = True
            continue
        _click(driver, target)
        clicks += 1
    assert undone
    assert not hidden, f"tens shown as '1': {sorted(hidden)}"
    assert tens or game == "clone-war"  # Clone War has no ten; the others' games show some
    assert driver.find_element(By.ID, "result").text.startswith("Game over: ")
    assert not driver.find_elements(By.CSS_SELECTOR, "#moves button.move")
    assert driver.find_elements(By.CSS_SELECTOR, "#events li")
    observation = json.loads(
        str(driver.find_element(By.ID, "observation").get_attribute("textContent"))
    )
    assert observation["seat"] == 0

    screenshot = tmp_path / f"{game}.png"
    assert driver.save_screenshot(str(screenshot))
    data = screenshot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 1000
    print(f"{game}: {clicks} clicks, screenshot {screenshot} ({len(data)} bytes)")
