/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_CHECK_H
#define ATM_SCENARIO_CHECK_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-schema.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

using AtmJson = nlohmann::json; //!< a JSON value of a scenario file (nlohmann/json)

/**
 * @ingroup atm
 * @brief The errors of a scenario file, and its checks against the
 *        declaration (AtmScenarioSchema).
 *
 * Every error names the file, the JSON path and the problem. Check() walks
 * a value and its declared type: an unknown field, a value of the wrong
 * type or out of range is reported, and replaced by a discarded value
 * (nlohmann's is_discarded()); a missing required field is reported. The
 * section parsers then read only values the declaration accepted (Find()),
 * with the conversions below, and check what needs more than one value.
 */
class AtmScenarioCheck
{
  public:
    /**
     * @param file the file name for messages
     * @param errors where errors go
     */
    AtmScenarioCheck(const std::string& file, std::vector<std::string>& errors);

    /**
     * @brief Record an error (once: a second report of it is dropped).
     * @param path the JSON path ("" : the top level)
     * @param problem what is wrong
     */
    void Error(const std::string& path, const std::string& problem);
    /// @return the number of errors so far
    std::size_t GetErrorCount() const;

    /**
     * @brief Entries [first, first + count) of a top-level array were made
     *        from one entry of another section (the backbone's): an error
     *        in one of them names that entry instead ("vcs[120].traffic"
     *        becomes "backbone.vcs[1].traffic", once for all of them).
     * @param array the top-level array ("vcs")
     * @param first the first entry made
     * @param count how many
     * @param origin the path of what they were made from ("backbone.vcs[1]")
     */
    void AddGenerated(const std::string& array,
                      std::size_t first,
                      std::size_t count,
                      const std::string& origin);

    /**
     * @brief Parse a file's text; a syntax error is reported with its line and column.
     * @param text the JSON text
     * @param root the value read
     * @return true if it is JSON
     */
    bool Parse(const std::string& text, AtmJson& root);
    /**
     * @brief Check a value against its declared type, reporting each
     *        problem and discarding each value in error.
     * @param j the value
     * @param path its JSON path
     * @param type its declared type
     * @return false if the value itself is discarded
     */
    bool Check(AtmJson& j, const std::string& path, const AtmScenarioType& type);
    /**
     * @brief Check an integer the declaration accepted against a narrower
     *        range known only from other values.
     * @param v the value (an integer)
     * @param path its path
     * @param lo the smallest allowed
     * @param hi the largest allowed
     * @return true if in range; else an error is reported
     */
    bool InRange(const AtmJson& v, const std::string& path, uint64_t lo, uint64_t hi);

    /**
     * @param object an object
     * @param key a field
     * @return the field, or null when absent or discarded
     */
    static const AtmJson* Find(const AtmJson& object, const std::string& key);
    /**
     * @param j a value
     * @return true if nothing in it was discarded
     */
    static bool IsIntact(const AtmJson& j);
    /**
     * @param path a path
     * @param key a field
     * @return the path of the field
     */
    static std::string Child(const std::string& path, const std::string& key);
    /**
     * @param path a path
     * @param i an index
     * @return the path of the element
     */
    static std::string Index(const std::string& path, std::size_t i);
    /**
     * @param j a JSON value
     * @return its JSON type, for messages ("an integer", "a string")
     */
    static std::string TypeName(const AtmJson& j);
    /**
     * @param v a checked TIME value
     * @return the time
     */
    static Time ToTime(const AtmJson& v);
    /**
     * @param v a checked RATE value
     * @return the rate, bit/s
     */
    static double ToRate(const AtmJson& v);
    /**
     * @param s a time such as "1.6us", "2ms", "0.5" (seconds)
     * @return true when ns3::Time accepts it without aborting
     */
    static bool IsTimeString(const std::string& s);
    /**
     * ns-3's DeserializeFromString aborts the program, instead of failing,
     * when a number or a time does not parse to the end of the string.
     * Checks the form first.
     * @param type the value type ("ns3::UintegerValue")
     * @param s the string
     * @return false if the value certainly does not parse
     */
    static bool IsWellFormed(const std::string& type, const std::string& s);

  private:
    /**
     * @brief Report a value in error and discard it.
     * @param j the value
     * @param path its path
     * @param problem what is wrong
     * @return false
     */
    bool Reject(AtmJson& j, const std::string& path, const std::string& problem);
    /**
     * @param j a value
     * @param path its path
     * @param type its declared type, a STRING
     * @return false if discarded
     */
    bool CheckString(AtmJson& j, const std::string& path, const AtmScenarioType& type);
    /**
     * @param j a value
     * @param path its path
     * @param type its declared type, a TIME or a RATE
     * @return false if discarded
     */
    bool CheckTimeOrRate(AtmJson& j, const std::string& path, const AtmScenarioType& type);
    /**
     * @param j a value
     * @param path its path
     * @param type its declared type, an OBJECT
     * @return false if discarded
     */
    bool CheckObject(AtmJson& j, const std::string& path, const AtmScenarioType& type);
    /**
     * @param j a value
     * @param path its path
     * @param type its declared type, an ARRAY
     * @return false if discarded
     */
    bool CheckArray(AtmJson& j, const std::string& path, const AtmScenarioType& type);
    /**
     * @param j a value
     * @param path its path
     * @param type its declared type, an ANY_OF
     * @return false if discarded
     */
    bool CheckAnyOf(AtmJson& j, const std::string& path, const AtmScenarioType& type);

    std::string m_file;                 //!< file name for messages
    std::vector<std::string>& m_errors; //!< errors
    std::set<std::string> m_seen;       //!< errors already given

    /// Entries of a top-level array made from an entry elsewhere (AddGenerated).
    struct Generated
    {
        std::string array;  //!< the array
        std::size_t first;  //!< its first entry made
        std::size_t count;  //!< entries made
        std::string origin; //!< what they were made from
    };

    std::vector<Generated> m_generated; //!< see AddGenerated
};

} // namespace ns3

#endif /* ATM_SCENARIO_CHECK_H */
