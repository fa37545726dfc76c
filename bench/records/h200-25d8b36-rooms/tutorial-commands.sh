# docs/YOUR_KERNEL.md's commands as written, from the repository root, headless (view renders one frame and
# saves it where there is no display). Each command's output and exit code go to $LOG.
set -u
LOG=${LOG:-/tmp/tutorial.log}
: >"$LOG"
step() { echo "\$ $*" >>"$LOG"; timeout 600 "$@" >>"$LOG" 2>&1; echo "[exit $?]" >>"$LOG"; echo >>"$LOG"; }
rm -f my_renderer.cu
step build/bin/racelab new-kernel circles my_renderer.cu
step build/bin/racelab compile my_renderer.cu --arch sm_90
step build/bin/racelab view --scene circles/rand10k --kernel my_renderer.cu
step build/bin/racelab check --scene circles/rand10k --kernel my_renderer.cu --repeat 20
step build/bin/racelab check --scene circles/rgb --size 256x256 --kernel tests/data/kernels/shared_race.cu --sanitize
step build/bin/racelab check --scene circles/rand10k --kernel my_renderer.cu --races
step build/bin/racelab check --scene circles/rand10k --kernel my_renderer.cu --races --pixel 512,512
step cp assets/kernels/circles/tiled.cu my_renderer.cu  # section 4: copy the fast example over your file
step build/bin/racelab check --scene circles/rand10k --kernel my_renderer.cu
step build/bin/racelab bench --scene circles/rand10k --present none --kernel my_renderer.cu --in-flight 1
step build/bin/racelab bench --scene circles/rand10k --present none --in-flight 1
step build/bin/racelab grade my_renderer.cu
step build/bin/racelab view --kernel tests/data/whole_file/tiled_thrust --scene circles/rand10k
step build/bin/racelab check --kernel tests/data/whole_file/tiled_thrust --scene circles/rand10k --repeat 3
step build/bin/racelab bench --kernel tests/data/whole_file/tiled_thrust --scene circles/rand10k
step build/bin/racelab grade tests/data/whole_file/tiled_thrust
step build/bin/racelab compile tests/data/whole_file/tiled_thrust --arch sm_90
grep -E '^\$|^\[exit' "$LOG"
