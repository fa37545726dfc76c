// Scene generation. rand() is glibc's generator on Linux, which is what makes frames comparable with
// CS149's reference binary; the call order below is part of the contract, so keep it.
#include "scenes/circles/circle_scene_spec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>

#include "core/errors.hpp"
#include "scenes/circles/circle_animation.hpp"
#include "scenes/circles/circle_formulas.hpp"
#include "scenes/circles/circle_reference.hpp"

namespace racelab::circles {
namespace {

// RAND_MAX as a float (2^31, rounded up from 2^31 - 1) is what the course's int-to-float division uses.
float randomUnit() { return static_cast<float>(std::rand()) / static_cast<float>(RAND_MAX); }

// The course's colour rules depend only on how many circles a scene holds: three bands, each with its own
// ranges for the random circles (rand*) and for the fixed-radius ones (biglittle, micro2M).
enum class CountBand { UpTo10k, UpTo100k, Above100k };

CountBand countBand(int n) { return n <= 10'000 ? CountBand::UpTo10k : (n <= 100'000 ? CountBand::UpTo100k : CountBand::Above100k); }

void randomColor(float* c, CountBand band, bool fixedRadius) {
    switch (band) {
    case CountBand::UpTo10k:
        c[0] = .1f + .9f * randomUnit();
        c[1] = .2f + .5f * randomUnit();
        c[2] = .5f + .5f * randomUnit();
        break;
    case CountBand::UpTo100k:
        c[0] = .3f + .9f * randomUnit();
        c[1] = .1f + .9f * randomUnit();
        c[2] = .1f + .4f * randomUnit();
        break;
    case CountBand::Above100k:
        if (fixedRadius) {
            c[0] = .3f + .9f * randomUnit();
            c[1] = .1f + .3f * randomUnit();
            c[2] = .2f + .2f * randomUnit();
        } else {
            c[0] = .2f + .5f * randomUnit();
            c[1] = .5f + .5f * randomUnit();
            c[2] = .1f + .4f * randomUnit();
        }
        break;
    }
}

// Depths drawn first and sorted far to near, then per circle: radius (if random), x, y, colour. Random radii
// are .02-.08 up to 100k circles and .009-.014 above (so rand1M is not opaque after its first few layers).
void randomCircles(CircleSet& set, int n, unsigned seed, float fixedRadius) {
    set.resize(n);
    std::srand(seed);
    std::vector<float> depths(n);
    for (float& d : depths) d = randomUnit();
    std::sort(depths.begin(), depths.end(), std::greater<float>());
    const CountBand band = countBand(n);
    const bool fixed = fixedRadius > 0.f;
    for (int i = 0; i < n; ++i) {
        if (fixed) set.radius[i] = fixedRadius;
        else set.radius[i] = band == CountBand::Above100k ? .009f + .005f * randomUnit() : .02f + .06f * randomUnit();
        set.position[3 * i] = randomUnit();
        set.position[3 * i + 1] = randomUnit();
        set.position[3 * i + 2] = depths[i];
        randomColor(&set.color[3 * i], band, fixed);
    }
}

// Moves circles [start, start+n) into a small square and gives them radius r (biglittle / littlebig).
void clusterCircles(CircleSet& set, int start, int n, float r, float centre, float spread) {
    for (int i = start; i < start + n; ++i) {
        set.radius[i] = r;
        set.position[3 * i] = .9f - centre + spread * randomUnit();
        set.position[3 * i + 1] = centre + spread * randomUnit();
    }
}

void circleGrid(CircleSet& set, int start, int perSide, float r, const float rgb[3], float offset) {
    int index = start;
    for (int j = 0; j < perSide; ++j)
        for (int i = 0; i < perSide; ++i, ++index) {
            set.position[3 * index] = offset + 2.f * r * i;
            set.position[3 * index + 1] = offset + 2.f * r * j;
            set.position[3 * index + 2] = randomUnit();
            std::copy(rgb, rgb + 3, &set.color[3 * index]);
            set.radius[index] = r;
        }
}

void setCircle(CircleSet& set, int i, float x, float y, float z, float r, float cr, float cg, float cb) {
    set.position[3 * i] = x, set.position[3 * i + 1] = y, set.position[3 * i + 2] = z;
    set.color[3 * i] = cr, set.color[3 * i + 1] = cg, set.color[3 * i + 2] = cb;
    set.radius[i] = r;
}

void snowScene(CircleSet& set, unsigned seed) {
    const int n = 100'000;
    set.resize(n);
    set.snow = true;
    set.animation = Animation::Snow;
    std::srand(seed);
    std::vector<float> depths(n);
    for (int i = 0; i < n; ++i)  // most flakes far away
        depths[i] = clampf(std::pow(static_cast<float>(i) / n, .1f) + (-.05f + .1f * randomUnit()), 0.f, 1.f);
    std::sort(depths.begin(), depths.end(), std::greater<float>());
    for (int i = 0; i < n; ++i) {
        float depth = depths[i];
        float size = .08f - .0075f + .015f * randomUnit();
        float r = (1.f - depth) * size + depth * size / 15.f;
        if (depth < .02f) r *= 3.f;
        else if (r < .0075f) r = .0075f;
        set.radius[i] = r;
        set.position[3 * i] = randomUnit();
        set.position[3 * i + 1] = 1.f + r + 2.f * randomUnit();  // flakes start above the screen and fall in
        set.position[3 * i + 2] = depth;
    }
}

void fireworksScene(CircleSet& set, unsigned seed) {
    set.resize(kFireworkCount + kFireworkCount * kSparksPerFirework);
    set.animation = Animation::Fireworks;
    std::srand(seed);
    const FireworkRim rim = fireworkRim();
    for (int i = 0; i < kFireworkCount; ++i) {
        set.radius[i] = .005f;
        set.color[3 * i] = set.color[3 * i + 1] = set.color[3 * i + 2] = 1.f;
        set.position[3 * i] = randomUnit();
        set.position[3 * i + 1] = randomUnit();
        set.position[3 * i + 2] = 0.f;
        for (int j = 0; j < kSparksPerFirework; ++j) {
            int s = kFireworkCount + i * kSparksPerFirework + j;
            set.radius[s] = .01f;
            set.color[3 * s + i % 3] = 1.f;
            set.position[3 * s] = set.position[3 * i] + rim.cosAngle[j] * set.radius[i];
            set.position[3 * s + 1] = set.position[3 * i + 1] + rim.sinAngle[j] * set.radius[i];
            set.velocity[3 * s] = rim.velocityX[j];
            set.velocity[3 * s + 1] = rim.velocityY[j];
        }
    }
}

// snowsingle: the course loads one still frame of snow from its snow.par, which racelab does not ship. racelab's
// still frame is snow's own flakes after kSnowSingleSteps steps of the CPU reference (the steps of snow's frame
// 240, the course's and racelab's CPU references agreeing there), so the flakes fill the picture and no
// solution's animation is judged: a GPU's snow leaves the CPU reference within 30 frames, in the course's own
// harness too, which is why the course grades this still frame rather than snow.
void snowSingleScene(CircleSet& set, unsigned seed) {
    static std::mutex made;
    static std::map<unsigned, CircleSet> bySeed;  // 241 steps of 100k flakes take a while: once a seed
    const std::lock_guard<std::mutex> lock(made);
    auto found = bySeed.find(seed);
    if (found == bySeed.end()) {
        CircleSet still;
        snowScene(still, seed);
        for (int step = 0; step < kSnowSingleSteps; ++step) advanceReference(still);
        still.animation = Animation::None;
        found = bySeed.emplace(seed, std::move(still)).first;
    }
    set = found->second;
}

}  // namespace

