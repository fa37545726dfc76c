// The mesh loaders on good and broken files: every error names the file and line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/errors.hpp"
#include "process_runner.hpp"
#include "scenes/mesh/mesh_loader.hpp"

using namespace racelab;
using namespace racelab::mesh;
namespace fs = std::filesystem;

namespace {

std::string write(const std::string& name, const std::string& text) {
    auto path = (fs::temp_directory_path() / ("racelab_loader_" + name)).string();
    std::ofstream(path) << text;
    return path;
}

void expectError(const std::function<void()>& load, const std::string& fragment) {
    try {
        load();
        ADD_FAILURE() << "no error; expected one containing '" << fragment << "'";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

const char* kVerts = "0.000000000000000000e+00,0.000000000000000000e+00,0.000000000000000000e+00\n"
                     "1.000000000000000000e+00,0.000000000000000000e+00,0.000000000000000000e+00\n"
                     "0.000000000000000000e+00,1.000000000000000000e+00,0.000000000000000000e+00\n"
                     "0.000000000000000000e+00,0.000000000000000000e+00,1.000000000000000000e+00\n";

}  // namespace

TEST(CsvLoader, ReadsTheCourseFormat) {
    auto v = write("v.csv", kVerts);
    auto t = write("t.csv", "0.000000000000000000e+00,1.000000000000000000e+00,2.000000000000000000e+00\n"
                            "0.000000000000000000e+00,1.000000000000000000e+00,3.000000000000000000e+00\n");
    Mesh m = loadCsvMesh(v, t);
    EXPECT_EQ(m.vertices.size(), 4u);
    EXPECT_EQ(m.triangleCount(), 2);
    EXPECT_EQ(m.indices[5], 3u);
    EXPECT_FLOAT_EQ(m.vertices[3].z, 1.f);
}

TEST(CsvLoader, BadFilesNameFileAndLine) {
    auto v = write("v2.csv", kVerts);
    auto bad = [&](const char* name, const char* text, const char* fragment) {
        auto path = write(name, text);
        expectError([&] { loadCsvMesh(v, path); }, fragment);
        expectError([&] { loadCsvMesh(v, path); }, path);
    };
    bad("t_nonnumeric.csv", "0,1,2\n0,x,3\n", ":2: index 'x' is not a number");
    bad("t_column.csv", "0,1,2\n0,1\n", ":2: expected 3 comma-separated vertex indices, found 2");
    bad("t_range.csv", "0,1,4\n", ":1: index 4 is out of range (4 vertices)");
    bad("t_negative.csv", "0,-1,2\n", ":1: index -1 is negative");
    bad("t_fraction.csv", "0,1.5,2\n", "not a whole number");
    bad("t_empty.csv", "", "has no triangles");
    bad("t_blank.csv", "\n\n", "has no triangles");
    auto t = write("t_ok.csv", "0,1,2\n");
    expectError([&] { loadCsvMesh(write("v_nan.csv", "0,0,0\nnan,0,0\n0,1,0\n"), t); }, ":2: x 'nan' is not finite");
    expectError([&] { loadCsvMesh(write("v_inf.csv", "0,0,0\n1,inf,0\n0,1,0\n"), t); }, "'inf' is not finite");
    expectError([&] { loadCsvMesh(write("v_empty.csv", ""), t); }, "is empty (no vertices)");
    expectError([&] { loadCsvMesh(write("v_cols.csv", "0,0\n"), t); }, ":1: expected 3 comma-separated coordinates");
    expectError([&] { loadCsvMesh("/nonexistent/v.csv", t); }, "/nonexistent/v.csv: no such file");
}

TEST(OffLoader, ReadsPolygonsAsFansAndRejectsBadFiles) {
    Mesh m = loadOff(write("quad.off", "OFF\n# a comment\n4 1 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n"));
    EXPECT_EQ(m.triangleCount(), 2);
    expectError([&] { loadOff(write("nohdr.off", "4 1 0\n")); }, "is not an OFF file");
    expectError([&] { loadOff(write("short.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n")); }, "ends before all vertices were read");
    expectError([&] { loadOff(write("range.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 7\n")); }, ":6: index 7 is out of range");
    expectError([&] { loadOff(write("zero.off", "OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n")); }, "needs at least one vertex and one face");
}

TEST(ObjLoader, ReadsTrianglesAndRejectsBadIndices) {
    Mesh m = loadObj(write("tri.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n"));
    EXPECT_EQ(m.triangleCount(), 2);
    EXPECT_EQ(m.vertices.size(), 4u);
    expectError([&] { loadObj(write("empty.obj", "# nothing\n")); }, "has no");
    expectError([&] { loadMeshFile(write("mesh.stl", "solid\n")); }, "unknown mesh format '.stl'");
}

TEST(VisibilityCommand, WritesOneLinePerVertexAndNothingOnBadInput) {
    auto v = write("cv.csv", kVerts);
    auto t = write("ct.csv", "0,1,2\n");
    auto out = (fs::temp_directory_path() / "racelab_vis_out.txt").string();
    fs::remove(out);
    ProcessResult r = runRacelab("visibility --backend cpu --verts " + v + " --tris " + t + " --origin 0.2,0.2,-1 --out " + out);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    std::ifstream in(out);
    std::string a, b, c, d;
    in >> a >> b >> c >> d;
    // from below the triangle: vertex 3 (0,0,1) is behind it, the triangle's own corners are not
    EXPECT_EQ(a + b + c + d, "0001");
    EXPECT_NE(r.output.find("visible 3, occluded 1"), std::string::npos) << r.output;
    fs::remove(out);
    ProcessResult bad = runRacelab("visibility --backend cpu --verts " + v + " --tris " + write("cbad.csv", "0,1,9\n") + " --out " + out);
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.output.find("cbad.csv:1: index 9 is out of range"), std::string::npos) << bad.output;
    EXPECT_FALSE(fs::exists(out));
    ProcessResult origin = runRacelab("visibility --backend cpu --verts " + v + " --tris " + t + " --origin 1,2 --out " + out);
    EXPECT_NE(origin.output.find("is not x,y,z"), std::string::npos) << origin.output;
}
