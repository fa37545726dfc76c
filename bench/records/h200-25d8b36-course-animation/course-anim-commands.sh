# Device run: real solutions animated by the course's own harness (render -r cuda, frames dumped) and by racelab
# (render --kernel), frame by frame, judged by the course's rule; and the course's GPU frame against its own CPU
# reference at snow's frame 240.
set -u
source .gpu/setup.sh
tar -xJf .gpu/b/bins.tar.xz
source .gpu/b/env.sh
mkdir -p /tmp/bw && dpkg -x .gpu/bw/bubblewrap_*.deb /tmp/bw && export RACELAB_BWRAP=/tmp/bw/usr/bin/bwrap
build/bin/racelab --version | head -1
w=/tmp/anim; mkdir -p $w
for n in LichuAcu esp0r; do
  chmod +x .gpu/course/render-$n
  for scene in snow bouncingballs hypnosis fireworks; do
    (cd $w && timeout 300 $OLDPWD/.gpu/course/render-$n -r cuda -s 1024 -b 0:241 -f $w/$n-$scene $scene > $w/$n-$scene.log 2>&1) || echo "course $n $scene failed: $(tail -2 $w/$n-$scene.log)"
    for f in 0 1 30 120 240; do
      build/bin/racelab render --kernel .gpu/course/sol-$n --scene circles/$scene --frame $f --size 1024x1024 --out $w/rl.ppm > $w/rl.log 2>&1 || { echo "racelab $n $scene $f failed: $(tail -3 $w/rl.log)"; continue; }
      printf '%-9s %-14s frame %3s course-harness vs racelab: %s\n' $n $scene $f "$(python3 tools/cs149/course_rule.py $w/$n-${scene}_$(printf %04d $f).ppm $w/rl.ppm)"
      build/bin/racelab render --scene circles/$scene --frame $f --size 1024x1024 --backend cpu --out $w/ref.ppm > /dev/null 2>&1
      printf '%-9s %-14s frame %3s course-harness vs racelab cpu reference: %s\n' $n $scene $f "$(python3 tools/cs149/course_rule.py $w/$n-${scene}_$(printf %04d $f).ppm $w/ref.ppm)"
    done
  done
done
(cd $w && timeout 400 $OLDPWD/.gpu/course/render-LichuAcu -r cpuref -s 1024 -b 240:241 -f $w/cpuref-snow snow > /dev/null 2>&1) && \
  echo "course cuda (LichuAcu) vs course cpuref, snow frame 240: $(python3 tools/cs149/course_rule.py $w/LichuAcu-snow_0240.ppm $w/cpuref-snow_0240.ppm)" && \
  build/bin/racelab render --scene circles/snow --frame 240 --size 1024x1024 --backend cpu --out $w/ref.ppm > /dev/null 2>&1 && \
  echo "course cpuref vs racelab cpu reference, snow frame 240: $(python3 tools/cs149/course_rule.py $w/cpuref-snow_0240.ppm $w/ref.ppm)"
