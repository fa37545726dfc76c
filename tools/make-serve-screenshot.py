#!/usr/bin/env python3
"""docs/views/serve.png: racelab serve's page in headless Chromium (Debian's chromium and chromium-driver, with
Selenium), against `racelab serve --backend cpu` (no GPU needed): circles/snow, the frame sized to the window,
shown over the H.264 stream that the page decodes with WebCodecs.

    tools/make-serve-screenshot.py --racelab build/bin/racelab [--out docs/views/serve.png]
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "tools"))
from serve_browser_test import browser, wait_for  # noqa: E402  the test's Chromium, as CTest runs it


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--racelab", required=True)
    parser.add_argument("--out", default="docs/views/serve.png")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="racelab-serve-shot-") as folder:
        log = open(os.path.join(folder, "serve.log"), "w+")
        server = subprocess.Popen([os.path.abspath(args.racelab), "serve", "--backend", "cpu", "--scene", "circles/snow",
                                   "--port", "0", "--fps", "30"], stdout=log, stderr=subprocess.STDOUT, cwd=folder)
        driver = browser()
        try:
            for _ in range(600):
                log.seek(0)
                found = re.search(r"open (http://\S+)", log.read())
                if found:
                    break
                time.sleep(0.1)
            else:
                sys.exit("racelab serve printed no URL")
            driver.set_window_size(1280, 760)
            driver.get(found.group(1))
            wait_for(driver, "const p = window.racelabPage; return p && p.kind === 'H264' && p.framesShown > 60",
                     "H.264 frames", seconds=120)
            time.sleep(2)  # the time graph fills
            driver.save_screenshot(args.out)
            path = driver.execute_script("return document.getElementById('path').textContent")
            print(f"saved {args.out}: {path}")
        finally:
            driver.quit()
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
