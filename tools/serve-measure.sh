#!/usr/bin/env bash
# racelab serve measured where it runs, with racelab_serve_client (tests/tools/serve_client.cpp) on the same
# machine over loopback, against docs/BENCHMARKS.md's targets for the viewer in a browser:
#   latency   frame drawn -> decoded in the client, median, at 1280x720 (H.264, then JPEG for comparison)
#   rate      frames a second delivered to a client at 1280x720, and the loop's own rate with that client
#             reading against with a client that reads nothing (a loop that waited for its clients would slow)
#   bits      the H.264 stream's Mbit/s for circles/rand10k at 1280x720 and 60 frames a second, and for a
#             moving scene (circles/bouncingballs)
#   soak      a careless client (stalls, dropped connections, key-frame requests, resizes at random) for
#             SOAK_SECONDS (600), the server's resident memory sampled every 10 s, its log read for errors,
#             then a steady client that must still get frames
# Usage: tools/serve-measure.sh OUT [latency rate bits soak]   (RACELAB_BIN: the folder of racelab and
# racelab_serve_client, build/bin by default; ROUND_SECONDS, 20, a measurement; SOAK_SECONDS; SERVE_ARGS, more
# options for every racelab serve, e.g. --backend cpu for a dry run without a GPU). Writes OUT/*.json, OUT/*.log
# and OUT/summary.txt.
set -uo pipefail
out=${1:?usage: tools/serve-measure.sh OUT [stage ...]}
shift
stages=${*:-latency rate bits soak}
bin=${RACELAB_BIN:-build/bin}
round_seconds=${ROUND_SECONDS:-20}
mkdir -p "$out"
status=0
say() { echo "$*" | tee -a "$out/summary.txt"; }
"$bin/racelab" --version 2>&1 | head -1 >>"$out/summary.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >>"$out/summary.txt" 2>&1 || true

server_pid=""
url=""
start_server() {  # start_server NAME ARGS...: racelab serve on a free port, its URL in $url
  local name=$1; shift
  # shellcheck disable=SC2086  # SERVE_ARGS is a list of options
  "$bin/racelab" serve --port 0 "$@" ${SERVE_ARGS:-} >"$out/serve-$name.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 600); do
    url=$(grep -oE 'open http://[^ ]+' "$out/serve-$name.log" | head -1 | cut -d' ' -f2)
    [ -n "$url" ] && return 0
    kill -0 $server_pid 2>/dev/null || { say "   serve $name ended: $(tail -3 "$out/serve-$name.log")"; status=1; return 1; }
    sleep 0.1
  done
  say "   serve $name printed no URL"; status=1; return 1
}
stop_server() { kill -TERM $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; server_pid=""; }
client() {  # client NAME ARGS...: one measurement into OUT/NAME.json, its line into the summary
  local name=$1; shift
  if "$bin/racelab_serve_client" "$url" --json "$out/$name.json" "$@" >"$out/$name.log" 2>&1; then
    say "   $name: $(cat "$out/$name.log")"
  else
    say "   $name: FAILED: $(tail -2 "$out/$name.log")"; status=1
  fi
}

for stage in $stages; do
  case $stage in
  latency)
    say "== latency: circles/rand10k at 1280x720, the loop at 60 frames/s"
    start_server latency --scene circles/rand10k --size 1280x720 --fps 60 || continue
    client latency-warmup --seconds 5 --stream h264
    for round in 1 2 3; do client latency-h264-$round --seconds $round_seconds --stream h264; done
    for round in 1 2 3; do client latency-jpeg-$round --seconds $round_seconds --stream jpeg; done
    stop_server
    ;;
  rate)
    say "== rate: circles/rand10k at 1280x720, the loop uncapped (--fps 0)"
    start_server rate --scene circles/rand10k --size 1280x720 --fps 0 || continue
    client rate-warmup --seconds 5 --stream h264
    for round in 1 2 3; do
      client rate-reading-$round --seconds $round_seconds --stream h264
      # The same, with a second client beside it that reads nothing (--stall): the loop's rate the reading
      # client sees must not drop.
      "$bin/racelab_serve_client" "$url" --seconds $((round_seconds + 4)) --stream h264 --stall >/dev/null 2>&1 &
      stalled=$!
      sleep 2
      client rate-beside-stalled-$round --seconds $round_seconds --stream h264
      wait $stalled
    done
    stop_server
    ;;
  bits)
    say "== bits: the H.264 stream at 1280x720, 60 frames/s"
    for scene in rand10k bouncingballs; do
      start_server bits-$scene --scene circles/$scene --size 1280x720 --fps 60 || continue
      client bits-warmup-$scene --seconds 5 --stream h264
      for round in 1 2 3; do client bits-$scene-$round --seconds $round_seconds --stream h264; done
      stop_server
    done
    ;;
  soak)
    seconds=${SOAK_SECONDS:-600}
    say "== soak: a careless client for $seconds s (circles/bouncingballs, 1280x720, 60 frames/s)"
    start_server soak --scene circles/bouncingballs --size 1280x720 --fps 60 || continue
    (while kill -0 $server_pid 2>/dev/null; do
       echo "$(date +%s) $(grep VmRSS /proc/$server_pid/status | awk '{print $2}')"; sleep 10
     done) >"$out/soak-rss.txt" &
    client soak-careless --seconds "$seconds" --chaos --seed 149
    client soak-after --seconds 10 --stream h264
    stop_server
    python3 - "$out" <<'PY' | tee -a "$out/summary.txt"
import sys
out = sys.argv[1]
samples = [int(l.split()[1]) for l in open(f"{out}/soak-rss.txt") if len(l.split()) == 2]
settled = samples[6:] or samples  # after the first minute: buffers and encoders are made
growth = (settled[-1] - settled[0]) / 1024 if settled else 0
errors = [l for l in open(f"{out}/serve-soak.log") if "error" in l.lower() or "stopped" in l.lower()]
print(f"   soak: resident memory {samples[0] / 1024:.0f} -> {samples[-1] / 1024:.0f} MiB, {growth:+.1f} MiB after the first minute; "
      f"{len(errors)} error lines in the server's log")
sys.exit(0 if growth < 32 and not errors else 1)
PY
    [ "${PIPESTATUS[0]}" = 0 ] || status=1
    ;;
  *) say "unknown stage $stage"; status=1 ;;
  esac
done
exit $status
