// The provenance object every JSON record carries (core/provenance.hpp) and the string escaping under it.
#include <gtest/gtest.h>

#include <regex>

#include "core/json_text.hpp"
#include "core/provenance.hpp"

using namespace racelab;

TEST(JsonText, QuotesAndEscapes) {
    EXPECT_EQ(jsonQuoted("plain"), "\"plain\"");
    EXPECT_EQ(jsonQuoted("a \"b\" c\\d"), "\"a \\\"b\\\" c\\\\d\"");
    EXPECT_EQ(jsonQuoted("line\nnext\ttab"), "\"line\\nnext\\ttab\"");
    EXPECT_EQ(jsonQuoted(std::string("\x01", 1)), "\"\\u0001\"");
    EXPECT_EQ(jsonQuoted("Ä"), "\"Ä\"");  // UTF-8 passes through
}

TEST(Provenance, CpuModelComesFromTheFirstModelNameLine) {
    EXPECT_EQ(cpuModelFromCpuinfo("processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 9654 96-Core "
                                  "Processor\nmodel name\t: other\n"),
              "AMD EPYC 9654 96-Core Processor");
    EXPECT_EQ(cpuModelFromCpuinfo("processor\t: 0\nBogoMIPS\t: 50.00\n"), "unknown");  // many ARM kernels
    EXPECT_EQ(cpuModelFromCpuinfo(""), "unknown");
}

TEST(Provenance, DatesAreIsoUtc) {
    EXPECT_EQ(isoDateUtc(0), "1970-01-01T00:00:00Z");
    EXPECT_EQ(isoDateUtc(1795347123), "2026-11-22T11:32:03Z");
}

TEST(Provenance, JsonHasEveryKeyAndNoneForMissingFacts) {
    Provenance p;
    p.racelabVersion = "0.1.0";
    p.gitCommit = "6ee7aa5398fc568075ba79e77db2f355458efd2a";
    p.gitDirty = "true";
    p.buildType = "Release";
    p.compiler = "GNU 12.2.0";
    p.gpuCode = "no GPU code";
    p.hostCpu = "AMD \"EPYC\"";
    p.hostThreads = 2;
    p.dateUtc = "2026-11-22T11:52:03Z";
    EXPECT_EQ(provenanceJson(p, 2),
              "{\n"
              "    \"racelab_version\": \"0.1.0\",\n"
              "    \"git_commit\": \"6ee7aa5398fc568075ba79e77db2f355458efd2a\",\n"
              "    \"git_dirty\": true,\n"
              "    \"build_type\": \"Release\",\n"
              "    \"compiler\": \"GNU 12.2.0\",\n"
              "    \"cuda_runtime\": \"none\",\n"
              "    \"cuda_driver\": \"none\",\n"
              "    \"device\": \"none\",\n"
              "    \"compute_capability\": \"none\",\n"
              "    \"sm_clock_peak_mhz\": \"none\",\n"
              "    \"memory_clock_peak_mhz\": \"none\",\n"
              "    \"gpu_code\": \"no GPU code\",\n"
              "    \"host_cpu\": \"AMD \\\"EPYC\\\"\",\n"
              "    \"host_threads\": 2,\n"
              "    \"date_utc\": \"2026-11-22T11:52:03Z\"\n"
              "  }");
    p.gitDirty = "unknown";  // outside a checkout: a string, not a made-up boolean
    p.device = "NVIDIA H100 80GB HBM3";
    p.smClockPeakMHz = 1980;
    const std::string json = provenanceJson(p, 0);
    EXPECT_NE(json.find("\"git_dirty\": \"unknown\",\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\"sm_clock_peak_mhz\": 1980,\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\"device\": \"NVIDIA H100 80GB HBM3\",\n"), std::string::npos) << json;
}

TEST(Provenance, ThisBuildKnowsItsBuildAndHost) {
    const Provenance p = currentProvenance();
    EXPECT_FALSE(p.racelabVersion.empty());
    EXPECT_FALSE(p.buildType.empty());
    EXPECT_TRUE(std::regex_match(p.gitCommit, std::regex("[0-9a-f]{40}|unknown"))) << p.gitCommit;
    EXPECT_TRUE(p.gitDirty == "true" || p.gitDirty == "false" || p.gitDirty == "unknown") << p.gitDirty;
    EXPECT_TRUE(std::regex_match(p.dateUtc, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"))) << p.dateUtc;
    EXPECT_GT(p.hostThreads, 0u);
    // A device and its compute capability come together or not at all.
    EXPECT_EQ(p.device == "none", p.computeCapability == "none");
#ifndef RACELAB_HAVE_CUDA
    EXPECT_EQ(p.cudaRuntime, "none");
    EXPECT_EQ(p.device, "none");
    EXPECT_EQ(p.smClockPeakMHz, 0);
#endif
}
