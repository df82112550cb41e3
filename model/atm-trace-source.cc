/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-trace-source.h"

#include "atm-simulator-impl.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTraceSource");

NS_OBJECT_ENSURE_REGISTERED(AtmTraceSource);

namespace
{

/// Octets of user data a cell carries.
constexpr uint64_t CELL_PAYLOAD = 48;
/// Octets of the AAL5 CPCS-PDU trailer.
constexpr uint64_t AAL5_TRAILER = 8;

/**
 * @param s a string
 * @return it without leading and trailing blanks (spaces, tabs, CR)
 */
std::string
Trim(const std::string& s)
{
    const char* blanks = " \t\r\n\v\f";
    const std::size_t first = s.find_first_not_of(blanks);
    if (first == std::string::npos)
    {
        return "";
    }
    return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

/**
 * @param text a line's text, without its comment and blanks
 * @param size set to the frame size
 * @return empty, or what is wrong with the text
 */
std::string
ParseSize(const std::string& text, uint32_t& size)
{
    const bool negative = text[0] == '-';
    uint64_t value = 0;
    const char* begin = text.data() + (negative ? 1 : 0);
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (begin == end || ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
    {
        return "not a frame size (a whole number of octets)";
    }
    if (negative)
    {
        return "a negative frame size";
    }
    if (ec == std::errc::result_out_of_range || value > std::numeric_limits<uint32_t>::max())
    {
        return "a frame size above 4294967295 octets";
    }
    size = static_cast<uint32_t>(value);
    return "";
}

} // namespace

TypeId
AtmTraceSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmTraceSource")
            .SetParent<AtmCellSource>()
            .SetGroupName("Atm")
            .AddConstructor<AtmTraceSource>()
            .AddAttribute(
                "TraceFile",
                "Frame-size trace: one size in octets per line, '#' comments; "
                "read when set.",
                StringValue(""),
                MakeStringAccessor(&AtmTraceSource::SetTraceFile, &AtmTraceSource::GetTraceFile),
                MakeStringChecker())
            .AddAttribute("FrameRate",
                          "Frames per second: frame n is due n / FrameRate after the start.",
                          DoubleValue(25),
                          MakeDoubleAccessor(&AtmTraceSource::m_frameRate),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Pcr",
                          "Peak cell rate, cells/s: the cells of a frame go 1/Pcr apart.",
                          DoubleValue(20000),
                          MakeDoubleAccessor(&AtmTraceSource::m_pcr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Loop",
                          "Start the trace again at its end (false: stop).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmTraceSource::m_loop),
                          MakeBooleanChecker())
            .AddAttribute("Aal5",
                          "A frame of s octets takes ceil((s + 8) / 48) cells, as an AAL5 "
                          "CPCS-PDU (false: ceil(s / 48)).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmTraceSource::m_aal5),
                          MakeBooleanChecker());
    return tid;
}

AtmTraceSource::AtmTraceSource()
    : m_frameRate(25),
      m_pcr(20000),
      m_loop(true),
      m_aal5(false),
      m_pcrStep(1),
      m_start(0),
      m_lastCell(0),
      m_sentAny(false),
      m_frame(0),
      m_frameNo(0),
      m_cellsLeft(0),
      m_framesSent(0)
{
    NS_LOG_FUNCTION(this);
    m_timer.SetFunction(&AtmTraceSource::Tick, this);
}

AtmTraceSource::~AtmTraceSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmTraceSource::DoDispose()
{
    m_timer.Cancel();
    AtmCellSource::DoDispose();
}

std::string
AtmTraceSource::ReadTrace(const std::string& path, std::vector<uint32_t>& sizes)
{
    sizes.clear();
    std::ifstream in(path);
    if (!in.is_open())
    {
        return path + ": cannot be opened";
    }
    std::string line;
    for (uint64_t number = 1; std::getline(in, line); ++number)
    {
        const std::string text = Trim(line.substr(0, line.find('#')));
        if (text.empty())
        {
            continue;
        }
        uint32_t size = 0;
        if (const std::string problem = ParseSize(text, size); !problem.empty())
        {
            std::ostringstream os;
            os << path << " line " << number << ": \"" << Trim(line) << "\": " << problem;
            sizes.clear();
            return os.str();
        }
        sizes.push_back(size);
    }
    if (in.bad())
    {
        sizes.clear();
        return path + ": read error";
    }
    if (sizes.empty())
    {
        return path + ": no frame size in it";
    }
    return "";
}

void
AtmTraceSource::SetTraceFile(const std::string& path)
{
    NS_LOG_FUNCTION(this << path);
    m_traceFile = path;
    m_sizes.clear();
    if (path.empty())
    {
        return;
    }
    const std::string error = ReadTrace(path, m_sizes);
    NS_ABORT_MSG_IF(!error.empty(), "AtmTraceSource: TraceFile = " << error);
}

std::string
AtmTraceSource::GetTraceFile() const
{
    return m_traceFile;
}

const std::vector<uint32_t>&
AtmTraceSource::GetFrameSizes() const
{
    return m_sizes;
}

uint64_t
AtmTraceSource::GetFramesSent() const
{
    return m_framesSent;
}

std::string
AtmTraceSource::GetConfigError() const
{
    std::ostringstream os;
    if (m_traceFile.empty())
    {
        os << "TraceFile = \"\": a frame-size trace is needed";
    }
    else if (m_frameRate <= 0)
    {
        os << "FrameRate = " << m_frameRate << ": must be positive";
    }
    else if (m_pcr <= 0)
    {
        os << "Pcr = " << m_pcr << ": must be positive";
    }
    return os.str();
}

int64_t
AtmTraceSource::DueTime(uint64_t n) const
{
    const double perSecond = static_cast<double>(Seconds(1).GetTimeStep());
    return m_start + std::llround(n * perSecond / m_frameRate);
}

void
AtmTraceSource::DoStartSending()
{
    NS_LOG_FUNCTION(this);
    if (const std::string error = GetConfigError(); !error.empty())
    {
        NS_FATAL_ERROR(GetInstanceTypeId().GetName() << " on node " << GetNode()->GetId() << " (VC "
                                                     << GetVc()->GetId() << "): " << error);
    }
    const uint64_t overhead = m_aal5 ? AAL5_TRAILER : 0;
    m_cells.resize(m_sizes.size());
    uint64_t total = 0;
    for (std::size_t i = 0; i < m_sizes.size(); ++i)
    {
        m_cells[i] =
            static_cast<uint32_t>((m_sizes[i] + overhead + CELL_PAYLOAD - 1) / CELL_PAYLOAD);
        total += m_cells[i];
    }
    const double perSecond = static_cast<double>(Seconds(1).GetTimeStep());
    m_pcrStep = static_cast<int64_t>(std::ceil(perSecond / m_pcr));
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    m_start = now;
    m_frame = 0;
    m_frameNo = 0;
    if (total == 0 || (m_cells[0] == 0 && !NextFrame()))
    {
        NS_LOG_LOGIC("no cell to send");
        return;
    }
    m_cellsLeft = m_cells[m_frame];
    int64_t first = DueTime(m_frameNo);
    if (m_sentAny)
    {
        first = std::max(first, m_lastCell + m_pcrStep);
    }
    m_timer.Schedule(TimeStep(first - now));
}

void
AtmTraceSource::DoStopSending()
{
    NS_LOG_FUNCTION(this);
    m_timer.Cancel();
}

bool
AtmTraceSource::NextFrame()
{
    do
    {
        ++m_frameNo;
        if (++m_frame == m_cells.size())
        {
            if (!m_loop)
            {
                return false;
            }
            m_frame = 0;
        }
    } while (m_cells[m_frame] == 0);
    return true;
}

void
AtmTraceSource::Tick()
{
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    if (m_cellsLeft == m_cells[m_frame])
    {
        ++m_framesSent;
    }
    SendOneCell();
    m_lastCell = now;
    m_sentAny = true;
    int64_t next = now + m_pcrStep;
    if (--m_cellsLeft == 0)
    {
        if (!NextFrame())
        {
            NS_LOG_LOGIC("end of the trace");
            return;
        }
        m_cellsLeft = m_cells[m_frame];
        next = std::max(next, DueTime(m_frameNo));
    }
    m_timer.Schedule(TimeStep(next - now));
}

} // namespace ns3
