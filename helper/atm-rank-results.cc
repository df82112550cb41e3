/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rank-results.h"

#include "ns3/abort.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/log.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>

#ifdef ATM_HAVE_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmRankResults");

namespace
{
/// Appends values to bytes: the Io of Transfer() that packs.
class Writer
{
  public:
    /// @param x a value, as its bytes
    template <typename T>
    void Value(const T& x)
    {
        m_bytes.append(reinterpret_cast<const char*>(&x), sizeof(x));
    }

    /**
     * @brief Write how many parts follow.
     * @param n their number here
     */
    void Count(const char* /* what */, std::size_t n)
    {
        Value<uint64_t>(n);
    }

    /// @param drops drops per reason: their number, then each reason and count
    void Drops(const std::map<std::string, uint64_t>& drops)
    {
        Value<uint64_t>(drops.size());
        for (const auto& [reason, n] : drops)
        {
            Value<uint64_t>(reason.size());
            m_bytes += reason;
            Value(n);
        }
    }

    /// @return the bytes
    const std::string& Get() const
    {
        return m_bytes;
    }

  private:
    std::string m_bytes; //!< written so far
};

/**
 * @brief Check that packed results have as many parts as these.
 * @param what "VCs", "link directions" or "samples"
 * @param packed their number in the packed results
 * @param here their number here
 */
void
CheckSize(const char* what, uint64_t packed, std::size_t here)
{
    NS_ABORT_MSG_IF(packed != here,
                    "AtmRankResults: another rank measured "
                        << packed << " " << what << ", this rank " << here
                        << ": every rank must build the same scenario");
}

/// Reads values back in the order written: the Io of Transfer() that unpacks.
class Reader
{
  public:
    /// @param bytes what a Writer wrote
    explicit Reader(const std::string& bytes)
        : m_bytes(bytes)
    {
    }

    /// @param x where the next value goes
    template <typename T>
    void Value(T& x)
    {
        std::memcpy(&x, Take(sizeof(T)), sizeof(T));
    }

    /**
     * @brief Check that as many parts follow as there are here.
     * @param what "VCs", "link directions" or "samples"
     * @param n their number here
     */
    void Count(const char* what, std::size_t n)
    {
        uint64_t packed = 0;
        Value(packed);
        CheckSize(what, packed, n);
    }

    /// @param drops where the drops per reason go
    void Drops(std::map<std::string, uint64_t>& drops)
    {
        drops.clear();
        uint64_t reasons = 0;
        for (Value(reasons); reasons > 0; --reasons)
        {
            uint64_t length = 0;
            Value(length);
            const std::string reason(Take(length), length);
            Value(drops[reason]);
        }
    }

  private:
    /**
     * @param n octets
     * @return the next @p n octets
     */
    const char* Take(std::size_t n)
    {
        NS_ABORT_MSG_IF(m_at + n > m_bytes.size(),
                        "AtmRankResults: packed results end at octet " << m_at);
        m_at += n;
        return m_bytes.data() + m_at - n;
    }

    const std::string& m_bytes; //!< the bytes
    std::size_t m_at = 0;       //!< next octet
};

/**
 * @brief The values of a run that differ between ranks, in one order for
 *        packing and unpacking.
 * @param io a Writer (with const results) or a Reader
 * @param r the results
 */
template <typename Io, typename Results>
void
Transfer(Io& io, Results& r)
{
    io.Value(r.events);
    io.Value(r.wallSeconds);
    io.Count("VCs", r.vcs.size());
    for (auto& v : r.vcs)
    {
        io.Value(v.sent);
        io.Value(v.received);
        io.Value(v.dropped);
        io.Value(v.queued);
        io.Value(v.windowCells);
        io.Value(v.windowLost);
        io.Value(v.throughputBps);
        io.Value(v.goodputBps);
        io.Value(v.delayMean);
        io.Value(v.delayP50);
        io.Value(v.delayP95);
        io.Value(v.delayP99);
        io.Value(v.delayMax);
        io.Value(v.delayMin);
        io.Value(v.tcpRetransmissions);
        io.Value(v.tcpTimeouts);
        io.Value(v.blocks);
        io.Value(v.blockTimeMean);
        io.Drops(v.drops);
    }
    io.Count("link directions", r.links.size());
    for (auto& l : r.links)
    {
        io.Value(l.utilization);
        io.Value(l.queueMean);
        io.Value(l.queueMax);
        io.Value(l.cellsTx);
        io.Value(l.dropped);
        io.Value(l.creditOverhead);
    }
    io.Count("samples", r.samples.size());
    for (auto& sample : r.samples)
    {
        io.Value(sample.value);
    }
}
} // namespace

