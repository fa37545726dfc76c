// The CSV recorder writes the documented columns, one row per frame, and a JSON summary.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "core/timing_recorder.hpp"
#include "read_file.hpp"

using namespace racelab;


TEST(TimingRecorder, WritesHeaderAndRows) {
    auto dir = std::filesystem::temp_directory_path() / "racelab_recorder_test";
    std::filesystem::create_directories(dir);
    std::string csv = (dir / "t.csv").string();
    RunLabels labels{"circles/rgb", "good", "cuda", "interop", 640, 480};
    {
        TimingRecorder recorder(csv);
        FrameTiming t{2.5, 1.25, 0.01, 0.02, 0.5, 0.75};
        t.issueMs = 0.125;
        recorder.add(0, 0.0, t, labels);
        t.frameMs = 3.5;
        recorder.add(1, 0.016, t, labels);
        EXPECT_DOUBLE_EQ(recorder.summary(0).p50, 3.0);
        recorder.writeSummaryJson((dir / "t.json").string(), labels);
    }
    std::string text = readFile(csv);
    std::istringstream lines(text);
    std::string header, row0, row1;
    std::getline(lines, header);
    std::getline(lines, row0);
    std::getline(lines, row1);
    EXPECT_EQ(header, "frame,t_s,frame_ms,kernel_ms,map_ms,unmap_ms,upload_ms,present_ms,scene,variant,width,height,backend,"
                      "presenter,issue_ms");
    EXPECT_EQ(row0, "0,0.000000,2.5000,1.2500,0.0100,0.0200,0.5000,0.7500,circles/rgb,good,640,480,cuda,interop,0.1250");
    EXPECT_EQ(row1.substr(0, 18), "1,0.016000,3.5000,");
    std::string json = readFile((dir / "t.json").string());
    // Two frames of 2.5 and 3.5 ms: p5 = 2.5 + 0.05 * 1, median 3, each 0.5 from it.
    EXPECT_NE(json.find("\"frame\": {\"count\": 2, \"min\": 2.5, \"p5\": 2.55, \"p50\": 3, \"p95\": 3.45,"),
              std::string::npos) << json;
    EXPECT_NE(json.find("\"mean\": 3, \"mad\": 0.5}"), std::string::npos) << json;
    EXPECT_NE(json.find("\"presenter\": \"interop\""), std::string::npos);
    EXPECT_EQ(json.find("{\n  \"format\": \"racelab-record/1\",\n  \"provenance\": {\n"), 0u) << json;
    std::filesystem::remove_all(dir);
}

TEST(TimingRecorder, UnwritablePathIsAUsageError) {
    EXPECT_THROW(TimingRecorder("/nonexistent-dir/racelab/t.csv"), UsageError);
}
