/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rank-results.h"

#include "ns3/abort.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/log.h"

#include <algorithm>
#include <cstring>

#ifdef ATM_HAVE_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmRankResults");

namespace
{
/// Appends values to bytes.
class Writer
{
  public:
    /// @param x a value, as its bytes
    template <typename T>
    void Put(T x)
    {
        m_bytes.append(reinterpret_cast<const char*>(&x), sizeof(x));
    }

    /// @param s a string: its length, then its characters
    void PutString(const std::string& s)
    {
        Put<uint64_t>(s.size());
        m_bytes += s;
    }

    /// @return the bytes
    const std::string& Get() const
    {
        return m_bytes;
    }

  private:
    std::string m_bytes; //!< written so far
};

/// Reads values back in the order written.
class Reader
{
  public:
    /// @param bytes what a Writer wrote
    explicit Reader(const std::string& bytes)
        : m_bytes(bytes)
    {
    }

    /// @return the next value
    template <typename T>
    T Get()
    {
        NS_ABORT_MSG_IF(m_at + sizeof(T) > m_bytes.size(),
                        "AtmRankResults: packed results end at octet " << m_at);
        T x;
        std::memcpy(&x, m_bytes.data() + m_at, sizeof(T));
        m_at += sizeof(T);
        return x;
    }

    /// @return the next string
    std::string GetString()
    {
        const auto n = Get<uint64_t>();
        NS_ABORT_MSG_IF(m_at + n > m_bytes.size(),
                        "AtmRankResults: packed results end at octet " << m_at);
        std::string s = m_bytes.substr(m_at, n);
        m_at += n;
        return s;
    }

  private:
    const std::string& m_bytes; //!< the bytes
    std::size_t m_at = 0;       //!< next octet
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
} // namespace

std::string
AtmRankResults::Pack(const AtmRunResults& r)
{
    Writer w;
    w.Put<uint64_t>(r.events);
    w.Put<double>(r.wallSeconds);
    w.Put<uint64_t>(r.vcs.size());
    for (const AtmRunResults::Vc& v : r.vcs)
    {
        for (uint64_t x : {v.sent, v.received, v.dropped, v.queued, v.windowCells, v.windowLost})
        {
            w.Put<uint64_t>(x);
        }
        for (double x : {v.throughputBps,
                         v.goodputBps,
                         v.delayMean,
                         v.delayP50,
                         v.delayP95,
                         v.delayP99,
                         v.delayMax,
                         v.delayMin,
                         v.blockTimeMean})
        {
            w.Put<double>(x);
        }
        for (int64_t x : {v.tcpRetransmissions, v.tcpTimeouts, v.blocks})
        {
            w.Put<int64_t>(x);
        }
        w.Put<uint64_t>(v.drops.size());
        for (const auto& [reason, n] : v.drops)
        {
            w.PutString(reason);
            w.Put<uint64_t>(n);
        }
    }
    w.Put<uint64_t>(r.links.size());
    for (const AtmRunResults::Link& l : r.links)
    {
        for (double x : {l.utilization, l.queueMean, l.creditOverhead})
        {
            w.Put<double>(x);
        }
        w.Put<uint64_t>(l.queueMax);
        w.Put<uint64_t>(l.cellsTx);
        w.Put<uint64_t>(l.dropped);
    }
    w.Put<uint64_t>(r.samples.size());
    for (const AtmRunResults::Sample& s : r.samples)
    {
        w.Put<double>(s.value);
    }
    return w.Get();
}

void
AtmRankResults::Unpack(const std::string& bytes, AtmRunResults& r)
{
    Reader in(bytes);
    r.events = in.Get<uint64_t>();
    r.wallSeconds = in.Get<double>();
    CheckSize("VCs", in.Get<uint64_t>(), r.vcs.size());
    for (AtmRunResults::Vc& v : r.vcs)
    {
        for (uint64_t* x :
             {&v.sent, &v.received, &v.dropped, &v.queued, &v.windowCells, &v.windowLost})
        {
            *x = in.Get<uint64_t>();
        }
        for (double* x : {&v.throughputBps,
                          &v.goodputBps,
                          &v.delayMean,
                          &v.delayP50,
                          &v.delayP95,
                          &v.delayP99,
                          &v.delayMax,
                          &v.delayMin,
                          &v.blockTimeMean})
        {
            *x = in.Get<double>();
        }
        for (int64_t* x : {&v.tcpRetransmissions, &v.tcpTimeouts, &v.blocks})
        {
            *x = in.Get<int64_t>();
        }
        v.drops.clear();
        for (auto n = in.Get<uint64_t>(); n > 0; --n)
        {
            const std::string reason = in.GetString();
            v.drops[reason] = in.Get<uint64_t>();
        }
    }
    CheckSize("link directions", in.Get<uint64_t>(), r.links.size());
    for (AtmRunResults::Link& l : r.links)
    {
        for (double* x : {&l.utilization, &l.queueMean, &l.creditOverhead})
        {
            *x = in.Get<double>();
        }
        l.queueMax = static_cast<uint32_t>(in.Get<uint64_t>());
        l.cellsTx = in.Get<uint64_t>();
        l.dropped = in.Get<uint64_t>();
    }
    CheckSize("samples", in.Get<uint64_t>(), r.samples.size());
    for (AtmRunResults::Sample& s : r.samples)
    {
        s.value = in.Get<double>();
    }
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
