/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ADMISSION_CONTROL_H
#define ATM_ADMISSION_CONTROL_H

#include "atm-traffic-contract.h"

#include "ns3/object.h"

#include <array>
#include <string>

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief Connection admission control at one transmitting port (ATM Forum
 *        TM 4.0 section 5.3, ITU-T I.371 section 7.1): the bandwidth
 *        committed to the VCs that leave through the port, and whether one
 *        more fits.
 *
 * A VC books AtmTrafficContract::GetCommittedRate(): its PCR for CBR, its
 * SCR (as its effective bandwidth) for VBR, its MCR for ABR and GFR,
 * nothing for UBR. It fits when the port's bookings with it stay within
 * Overbooking times the link's cell rate. AtmVcHelper asks every
 * transmitting port of a new VC's path and refuses the VC, naming the
 * port, the category and the figures, when one of them says no. A port
 * gets its AtmAdmissionControl, aggregated, on first use (Get()), with
 * the attribute defaults.
 */
class AtmAdmissionControl : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAdmissionControl();
    ~AtmAdmissionControl() override;

    /**
     * @param port a port
     * @return its admission control (made and aggregated on first use)
     */
    static Ptr<AtmAdmissionControl> Get(Ptr<AtmNetDevice> port);

    /**
     * @brief Would a VC with this contract fit?
     * @param contract its contract
     * @param linkCellRate the port's cell rate, cells/s
     * @return why not ("committed ... exceeds ..."), or empty if it fits
     */
    std::string Check(const AtmTrafficContract& contract, double linkCellRate) const;

    /**
     * @brief Book a VC that fits (after Check()).
     * @param contract its contract
     */
    void Admit(const AtmTrafficContract& contract);

    /**
     * @brief Give back a VC's booking.
     * @param contract its contract
     */
    void Release(const AtmTrafficContract& contract);

    /// @return the bandwidth booked, cells/s
    double GetCommitted() const;

    /**
     * @param category a service category
     * @return the bandwidth booked by that category's VCs, cells/s
     */
    double GetCommitted(AtmServiceCategory category) const;

  private:
    double m_overbooking; //!< bookings may reach this times the link's rate
    std::array<double, ATM_N_SERVICE_CATEGORIES> m_committed; //!< per category, cells/s
};

} // namespace ns3

#endif /* ATM_ADMISSION_CONTROL_H */
