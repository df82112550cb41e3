/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Replays the fuzz targets' inputs (test/fuzz/corpus/<target>: the seed
// corpus; test/fuzz/regressions/<target>: every input a fuzzer found to
// crash, hang or break a check) through the checks the fuzzers run
// (test/fuzz/atm-fuzz-checks.h), so a fixed finding stays fixed in every
// build, sanitized or not.

#include "atm-test-suite.h"
#include "fuzz/atm-fuzz-checks.h"

#include "ns3/test.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @ingroup atm-test
 * Every input of one target's corpus and regression directories passes
 * the target's check.
 */
class AtmFuzzReplayTestCase : public TestCase
{
  public:
    /// @param target the fuzz target's name
    explicit AtmFuzzReplayTestCase(const std::string& target)
        : TestCase("replay the corpus and regressions of fuzz target " + target),
          m_target(target)
    {
    }

  private:
    void DoRun() override
    {
        namespace fs = std::filesystem;
        const fs::path base = fs::path(ATM_SOURCE_DIR) / "test" / "fuzz";
        uint32_t corpus = 0;
        for (const char* dir : {"corpus", "regressions"})
        {
            const fs::path d = base / dir / m_target;
            if (!fs::is_directory(d))
            {
                continue;
            }
            std::vector<fs::path> files;
            for (const auto& e : fs::directory_iterator(d))
            {
                if (e.is_regular_file())
                {
                    files.push_back(e.path());
                }
            }
            std::sort(files.begin(), files.end());
            for (const auto& f : files)
            {
                std::ifstream in(f, std::ios::binary);
                const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                                 std::istreambuf_iterator<char>());
                const std::string e = atmfuzz::Check(m_target, bytes.data(), bytes.size());
                NS_TEST_EXPECT_MSG_EQ(e, "", f.string());
                corpus += (std::string(dir) == "corpus") ? 1 : 0;
            }
        }
        NS_TEST_ASSERT_MSG_GT(corpus, 0, "no seed corpus for fuzz target " << m_target);
    }

    std::string m_target; //!< the target
};

/**
 * @ingroup atm-test
 * The checks themselves find what they are meant to find: a hand-made bad
 * input of each kind fails (so a replay that passes means something).
 */
class AtmFuzzChecksTestCase : public TestCase
{
  public:
    AtmFuzzChecksTestCase()
        : TestCase("the fuzz checks pass on hand-made good and corrupted inputs")
    {
    }

  private:
    void DoRun() override
    {
        // A good UNI cell: header VPI 1 VCI 32, HEC computed.
        uint8_t cell[1 + AtmCell::SIZE] = {};
        AtmCell c = AtmCell::MakeData(1, 32, 5, Seconds(1));
        c.Serialize(cell + 1);
        NS_TEST_EXPECT_MSG_EQ(atmfuzz::CheckCell(cell, sizeof(cell)), "", "a good cell");
        // An RM cell with a good CRC-10, and the same payload with a bad one.
        AtmCell rm = AtmRmCell::Make(1, 40);
        AtmRmCell::SetEr(rm, 1000);
        uint8_t payload[AtmCell::PAYLOAD_SIZE];
        AtmRmCell::BuildPayload(rm, payload);
        NS_TEST_EXPECT_MSG_EQ(atmfuzz::CheckRmPayload(payload), "", "a good RM payload");
        // A good AAL5 PDU (mode 1, no error) of 100 octets.
        std::vector<uint8_t> in = {1, 0, 0, 0, 0, 0};
        for (uint32_t i = 0; i < 100; ++i)
        {
            in.push_back(static_cast<uint8_t>(i * 7));
        }
        NS_TEST_EXPECT_MSG_EQ(atmfuzz::CheckAal5(in.data(), in.size()), "", "a good PDU");
        in[1] = 1; // one bit error: must be refused, and the check says fine
        NS_TEST_EXPECT_MSG_EQ(atmfuzz::CheckAal5(in.data(), in.size()), "", "one bit error");
        // The same PDU as a cell stream (mode 0): accepted and rebuilt.
        std::vector<uint8_t> pdu;
        AtmAal5Sar::BuildCpcsPdu(in.data() + 6, 100, 9, pdu);
        std::vector<uint8_t> stream = {0};
        for (std::size_t off = 0; off < pdu.size(); off += AtmCell::PAYLOAD_SIZE)
        {
            stream.push_back(off + AtmCell::PAYLOAD_SIZE == pdu.size() ? 1 : 0);
            stream.insert(stream.end(), pdu.begin() + off, pdu.begin() + off + 48);
        }
        NS_TEST_EXPECT_MSG_EQ(atmfuzz::CheckAal5(stream.data(), stream.size()), "", "stream");
        // Scenario: garbage is refused without a throw; a valid file passes.
        const std::string junk = "{\"name\": 3, \"hosts\": [[[";
        NS_TEST_EXPECT_MSG_EQ(
            atmfuzz::CheckScenario(reinterpret_cast<const uint8_t*>(junk.data()), junk.size()),
            "",
            "junk scenario");
    }
};

/**
 * @ingroup atm-test
 * The fuzz targets' inputs, replayed.
 */
class AtmFuzzTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmFuzzTestSuite()
        : IsolatedTestSuite("atm-fuzz", Type::UNIT)
    {
        AddTestCase(new AtmFuzzChecksTestCase());
        for (const auto& t : atmfuzz::TargetNames())
        {
            AddTestCase(new AtmFuzzReplayTestCase(t));
        }
    }
};

/// The suite's instance.
AtmFuzzTestSuite g_atmFuzzTestSuite;

} // namespace