const std::vector<CircleSceneSpec>& circleSceneSpecs() {
    static const std::vector<CircleSceneSpec> specs = {
        {"rgb", "3 circles: red behind green behind blue", 3, false},
        {"rgby", "4 circles of 3 sizes", 4, false},
        {"pattern", "two overlapping grids (1217 circles)", 16 * 16 + 31 * 31, false},
        {"rand10k", "10k random circles", 10'000, true},
        {"rand100k", "100k random circles", 100'000, true},
        {"rand1M", "1M random circles of radius .009-.014", 1'000'000, true},
        {"biglittle", "10k big circles, 1k small ones in a corner", 10'000, false},
        {"littlebig", "10k big circles, 1k small ones top left", 10'000, false},
        {"micro2M", "2M circles of radius 0.001", 2'000'000, true},
        {"bouncingballs", "animated: 10 bouncing balls", 10, false},
        {"hypnosis", "animated: 25 growing rings", 25, false},
        {"fireworks", "animated: 15 fireworks, 300 sparks", 15 + 15 * 20, false},
        {"snow", "animated: 100k falling snowflakes with radial shading", 100'000, false},
        {"snowsingle", "one still frame of snow: its 100k flakes where they are at snow's frame 240 (the course loads its own from snow.par)",
         100'000, false},
    };
    return specs;
}

const CircleSceneSpec* findCircleSceneSpec(const std::string& name) {
    for (const auto& s : circleSceneSpecs())
        if (s.name == name) return &s;
    return nullptr;
}

CircleSet generateCircles(const std::string& name, unsigned seed, int count) {
    const CircleSceneSpec* spec = findCircleSceneSpec(name);
    if (!spec) throw UsageError("unknown circle scene '" + name + "'");
    if (count > 0 && !spec->countAdjustable && count != spec->defaultCount)
        throw UsageError("scene circles/" + name + " has a fixed circle count (" + std::to_string(spec->defaultCount) + ")");
    if (count > kMaxCircleCount)
        throw UsageError("circle count " + std::to_string(count) + " exceeds the limit of " + std::to_string(kMaxCircleCount));
    int n = count > 0 ? count : spec->defaultCount;

    CircleSet set;
    if (name == "rgb") {
        set.resize(3);
        setCircle(set, 0, .4f, .5f, .75f, .3f, 1, 0, 0);
        setCircle(set, 1, .5f, .5f, .5f, .3f, 0, 1, 0);
        setCircle(set, 2, .6f, .5f, .25f, .3f, 0, 0, 1);
    } else if (name == "rgby") {
        set.resize(4);
        setCircle(set, 0, .25f, .25f, .75f, .19f, 1, 0, 0);
        setCircle(set, 1, .3f, .3f, .5f, .19f, 0, 1, 0);
        setCircle(set, 2, .5f, .5f, .25f, .25f, 0, 0, 1);
        setCircle(set, 3, .2f, .2f, .9f, .1f, 1, 1, 0);
    } else if (name == "pattern") {
        set.resize(n);
        std::srand(seed);
        const float red[3] = {1, 0, 0}, yellow[3] = {1, 1, 0};
        const float r = .5f / 16;
        circleGrid(set, 0, 16, r, red, r);
        circleGrid(set, 16 * 16, 31, r, yellow, 0.f);
    } else if (name == "rand10k" || name == "rand100k" || name == "rand1M") {
        randomCircles(set, n, seed, 0.f);
    } else if (name == "micro2M") {
        randomCircles(set, n, seed, .001f);
    } else if (name == "biglittle" || name == "littlebig") {
        randomCircles(set, n, seed, .25f);
        clusterCircles(set, 9000, 1000, .05f, name == "biglittle" ? .85f : .05f, .1f);
    } else if (name == "bouncingballs") {
        set.resize(n);
        set.animation = Animation::BouncingBalls;
        std::srand(seed);
        for (int i = 0; i < n; ++i) {
            set.radius[i] = .05f;
            set.position[3 * i] = randomUnit();
            set.position[3 * i + 1] = randomUnit();
            set.position[3 * i + 2] = randomUnit();
            set.color[3 * i + i % 3] = 1.f;
            set.velocity[3 * i + 1] = randomUnit();
        }
    } else if (name == "hypnosis") {
        set.resize(n);
        set.animation = Animation::Hypnosis;
        std::srand(seed);
        for (int i = 0; i < n; ++i) {
            set.position[3 * i] = set.position[3 * i + 1] = .5f;
            set.radius[i] = .02f + i * .02f;
            for (int c = 0; c < 3; ++c) set.color[3 * i + c] = randomUnit();
        }
    } else if (name == "fireworks") {
        fireworksScene(set, seed);
    } else if (name == "snow") {
        snowScene(set, seed);
    } else if (name == "snowsingle") {
        snowSingleScene(set, seed);
    }
    return set;
}

}  // namespace racelab::circles
