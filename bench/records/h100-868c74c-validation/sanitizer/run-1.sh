set -u
source .gpu/setup.sh
tar -xJf build-device/bundle/bins.tar.xz && source build-device/bundle/env.sh
O=/tmp/san1; mkdir -p $O
build/bin/racelab --version > $O/version.txt 2>&1; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/version.txt; date -u >> $O/version.txt
timeout ${T:-540} bash tools/sanitizer-matrix.sh $O synccheck initcheck > $O/run.log 2>&1; echo "exit $?" >> $O/run.log
