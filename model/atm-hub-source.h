/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_SOURCE_H
#define ATM_HUB_SOURCE_H

#include "atm-cell-timer.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{

class AtmBusHub;
class AtmHubMarkovDestination;

/**
 * @ingroup atm
 * @brief A lightweight traffic source of the hub studies (Chong et al.
 *        §4): envelopes injected straight into a board's send RAM.
 *
 * Arrivals are Poisson or periodic (Cbr) at Rate (of envelope bits), in
 * batches of a size uniform on [1, 2 MeanBatch - 1] that all go to one
 * destination, or Persistent: Backlog envelopes are kept in the RAM (one
 * more each time the fetcher takes one of this stream). The destination
 * is fixed when one address is given; among several it follows the
 * Markov chain of AtmHubMarkovDestination, stepped once per batch, with
 * CorrelationLength (0: independent uniform destinations).
 *
 * The source is not aggregated to anything: whoever runs it keeps a
 * Ptr to it until the simulation ends.
 */
class AtmHubSource : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Arrival process.
    enum Arrivals
    {
        POISSON = 0,    //!< exponential gaps between batches
        CBR = 1,        //!< equal gaps between batches
        PERSISTENT = 2, //!< always Backlog envelopes in the RAM
    };

    AtmHubSource();
    ~AtmHubSource() override;
    AtmHubSource(const AtmHubSource&) = delete;
    AtmHubSource& operator=(const AtmHubSource&) = delete;

    /**
     * @brief Attach to a hub.
     * @param hub the hub
     * @param board the sending board
     * @param stream the stream its envelopes are counted to
     * @param destinations the logical addresses it sends to
     */
    void Setup(Ptr<AtmBusHub> hub,
               uint32_t board,
               uint32_t stream,
               const std::vector<uint32_t>& destinations);

    /**
     * @brief Start and stop the arrivals.
     * @param start when the first arrival may come
     * @param stop when arrivals end
     */
    void Run(Time start, Time stop);

    /// @return envelopes generated
    uint64_t GetGenerated() const;

    /**
     * @brief Use fixed random streams.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /// Start: a persistent backlog, or the first arrival.
    void Begin();
    /// One batch arrives; the next is scheduled.
    void Arrive();
    /**
     * @brief The hub's Fetch trace: refill a persistent backlog.
     * @param board the board
     * @param stream the stream fetched
     * @param address its address
     */
    void Fetched(uint32_t board, uint32_t stream, uint32_t address);
    /// @return the next destination
    uint32_t NextDestination();

    DataRate m_rate;                      //!< mean rate of envelope bits
    Arrivals m_arrivals;                  //!< arrival process
    double m_meanBatch;                   //!< mean batch size
    double m_correlation;                 //!< mean destination correlation length
    uint32_t m_backlog;                   //!< persistent backlog
    Ptr<AtmBusHub> m_hub;                 //!< the hub
    uint32_t m_board;                     //!< sending board
    uint32_t m_stream;                    //!< stream
    std::vector<uint32_t> m_destinations; //!< addresses
    Ptr<AtmHubMarkovDestination> m_chain; //!< destination chain
    Ptr<ExponentialRandomVariable> m_gap; //!< Poisson gaps (mean 1)
    Ptr<UniformRandomVariable> m_batch;   //!< batch sizes
    Time m_stop;                          //!< end of arrivals
    AtmCellTimer m_begin;                 //!< the start
    AtmCellTimer m_event;                 //!< next arrival
    uint64_t m_generated;                 //!< envelopes generated
};

} // namespace ns3

#endif /* ATM_HUB_SOURCE_H */
