#!/usr/bin/env python3
"""racelab serve in a real browser: headless Chromium, driven by Selenium, against `racelab serve` (the cpu
backend by default, so it runs on a machine with no GPU). CTest Serve.InChromium runs it; it asserts:

  1. the token is enforced: the page, a script and the WebSocket without it (or with a wrong one) get 403;
  2. frames arrive and the canvas shows the scene: its pixels against racelab's own frame of the same scene,
     size and frame (`racelab render` to a PPM), within a lossy codec's tolerance (TOLERANCE below), and the
     page's lossless screenshot (PNG) equal to it exactly. Both paths: the H.264 stream decoded by WebCodecs
     (what Chromium takes by default; the page says so), then JPEG (the page loaded with video=0);
  2b. the H.264 path recovers from a lost decoder: the page asks for a key frame, the server sends one (its
     count in the state goes up) and frames are drawn again;
  2c. "record video" records the canvas in the browser and saves a video whose first frame, played back in the
     page, shows the scene (VP9 or VP8 at the browser's choice of quality: MEAN_RECORDED below);
  3. a click on a variant reaches the loop: the state shows it chosen and its button marked, the race meter
     says what it reads (on the cuda backend: the frame changes and the meter counts differing pixels; on the
     cpu backend, which draws the reference whatever the variant, its own line); a key (G) picks good again;
  4. picking another scene changes the picture;
  4b. the page's half of "your kernel" (the server's half needs a GPU: tests/gpu): given a state with a check
     report and a race's findings and a "MASK" picture of racing pixels, the page shows the report and the
     racing lines, lays the racing pixels exactly over the picture, and a click on the picture asks the server
     to inspect that pixel of the findings' frame (scaled when the picture's size differs from it);
  5. the page survives a server restart: it reconnects by itself and frames arrive again.

    serve_browser_test.py --racelab build/bin/racelab [--backend cpu|cuda] [--screenshot docs/views/serve.png]

Exits 77 (CTest's skip) with a line saying what is missing when Chromium, its driver or Selenium is not there.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

SCENE, OTHER_SCENE, SIZE, FRAME = "circles/rand10k", "circles/pattern", (320, 240), 30
# JPEG (quality 90) or H.264 (x264, constant quality 20), each with colour at half resolution, against the
# exact frame: the mean over every channel of every pixel within MEAN levels, and all but 2 % of the channel
# values within NEAR levels. rand10k's 10,000 small circles are the hard case for both (measured: JPEG mean
# 4.2, 0.6 % over 24, worst 55; H.264 mean 3.6, 1.4 % over 24, worst 99); the same frame upside down, or
# another scene, is off by far more (checked below, so the comparison can fail).
TOLERANCE = {"mean": 6.0, "near": 24, "outside_near": 0.02}
TOKEN = "serve-browser-test-0123456789"
# The recording is encoded twice (H.264 to the page, then the browser's VP9 or VP8 at 8 Mbit/s) and read back
# from its first presented frame: measured mean 3.6 levels; the frame upside down is off by 30.
MEAN_RECORDED = 12.0


def skip(why):
    print(f"skipped: {why}")
    sys.exit(77)


def browser():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        skip("needs Debian's chromium and chromium-driver (tools/install-deps.sh installs them)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip(f"needs Selenium for {sys.executable} (Debian's python3-selenium)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,800", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(driver), options=options)


class Server:
    """racelab serve on a port of its own choosing (--port 0 the first time, the same port after a restart)."""

    def __init__(self, racelab, backend, folder, port=0):
        environment = dict(os.environ, RACELAB_SERVE_TOKEN=TOKEN)
        self.log = open(os.path.join(folder, f"serve-{port}.log"), "w+")
        self.process = subprocess.Popen(
            [racelab, "serve", "--backend", backend, "--scene", SCENE, "--size", f"{SIZE[0]}x{SIZE[1]}",
             "--frame", str(FRAME), "--paused", "--port", str(port), "--fps", "30", "--jpeg-quality", "90"],
            stdout=self.log, stderr=subprocess.STDOUT, env=environment, cwd=folder)
        self.url = self.wait_for_url()
        self.port = int(re.match(r"http://127\.0\.0\.1:(\d+)/", self.url).group(1))

    def wait_for_url(self):
        for _ in range(600):
            self.log.seek(0)
            found = re.search(r"open (http://\S+)", self.log.read())
            if found:
                return found.group(1)
            if self.process.poll() is not None:
                self.log.seek(0)
                sys.exit(f"racelab serve ended ({self.process.returncode}) before listening:\n{self.log.read()}")
            time.sleep(0.1)
        sys.exit("racelab serve printed no URL within 60 s")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


def status_of(url, headers=None):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def check_token(server):
    base = f"http://127.0.0.1:{server.port}"
    upgrade = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    for url, headers in ((f"{base}/", None), (f"{base}/serve.js", None), (f"{base}/?token=wrong-token-0000000000", None),
                         (f"{base}/ws", upgrade), (f"{base}/ws?token=wrong-token-0000000000", upgrade)):
        got = status_of(url, headers)
        assert got == 403, f"{url} without the token answered {got}, not 403"
    assert status_of(server.url) == 200, "the page with its token was not served"
    print("token: 5 requests without it refused with 403, the page with it served")


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    magic, width, height, top, rest = data.split(maxsplit=4)
    assert magic == b"P6" and int(top) == 255
    return int(width), int(height), rest


def flipped(image):
    width, height, rgb = image
    row = width * 3
    return width, height, [v for y in range(height - 1, -1, -1) for v in rgb[y * row:(y + 1) * row]]


def wait_for(driver, script, what, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds} s for {what}")




# [width, height, [r, g, b, ...]] of anything a canvas can draw (an ImageBitmap, a <video>'s frame).
RGB_OF = """
const rgbOf = (source, width, height) => {
  const g = new OffscreenCanvas(width, height).getContext('2d');
  g.drawImage(source, 0, 0);
  const d = g.getImageData(0, 0, width, height).data;
  const rgb = new Array(width * height * 3);
  for (let i = 0, j = 0; i < d.length; i += 4) { rgb[j++] = d[i]; rgb[j++] = d[i + 1]; rgb[j++] = d[i + 2]; }
  return [width, height, rgb];
};
"""

CANVAS_RGB = RGB_OF + """
const c = document.getElementById('picture');
return rgbOf(c, c.width, c.height);
"""

SCREENSHOT_RGB = RGB_OF + """
const done = arguments[arguments.length - 1];
const page = window.racelabPage;
page.lastScreenshot = null;
page.screenshot();
const poll = () => {
  if (!page.lastScreenshot) return setTimeout(poll, 50);
  createImageBitmap(page.lastScreenshot.blob).then((bitmap) => done(rgbOf(bitmap, bitmap.width, bitmap.height)));
};
poll();
"""


def compare(canvas, reference, what):
    width, height, rgb = canvas
    ref_width, ref_height, ref = reference
    assert (width, height) == (ref_width, ref_height), f"{what}: {width}x{height}, racelab's frame {ref_width}x{ref_height}"
    differences = [abs(a - b) for a, b in zip(rgb, ref)]
    mean = sum(differences) / len(differences)
    outside = sum(1 for d in differences if d > TOLERANCE["near"]) / len(differences)
    return mean, outside, max(differences)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--racelab", required=True)
    parser.add_argument("--backend", default="cpu", choices=("cpu", "cuda"))
    parser.add_argument("--screenshot", help="where to save a screenshot of the page (docs/views/)")
    args = parser.parse_args()
    racelab = os.path.abspath(args.racelab)
    started = time.time()
    driver = browser()
    driver.set_script_timeout(30)
    try:
        with tempfile.TemporaryDirectory(prefix="racelab-serve-test-") as folder:
            run(driver, racelab, args, folder)
    finally:
        driver.quit()
    print(f"passed in {time.time() - started:.1f} s")


def run(driver, racelab, args, folder):
    reference_path = os.path.join(folder, "reference.ppm")
    subprocess.run([racelab, "render", "--backend", args.backend, "--scene", SCENE, "--size", f"{SIZE[0]}x{SIZE[1]}",
                    "--frame", str(FRAME), "--out", reference_path], check=True, stdout=subprocess.DEVNULL, cwd=folder)
    reference = read_ppm(reference_path)
    reference = (reference[0], reference[1], list(reference[2]))
    server = Server(racelab, args.backend, folder)
    try:
        check_token(server)
        driver.get(server.url + "&fit=0")  # fit=0: frames at --size, the size of racelab's own frame
        check_frames(driver, reference, "H264", "H.264 (libx264, WebCodecs)")
        check_video_recovers(driver)
        driver.get(server.url + "&fit=0&video=0")
        check_frames(driver, reference, "JPEG", "JPEG (video=0 in the address)")
        driver.get(server.url + "&fit=0")
        wait_for(driver, "return window.racelabPage.kind === 'H264' && window.racelabPage.framesShown >= 3",
                 "H.264 frames again")
        check_recording(driver, reference)
        exact = compare(driver.execute_async_script(SCREENSHOT_RGB), reference, "the screenshot")
        assert exact[2] == 0, f"the lossless screenshot differs from racelab render by up to {exact[2]} levels"
        print("screenshot: the PNG the page saves equals racelab render's frame exactly")
        check_variant_click(driver, args.backend, reference)
        check_scene_pick(driver, reference)
        check_kernel_page(driver)
        if args.screenshot:
            driver.save_screenshot(args.screenshot)
            print(f"saved {args.screenshot}")
        shown = driver.execute_script("return window.racelabPage.framesShown")
        port = server.port
        server.stop()
        wait_for(driver, "return document.getElementById('connection').textContent === 'reconnecting'",
                 "the page to notice the server stopped")
        server = Server(racelab, args.backend, folder, port)
        wait_for(driver, f"return window.racelabPage.opened >= 2 && window.racelabPage.framesShown > {shown} + 2",
                 "frames from the restarted server")
        print("restart: the page reconnected to the restarted server and shows its frames")
    finally:
        server.stop()


def check_frames(driver, reference, kind, path):
    wait_for(driver, f"const p = window.racelabPage; return p && p.kind === '{kind}' && p.framesShown >= 3 && p.state",
             f"the first {kind} frames and state")
    wait_for(driver, f"return document.getElementById('path').textContent.startsWith('frames: {path}')",
             f"the page to say it shows {path}")
    mean, outside, worst = compare(driver.execute_script(CANVAS_RGB), reference, "the canvas")
    print(f"frames ({path}): canvas against racelab render: mean difference {mean:.2f} levels, {100 * outside:.2f} % "
          f"of values over {TOLERANCE['near']} (worst {worst})")
    assert mean <= TOLERANCE["mean"] and outside <= TOLERANCE["outside_near"], "the canvas is not racelab's frame"
    upside_down = compare(driver.execute_script(CANVAS_RGB), flipped(reference), "the canvas")[0]
    assert upside_down > 2 * TOLERANCE["mean"], f"the frame upside down is as close ({upside_down:.1f}): no test"


def check_video_recovers(driver):
    keys = wait_for(driver, "const s = window.racelabPage.state; return s.video.keyFrames > 0 && s.video.keyFrames",
                    "the server's count of key frames")
    shown = driver.execute_script("const p = window.racelabPage; p.stream.video.failed('a loss the test made');"
                                  "return p.framesShown")
    wait_for(driver, f"return window.racelabPage.state.video.keyFrames > {keys}", "a key frame sent for the page")
    wait_for(driver, f"return window.racelabPage.kind === 'H264' && window.racelabPage.framesShown > {shown} + 2",
             "H.264 frames drawn again")
    print(f"H.264 loss: the page asked for a key frame, the server sent one (key frames {keys} -> "
          f"{driver.execute_script('return window.racelabPage.state.video.keyFrames')}) and frames are drawn again")


RECORDING_RGB = RGB_OF + """
const done = arguments[arguments.length - 1];
const last = window.racelabPage.recorder.last;
const video = document.createElement('video');
video.muted = true;
video.onerror = () => done('the recording does not play: ' + (video.error && video.error.message));
// The frame drawn once it is presented (a frame drawn at loadeddata may not be decoded yet).
const draw = () => done(rgbOf(video, video.videoWidth, video.videoHeight).concat([last.type, last.blob.size, last.seconds]));
video.onloadeddata = () => { video.requestVideoFrameCallback(() => { video.pause(); draw(); }); video.play(); };
video.src = URL.createObjectURL(last.blob);
"""


def check_recording(driver, reference):
    driver.find_element("id", "record").click()
    wait_for(driver, "return window.racelabPage.recorder.recording()", "the recording to start")
    time.sleep(1.5)
    driver.find_element("id", "record").click()
    wait_for(driver, "return window.racelabPage.recorder.last !== null", "the recording to be saved")
    played = driver.execute_async_script(RECORDING_RGB)
    assert not isinstance(played, str), played
    width, height, rgb, kind, size, seconds = played
    assert kind in ("video/webm", "video/mp4"), f"the recording is {kind}"
    mean, _, worst = compare((width, height, rgb), reference, "the recording's first frame")
    upside_down = compare((width, height, rgb), flipped(reference), "the recording's first frame")[0]
    status = driver.find_element("id", "record-status").text
    print(f"recording: {kind}, {seconds:.1f} s, {size} bytes; its first frame against racelab render: mean "
          f"difference {mean:.2f} levels (upside down {upside_down:.1f}); the page says {status!r}")
    assert mean <= MEAN_RECORDED < upside_down, "the recording does not show the scene"
    assert status.startswith("saved racelab-circles-rand10k-"), status


def check_variant_click(driver, backend, reference):
    state = driver.execute_script("return window.racelabPage.state")
    racy = next(i for i, v in enumerate(state["variants"]) if not v["correct"])
    before = driver.execute_script(CANVAS_RGB)
    driver.find_element("css selector", f"#variants button[data-index='{racy}']").click()
    wait_for(driver, f"return window.racelabPage.state.variant === {racy}", "the clicked variant in the state")
    assert "chosen" in driver.find_element("css selector", f"#variants button[data-index='{racy}']").get_attribute("class")
    if backend == "cuda":
        wait_for(driver, "const r = window.racelabPage.state.race; return r.valid && r.differing > 0",
                 "the race meter to count differing pixels")
        after = driver.execute_script(CANVAS_RGB)
        mean, _, _ = compare(after, before, "the racy frame")
        assert mean > 0, "the racy variant's frame is the good one's"
    meter = driver.find_element("id", "race-meter").text
    expected = "% of pixels differ from good" if backend == "cuda" else "race meter: cuda backend only"
    assert expected in meter, f"the race meter says {meter!r}"
    print(f"variant: clicking {state['variants'][racy]['name']} chose it; the race meter says {meter!r}")
    driver.find_element("tag name", "body").send_keys("g")
    wait_for(driver, "return window.racelabPage.state.variant === 0", "G to pick good again")


KERNEL_PAGE = r"""
const done = arguments[arguments.length - 1];
const page = window.racelabPage, stream = page.stream;
const sent = [];
stream.handlers.onText = () => {};  // the server's own states would replace the one made here
const realSend = stream.send.bind(stream);
stream.send = (m) => { sent.push(m); if (m.type !== 'inspect') realSend(m); };
const canvas = document.getElementById('picture');
// A state as racelab serve --kernel writes it (src/app/serve/serve_state.hpp), for a frame of half the
// picture's size, with one racing pixel at (3, 2) of it.
const fw = canvas.width / 2, fh = canvas.height / 2;
const state = Object.assign({}, page.state, {kernel: {
  file: 'racy.cu', state: 'running', message: '', output: '', runningBuild: 1, compileMs: 900, builds: 1,
  kernelMs: 0.5, handoffMs: 0.1, frames: 10, failedFrames: 0,
  check: {ran: true, report: 'circles/rand10k: RACE: 2 of 4 runs differ\n', passed: false},
  race: {stage: 'done', findings: 'racy.cu:30: write-write race on image\n', racingPixels: 1, truncated: false,
         elsewhere: '', stale: '', width: fw, height: fh, inspected: null, inspection: ''}}});
