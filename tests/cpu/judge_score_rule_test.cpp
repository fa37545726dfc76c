// The score rule: CS149 asst3's default (render/checker.py: 2 points for correctness, 7 for performance; all
// 9 within 1.2x of the reference, 2 beyond 10x, 2 + ceil(7 * R / T) between), values worked out by hand from
// that formula; other rules set by text; parsing errors that name the bad part.
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "judge/score_rule.hpp"

using namespace racelab;
using namespace racelab::judge;

namespace {

std::string errorOf(const std::string& text) {
    try {
        parseScoreRule(text);
    } catch (const UsageError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(JudgeScoreRule, Cs149DefaultByHand) {
    const ScoreRule rule;  // the default
    EXPECT_EQ(sceneMaxScore(rule), 9);
    EXPECT_EQ(sceneScore(rule, false, 1.0, 1.0), 0);   // wrong: nothing, however fast
    EXPECT_EQ(sceneScore(rule, true, 0.5, 1.0), 9);    // faster than the reference
    EXPECT_EQ(sceneScore(rule, true, 1.2, 1.0), 9);    // exactly 1.2x: still full marks
    EXPECT_EQ(sceneScore(rule, true, 12.0, 10.0), 9);
    EXPECT_EQ(sceneScore(rule, true, 12.5, 10.0), 8);  // 7 * 10/12.5 = 5.6 -> 6
    EXPECT_EQ(sceneScore(rule, true, 1.5, 1.0), 7);    // 7 / 1.5 = 4.67 -> 5
    EXPECT_EQ(sceneScore(rule, true, 2.0, 1.0), 6);    // 3.5 -> 4
    EXPECT_EQ(sceneScore(rule, true, 3.5, 1.0), 4);    // exactly 2 -> 2
    EXPECT_EQ(sceneScore(rule, true, 10.0, 1.0), 3);   // exactly 10x is not beyond: 0.7 -> 1
    EXPECT_EQ(sceneScore(rule, true, 10.5, 1.0), 2);   // beyond 10x: correctness only
    // The course compares in binary floating point: 1.2 * 3 is 3.5999999999999996 < 3.6, so 3.6 ms against
    // 3 ms is not within 1.2x and earns 2 + ceil(5.83) = 8, as the course's checker gives.
    EXPECT_EQ(sceneScore(rule, true, 3.6, 3.0), 8);
}

TEST(JudgeScoreRule, TextOverridesTheDefault) {
    const ScoreRule exact = parseScoreRule("full=1.5, partial=exact");
    EXPECT_EQ(exact.fullWithin, 1.5);
    EXPECT_EQ(exact.performancePoints, 7);  // untouched keys keep the default
    EXPECT_EQ(sceneScore(exact, true, 1.5, 1.0), 9);
    EXPECT_EQ(sceneScore(exact, true, 2.0, 1.0), 5.5);  // 2 + 7 * 0.5
    EXPECT_EQ(sceneScore(parseScoreRule("partial=floor"), true, 1.5, 1.0), 6);  // 2 + floor(4.67)
    const ScoreRule custom = parseScoreRule("correct=1,perf=4,zero=3");
    EXPECT_EQ(sceneMaxScore(custom), 5);
    EXPECT_EQ(sceneScore(custom, true, 3.5, 1.0), 1);
    EXPECT_EQ(sceneScore(custom, true, 2.0, 1.0), 3);  // 1 + ceil(2)
}

TEST(JudgeScoreRule, CanonicalTextNamesEveryKeyAndReadsBack) {
    EXPECT_EQ(scoreRuleText(ScoreRule{}), "correct=2,perf=7,full=1.2,zero=10,partial=ceil");
    EXPECT_EQ(parseScoreRule(""), ScoreRule{});
    EXPECT_EQ(parseScoreRule("cs149"), ScoreRule{});
    const ScoreRule custom = parseScoreRule("partial=exact,zero=4.25,full=1.1,perf=10,correct=0.5");
    EXPECT_EQ(scoreRuleText(custom), "correct=0.5,perf=10,full=1.1,zero=4.25,partial=exact");
    EXPECT_EQ(parseScoreRule(scoreRuleText(custom)), custom);
}

TEST(JudgeScoreRule, ErrorsNameTheBadPartAndTheForm) {
    const std::string form = "the form is KEY=VALUE[,KEY=VALUE...] with keys correct=POINTS";
    const std::string unknown = errorOf("time=1.2");
    EXPECT_NE(unknown.find("score rule \"time=1.2\": unknown key 'time' in 'time=1.2'"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find(form), std::string::npos) << unknown;
    EXPECT_NE(errorOf("full=fast").find("'full=fast': 'fast' is not a number"), std::string::npos);
    EXPECT_NE(errorOf("full=1.2x").find("'1.2x' is not a number"), std::string::npos);
    EXPECT_NE(errorOf("full=inf").find("'inf' is not a number"), std::string::npos);
    EXPECT_NE(errorOf("full").find("'full' has no '='"), std::string::npos);
    EXPECT_NE(errorOf("full=1.2,").find("an empty part between commas"), std::string::npos);
    EXPECT_NE(errorOf("full=1.2,full=1.3").find("'full' is given twice"), std::string::npos);
    EXPECT_NE(errorOf("partial=round").find("partial is ceil, floor or exact"), std::string::npos);
    EXPECT_NE(errorOf("perf=-1").find("perf must be >= 0"), std::string::npos);
    EXPECT_NE(errorOf("full=0").find("full must be > 0"), std::string::npos);
    EXPECT_NE(errorOf("full=2,zero=1").find("zero (1) must be >= full (2)"), std::string::npos);
}

TEST(JudgeScoreRule, ACorrectSceneNeedsTimes) {
    EXPECT_THROW(sceneScore(ScoreRule{}, true, 0.0, 1.0), Error);
    EXPECT_THROW(sceneScore(ScoreRule{}, true, 1.0, -1.0), Error);
    EXPECT_EQ(sceneScore(ScoreRule{}, false, 0.0, 0.0), 0);  // a wrong scene needs none
}