std::string
AtmRankResults::Pack(const AtmRunResults& r)
{
    Writer w;
    Transfer(w, r);
    return w.Get();
}

void
AtmRankResults::Unpack(const std::string& bytes, AtmRunResults& r)
{
    Reader in(bytes);
    Transfer(in, r);
}

AtmRunResults
AtmRankResults::Merge(const std::vector<AtmRunResults>& perRank, const Owners& owners)
{
    NS_ABORT_MSG_IF(perRank.empty(), "AtmRankResults: no rank's results to merge");
    AtmRunResults m = perRank[0];
    CheckSize("VC owners", owners.vcSource.size(), m.vcs.size());
    CheckSize("VC owners", owners.vcDestination.size(), m.vcs.size());
    CheckSize("link owners", owners.links.size(), m.links.size());
    CheckSize("sample owners", owners.samples.size(), m.samples.size());
    m.events = 0;
    m.wallSeconds = 0;
    for (const AtmRunResults& r : perRank)
    {
        m.events += r.events;
        m.wallSeconds = std::max(m.wallSeconds, r.wallSeconds);
    }
    std::vector<double> ratios;
    for (std::size_t i = 0; i < m.vcs.size(); ++i)
    {
        AtmRunResults::Vc& v = m.vcs[i];
        const AtmRunResults::Vc& atDst = perRank.at(owners.vcDestination[i]).vcs[i];
        const AtmRunResults::Vc& atSrc = perRank.at(owners.vcSource[i]).vcs[i];
        v = atDst; // what the destination measured
        v.tcpRetransmissions = atSrc.tcpRetransmissions;
        v.tcpTimeouts = atSrc.tcpTimeouts;
        v.blocks = atSrc.blocks; // its block source counts them
        v.blockTimeMean = atSrc.blockTimeMean;
        v.sent = v.received = v.dropped = v.queued = 0;
        v.drops.clear();
        for (const AtmRunResults& r : perRank)
        {
            const AtmRunResults::Vc& o = r.vcs[i];
            v.sent += o.sent;
            v.received += o.received;
            v.dropped += o.dropped;
            v.queued += o.queued;
            for (const auto& [reason, n] : o.drops)
            {
                v.drops[reason] += n;
            }
        }
        v.ratio = v.idealBps > 0 ? v.throughputBps / v.idealBps : 0;
        ratios.push_back(v.ratio);
    }
    m.jain = AtmMaxMinOracle::JainIndex(ratios);
    for (std::size_t i = 0; i < m.links.size(); ++i)
    {
        m.links[i] = perRank.at(owners.links[i]).links[i];
    }
    for (std::size_t i = 0; i < m.samples.size(); ++i)
    {
        m.samples[i] = perRank.at(owners.samples[i]).samples[i];
    }
    return m;
}

std::vector<std::string>
AtmRankResults::Gather(const std::string& mine)
{
#ifdef ATM_HAVE_MPI
    if (MpiInterface::IsEnabled() && MpiInterface::GetSize() > 1)
    {
        const MPI_Comm comm = MpiInterface::GetCommunicator();
        const auto ranks = static_cast<int>(MpiInterface::GetSize());
        const bool root = MpiInterface::GetSystemId() == 0;
        int size = static_cast<int>(mine.size());
        std::vector<int> sizes(root ? ranks : 0);
        MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, comm);
        std::vector<int> offsets(sizes.size());
        int total = 0;
        for (std::size_t r = 0; r < sizes.size(); ++r)
        {
            offsets[r] = total;
            total += sizes[r];
        }
        std::string all(total, '\0');
        MPI_Gatherv(mine.data(),
                    size,
                    MPI_CHAR,
                    all.data(),
                    sizes.data(),
                    offsets.data(),
                    MPI_CHAR,
                    0,
                    comm);
        std::vector<std::string> each;
        each.reserve(sizes.size());
        for (std::size_t r = 0; r < sizes.size(); ++r)
        {
            each.push_back(all.substr(offsets[r], sizes[r]));
        }
        return each;
    }
#endif
    return {mine};
}

} // namespace ns3
