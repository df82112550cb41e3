/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-input-buffered-fabric.h"

#include "atm-net-device.h"
#include "atm-queue-disc.h"
#include "atm-switch.h"
#include "atm-trace-source-accessor.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmInputBufferedFabric");

NS_OBJECT_ENSURE_REGISTERED(AtmInputBufferedFabric);

TypeId
AtmInputBufferedFabric::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmInputBufferedFabric")
            .SetParent<AtmSwitchFabric>()
            .SetGroupName("Atm")
            .AddConstructor<AtmInputBufferedFabric>()
            .AddAttribute("BufferSize",
                          "Buff_Size: cells of the shared buffer of each input link "
                          "(SetBufferSize overrides it per port).",
                          UintegerValue(300),
                          MakeUintegerAccessor(&AtmInputBufferedFabric::m_bufferSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "EpdThreshold",
                "Early Packet Discard at the input buffer: refuse a whole AAL5 frame when, "
                "at its first cell, the input link's buffer holds at least this many cells (0: EPD "
                "off; SetEpdThreshold overrides it per port).",
                UintegerValue(0),
                MakeUintegerAccessor(&AtmInputBufferedFabric::m_epdThreshold),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "Ppd",
                "Partial Packet Discard at the input buffer: after a cell of an AAL5 frame is "
                "dropped there, drop the rest of that frame but its last cell.",
                BooleanValue(false),
                MakeBooleanAccessor(&AtmInputBufferedFabric::m_ppd),
                MakeBooleanChecker())
            .AddTraceSource("InputOccupancy",
                            "An arriving user-data cell was admitted to an input buffer "
                            "(port, cells there now).",
                            MakeAtmTraceSourceAccessor(&AtmInputBufferedFabric::m_traceOccupancy),
                            "ns3::AtmInputBufferedFabric::OccupancyTracedCallback");
    return tid;
}

AtmInputBufferedFabric::AtmInputBufferedFabric()
    : m_bufferSize(300),
      m_epdThreshold(0),
      m_ppd(false),
      m_outputDrops(0)
{
    NS_LOG_FUNCTION(this);
}

AtmInputBufferedFabric::~AtmInputBufferedFabric()
{
    NS_LOG_FUNCTION(this);
}

std::string
AtmInputBufferedFabric::GetConfigError() const
{
    return m_epdThreshold > m_bufferSize
               ? "EpdThreshold = " + std::to_string(m_epdThreshold) +
                     ": exceeds BufferSize = " + std::to_string(m_bufferSize)
               : "";
}

void
AtmInputBufferedFabric::NotifyPortAdded(uint32_t port)
{
    NS_LOG_FUNCTION(this << port);
    if (port >= m_inputs.size())
    {
        m_inputs.resize(port + 1);
    }
    Input& in = m_inputs[port];
    in.port = PeekPointer(GetSwitch()->GetPort(port));
    if (in.size == 0)
    {
        const std::string error = GetConfigError();
        NS_ABORT_MSG_IF(!error.empty(),
                        "AtmInputBufferedFabric (" << GetSwitch()->GetContext() << "): " << error);
        in.size = m_bufferSize;
        in.epdThreshold = m_epdThreshold;
    }
    // No loss at the outputs: the internal flow control holds a cell in its
    // input buffer until the output link can take it.
    in.port->GetQueueDisc()->SetAttribute("MaxCells",
                                          UintegerValue(std::numeric_limits<uint32_t>::max()));
}

void
AtmInputBufferedFabric::NotifyVcAdded(uint32_t route, uint32_t /* inPort */, uint32_t /* outPort */)
{
    m_frames.AddVc(route);
}

void
AtmInputBufferedFabric::SetBufferSize(uint32_t port, uint32_t cells)
{
    NS_LOG_FUNCTION(this << port << cells);
    CheckPort(port, "SetBufferSize");
    NS_ABORT_MSG_IF(cells == 0,
                    "AtmInputBufferedFabric (" << GetSwitch()->GetContext() << "): port " << port
                                               << ": BufferSize = 0: an input buffer holds at "
                                                  "least one cell");
    m_inputs[port].size = cells;
}

void
AtmInputBufferedFabric::SetEpdThreshold(uint32_t port, uint32_t cells)
{
    NS_LOG_FUNCTION(this << port << cells);
    CheckPort(port, "SetEpdThreshold");
    NS_ABORT_MSG_IF(cells > m_inputs[port].size,
                    "AtmInputBufferedFabric ("
                        << GetSwitch()->GetContext() << "): port " << port << ": EpdThreshold = "
                        << cells << " exceeds its BufferSize = " << m_inputs[port].size);
    m_inputs[port].epdThreshold = cells;
}

uint32_t
AtmInputBufferedFabric::GetBufferSize(uint32_t port) const
{
    CheckPort(port, "GetBufferSize");
    return m_inputs[port].size;
}

uint32_t
AtmInputBufferedFabric::GetEpdThreshold(uint32_t port) const
{
    CheckPort(port, "GetEpdThreshold");
    return m_inputs[port].epdThreshold;
}

uint32_t
AtmInputBufferedFabric::GetMaxOccupancy(uint32_t port) const
{
    CheckPort(port, "GetMaxOccupancy");
    return m_inputs[port].max;
}

uint64_t
AtmInputBufferedFabric::GetNInputDrops(uint32_t port) const
{
    CheckPort(port, "GetNInputDrops");
    return m_inputs[port].dropped;
}

uint64_t
AtmInputBufferedFabric::GetNOutputDrops() const
{
    return m_outputDrops;
}

void
AtmInputBufferedFabric::Transfer(uint32_t route,
                                 uint32_t inPort,
                                 uint32_t /* outPort */,
                                 const AtmCell& cell)
{
    if (cell.IsData())
    {
        Input& in = m_inputs[inPort];
        // The switch counted the cell as arrived: it is one of these.
        const uint32_t cells = in.port->GetCellsInNode();
        const AtmFrameDiscard::Verdict v =
            m_frames.Arrive(route, cell.GetAuu(), in.epdThreshold, [cells]() { return cells - 1; });
        if (v.drop || cells > in.size)
        {
            NS_LOG_LOGIC("input " << inPort << " (" << cells - 1 << " of " << in.size << "): drop "
                                  << cell);
            ++in.dropped;
            GetSwitch()->DropInFabric(route, cell, v.drop ? v.drop : INPUT_BUFFER_DROP);
            if (!v.drop)
            {
                m_frames.Damaged(route, m_ppd);
            }
            return;
        }
        in.max = std::max(in.max, cells);
        m_traceOccupancy(inPort, cells);
    }
    if (!GetSwitch()->Deliver(route, cell))
    {
        ++m_outputDrops;
    }
}

} // namespace ns3
