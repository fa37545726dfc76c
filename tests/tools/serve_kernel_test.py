#!/usr/bin/env python3
"""The server's half of "your kernel" in racelab serve's page, on a GPU (CTest Serve.KernelOnGpu; skipped, 77,
where there is no CUDA device). A bare WebSocket client (the page's messages, src/web/client_message.hpp)
against `racelab serve --kernel` with the course-style racy starter (assets/kernels/circles/starter.cu):

  1. "check" puts check's report into the state, and it is not a pass (the starter races);
  2. "find" builds the instrumented kernel and puts the racing lines of starter.cu into the state, with the
     count of racing pixels, and every client is sent a "MASK" picture of them (a PNG of the frame's size
     whose opaque pixels number exactly that count);
  3. "inspect" at one of those pixels lists its accesses, naming starter.cu;
  4. "clear" empties the findings and sends an empty "MASK".

    serve_kernel_test.py --racelab build/bin/racelab
"""
import argparse
import base64
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import zlib

SIZE = 256


class Socket:
    """A WebSocket client of the standard library alone: text messages out (masked), whole messages in."""

    def __init__(self, port, token):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=180)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall((f"GET /ws?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.s.recv(4096)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert b" 101 " in head.split(b"\r\n")[0], head

    def send(self, message):
        data = json.dumps(message).encode()
        mask = os.urandom(4)
        self.s.sendall(bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _need(self, n):
        while len(self.buffer) < n:
            chunk = self.s.recv(1 << 20)
            if not chunk:
                raise EOFError("the server closed the connection")
            self.buffer += chunk

    def receive(self):
        self._need(2)
        opcode, length, at = self.buffer[0] & 15, self.buffer[1] & 127, 2
        if length == 126:
            self._need(4)
            length, at = struct.unpack(">H", self.buffer[2:4])[0], 4
        elif length == 127:
            self._need(10)
            length, at = struct.unpack(">Q", self.buffer[2:10])[0], 10
        self._need(at + length)
        payload, self.buffer = self.buffer[at:at + length], self.buffer[at + length:]
        return opcode, payload


def png_alpha(png):
    """The alpha channel of an 8-bit RGBA PNG (non-interlaced), rows top first: what the page paints."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, width, height = 8, b"", 0, 0
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour == 6, "the overlay is 8-bit RGBA"
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw, stride, rows, previous = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - 4] if x >= 4 else 0
            b = previous[x]
            c = previous[x - 4] if x >= 4 else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line[3::4])
        previous = line
    return width, height, rows


def wait_for(ws, what, seconds, test):
    """Reads until `test(kind, value)` holds: kind "state" (the JSON) or "MASK" (header, payload)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        opcode, payload = ws.receive()
        if opcode == 1:
            value = json.loads(payload)
            if value.get("type") == "state" and test("state", value):
                return value
        elif opcode == 2 and payload[:4] == b"MASK":
            width, height = struct.unpack("<HH", payload[8:12])
            if test("MASK", (width, height, payload[24:])):
                return width, height, payload[24:]
    sys.exit(f"waited {seconds} s for {what}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--racelab", required=True)
    args = parser.parse_args()
    racelab = os.path.abspath(args.racelab)
    version = subprocess.run([racelab, "--version"], capture_output=True, text=True).stdout
    if "no CUDA device" in version or "no CUDA backend" in version:
        print(f"skipped: the user's kernel runs on the GPU, and this racelab says: {version.strip()}")
        sys.exit(77)
    starter = os.path.join(os.path.dirname(racelab), "..", "share", "racelab", "kernels", "circles", "starter.cu")
    if not os.path.exists(starter):
        starter = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets", "kernels", "circles", "starter.cu")
    token = "serve-kernel-test-0123456789"
    with tempfile.TemporaryDirectory(prefix="racelab-serve-kernel-") as folder:
        kernel = shutil.copy(starter, os.path.join(folder, "starter.cu"))
        log = open(os.path.join(folder, "serve.log"), "w+")
        server = subprocess.Popen([racelab, "serve", "--scene", "circles/rand10k", "--size", f"{SIZE}x{SIZE}", "--paused",
                                   "--kernel", kernel, "--port", "0", "--video", "off"], stdout=log, stderr=subprocess.STDOUT,
                                  env=dict(os.environ, RACELAB_SERVE_TOKEN=token), cwd=folder)
        try:
            port = None
            for _ in range(600):
                log.seek(0)
                found = re.search(r"open http://127\.0\.0\.1:(\d+)/", log.read())
                if found:
                    port = int(found.group(1))
                    break
                assert server.poll() is None, f"racelab serve ended:\n{log.read()}"
                time.sleep(0.1)
            ws = Socket(port, token)
            wait_for(ws, "the kernel running", 120,
                     lambda k, v: k == "state" and v.get("kernel", {}).get("state") == "running")
            ws.send({"type": "check"})
            state = wait_for(ws, "check's report", 120, lambda k, v: k == "state" and v["kernel"]["check"]["ran"])
            check = state["kernel"]["check"]
            print(f"check: passed={check['passed']}: {check['report'].strip().splitlines()[0]}")
            assert not check["passed"], "check passed the racy starter"
            ws.send({"type": "find"})
            state = wait_for(ws, "the race's findings", 300,
                             lambda k, v: k == "state" and v["kernel"]["race"]["stage"] in ("done", "failed"))
            race = state["kernel"]["race"]
            assert race["stage"] == "done", race["findings"]
            assert "starter.cu:" in race["findings"] and race["racingPixels"] > 0, race
            print(f"find: {race['racingPixels']} racing pixels; {race['findings'].strip().splitlines()[0]}")
            width, height, png = wait_for(ws, "the racing pixels' overlay", 30, lambda k, v: k == "MASK" and v[2])
            w, h, alpha = png_alpha(png)
            opaque = [(x, y) for y, row in enumerate(alpha) for x, a in enumerate(row) if a]
            assert (w, h) == (width, height) == (race["width"], race["height"]), (w, h, width, height)
            assert len(opaque) == race["racingPixels"], f"{len(opaque)} pixels painted, {race['racingPixels']} racing"
            x, y = opaque[len(opaque) // 2]
            ws.send({"type": "inspect", "x": x, "y": y})
            state = wait_for(ws, "the inspector", 120,
                             lambda k, v: k == "state" and v["kernel"]["race"]["inspected"] == [x, y])
            inspection = state["kernel"]["race"]["inspection"]
            assert "starter.cu" in inspection, inspection
            print(f"inspect ({x}, {y}): {inspection.strip().splitlines()[0]}")
            ws.send({"type": "clear"})
            wait_for(ws, "the overlay cleared", 30, lambda k, v: k == "MASK" and not v[2])
            print("clear: the findings and the overlay went")
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
    print("passed")


if __name__ == "__main__":
    main()
