/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-credit-cell.h"

#include "atm-byte-order.h"

#include "ns3/abort.h"

namespace ns3
{

namespace
{
/// Body octets: the number of records, then the reference (4 octets).
constexpr uint32_t BODY_N = 0;
/// Where the reference starts in the body.
constexpr uint32_t BODY_REF = 4;

/// The reference a credit cell carries (big-endian, at BODY_REF).
uint32_t
ReadRef(const AtmCell& cell)
{
    return static_cast<uint32_t>(AtmReadBigEndian(cell.GetBody() + BODY_REF, 4));
}
} // namespace

AtmCreditCell::AtmCreditCell()
    : m_base(0)
{
}

AtmCell
AtmCreditCell::Push(Type type, const Records& records)
{
    NS_ABORT_MSG_IF(records.n == 0 || records.n > MAX_RECORDS,
                    "AtmCreditCell: " << records.n << " records: a cell carries 1 to "
                                      << MAX_RECORDS);
    const uint32_t ref = m_base + m_kept.Size();
    m_kept.PushBack(records);
    AtmCell cell; // an idle cell: CLP 1 until cleared below
    cell.SetKind(AtmCell::CREDIT);
    cell.SetLabel(0, CREDIT_VCI);
    cell.SetClp(false);
    cell.SetPti(type == UPDATE ? AtmCell::PTI_USER_NC_SDU0 : AtmCell::PTI_USER_NC_SDU1);
    uint8_t* body = cell.GetBody();
    body[BODY_N] = static_cast<uint8_t>(records.n);
    AtmWriteBigEndian(body + BODY_REF, ref, 4);
    return cell;
}

bool
AtmCreditCell::Peek(const AtmCell& cell, Records& records) const
{
    const uint32_t i = ReadRef(cell) - m_base;
    if (i >= m_kept.Size())
    {
        return false;
    }
    records = m_kept.At(i);
    return true;
}

bool
AtmCreditCell::Get(const AtmCell& cell, Records& records)
{
    if (!Peek(cell, records))
    {
        return false;
    }
    const uint32_t ref = ReadRef(cell);
    const uint32_t i = ref - m_base;
    // Cells before this one were lost on the link or read already.
    for (uint32_t n = 0; n <= i; ++n)
    {
        m_kept.DropFront();
    }
    m_base = ref + 1;
    return true;
}

uint32_t
AtmCreditCell::GetNKept() const
{
    return m_kept.Size();
}

AtmCreditCell::Type
AtmCreditCell::GetType(const AtmCell& cell)
{
    return cell.GetPti() == AtmCell::PTI_USER_NC_SDU0 ? UPDATE : CHECK;
}

bool
AtmCreditCell::IsCreditCell(const AtmCell& cell)
{
    return cell.GetVpi() == 0 && cell.GetVci() == CREDIT_VCI;
}

void
AtmCreditCell::Serialize(const Records& records, uint8_t* payload)
{
    for (uint32_t k = 0; k < MAX_RECORDS; ++k)
    {
        uint8_t* p = payload + 8 * k;
        const Record r = k < records.n ? records.record[k] : Record{};
        AtmWriteBigEndian(p, r.vpi, 2);
        AtmWriteBigEndian(p + 2, r.vci, 2);
        AtmWriteBigEndian(p + 4, r.count, 4);
    }
}

void
AtmCreditCell::Deserialize(const uint8_t* payload, Records& records)
{
    records.n = 0;
    for (uint32_t k = 0; k < MAX_RECORDS; ++k)
    {
        const uint8_t* p = payload + 8 * k;
        Record r;
        r.vpi = static_cast<uint16_t>(AtmReadBigEndian(p, 2));
        r.vci = static_cast<uint16_t>(AtmReadBigEndian(p + 2, 2));
        r.count = static_cast<uint32_t>(AtmReadBigEndian(p + 4, 4));
        if (r.vci != 0)
        {
            records.record[records.n++] = r;
        }
    }
}

} // namespace ns3
