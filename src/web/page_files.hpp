// The page `racelab serve` serves (web/: HTML, JS, CSS), embedded into the binary at build time
// (cmake/EmbedWebPage.cmake), looked up by the request's path.
#pragma once
#include <string>
#include <string_view>

namespace racelab::web {

struct PageFile {
    std::string_view name;         // "index.html"
    std::string_view contentType;  // "text/html; charset=utf-8"
    std::string_view body;
};

// "/" is index.html; "/serve.js" is serve.js. nullptr for a path that names no file of the page (subfolders
// and ".." included: the page is one flat folder).
const PageFile* findPageFile(std::string_view path);

// The file's body with every @TOKEN@ replaced by `token` (index.html names its scripts and style sheet with
// it, so that they too carry the token; a token is URL-safe, web/access_token.hpp).
std::string pageBody(const PageFile& file, std::string_view token);

}  // namespace racelab::web
