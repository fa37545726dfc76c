#include "web/page_files.hpp"

#include <array>
#include <vector>

#include "racelab/embedded_web_page.hpp"

namespace racelab::web {
namespace {

std::string_view contentTypeOf(std::string_view name) {
    const auto endsWith = [&](std::string_view suffix) {
        return name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
    };
    if (endsWith(".html")) return "text/html; charset=utf-8";
    if (endsWith(".js")) return "text/javascript; charset=utf-8";
    if (endsWith(".css")) return "text/css; charset=utf-8";
    if (endsWith(".svg")) return "image/svg+xml";
    return "text/plain; charset=utf-8";
}

const std::vector<PageFile>& pageFiles() {
    static const std::vector<PageFile> files = [] {
        std::vector<PageFile> made;
        for (const auto& [name, body] : embedded::kPageFiles) made.push_back({name, contentTypeOf(name), body});
        return made;
    }();
    return files;
}

}  // namespace

const PageFile* findPageFile(std::string_view path) {
    if (path == "/") path = "/index.html";
    if (path.size() < 2 || path.front() != '/') return nullptr;
    const std::string_view name = path.substr(1);
    for (const PageFile& file : pageFiles())
        if (file.name == name) return &file;  // an exact name: "../x" or "a/b" matches none
    return nullptr;
}

std::string pageBody(const PageFile& file, std::string_view token) {
    static constexpr std::string_view kMark = "@TOKEN@";
    std::string body;
    body.reserve(file.body.size());
    std::size_t from = 0;
    for (std::size_t at; (at = file.body.find(kMark, from)) != std::string_view::npos; from = at + kMark.size()) {
        body.append(file.body.substr(from, at - from));
        body.append(token);
    }
    body.append(file.body.substr(from));
    return body;
}

}  // namespace racelab::web
