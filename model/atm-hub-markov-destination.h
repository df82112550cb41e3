/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_MARKOV_DESTINATION_H
#define ATM_HUB_MARKOV_DESTINATION_H

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief The destination process L_i(k) of Chong et al. §4: a Markov
 *        chain over M logical addresses whose transition matrix is
 *        circulant with first row [1 - (M-1)p, p, ..., p].
 *
 * Each step (one envelope generated) the chain stays with probability
 * 1 - (M-1)p and otherwise moves to one of the M - 1 other states, each
 * with probability p. The mean sojourn, the mean length of destination
 * correlation, is 1/((M-1)p); the attribute CorrelationLength sets it
 * (1: a new destination every envelope; M/(M-1): independent uniform
 * destinations).
 */
class AtmHubMarkovDestination : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmHubMarkovDestination();
    ~AtmHubMarkovDestination() override;

    /// @return the transition probability p to each other state
    double GetTransitionProbability() const;

    /**
     * @brief Step the chain.
     * @return the new state, in [0, NStates)
     */
    uint32_t Next();

    /// @return the current state
    uint32_t GetState() const;

    /**
     * @brief Use fixed random streams.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /// Abort unless the attributes give a valid chain.
    void Check() const;

    uint32_t m_states;                    //!< M
    double m_length;                      //!< mean sojourn 1/((M-1)p)
    uint32_t m_state;                     //!< current state
    bool m_started;                       //!< the first state was drawn
    Ptr<UniformRandomVariable> m_uniform; //!< draws
};

} // namespace ns3

#endif /* ATM_HUB_MARKOV_DESTINATION_H */
