// Text from submissions (file names, compiler messages, a kernel's printf output) is untrusted: these turn it
// into text that is only text in a terminal, an HTML page and a spreadsheet cell.
#pragma once
#include <string>
#include <string_view>

namespace racelab::judge {

// For a terminal: control characters (below 0x20 and 0x7f, so ANSI escape sequences too) become "\xNN", except
// a newline when `keepNewlines`. Bytes >= 0x80 pass (UTF-8 stays UTF-8).
std::string terminalSafe(std::string_view text, bool keepNewlines = false);

// For HTML text and attribute values: & < > " ' as character references.
std::string htmlEscaped(std::string_view text);

// One CSV field as RFC 4180 writes it, made inert for spreadsheets: a cell that starts with = + - @, a tab or
// a carriage return gets a leading apostrophe (so it is not run as a formula); then a field holding a comma,
// a quote, CR or LF is quoted with its quotes doubled.
std::string csvField(std::string_view text);

// How many characters a terminal shows for UTF-8 `text` (code points; every one counted one column wide).
std::size_t displayWidth(std::string_view text);

}  // namespace racelab::judge
