// Field access into a JSON record that names where it is in the document when something is missing or of
// the wrong type: "ORIGIN: rows[3].status: ..." (grade_json.cpp's reader).
#pragma once
#include <algorithm>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "judge/base64.hpp"

namespace racelab::judge {

class JsonFieldReader {
public:
    using json = nlohmann::json;

    explicit JsonFieldReader(std::string origin) : origin_(std::move(origin)) {}

    UsageError error(const std::string& where, const std::string& problem) const {
        return UsageError(origin_ + ": " + where + ": " + problem);
    }
    const json& field(const json& object, const std::string& where, const char* key) const {
        if (!object.is_object()) throw error(where, "expected an object, got " + typeName(object));
        const auto it = object.find(key);
        if (it == object.end()) throw error(where, std::string("the field \"") + key + "\" is missing");
        return *it;
    }
    std::string text(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (!value.is_string()) throw error(where + "." + key, "expected a string, got " + typeName(value));
        return value.get<std::string>();
    }
    double number(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (!value.is_number()) throw error(where + "." + key, "expected a number, got " + typeName(value));
        return value.get<double>();
    }
    std::optional<double> optionalNumber(const json& object, const std::string& where, const char* key) const {
        if (field(object, where, key).is_null()) return std::nullopt;
        return number(object, where, key);
    }
    // A whole number from `least` to `most`.
    long count(const json& object, const std::string& where, const char* key, long least = 0,
               long most = LONG_MAX) const {
        const json& value = field(object, where, key);
        if (!value.is_number_integer() || value.get<long long>() < least)
            throw error(where + "." + key, "expected a whole number >= " + std::to_string(least) + ", got " + value.dump());
        if (value.is_number_unsigned() ? value.get<unsigned long long>() > static_cast<unsigned long long>(most)
                                       : value.get<long long>() > most)
            throw error(where + "." + key, "expected a whole number <= " + std::to_string(most) + ", got " + value.dump());
        return static_cast<long>(value.get<long long>());
    }
    // A count that fits an int: frame sizes, the measure's runs and frames.
    int smallCount(const json& object, const std::string& where, const char* key, int least = 0,
                   int most = INT_MAX) const {
        return static_cast<int>(count(object, where, key, least, most));
    }
    bool flag(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (!value.is_boolean()) throw error(where + "." + key, "expected true or false, got " + typeName(value));
        return value.get<bool>();
    }
    std::vector<std::uint8_t> png(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (value.is_null()) return {};
        if (!value.is_string()) throw error(where + "." + key, "expected base64 PNG or null, got " + typeName(value));
        std::vector<std::uint8_t> bytes = base64Decoded(value.get<std::string>(), origin_ + ": " + where + "." + key);
        static constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        if (bytes.size() < 8 || !std::equal(kSignature, kSignature + 8, bytes.begin()))
            throw error(where + "." + key, "not a PNG (no PNG signature)");
        return bytes;
    }

private:
    static std::string typeName(const json& value) { return value.type_name(); }
    std::string origin_;
};

}  // namespace racelab::judge