page.state = state;
window.racelabPage.race.show(state.kernel);
document.getElementById('kernel').hidden = false;
// The MASK picture: fw x fh, clear but for pixel (3, 2).
const mask = new OffscreenCanvas(fw, fh);
const g = mask.getContext('2d');
g.fillStyle = 'rgba(0, 230, 255, 0.85)';
g.fillRect(3, 2, 1, 1);
mask.convertToBlob({type: 'image/png'}).then((blob) => blob.arrayBuffer()).then((png) => {
  const message = new Uint8Array(24 + png.byteLength);
  const view = new DataView(message.buffer);
  'MASK'.split('').forEach((c, i) => view.setUint8(i, c.charCodeAt(0)));
  view.setUint16(8, fw, true);
  view.setUint16(10, fh, true);
  message.set(new Uint8Array(png), 24);
  const before = page.overlays;
  stream.receive(message.buffer);
  const poll = () => {
    if (page.overlays === before || document.getElementById('overlay').hidden) return setTimeout(poll, 50);
    const overlay = document.getElementById('overlay');
    const o = overlay.getBoundingClientRect(), p = canvas.getBoundingClientRect();
    const cyan = overlay.getContext('2d').getImageData(3, 2, 1, 1).data;
    const clear = overlay.getContext('2d').getImageData(4, 2, 1, 1).data;
    // A click on the picture where the racing pixel shows: (3.5, 2.5) of the frame, (7, 5) of the picture.
    const x = p.left + (7.5 / canvas.width) * p.width, y = p.top + (5.5 / canvas.height) * p.height;
    const options = {bubbles: true, clientX: x, clientY: y, pointerId: 1, button: 0};
    canvas.dispatchEvent(new PointerEvent('pointerdown', options));
    canvas.dispatchEvent(new PointerEvent('pointerup', options));
    done({
      report: document.getElementById('check-report').textContent,
      findings: document.getElementById('race-findings').textContent,
      overlay: [o.left, o.top, o.width, o.height], picture: [p.left, p.top, p.width, p.height],
      cyan: Array.from(cyan), clear: Array.from(clear),
      inspect: sent.filter((m) => m.type === 'inspect'),
      size: [fw, fh],
    });
  };
  poll();
});
"""


def check_kernel_page(driver):
    result = driver.execute_async_script(KERNEL_PAGE)
    assert "RACE: 2 of 4 runs differ" in result["report"], result["report"]
    assert "racy.cu:30: write-write race" in result["findings"] and "racing pixels: 1" in result["findings"], result["findings"]
    assert all(abs(a - b) < 0.5 for a, b in zip(result["overlay"], result["picture"])), \
        f"the overlay at {result['overlay']}, the picture at {result['picture']}"
    assert result["cyan"][2] == 255 and result["cyan"][3] > 200 and result["clear"][3] == 0, (result["cyan"], result["clear"])
    assert result["inspect"] == [{"type": "inspect", "x": 3, "y": 2}], result["inspect"]
    print(f"kernel: the page shows the check's report and the racing lines, lays the racing pixels of a "
          f"{result['size'][0]}x{result['size'][1]} frame over the picture, and a click inspects pixel (3, 2)")
    driver.refresh()  # the page's own handlers back, for what follows
    wait_for(driver, "return window.racelabPage && window.racelabPage.framesShown >= 3 && window.racelabPage.state",
             "frames after reloading the page")


def check_scene_pick(driver, reference):
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element("id", "scene")).select_by_value(OTHER_SCENE)
    wait_for(driver, f"return window.racelabPage.state.scene === '{OTHER_SCENE}'", "the picked scene in the state")
    shown = driver.execute_script("return window.racelabPage.framesShown")
    wait_for(driver, f"return window.racelabPage.framesShown > {shown} + 2", "frames of the picked scene")
    mean, _, _ = compare(driver.execute_script(CANVAS_RGB), reference, "the other scene")
    assert mean > 10, f"the picture after picking {OTHER_SCENE} is still {SCENE} (mean difference {mean:.1f})"
    print(f"scene: picking {OTHER_SCENE} changed the picture (mean difference {mean:.1f} levels from {SCENE})")
    Select(driver.find_element("id", "scene")).select_by_value(SCENE)
    wait_for(driver, f"return window.racelabPage.state.scene === '{SCENE}'", "the first scene back")


if __name__ == "__main__":
    main()
