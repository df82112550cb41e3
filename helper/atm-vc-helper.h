/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_VC_HELPER_H
#define ATM_VC_HELPER_H

#include "ns3/atm-traffic-contract.h"
#include "ns3/node-container.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

class AtmNetDevice;
class AtmVc;

/**
 * @ingroup atm
 * @brief Sets up permanent virtual circuits along a path of nodes.
 *
 * The path is a host, zero or more switches, and a host, each linked to the
 * next by an ATM link. On each link the VC gets a VPI/VCI label (given, or
 * the next free one of the link from 0/32 up); the source port gets a
 * transmit slot, every switch a translation entry, the destination port a
 * receive slot, and the returned AtmVc records the path and counts the
 * VC's cells.
 */
class AtmVcHelper
{
  public:
    /// A VPI/VCI pair.
    typedef std::pair<uint16_t, uint16_t> Label;

    AtmVcHelper();

    /// @param weight round-robin weight of the VCs created next (>= 1)
    void SetWeight(uint32_t weight);

    /**
     * @brief The traffic contract of the VCs created next (both directions
     *        of an IP PVC). Aborts with the first unsound field.
     * @param contract the contract
     */
    void SetContract(const AtmTrafficContract& contract);

    /// @brief Create the next VCs without a contract (UBR), the default.
    void ClearContract();

    /**
     * @brief The service category of the VCs created next without a
     *        contract (AtmAbrHelper's ABR VCs; UBR by default).
     * @param category the category
     */
    void SetCategory(AtmServiceCategory category);

    /**
     * @brief Create a VC with labels chosen per link.
     * @param path host, switches..., host
     * @param name a name for reports (optional)
     * @return the VC
     */
    Ptr<AtmVc> Create(const NodeContainer& path, const std::string& name = "");

    /**
     * @brief Create a VC with the given label on each link.
     * @param path host, switches..., host
     * @param labels one per link (path size - 1)
     * @param name a name for reports (optional)
     * @return the VC
     */
    Ptr<AtmVc> Create(const NodeContainer& path,
                      const std::vector<Label>& labels,
                      const std::string& name = "");

    /**
     * @brief Create a PVC between two IP hosts: a VC each way along the
     *        path, carrying AAL5 frames, with each host's ARP cache given
     *        a permanent entry that maps the other host's IPv4 address on
     *        its ATM interface to the VC (a static ATMARP table), and its
     *        IPv6 neighbor cache a permanent entry for each of the other
     *        host's IPv6 addresses there (link-local and global), so that
     *        no Neighbor Solicitation is needed.
     *
     * Both end nodes need an internet stack with addresses of one IP
     * version (or both) on their ATM device: call this after
     * Ipv4AddressHelper::Assign or Ipv6AddressHelper::Assign.
     * @param path host, switches..., host
     * @param name a name for reports (optional; the VCs are name + ">" and
     *        name + "<")
     * @return the VC from the first host to the last, and the one back
     */
    std::pair<Ptr<AtmVc>, Ptr<AtmVc>> CreateIpPvc(const NodeContainer& path,
                                                  const std::string& name = "");

    /**
     * @brief Create a PVC between two IP hosts, as CreateIpPvc() above,
     *        with the given label on each link of each direction (for
     *        example to match a real network's VPI/VCI plan, or to see the
     *        VPIs in a pcap trace).
     * @param path host, switches..., host
     * @param forward one label per link (path size - 1), from the first host
     * @param backward one label per link, from the last host
     * @param name a name for reports (optional)
     * @return the VC from the first host to the last, and the one back
     */
    std::pair<Ptr<AtmVc>, Ptr<AtmVc>> CreateIpPvc(const NodeContainer& path,
                                                  const std::vector<Label>& forward,
                                                  const std::vector<Label>& backward,
                                                  const std::string& name = "");

    /**
     * @brief The ATM port of @p from whose link leads to @p to.
     * @param from a node
     * @param to another node
     * @return the port, or null if the nodes are not linked
     */
    static Ptr<AtmNetDevice> FindLink(Ptr<Node> from, Ptr<Node> to);

  private:
    /**
     * @brief Connection admission control: book a new VC at each of its
     *        transmitting ports, or abort naming the first port where it
     *        does not fit (AtmAdmissionControl).
     * @param ports the transmitting ports of its path
     * @param contract its contract
     * @param name its name, for messages
     */
    static void Admit(const std::vector<Ptr<AtmNetDevice>>& ports,
                      const AtmTrafficContract& contract,
                      const std::string& name);

    /**
     * @brief The next free label on a port's transmit side.
     * @param dev the port
     * @return the label
     */
    Label NextLabel(Ptr<AtmNetDevice> dev);

    /**
     * @brief Make a VC carry AAL5 frames between the AAL5 endpoints of its
     *        end ports, and map the far end's IP addresses to it at the near
     *        end.
     * @param vc the VC
     * @param name its name, for messages
     */
    static void ConnectIp(Ptr<AtmVc> vc, const std::string& name);

    uint32_t m_weight;                                        //!< weight of new VCs
    std::optional<AtmTrafficContract> m_contract;             //!< contract of new VCs
    AtmServiceCategory m_category;                            //!< category of new VCs without one
    std::unordered_map<const AtmNetDevice*, uint32_t> m_next; //!< next label per port
};

} // namespace ns3

#endif /* ATM_VC_HELPER_H */
