/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PORT_VCS_H
#define ATM_PORT_VCS_H

#include "atm-cell.h"
#include "atm-vc-table.h"
#include "atm-vc.h"

#include "ns3/callback.h"
#include "ns3/ptr.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief The VCs of one port: those it transmits, by slot, and those that
 *        arrive on it, by arrival index (on a host port, its receive VCs).
 *
 * An AtmNetDevice keeps one and tells its queue disc and flow-control
 * plug-ins of each VC. This class checks the labels added (header format,
 * reserved VCIs, labels in use: a wrong one aborts, the port's context in
 * the message) and holds the tables and the per-VC state a cell needs:
 *
 * - a transmit VC has its outgoing label (its label table refuses a label
 *   used twice), its counters (AtmVc), the port and arrival index its cells
 *   came in by at a switch (whose receive accounting hears of each
 *   departure) and, for a source that refills its queue as its cells leave,
 *   a dequeue callback;
 * - an arriving VC has its incoming label, looked up through an AtmVcTable
 *   (a switch maps the arrival index to its route); on a host port it is
 *   also a receive VC, with its counters and receive callback at the same
 *   index.
 */
class AtmPortVcs
{
  public:
    /// Receive callback of a VC ending at the port.
    typedef Callback<void, const AtmCell&> CellReceiveCallback;

    /// What every cell of a transmit VC needs (16 octets; its counters and
    /// dequeue callback are kept apart).
    struct TxVc
    {
        uint16_t vpi;                       //!< outgoing VPI
        uint16_t vci;                       //!< outgoing VCI
        uint32_t arrivalIndex{0};           //!< arrival index of its cells at arrivalPort
        AtmNetDevice* arrivalPort{nullptr}; //!< where its cells arrived at this node
    };

    /// A VC ending at a host port.
    struct RxVc
    {
        Ptr<AtmVc> vc;          //!< its counters
        CellReceiveCallback cb; //!< receiver
    };

    AtmPortVcs();
    ~AtmPortVcs();
    AtmPortVcs(const AtmPortVcs&) = delete;
    AtmPortVcs& operator=(const AtmPortVcs&) = delete;

    /**
     * @brief Check a VPI against the header format: at most 255 on a UNI
     *        link, 4095 on an NNI link; aborts if above.
     * @param vpi the VPI
     * @param what "outgoing" or "incoming"
     * @param port the port: its interface type, and its context for the
     *        error message (built only then)
     */
    static void CheckVpi(uint16_t vpi, const char* what, const AtmNetDevice& port);

    /**
     * @brief Add a transmit VC; aborts if the VPI is above the header
     *        format's (CheckVpi), the VCI is reserved (0-31, ITU-T I.361)
     *        or the label is in use.
     * @param vpi outgoing VPI
     * @param vci outgoing VCI
     * @param vc its counters, may be null
     * @param port the port, as for CheckVpi
     * @return its slot
     */
    uint32_t AddTxVc(uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc, const AtmNetDevice& port);

    /// @return the number of transmit slots
    uint32_t GetNTxVcs() const
    {
        return static_cast<uint32_t>(m_txVcs.size());
    }

    /**
     * @param vpi outgoing VPI
     * @param vci outgoing VCI
     * @return true if a transmit VC uses the label
     */
    bool IsTxLabelInUse(uint16_t vpi, uint16_t vci) const;

    /**
     * @param slot a transmit slot
     * @return its VC (may be null)
     */
    Ptr<AtmVc> GetTxVc(uint32_t slot) const;

    /**
     * @param slot a transmit slot
     * @return its VC (may be null; no reference taken: fast path)
     */
    AtmVc* PeekTxVc(uint32_t slot) const
    {
        return PeekPointer(m_txVcRefs[slot]);
    }

    /**
     * @param slot a transmit slot
     * @return its outgoing VPI and VCI
     */
    std::pair<uint16_t, uint16_t> GetTxLabel(uint32_t slot) const;

    /**
     * @param vpi outgoing VPI
     * @param vci outgoing VCI
     * @return the transmit slot with that label, or AtmVcTable::NOT_FOUND
     */
    uint32_t GetTxSlot(uint16_t vpi, uint16_t vci) const;

    /**
     * @param slot a transmit slot
     * @return what each of its cells needs (fast path)
     */
    const TxVc& GetTx(uint32_t slot) const
    {
        return m_txVcs[slot];
    }

    /**
     * @brief Say where the cells of a transmit VC arrived at the node.
     * @param slot the transmit slot
     * @param port the port they arrived on (null: none to tell)
     * @param index their arrival index there
     */
    void SetTxVcArrival(uint32_t slot, AtmNetDevice* port, uint32_t index);

    /**
     * @brief Set the callback run each time a cell of a transmit VC is
     *        taken for transmission (abort, naming the port, if there is no
     *        such slot).
     * @param slot the transmit slot
     * @param cb the callback
     * @param state what the callback reads first, or null (a cache hint)
     * @param port the port, for messages
     */
    void SetDequeueCallback(uint32_t slot,
                            Callback<void> cb,
                            const void* state,
                            const AtmNetDevice& port);

    /**
     * @param slot a transmit slot
     * @return true if a dequeue callback is set for it
     */
    bool HasDequeueCallback(uint32_t slot) const
    {
        return slot < m_onDequeue.size() && !m_onDequeue[slot].IsNull();
    }

