# Sourced by the tools/cs149 scripts. build_course_renderer ASST3_CHECKOUT WORKDIR prints the path of the
# course's `render` binary: $CS149_RENDER when set (a binary built earlier, e.g. carried to another machine),
# otherwise one built from the checkout's render/ folder in WORKDIR (nvcc, g++, freeglut3-dev; the CPU
# reference it is used for needs no GPU). The course's sources are only ever built in WORKDIR.
build_course_renderer() {
    local asst3="$1" work="$2"
    if [ -n "${CS149_RENDER:-}" ]; then
        realpath "$CS149_RENDER"
        return
    fi
    [ -d "$asst3/render" ] || { echo "no render/ folder in '$asst3' (a checkout of stanford-cs149/asst3)" >&2; return 1; }
    cp -r "$asst3/render" "$work/render"
    PATH="/usr/local/cuda/bin:$PATH" make -C "$work/render" -j "$(nproc)" >"$work/build.log" 2>&1 ||
        { cat "$work/build.log" >&2; return 1; }
    echo "$work/render/render"
}
