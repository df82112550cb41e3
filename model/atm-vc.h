/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_VC_H
#define ATM_VC_H

#include "atm-cell.h"
#include "atm-pdu-store.h"
#include "atm-traffic-contract.h"

#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief One virtual circuit end to end: its path and its counters.
 *
 * AtmVcHelper creates one per PVC. The ports along the path report to it
 * every cell the source hands in, every cell the destination receives and
 * every cell dropped on the way, with the reason, so that per VC
 * sent = received + dropped + queued (+ in flight on the links) always holds.
 */
class AtmVc : public Object
{
  public:
    /// @return true if anything listens to the Drop trace (lazy arrival
    ///         must then not delay a drop)
    bool IsDropObserved() const;

    /// @return true if anything listens to the Drop trace of any VC: when
    ///         not, nobody asks a VC (a cell path need not read its object)
    static bool IsAnyDropObserved()
    {
        return s_dropObserved != 0;
    }

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmVc();
    ~AtmVc() override;

    /**
     * @brief Callback signature of Rx.
     * @param cell the cell received at the destination
     * @param delay its end-to-end delay
     */
    typedef void (*RxTracedCallback)(const AtmCell& cell, Time delay);

    /**
     * @brief Callback signature of Drop.
     * @param cell the cell
     * @param reason why
     */
    typedef void (*DropTracedCallback)(const AtmCell& cell, const char* reason);

    /// @return the id, unique in the simulation
    uint32_t GetId() const;

    /// @param name a name for reports ("A1")
    void SetName(const std::string& name);
    /// @return the name
    std::string GetName() const;

    /**
     * @brief Give the VC its traffic contract (before it is set up on its
     *        path: AtmVcHelper::SetContract; the ports file its cells
     *        under the category when the VC is added).
     *
     * Aborts, naming the VC, the field and the value, when the contract
     * is not sound (AtmTrafficContract::GetConfigError) or the VC already
     * has hops.
     * @param contract the contract
     */
    void SetContract(const AtmTrafficContract& contract);

    /// @return the traffic contract (its category alone, without
    ///         parameters, if none was given)
    AtmTrafficContract GetContract() const;

    /// @return true if SetContract() gave the VC a contract
    bool HasContract() const
    {
        return m_contract != nullptr;
    }

    /// @return its service category (UBR if none was given)
    AtmServiceCategory GetCategory() const
    {
        return m_category;
    }

    /**
     * @brief Give the VC a service category without traffic parameters (an
     *        ABR VC, whose rates its source's attributes hold). Keeps no
     *        contract object: an idle VC stays small. A VC already set up
     *        is filed anew at the ports of its path (before its cells are
     *        queued there); one with a contract of another category cannot
     *        change.
     * @param category the category
     */
    void SetCategory(AtmServiceCategory category);

    /**
     * @brief Append a transmitting port of the path (source first).
     * @param device the port
     * @param slot the VC's slot in its queue disc
     */
    void AddHop(Ptr<AtmNetDevice> device, uint32_t slot);

    /// @return the number of transmitting ports on the path
    uint32_t GetNHops() const;
    /**
     * @param i hop index (0 = source)
     * @return the port
     */
    Ptr<AtmNetDevice> GetHopDevice(uint32_t i) const;
    /**
     * @param i hop index
     * @return the VC's slot at that port
     */
    uint32_t GetHopSlot(uint32_t i) const;

    /**
     * @brief Set the receiving end.
     * @param device the destination port
     * @param rxSlot the VC's receive slot there
     */
    void SetDestination(Ptr<AtmNetDevice> device, uint32_t rxSlot);
    /// @return the destination port
    Ptr<AtmNetDevice> GetDestinationDevice() const;
    /// @return the VC's receive slot at the destination port
    uint32_t GetDestinationSlot() const;

    /// @brief Bring the counters every cell touches into the cache (a hint).
    void Prefetch() const
    {
        __builtin_prefetch(&m_sent);
    }

    /// The source handed in one cell.
    void NotifySent();
    /**
     * @brief The destination received a cell.
     * @param cell the cell
     */
    void NotifyReceived(const AtmCell& cell);
    /**
     * @brief A cell was dropped on the way.
     * @param cell the cell
     * @param reason why
     */
    void NotifyDrop(const AtmCell& cell, const char* reason);

    /**
     * @brief AAL5 handed a frame (CPCS-SDU) to the VC.
     * @param bytes octets of the CPCS-SDU
     */
    void NotifyFrameSent(uint32_t bytes);
    /**
     * @brief AAL5 delivered a good frame at the destination.
     * @param bytes octets delivered to the layer above
     */
    void NotifyFrameReceived(uint32_t bytes);
    /**
     * @brief AAL5 discarded a frame at the destination.
     * @param reason why (Crc, Length, TooLong, ReassemblyTimeout, ...)
     */
    void NotifyFrameDrop(const char* reason);

