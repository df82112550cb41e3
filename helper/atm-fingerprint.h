/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FINGERPRINT_H
#define ATM_FINGERPRINT_H

#include "ns3/ptr.h"

#include <cstdint>
#include <string>

namespace ns3
{

class AtmCell;
class AtmNetDevice;

/**
 * @ingroup atm
 * @brief A hash of the ordered sequence of cell departures of a run.
 *
 * Connected to the PhyTxBegin trace of ATM ports, it folds every cell that
 * starts on a wire into a 64-bit FNV-1a hash of (time in ns, node id, port
 * interface index, cell kind, the cell's 4 header octets without HEC and
 * its 16-octet body: a data cell's time stamp and sequence number, an RM
 * cell's fields, a credit cell's records). Two runs with
 * the same fingerprint sent the same cells on the same ports at the same
 * instants in the same order, so a change of the cell path that must not
 * change results (the fast path of the model, a refactoring) is checked by
 * comparing fingerprints with the ones stored in test/.
 *
 * The object must outlive the simulation it watches (the trace sinks are
 * bound to it).
 */
class AtmFingerprint
{
  public:
    AtmFingerprint();

    /**
     * @brief Watch one port.
     * @param device the port
     */
    void Install(Ptr<AtmNetDevice> device);

    /// Watch every ATM port of every node that exists now.
    void InstallAll();

    /// @return the hash so far
    uint64_t GetValue() const;

    /// @return the hash as 16 hexadecimal digits
    std::string GetHex() const;

    /// @return cells folded in so far
    uint64_t GetNCells() const;

    /**
     * @brief The same hash (FNV-1a 64) of a text, octet by octet: a digest
     *        of printed results (equal lines, equal digest).
     * @param text the text
     * @return its hash
     */
    static uint64_t HashText(const std::string& text);

  private:
    /**
     * @brief PhyTxBegin sink.
     * @param fp the fingerprint
     * @param port (node id << 32) | interface index of the port
     * @param cell the cell
     */
    static void DepartureSink(AtmFingerprint* fp, uint64_t port, const AtmCell& cell);

    /**
     * @brief Fold one departure into the hash.
     * @param port (node id << 32) | interface index of the port
     * @param cell the cell
     */
    void Departure(uint64_t port, const AtmCell& cell);

    /**
     * @brief Fold an integer into the hash, octet by octet (little endian).
     * @param v the value
     */
    void Fold(uint64_t v);

    uint64_t m_hash;   //!< FNV-1a state
    uint64_t m_nCells; //!< departures seen
};

} // namespace ns3

#endif /* ATM_FINGERPRINT_H */
