#include "userkernel/worker/cubin_symbols.hpp"

#include <algorithm>

#include <cxxabi.h>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace racelab::userkernel {
namespace {

// ELF64's layout (the System V gABI), the parts read here.
constexpr std::uint32_t kSymbolTable = 2;    // SHT_SYMTAB
constexpr std::uint32_t kNoBits = 8;         // SHT_NOBITS: no bytes in the file
constexpr std::uint8_t kFunction = 2;        // STT_FUNC
constexpr std::uint8_t kObject = 1;          // STT_OBJECT
constexpr std::uint8_t kCudaEntry = 0x10;    // NVIDIA's st_other flag of a kernel's symbol (STO_CUDA_ENTRY)
constexpr std::size_t kSectionHeaderBytes = 64, kSymbolBytes = 24;

template <class T>
bool readAt(const std::vector<std::uint8_t>& bytes, std::size_t offset, T& out) {
    if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
    std::memcpy(&out, bytes.data() + offset, sizeof(T));
    return true;
}

struct Section {
    std::uint32_t type = 0;
    std::uint64_t offset = 0, size = 0;
    std::uint32_t link = 0;
};

std::string stringAt(const std::vector<std::uint8_t>& bytes, const Section& table, std::uint32_t index) {
    if (index >= table.size || table.offset + table.size > bytes.size()) return {};
    const char* start = reinterpret_cast<const char*>(bytes.data() + table.offset + index);
    return std::string(start, strnlen(start, static_cast<std::size_t>(table.size - index)));
}

}  // namespace

namespace {

std::string demangled(const std::string& mangled) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && text ? text.get() : mangled;
}

// Where the parameter list of a demangled name starts: the '(' that matches the final ')' (a name may hold
// parentheses of its own, "(anonymous namespace)::k", "k<(char)65>"); npos for a name without one.
std::size_t parameterListStart(const std::string& name) {
    if (name.empty() || name.back() != ')') return std::string::npos;
    int depth = 0;
    for (std::size_t i = name.size(); i-- > 0;) {
        depth += name[i] == ')' ? 1 : name[i] == '(' ? -1 : 0;
        if (depth == 0) return i;
    }
    return std::string::npos;
}

}  // namespace

std::string kernelParameterList(const std::string& mangled) {
    const std::string name = demangled(mangled);
    const std::size_t start = name == mangled ? std::string::npos : parameterListStart(name);
    return start == std::string::npos ? "" : name.substr(start);
}

int parameterCount(const std::string& list) {
    if (list.empty()) return -1;
    if (list == "()" || list == "(void)") return 0;
    int depth = 0, count = 1;
    for (char c : list) {
        depth += (c == '(' || c == '<' || c == '[') ? 1 : (c == ')' || c == '>' || c == ']') ? -1 : 0;
        count += c == ',' && depth == 1;
    }
    return count;
}

std::string plainKernelName(const std::string& mangled) {
    std::string name = demangled(mangled);
    if (const std::size_t start = parameterListStart(name); start != std::string::npos) name.resize(start);
    // A template kernel's demangled name carries its return type ("void k<16>").
    if (name.rfind("void ", 0) == 0) name.erase(0, 5);
    const std::string anonymous = "(anonymous namespace)::";
    for (std::size_t at; (at = name.find(anonymous)) != std::string::npos;) name.erase(at, anonymous.size());
    return name;
}

std::string kernelNameKey(std::string written) {
    written.erase(std::remove_if(written.begin(), written.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }),
                  written.end());
    if (written.rfind("::", 0) == 0) written.erase(0, 2);
    return written;
}

std::optional<std::vector<std::uint8_t>> CubinSymbols::variableBytes(const std::string& name) const {
    for (const Variable& v : variables)
        if (v.name == name) return v.bytes;
    return std::nullopt;
}

std::optional<CubinSymbols> readCubinSymbols(const std::vector<std::uint8_t>& cubin) {
    static constexpr std::uint8_t kMagic[4] = {0x7f, 'E', 'L', 'F'};
    if (cubin.size() < 64 || std::memcmp(cubin.data(), kMagic, 4) != 0 || cubin[4] != 2 /* 64-bit */ ||
        cubin[5] != 1 /* little-endian */)
        return std::nullopt;
    std::uint64_t sectionsAt = 0;
    std::uint16_t sectionBytes = 0, sectionCount = 0;
    if (!readAt(cubin, 0x28, sectionsAt) || !readAt(cubin, 0x3A, sectionBytes) || !readAt(cubin, 0x3C, sectionCount) ||
        sectionBytes < kSectionHeaderBytes)
        return std::nullopt;
    std::vector<Section> sections(sectionCount);
    for (std::size_t i = 0; i < sectionCount; ++i) {
        const std::size_t at = sectionsAt + i * sectionBytes;
        Section& s = sections[i];
        if (!readAt(cubin, at + 4, s.type) || !readAt(cubin, at + 24, s.offset) || !readAt(cubin, at + 32, s.size) ||
            !readAt(cubin, at + 40, s.link))
            return std::nullopt;
    }
    CubinSymbols out;
    for (const Section& table : sections) {
        if (table.type != kSymbolTable || table.link >= sections.size()) continue;
        const Section& names = sections[table.link];
        for (std::uint64_t at = table.offset; at + kSymbolBytes <= table.offset + table.size; at += kSymbolBytes) {
            std::uint32_t nameIndex = 0;
            std::uint8_t info = 0, other = 0;
            std::uint16_t sectionIndex = 0;
            std::uint64_t value = 0, size = 0;
            if (!readAt(cubin, at, nameIndex) || !readAt(cubin, at + 4, info) || !readAt(cubin, at + 5, other) ||
                !readAt(cubin, at + 6, sectionIndex) || !readAt(cubin, at + 8, value) || !readAt(cubin, at + 16, size))
                return std::nullopt;
            const std::uint8_t type = info & 0xf;
            if (type == kFunction && (other & kCudaEntry)) {
                out.kernels.push_back(plainKernelName(stringAt(cubin, names, nameIndex)));
            } else if (type == kObject && sectionIndex > 0 && sectionIndex < sections.size()) {
                out.dataSymbols.push_back(stringAt(cubin, names, nameIndex));
                const Section& home = sections[sectionIndex];
                if (home.type == kNoBits || value + size > home.size || home.offset + home.size > cubin.size()) continue;
                const auto first = cubin.begin() + static_cast<std::ptrdiff_t>(home.offset + value);
                out.variables.push_back({stringAt(cubin, names, nameIndex), {first, first + static_cast<std::ptrdiff_t>(size)}});
            }
        }
    }
    return out;
}

}  // namespace racelab::userkernel
