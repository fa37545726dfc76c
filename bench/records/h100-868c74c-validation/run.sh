set -u
source .gpu/setup.sh
tar -xJf build-device/bundle/bins.tar.xz && source build-device/bundle/env.sh
CS149_RENDER=$PWD/build-device/cs149-render RACELAB_BASELINE_BIN=$PWD/build-device/baseline/bin timeout 480 tools/gpu-validate.sh /tmp/gv gpucode circles cs149 tests > /tmp/gv-run.log 2>&1; echo "gpu-validate exit $?" >> /tmp/gv-run.log
mkdir -p /tmp/san3; MATRIX_CASES='^user-kernel-faulting$' timeout 60 bash tools/sanitizer-matrix.sh /tmp/san3 memcheck > /tmp/san3/run.log 2>&1; echo "exit $?" >> /tmp/san3/run.log