    /// @return the CPCS-PDUs of this VC still in the network (AAL5; made
    ///         on first use, so that a VC without AAL5 costs nothing here)
    AtmPduStore& GetPduStore();
    /// @return the CPCS-PDUs of this VC, or null if it never had any
    const AtmPduStore* PeekPduStore() const;

    /// @return cells handed in by the source
    uint64_t GetCellsSent() const;
    /// @return cells received at the destination
    uint64_t GetCellsReceived() const;
    /// @return cells dropped, every reason
    uint64_t GetCellsDropped() const;
    /**
     * @param reason a drop reason
     * @return cells dropped for it
     */
    uint64_t GetCellsDropped(const std::string& reason) const;
    /// @return drops per reason
    const std::map<std::string, uint64_t>& GetDropsByReason() const;
    /// @return cells of this VC queued at the ports of its path now
    uint64_t GetCellsQueued() const;
    /// @return mean end-to-end delay of the received cells
    Time GetMeanDelay() const;
    /// @return smallest end-to-end delay
    Time GetMinDelay() const;
    /// @return largest end-to-end delay
    Time GetMaxDelay() const;
    /// @return AAL5 frames sent
    uint64_t GetFramesSent() const;
    /// @return octets of the AAL5 frames sent
    uint64_t GetBytesSent() const;
    /// @return AAL5 frames delivered good at the destination
    uint64_t GetFramesReceived() const;
    /// @return octets of the good frames delivered (goodput numerator)
    uint64_t GetBytesReceived() const;
    /**
     * @param reason a frame drop reason
     * @return AAL5 frames discarded at the destination for it
     */
    uint64_t GetFramesDropped(const std::string& reason) const;
    /// @return AAL5 frames discarded at the destination, every reason
    uint64_t GetFramesDropped() const;

  protected:
    void DoDispose() override;

  private:
    /// Let the switches on the path process the cells due there (lazy
    /// arrival), so drop and queue counts are current.
    void SyncPath() const;

    /// A transmitting port of the path.
    struct Hop
    {
        Ptr<AtmNetDevice> device; //!< the port
        uint32_t slot;            //!< the VC's slot there
    };

    // What every cell of the VC touches comes first, together: the
    // counters of NotifySent and NotifyReceived.
    uint64_t m_sent;                                //!< cells handed in
    uint64_t m_received;                            //!< cells received
    int64_t m_delaySum;                             //!< sum of delays, time steps
    int64_t m_delayMin;                             //!< smallest delay, time steps
    int64_t m_delayMax;                             //!< largest delay, time steps
    uint32_t m_id;                                  //!< unique id
    uint32_t m_destinationSlot;                     //!< receive slot there
    AtmServiceCategory m_category;                  //!< service category
    std::vector<Hop> m_hops;                        //!< transmitting ports, source first
    Ptr<AtmNetDevice> m_destination;                //!< receiving port
    uint64_t m_dropped;                             //!< cells dropped
    std::unique_ptr<std::string> m_name;            //!< report name, or null ("vc" and the id)
    std::unique_ptr<AtmTrafficContract> m_contract; //!< the contract, or null (UBR)

    /// What most VCs never use (drops by reason, AAL5, the trace
    /// sources' callbacks): made on first use, so that an idle VC does not
    /// carry it.
    struct Cold;

    /// Connects to a trace source of the cold part (makes it).
    template <typename Owner, typename T>
    friend class AtmColdTraceAccessor;

    /// @return the cold part, made on first use
    Cold& GetCold();

    /**
     * @brief Change the contract through an attribute (before the VC is set
     *        up: abort after, naming the VC).
     * @param change sets the field
     */
    void EditContract(const std::function<void(AtmTrafficContract&)>& change);

    /**
     * @brief The attribute setter of one contract field.
     * @tparam T the field's type
     * @tparam Field the field
     * @param value its new value
     */
    template <typename T, T AtmTrafficContract::* Field>
    void SetContractField(T value);

    /**
     * @brief The attribute getter of one contract field.
     * @tparam T the field's type
     * @tparam Field the field
     * @return its value
     */
    template <typename T, T AtmTrafficContract::* Field>
    T GetContractField() const;

    /**
     * @brief The Category attribute's setter.
     * @param name a category name
     */
    void SetCategoryName(std::string name);

    /// @return the category's name (the Category attribute)
    std::string GetCategoryName() const;

    std::unique_ptr<Cold> m_cold; //!< the cold part, or null

    static uint32_t s_dropObserved; //!< VCs whose Drop trace has a sink
};

} // namespace ns3

#endif /* ATM_VC_H */
