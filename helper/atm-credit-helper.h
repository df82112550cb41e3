/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CREDIT_HELPER_H
#define ATM_CREDIT_HELPER_H

#include "atm-helper.h"

#include "ns3/net-device-container.h"
#include "ns3/object-factory.h"
#include "ns3/ptr.h"

#include <string>

namespace ns3
{

class AtmNetDevice;
class AtmVc;

/**
 * @ingroup atm
 * @brief Turns on credit-based flow control (Kung's Credit Update Protocol)
 *        on a link, along a VC's path, or on every ATM link, in one call.
 *
 * On a link both ports get an AtmCreditSender (for the VCs they transmit)
 * and an AtmCreditReceiver (for the VCs that arrive on them), so credit
 * works in both directions. The buffer-allocation policy is chosen by type
 * name, like a queue disc with TrafficControlHelper: ns3::AtmStaticAllocation
 * (default) or ns3::AtmAdaptiveAllocation. An adaptive policy runs at the
 * receiver by default (receiver-oriented, Kung and Chang) or at the sender
 * (SetSenderOriented(true): the sender divides the receiver's buffer by
 * the bandwidth its VCs use on its port).
 *
 * Example:
 * @code
 *   AtmCreditHelper credit;
 *   credit.SetAllocation("ns3::AtmStaticAllocation", "BufAlloc", UintegerValue(100));
 *   credit.InstallAll();
 * @endcode
 */
class AtmCreditHelper
{
  public:
    AtmCreditHelper();

    /**
     * @brief The buffer-allocation policy of the links set up next.
     * @tparam Ts attribute name/value pairs
     * @param type the TypeId name of an AtmBufferAllocation subclass
     * @param args attribute name/value pairs
     */
    template <typename... Ts>
    void SetAllocation(std::string type, Ts&&... args);

    /**
     * @brief Set an attribute of the buffer-allocation policy.
     * @param name attribute name
     * @param value its value
     */
    void SetAllocationAttribute(std::string name, const AttributeValue& value);

    /**
     * @param senderOriented adapt at the sender instead of the receiver
     */
    void SetSenderOriented(bool senderOriented);

    /**
     * @brief Set an attribute of the AtmCreditSender of every port.
     * @param name attribute name
     * @param value its value
     */
    void SetSenderAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief Link flow control on the links set up next (Kung and Wang):
     *        the VCs of a link share a buffer of @p cells at its receiver,
     *        and its sender sends only with link credit (0: none, the
     *        default). Needed by ns3::AtmZqfcAllocation; with
     *        ns3::AtmStaticAllocation, BufAlloc = Link_RTT, it is plain QFC.
     * @param cells Buff_Size
     */
    void SetLinkBufferSize(uint32_t cells);

    /**
     * @brief Per-VC credit on the links set up next (true, the default),
     *        or link credit alone (false: needs SetLinkBufferSize; every
     *        VC of a link shares Buff_Size with no limit of its own, and
     *        the allocation policy is not used). Sets the VcCredit
     *        attribute of both ends.
     * @param vcCredit per-VC credit
     */
    void SetVcCredit(bool vcCredit);

    /**
     * @brief Set an attribute of the AtmCreditReceiver of every port.
     * @param name attribute name
     * @param value its value
     */
    void SetReceiverAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief Credit on the link of a port, both directions.
     * @param port either port of the link
     */
    void Install(Ptr<AtmNetDevice> port) const;

    /**
     * @brief Credit on the links of the given ports.
     * @param ports ports (both of a link, or one of each)
     */
    void Install(const NetDeviceContainer& ports) const;

    /**
     * @brief Credit on every link of a VC's path.
     * @param vc the VC
     */
    void Install(Ptr<AtmVc> vc) const;

    /// Credit on every ATM link of the simulation.
    void InstallAll() const;

  private:
    /**
     * @brief Credit on one direction of a link.
     * @param sender the transmitting port
     * @param receiver the receiving port
     */
    void InstallDirection(Ptr<AtmNetDevice> sender, Ptr<AtmNetDevice> receiver) const;

    ObjectFactory m_allocation; //!< the policy
    ObjectFactory m_sender;     //!< AtmCreditSender
    ObjectFactory m_receiver;   //!< AtmCreditReceiver
    bool m_senderOriented;      //!< adapt at the sender
};

template <typename... Ts>
void
AtmCreditHelper::SetAllocation(std::string type, Ts&&... args)
{
    m_allocation.SetTypeId(
        AtmHelper::LookupType("AtmCreditHelper::SetAllocation", type, "ns3::AtmBufferAllocation"));
    m_allocation.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* ATM_CREDIT_HELPER_H */
