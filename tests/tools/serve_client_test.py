#!/usr/bin/env python3
"""racelab_serve_client against `racelab serve --backend cpu` (CTest Serve.MeasuringClient): the client that
measures latency and rate on the GPU machine works here first. It asserts, for the H.264 stream and for JPEG,
that frames arrive and decode, that every frame's latency is positive and under a second (the cpu backend draws
rand10k at a few frames a second; the GPU targets are measured on the GPU machine), that the bits counted are
the frames' own, and that a careless client (stalls, dropped connections, key-frame requests, resizes) leaves
the server serving: a steady client afterwards still gets frames.

    serve_client_test.py --racelab build/bin/racelab --client build/bin/racelab_serve_client
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time


def start_server(racelab, folder):
    log = open(os.path.join(folder, "serve.log"), "w+")
    process = subprocess.Popen([racelab, "serve", "--backend", "cpu", "--scene", "circles/pattern", "--size", "320x240",
                                "--port", "0", "--fps", "30"], stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    for _ in range(600):
        log.seek(0)
        found = re.search(r"open (http://\S+)", log.read())
        if found:
            return process, found.group(1), log
        if process.poll() is not None:
            sys.exit(f"racelab serve ended before listening:\n{log.read()}")
        time.sleep(0.1)
    sys.exit("racelab serve printed no URL within 60 s")


def measure(client, url, folder, name, *extra):
    out = os.path.join(folder, f"{name}.json")
    run = subprocess.run([client, url, "--json", out, *extra], capture_output=True, text=True, timeout=60)
    print(f"{name}: {run.stdout.strip()}")
    assert run.returncode == 0, f"{name}: the client failed ({run.returncode}): {run.stderr}"
    with open(out) as f:
        return json.load(f)


def check_steady(result, name):
    assert result["frames"] >= 10, f"{name}: {result['frames']} frames in {result['seconds']:.1f} s"
    assert result["decode_errors"] == 0
    assert result["latency_samples"] == result["frames"], f"{name}: a frame without its time stamp"
    assert 0 < result["latency_p50_ms"] <= result["latency_p99_ms"] < 1000, f"{name}: latency {result}"
    assert result["mbit_per_second"] > 0 and result["fps_loop"] > 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--racelab", required=True)
    parser.add_argument("--client", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="racelab-serve-client-") as folder:
        server, url, log = start_server(os.path.abspath(args.racelab), folder)
        try:
            video = measure(args.client, url, folder, "h264", "--seconds", "3", "--stream", "h264")
            check_steady(video, "h264")
            assert video["key_frames"] >= 1, "the stream did not start with a key frame"
            jpeg = measure(args.client, url, folder, "jpeg", "--seconds", "3", "--stream", "jpeg")
            check_steady(jpeg, "jpeg")
            assert jpeg["key_frames"] == 0
            # circles/pattern holds still: each H.264 frame after the first is a small part of a JPEG one.
            assert video["mbit_per_second"] * 3 < jpeg["mbit_per_second"], (video["mbit_per_second"], jpeg["mbit_per_second"])
            chaos = measure(args.client, url, folder, "chaos", "--seconds", "8", "--chaos", "--seed", "7")
            assert chaos["connections"] >= 2 or chaos["stalls"] + chaos["key_requests"] + chaos["resizes"] >= 2, chaos
            after = measure(args.client, url, folder, "after", "--seconds", "2", "--stream", "h264", "--size", "320x240")
            check_steady(after, "after the careless client")
            assert server.poll() is None, "racelab serve ended"
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
        log.seek(0)
        text = log.read()
        problems = [line for line in text.splitlines() if "error" in line.lower() or "stopped" in line.lower()]
        assert not problems, f"racelab serve said: {problems}"
    print("passed")


if __name__ == "__main__":
    main()
