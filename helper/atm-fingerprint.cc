/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-fingerprint.h"

#include "atm-helper.h"

#include "ns3/atm-cell.h"
#include "ns3/atm-net-device.h"
#include "ns3/callback.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <cstdio>

namespace ns3
{

namespace
{
constexpr uint64_t FNV_OFFSET = 0xcbf29ce484222325ULL; //!< FNV-1a 64 offset basis
constexpr uint64_t FNV_PRIME = 0x100000001b3ULL;       //!< FNV-1a 64 prime
} // namespace

AtmFingerprint::AtmFingerprint()
    : m_hash(FNV_OFFSET),
      m_nCells(0)
{
}

void
AtmFingerprint::Install(Ptr<AtmNetDevice> device)
{
    const uint64_t port =
        (static_cast<uint64_t>(device->GetNode()->GetId()) << 32) | device->GetIfIndex();
    device->TraceConnectWithoutContext(
        "PhyTxBegin",
        MakeBoundCallback(&AtmFingerprint::DepartureSink, this, port));
}

void
AtmFingerprint::InstallAll()
{
    for (const Ptr<AtmNetDevice>& d : AtmHelper::GetAllDevices())
    {
        Install(d);
    }
}

void
AtmFingerprint::DepartureSink(AtmFingerprint* fp, uint64_t port, const AtmCell& cell)
{
    fp->Departure(port, cell);
}

void
AtmFingerprint::Fold(uint64_t v)
{
    for (int i = 0; i < 8; ++i)
    {
        m_hash = (m_hash ^ ((v >> (8 * i)) & 0xff)) * FNV_PRIME;
    }
}

void
AtmFingerprint::Departure(uint64_t port, const AtmCell& cell)
{
    ++m_nCells;
    Fold(static_cast<uint64_t>(Simulator::Now().GetTimeStep()));
    Fold(port);
    uint8_t header[4];
    cell.SerializeHeader(header);
    Fold((static_cast<uint64_t>(cell.GetKind()) << 32) | (uint64_t(header[0]) << 24) |
         (uint64_t(header[1]) << 16) | (uint64_t(header[2]) << 8) | header[3]);
    const uint8_t* body = cell.GetBody();
    for (int w = 0; w < 2; ++w)
    {
        uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
        {
            v |= static_cast<uint64_t>(body[8 * w + i]) << (8 * i);
        }
        Fold(v);
    }
}

uint64_t
AtmFingerprint::HashText(const std::string& text)
{
    uint64_t hash = FNV_OFFSET;
    for (unsigned char c : text)
    {
        hash = (hash ^ c) * FNV_PRIME;
    }
    return hash;
}

uint64_t
AtmFingerprint::GetValue() const
{
    return m_hash;
}

std::string
AtmFingerprint::GetHex() const
{
    char text[17];
    std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(m_hash));
    return text;
}

uint64_t
AtmFingerprint::GetNCells() const
{
    return m_nCells;
}

} // namespace ns3
