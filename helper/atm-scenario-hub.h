/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_HUB_H
#define ATM_SCENARIO_HUB_H

#include "atm-results-writer.h"
#include "atm-scenario.h"

#include "ns3/atm-bus-hub.h"
#include "ns3/atm-hub-source.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The hub section of a scenario file: the study streams of a bus
 *        hub (Chong, Nagarajan and Wang), built on the hub of a switch
 *        and measured over the scenario's window.
 *
 * AtmScenarioHelper builds one when the scenario has a hub section. The
 * random streams are drawn in the order of examples/atm-bus-hub.cc (the
 * flow control's, the boards', every board's addresses, then the sources
 * in file order), so that a scenario and the example give the same run.
 */
class AtmScenarioHub
{
  public:
    /**
     * @brief Build the hub section: the hub's flow control, boards,
     *        addresses and study sources.
     * @param section the scenario's hub section
     * @param hub the fabric of the section's switch
     * @param stop when the sources stop (the end of the measurement window)
     * @param stream the next random stream index, advanced
     */
    void Build(const AtmScenario::Hub& section, Ptr<AtmBusHub> hub, Time stop, int64_t& stream);

    /// @brief Read the hub's counters at the start of the measurement window.
    void OpenWindow();

    /// @brief Read them at its end.
    void CloseWindow();

    /**
     * @brief Add the section's measurements to the results: per stream
     *        goodput, loss and delay against its max-min share, and the
     *        bus's use. Adds nothing unless both ends of the window were
     *        read.
     * @param r the results
     * @param window the measurement window, s
     */
    void AddResults(AtmRunResults& r, double window) const;

  private:
    /**
     * @brief Make the streams of one entry of the section.
     * @param e the entry
     * @param all every address made on every board (a stream to all)
     * @param stop when the sources stop
     * @param stream the next random stream index, advanced
     */
    void AddStreams(const AtmScenario::HubStreams& e,
                    const std::vector<uint32_t>& all,
                    Time stop,
                    int64_t& stream);

    /**
     * @brief Each stream's max-min share over its board's fetch and its
     *        destination board's drain, limited by its own rate.
     * @return per stream, bit/s: its share; 0 for a silent stream, -1 for
     *         a stream to every board (it has none)
     */
    std::vector<double> MaxMinShares() const;

    /**
     * @brief The hub's counters at one end of the window.
     * @param end 0 at the start, 1 at the end
     */
    void ReadCounters(uint32_t end);

    std::string m_switch;                              //!< the hub's switch
    Ptr<AtmBusHub> m_hub;                              //!< the hub (null: not built)
    std::vector<Ptr<AtmHubSource>> m_sources;          //!< its study sources
    std::vector<AtmRunResults::HubStream> m_streams;   //!< per stream: name, group, boards, rate
    std::vector<uint8_t> m_hasSource;                  //!< per stream: it has a source
    std::vector<AtmBusHub::StreamStats> m_counters[2]; //!< per stream, at the window's ends
    uint64_t m_dataSlots[2] = {0, 0};                  //!< data slots at the window's ends
    uint64_t m_dummySlots[2] = {0, 0};                 //!< dummy slots at the window's ends
};

} // namespace ns3

#endif /* ATM_SCENARIO_HUB_H */
