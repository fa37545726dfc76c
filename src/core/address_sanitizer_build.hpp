// Whether this binary was built with AddressSanitizer (the `sanitize` and `fuzz` presets). ASan reserves
// terabytes of shadow address space when the process starts, so an address-space or data-size limit set
// afterwards (RLIMIT_AS, RLIMIT_DATA) makes every later mapping fail and the process dies before it does any
// work. The workers that set such limits on themselves leave them off in these builds; every other limit holds.
#pragma once

namespace racelab {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kBuiltWithAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kBuiltWithAddressSanitizer = true;
#else
inline constexpr bool kBuiltWithAddressSanitizer = false;
#endif
#else
inline constexpr bool kBuiltWithAddressSanitizer = false;
#endif

}  // namespace racelab
