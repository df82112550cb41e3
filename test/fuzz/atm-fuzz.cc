/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// One libFuzzer target per parser of outside bytes: compiled once per
// target with ATM_FUZZ_TARGET set to its name (CMakeLists.txt, ATM_FUZZ=ON;
// utils/fuzz.sh runs them). The checks are in atm-fuzz-checks.h, which the
// atm-fuzz test suite replays on the corpus and on every input found.

#include "atm-fuzz-checks.h"

#include <cstdio>
#include <cstdlib>

#ifndef ATM_FUZZ_TARGET
#error "ATM_FUZZ_TARGET names the target (aal5, cell, credit, rm, scenario)"
#endif

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size)
{
    const std::string e = ns3::atmfuzz::Check(ATM_FUZZ_TARGET, data, size);
    if (!e.empty())
    {
        std::fprintf(stderr, "atm-fuzz-%s: %s\n", ATM_FUZZ_TARGET, e.c_str());
        std::abort();
    }
    return 0;
}