    /**
     * @brief Run the dequeue callback of a transmit VC (HasDequeueCallback).
     * @param slot the transmit slot
     */
    void NotifyDequeue(uint32_t slot) const
    {
        m_onDequeue[slot]();
    }

    /**
     * @brief Bring into the cache what a cell of transmit VC @p slot reads
     *        when it is taken: the VC's counters and what its dequeue
     *        callback reads first (a hint; nothing without a callback).
     * @param slot a transmit slot, or any larger number
     */
    void PrefetchDequeue(uint32_t slot) const
    {
        if (slot >= m_onDequeue.size())
        {
            return;
        }
        if (const AtmVc* vc = PeekPointer(m_txVcRefs[slot]))
        {
            vc->Prefetch();
        }
        const DequeueHint& hint = m_onDequeueHints[slot];
        for (const void* p : {hint.impl, hint.state})
        {
            if (p)
            {
                __builtin_prefetch(p);
                __builtin_prefetch(static_cast<const char*>(p) + 63);
            }
        }
    }

    /**
     * @brief Bring the state of a transmit slot into the cache (a hint).
     * @param slot the transmit slot
     */
    void PrefetchTxVc(uint32_t slot) const
    {
        __builtin_prefetch(&m_txVcs[slot]);
    }

    /**
     * @brief Add an arriving VC; aborts if the label is in use.
     * @param vpi incoming VPI
     * @param vci incoming VCI
     * @param port the port, for the error message
     * @return its arrival index
     */
    uint32_t AddArrivingVc(uint16_t vpi, uint16_t vci, const AtmNetDevice& port);

    /**
     * @param vpi incoming VPI
     * @param vci incoming VCI
     * @return the arrival index of the VC with that label, or
     *         AtmVcTable::NOT_FOUND
     */
    uint32_t GetArrivingIndex(uint16_t vpi, uint16_t vci) const;

    /**
     * @param label a label from AtmCell::GetLabel()
     * @return the arrival index of the VC with that label, or
     *         AtmVcTable::NOT_FOUND (fast path)
     */
    uint32_t LookupArriving(uint32_t label) const
    {
        return m_arrivingLabels.Lookup(label);
    }

    /**
     * @brief Bring where LookupArriving(@p label) looks into the cache (a hint).
     * @param label a label from AtmCell::GetLabel()
     */
    void PrefetchArriving(uint32_t label) const
    {
        m_arrivingLabels.Prefetch(label);
    }

    /// @return the number of arriving VCs
    uint32_t GetNArrivingVcs() const
    {
        return static_cast<uint32_t>(m_arrivingVcs.size());
    }

    /**
     * @param index an arrival index
     * @return the VC's incoming VPI and VCI
     */
    std::pair<uint16_t, uint16_t> GetArrivingLabel(uint32_t index) const;

    /**
     * @brief Make the arriving VC added last a receive VC (a host port).
     * @param vc its counters, may be null
     */
    void AddRxVc(Ptr<AtmVc> vc);

    /// @return true if the port has receive VCs
    bool HasRxVcs() const
    {
        return !m_rxVcs.empty();
    }

    /**
     * @param slot a receive slot (its arrival index)
     * @return that receive VC (fast path)
     */
    const RxVc& GetRxVc(uint32_t slot) const
    {
        return m_rxVcs[slot];
    }

    /**
     * @param slot a receive slot
     * @param cb what to call with each cell of that VC
     */
    void SetRxVcCallback(uint32_t slot, CellReceiveCallback cb);

    /**
     * @brief Bring the counters of the receive VC with label @p label into
     *        the cache (a hint).
     * @param label a label from AtmCell::GetLabel()
     */
    void PrefetchRxVc(uint32_t label) const
    {
        const uint32_t slot = m_arrivingLabels.Lookup(label);
        if (slot < m_rxVcs.size() && m_rxVcs[slot].vc)
        {
            m_rxVcs[slot].vc->Prefetch();
        }
    }

    /// The tables are built: drop the room their growth left.
    void ShrinkToFit();

    /// Let go of the VCs and callbacks (the port is disposed of).
    void Clear();

  private:
    /// What a dequeue callback reads first: cache hints (PrefetchDequeue).
    struct DequeueHint
    {
        const void* impl{nullptr};  //!< the callback's implementation object
        const void* state{nullptr}; //!< the state SetDequeueCallback named
    };

    std::vector<TxVc> m_txVcs;                                //!< transmit VCs by slot
    std::vector<Ptr<AtmVc>> m_txVcRefs;                       //!< the VC of each transmit slot
    std::vector<Callback<void>> m_onDequeue;                  //!< by slot (sized on use)
    std::vector<DequeueHint> m_onDequeueHints;                //!< by slot, beside m_onDequeue
    AtmVcTable m_txLabels;                                    //!< outgoing labels in use
    AtmVcTable m_arrivingLabels;                              //!< incoming label -> arrival index
    std::vector<std::pair<uint16_t, uint16_t>> m_arrivingVcs; //!< label by arrival index
    std::vector<RxVc> m_rxVcs;                                //!< receive VCs by slot
};

} // namespace ns3

#endif /* ATM_PORT_VCS_H */
