/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-command-line.h"

#include "atm-scenario.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <unistd.h>

namespace ns3
{

namespace
{

/**
 * @brief Read a whole number in [0, max]: digits only.
 * @param text the text
 * @param max the largest allowed
 * @param out the number
 * @return true if read
 */
bool
ReadWhole(const std::string& text, uint64_t max, uint64_t& out)
{
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    {
        return false;
    }
    errno = 0;
    out = std::strtoull(text.c_str(), nullptr, 10);
    return errno != ERANGE && out <= max;
}

/// How every message starts.
const std::string ME = "atm-scenario: ";

} // namespace

void
AtmScenarioCommandLine::AddTo(CommandLine& cmd)
{
    cmd.AddValue("scenario", "Scenario file (JSON)", file);
    cmd.AddValue("params",
                 "Parameter values, name=value[,name=value...] (no spaces: ns-3's CommandLine "
                 "keeps the first word)",
                 params);
    cmd.AddValue("seed", "RNG seed, 1 to 4294967295 (0: the file's)", m_seedText);
    cmd.AddValue("run", "RNG run number (0: the file's)", m_runText);
    cmd.AddValue("db", "SQLite database to store the results in (empty: none)", db);
    cmd.AddValue("key",
                 "Key of the run in the database, one word (empty: scenario|parameters|seed|run)",
                 key);
    cmd.AddValue("progress", "Show the simulation's progress on stderr", progress);
    cmd.AddValue("check", "Only check the scenario file", check);
    cmd.AddValue("quiet", "Print nothing but errors", quiet);
    cmd.AddValue("fingerprint",
                 "Print the cell-departure fingerprint of every port (AtmFingerprint), combined",
                 fingerprint);
    cmd.AddValue("print-schema", "Print the JSON Schema of scenario files and exit", printSchema);
}

std::vector<std::string>
AtmScenarioCommandLine::CheckArguments(int argc, char* argv[])
{
    std::vector<std::string> errors;
    // ns-3's CommandLine keeps the last of two values without a word.
    std::map<std::string, std::string> seen;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        if (arg.rfind("--", 0) != 0)
        {
            continue;
        }
        const std::string name = arg.substr(2, arg.find('=') - 2);
        if (const auto [it, first] = seen.emplace(name, arg); !first)
        {
            errors.push_back(
                ME + "--" + name + " given twice ('" + it->second + "' and '" + arg +
                "'): the command line keeps only the last" +
                (name == "params" ? "; give every value in one --params=a=1,b=2" : ""));
        }
        if (arg == "--scenario=" || arg == "--scenario")
        {
            errors.push_back(ME + "--scenario: no scenario file given");
        }
    }
    return errors;
}

std::vector<std::string>
AtmScenarioCommandLine::Check()
{
    std::vector<std::string> errors;
    if (printSchema)
    {
        return errors;
    }

    if (file.empty())
    {
        errors.push_back(ME + "--scenario: no scenario file given");
    }
    else if (std::filesystem::is_directory(file))
    {
        errors.push_back(ME + "--scenario = " + file + ": a directory, not a scenario file");
    }

    uint64_t v = 0;
    if (!ReadWhole(m_seedText, std::numeric_limits<uint32_t>::max(), v))
    {
        errors.push_back(ME + "--seed = " + m_seedText +
                         ": not a seed (a whole number from 1 to 4294967295; 0: the file's)");
    }
    seed = static_cast<uint32_t>(v);
    if (!ReadWhole(m_runText, std::numeric_limits<uint64_t>::max(), v))
    {
        errors.push_back(ME + "--run = " + m_runText +
                         ": not a run number (a whole number from 1 to 2^64 - 1; 0: the file's)");
    }
    run = v;

    if (!db.empty())
    {
        // Found now, not after the whole run.
        const std::filesystem::path dir = std::filesystem::path(db).parent_path();
        const std::string shown = dir.empty() ? "." : dir.string();
        if (std::filesystem::is_directory(db))
        {
            errors.push_back(ME + "--db = " + db + ": a directory, not a database file");
        }
        else if (!std::filesystem::is_directory(dir.empty() ? "." : dir))
        {
            errors.push_back(ME + "--db = " + db + ": no directory " + shown + " to create it in");
        }
        else if (access(shown.c_str(), W_OK) != 0)
        {
            errors.push_back(ME + "--db = " + db + ": directory " + shown + " is not writable");
        }
    }

    std::vector<std::string> paramErrors;
    values = AtmScenario::ParseParams(params, paramErrors);
    for (const std::string& e : paramErrors)
    {
        errors.push_back(ME + e);
    }
    return errors;
}

} // namespace ns3
