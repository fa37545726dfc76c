set -u
source .gpu/setup.sh
tar -xJf build-device/bundle/bins.tar.xz && source build-device/bundle/env.sh
O=/tmp/san2; mkdir -p $O
build/bin/racelab --version > $O/version.txt 2>&1; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $O/version.txt; date -u >> $O/version.txt
MATRIX_CASES='^(circles|planes|mesh|fourier|histogram|views|visibility|user-kernel-(tiled|starter|shared))' timeout ${T:-540} bash tools/sanitizer-matrix.sh $O racecheck memcheck > $O/run.log 2>&1; echo "exit $?" >> $O/run.log
