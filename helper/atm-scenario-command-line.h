/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_COMMAND_LINE_H
#define ATM_SCENARIO_COMMAND_LINE_H

#include "ns3/command-line.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The command line of a program that runs one scenario file
 *        (examples/atm-scenario.cc): its options, and their check before
 *        anything is loaded or run.
 *
 * @code
 * AtmScenarioCommandLine options;
 * CommandLine cmd(__FILE__);
 * options.AddTo(cmd);
 * cmd.Parse(argc, argv);
 * std::vector<std::string> errors = options.CheckArguments(argc, argv);
 * if (errors.empty())
 * {
 *     cmd.Parse(argc, argv);
 *     errors = options.Check();
 * }
 * @endcode
 *
 * CheckArguments() and Check() report, each in one line naming the option
 * and the value: an option given twice (ns-3's CommandLine keeps the last
 * one silently), an empty --scenario= (which ns-3's CommandLine refuses
 * with its usage text only), no scenario file or a directory, a --db whose directory does not exist
 * or cannot be written (found before the run, not after it), a seed or
 * run number that is not a whole number in range, and malformed
 * --params.
 */
class AtmScenarioCommandLine
{
  public:
    /**
     * @brief Add the options to a command line.
     * @param cmd the command line
     */
    void AddTo(CommandLine& cmd);

    /**
     * @brief Check the arguments before CommandLine::Parse sees them.
     * @param argc the number of arguments
     * @param argv the arguments (argv[0]: the program)
     * @return every error found
     */
    static std::vector<std::string> CheckArguments(int argc, char* argv[]);

    /**
     * @brief Check the options as parsed.
     * @return every error found; empty when the options are valid
     */
    std::vector<std::string> Check();

    std::string file;         //!< --scenario: the scenario file
    std::string params;       //!< --params: name=value[,name=value...]
    std::string db;           //!< --db: SQLite database (empty: none)
    std::string key;          //!< --key: the run's key in the database
    bool progress = false;    //!< --progress: show the simulation's progress
    bool check = false;       //!< --check: only check the scenario file
    bool quiet = false;       //!< --quiet: print nothing but errors
    bool fingerprint = false; //!< --fingerprint: print the ports' cell-departure fingerprint
    bool printSchema = false; //!< --print-schema: print the JSON Schema
    uint32_t seed = 0;        //!< the seed given (0: the file's); valid after Check()
    uint64_t run = 0;         //!< the run number given (0: the file's); valid after Check()
    std::map<std::string, std::string> values; //!< --params, split; valid after Check()

  private:
    std::string m_seedText = "0"; //!< --seed as given
    std::string m_runText = "0";  //!< --run as given
};

} // namespace ns3

#endif /* ATM_SCENARIO_COMMAND_LINE_H */
