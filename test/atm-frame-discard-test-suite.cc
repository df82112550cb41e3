/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Early and Partial Packet Discard (EPD, PPD) on AAL5 frames, without a
// network: scripted arrivals of frames (cells whose last one has AUU = 1)
// and dequeues at a FIFO and at per-VC queue discs (Shared and
// StaticPartition buffers). Each case states, worked out by hand in the
// comments, exactly which cells are dropped and why ("slot:seq:reason"),
// and which frames start a FrameDiscard trace.

#include "atm-test-suite.h"

#include "ns3/atm-cell-sink-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-link-fifo-fabric.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <random>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Append a word to a space-separated list.
 * @param list the list
 * @param word the word
 */
void
AddWord(std::string& list, const std::string& word)
{
    if (!list.empty())
    {
        list += ' ';
    }
    list += word;
}

/**
 * A queue disc under a script: offers frames and single cells per VC slot
 * (each slot numbers its data cells 0, 1, 2, ...), takes cells out, and
 * records the Drop and FrameDiscard traces as words.
 */
class Script
{
  public:
    /**
     * Create and initialize the queue disc.
     * @param type its TypeId name
     * @param nVcs VC slots (weight 1)
     * @param maxCells MaxCells
     * @param epd EpdThreshold
     * @param ppd Ppd
     * @param buffer BufferManagement of a per-VC disc ("" for none)
     */
    Script(const std::string& type,
           uint32_t nVcs,
           uint32_t maxCells,
           uint32_t epd,
           bool ppd,
           const std::string& buffer = "")
        : m_seq(nVcs, 0)
    {
        ObjectFactory f(type);
        f.Set("MaxCells", UintegerValue(maxCells));
        f.Set("EpdThreshold", UintegerValue(epd));
        f.Set("Ppd", BooleanValue(ppd));
        if (!buffer.empty())
        {
            f.Set("BufferManagement", StringValue(buffer));
        }
        q = f.Create<AtmQueueDisc>();
        for (uint32_t s = 0; s < nVcs; ++s)
        {
            q->AddVc(s, 1);
        }
        q->Initialize();
        q->TraceConnectWithoutContext("Drop", MakeCallback(&Script::OnDrop, this));
        q->TraceConnectWithoutContext("FrameDiscard", MakeCallback(&Script::OnDiscard, this));
    }

    /**
     * Offer data cells of one frame.
     * @param slot the VC slot
     * @param n how many
     * @param ends whether the last of them ends the frame (AUU)
     * @return how many were queued
     */
    uint32_t Data(uint32_t slot, uint32_t n, bool ends = true)
    {
        uint32_t queued = 0;
        for (uint32_t k = 0; k < n; ++k)
        {
            AtmCell c =
                AtmCell::MakeData(0, static_cast<uint16_t>(32 + slot), m_seq[slot]++, Seconds(0));
            c.SetAuu(ends && k + 1 == n);
            queued += q->Enqueue(c, slot);
        }
        return queued;
    }

    /**
     * Offer one cell that is not user data (sequence number 900).
     * @param slot the VC slot
     * @param pti its PTI (OAM 4-5, RM 6)
     * @return whether it was queued
     */
    bool Other(uint32_t slot, uint8_t pti)
    {
        AtmCell c = AtmCell::MakeData(0, static_cast<uint16_t>(32 + slot), 900, Seconds(0));
        c.SetPti(pti);
        return q->Enqueue(c, slot);
    }

    /**
     * Take cells out.
     * @param n how many
     */
    void Take(uint32_t n)
    {
        AtmCell c;
        uint32_t slot;
        for (uint32_t k = 0; k < n; ++k)
        {
            q->Dequeue(c, slot);
        }
    }

    /// @return the drops so far as "slot:seq:reason" words, and forget them
    std::string Drops()
    {
        std::string s;
        s.swap(m_drops);
        return s;
    }

    /// @return the FrameDiscard events so far as "slot:reason" words, and forget them
    std::string Discards()
    {
        std::string s;
        s.swap(m_discards);
        return s;
    }

    Ptr<AtmQueueDisc> q; //!< the queue disc

  private:
    /**
     * Drop trace.
     * @param cell the cell
     * @param slot its slot
     * @param reason why
     */
    void OnDrop(const AtmCell& cell, uint32_t slot, const char* reason)
    {
        AddWord(m_drops,
                std::to_string(slot) + ":" + std::to_string(cell.GetSequence()) + ":" + reason);
    }

    /**
     * FrameDiscard trace.
     * @param slot the slot
     * @param reason EPD or PPD
     */
    void OnDiscard(uint32_t slot, const char* reason)
    {
        AddWord(m_discards, std::to_string(slot) + ":" + reason);
    }

    std::vector<uint32_t> m_seq; //!< next sequence number per slot
    std::string m_drops;         //!< drop words
    std::string m_discards;      //!< FrameDiscard words
};

/**
 * "slot:first..last:reason" words for a run of dropped cells.
 * @param slot the slot
 * @param first first sequence number
 * @param last last sequence number
 * @param reason the reason
 * @return the words
 */
std::string
Cells(uint32_t slot, uint32_t first, uint32_t last, const std::string& reason)
{
    std::string s;
    for (uint32_t k = first; k <= last; ++k)
    {
        AddWord(s, std::to_string(slot) + ":" + std::to_string(k) + ":" + reason);
    }
    return s;
}

/// PTI of an end-to-end OAM F5 cell.
constexpr uint8_t OAM_PTI = 5;
/// PTI of an RM cell.
constexpr uint8_t RM_PTI = 6;

} // namespace

/**
 * @ingroup atm-tests
 * EPD at a FIFO (MaxCells 20, EpdThreshold 10), where the threshold is on
 * the whole buffer: a frame whose first cell finds 10 or more cells queued
 * is dropped whole (last cell included) with one FrameDiscard; one that
 * finds 9 is taken whole even when it then fills the buffer past the
 * threshold; a one-cell frame is EPD-dropped alone; OAM and RM cells are
 * taken above the threshold and in the middle of a discarded frame, and do
 * not end its discard.
 */
class AtmEpdFifoTestCase : public TestCase
{
  public:
    AtmEpdFifoTestCase()
        : TestCase("EPD at a FIFO: whole frames, decided at the first cell, never OAM or RM")
    {
    }

  private:
    void DoRun() override
    {
        Script s("ns3::AtmFifoQueueDisc", 2, 20, 10, false);
        // Slot 0 frame 0..9 finds 0 queued: taken, 10 queued.
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 10), 10, "first frame taken");
        // Slot 1 frame 0..4 finds 10 >= 10: dropped whole.
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 5), 0, "second frame refused");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), Cells(1, 0, 4, "Epd"), "EPD drops through the last cell");
        NS_TEST_EXPECT_MSG_EQ(s.Discards(), "1:Epd", "one FrameDiscard");
        // 9 queued: slot 1 frame 5..12 (8 cells) is taken whole, to 17.
        s.Take(1);
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 8), 8, "a frame finding 9 queued is taken whole");
        NS_TEST_EXPECT_MSG_EQ(s.Drops() + s.Discards(), "", "no drop");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(0), 3, "room of any VC: 20 - 17");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(1), 3, "room of any VC: 20 - 17");
        // 17 >= 10: a one-cell frame (slot 0 seq 10) is dropped alone.
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 1), 0, "one-cell frame refused");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), "0:10:Epd", "its only cell");
        NS_TEST_EXPECT_MSG_EQ(s.Discards(), "0:Epd", "one FrameDiscard");
        // Non-data cells at 17 >= 10: taken (18, 19).
        NS_TEST_EXPECT_MSG_EQ(s.Other(0, OAM_PTI), true, "OAM taken above the threshold");
        NS_TEST_EXPECT_MSG_EQ(s.Other(1, RM_PTI), true, "RM taken above the threshold");
        // Slot 1 frame 13..15 starts at 19: EPD. An OAM cell of slot 1
        // between its cells is taken (20, full); the frame's rest stays dropped.
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 2, false), 0, "frame refused");
        NS_TEST_EXPECT_MSG_EQ(s.Other(1, OAM_PTI), true, "OAM in a discarded frame taken");
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 1), 0, "the frame's last cell dropped");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), Cells(1, 13, 15, "Epd"), "the whole frame");
        NS_TEST_EXPECT_MSG_EQ(s.Discards(), "1:Epd", "one FrameDiscard for it");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetNCells(), 20, "buffer full of taken cells");
        // Drain to 0: the next frames are treated normally.
        s.Take(20);
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 3) + s.Data(0, 3), 6, "frames after discards taken");
        NS_TEST_EXPECT_MSG_EQ(s.Drops() + s.Discards(), "", "no drop");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetNDropped("Epd"), 9, "cells dropped by EPD");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetNDropped(), 9, "and nothing else");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * PPD at a FIFO of 5 cells (EPD off): a frame that loses a cell to
 * overflow loses the rest too (Ppd), but its last cell is offered normally
 * (taken when there is room, Overflow when not); one FrameDiscard per
 * damaged frame; a frame whose last cell overflows, or that starts with a
 * dropped first cell, is handled the same way; another VC's frame in
 * between is unaffected; frames after are normal. With Ppd false the same
 * arrivals give only Overflow drops. OAM and RM cells in a damaged frame
 * are taken and do not end its discard.
 */
class AtmPpdFifoTestCase : public TestCase
{
  public:
    /// @param ppd the Ppd attribute
    explicit AtmPpdFifoTestCase(bool ppd)
        : TestCase(std::string("PPD at a FIFO, Ppd ") + (ppd ? "on" : "off (control)")),
          m_ppd(ppd)
    {
    }

  private:
    void DoRun() override
    {
        Script s("ns3::AtmFifoQueueDisc", 2, 5, 0, m_ppd);
        const std::string rest = m_ppd ? "Ppd" : "Overflow";
        // Slot 0 frame 0..7: 0-4 taken (full); 5 Overflow (PPD starts);
        // 6 Ppd (Overflow without PPD).
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 7, false), 5, "five taken");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), "0:5:Overflow 0:6:" + rest, "overflow, then the rest");
        NS_TEST_EXPECT_MSG_EQ(s.Discards(), std::string(m_ppd ? "0:Ppd" : ""), "one FrameDiscard");
        // Room for 2. Slot 1 frame 0..1 in between is taken (5, full).
        s.Take(2);
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 2), 2, "another VC's frame taken");
        // Room for 1: slot 0 seq 7 (not last) takes it without PPD; with
        // PPD it is dropped; the last cell 8 is offered normally: taken
        // with PPD (room left), Overflow without.
        s.Take(1);
        s.Data(0, 1, false);
        s.Data(0, 1);
        NS_TEST_EXPECT_MSG_EQ(s.Drops(),
                              std::string(m_ppd ? "0:7:Ppd" : "0:8:Overflow"),
                              "PPD drops up to, not including, the last cell");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetNCells(), 5, "full again");
        // Slot 0 frame 9..10 at a full buffer: the first cell Overflow,
        // (PPD starts, as the frame is damaged), the last cell Overflow.
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 2), 0, "nothing taken");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), "0:9:Overflow 0:10:Overflow", "last cell offered");
        NS_TEST_EXPECT_MSG_EQ(s.Discards(),
                              std::string(m_ppd ? "0:Ppd" : ""),
                              "one more FrameDiscard");
        // A frame whose last cell overflows: nothing is left to discard.
        s.Take(1);
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 2), 1, "first cell taken");
        NS_TEST_EXPECT_MSG_EQ(s.Drops() + s.Discards(), "1:3:Overflow", "no FrameDiscard");
        // Empty: the next frames are normal.
        s.Take(5);
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 3) + s.Data(1, 2), 5, "normal again");
        NS_TEST_EXPECT_MSG_EQ(s.Drops() + s.Discards(), "", "no drop");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetNDropped("Ppd"), (m_ppd ? 2 : 0), "cells dropped by PPD");

        // OAM and RM cells in the middle of a PPD-discarded frame (MaxCells
        // 3): 0-2 taken, 3 Overflow (PPD starts); emptied, OAM and RM are
        // taken, 4 is Ppd (taken without PPD), 5 (last) is offered: taken
        // with PPD, Overflow without.
        Script u("ns3::AtmFifoQueueDisc", 1, 3, 0, m_ppd);
        u.Data(0, 4, false);
        u.Take(3);
        NS_TEST_EXPECT_MSG_EQ(u.Other(0, OAM_PTI), true, "OAM taken in a damaged frame");
        NS_TEST_EXPECT_MSG_EQ(u.Other(0, RM_PTI), true, "RM taken in a damaged frame");
        u.Data(0, 1, false);
        u.Data(0, 1);
        NS_TEST_EXPECT_MSG_EQ(
            u.Drops(),
            std::string(m_ppd ? "0:3:Overflow 0:4:Ppd" : "0:3:Overflow 0:5:Overflow"),
            "OAM and RM neither dropped nor ending the discard");
        Simulator::Destroy();
    }

    bool m_ppd; //!< Ppd attribute
};

/**
 * @ingroup atm-tests
 * EPD at a per-VC queue disc with a Shared buffer (MaxCells 12,
 * EpdThreshold 6, 2 VCs): the threshold is on the whole buffer, so a VC
 * with nothing queued has its frame dropped when others fill the buffer;
 * GetVcRoom is the free buffer for every VC. PPD with it: an Overflow in
 * the middle of a frame discards the rest but the last cell.
 */
class AtmEpdSharedTestCase : public TestCase
{
  public:
    AtmEpdSharedTestCase()
        : TestCase("EPD and PPD at a per-VC Shared buffer: the threshold is on the buffer")
    {
    }

  private:
    void DoRun() override
    {
        Script s("ns3::AtmPerVcQueueDisc", 2, 12, 6, true, "Shared");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(0), 12, "room, empty");
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 7), 7, "slot 0 frame taken at 0");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(0), 5, "room of slot 0: 12 - 7");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(1), 5, "room of slot 1: 12 - 7");
        // Slot 1 holds nothing, but the buffer holds 7 >= 6.
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 2), 0, "slot 1 frame refused");
        NS_TEST_EXPECT_MSG_EQ(s.Drops() + " " + s.Discards(),
                              Cells(1, 0, 1, "Epd") + " 1:Epd",
                              "EPD on the shared occupancy");
        // Down to 5 (slot 0 seqs 0, 1 served): slot 1 frame 2..9 (8 cells)
        // starts below 6: 2..8 taken to 12, 9 is its last: Overflow.
        s.Take(2);
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 7, false), 7, "taken to the full buffer");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(1), 0, "no room");
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 1), 0, "last cell");
        NS_TEST_EXPECT_MSG_EQ(s.Drops() + s.Discards(), "1:9:Overflow", "no PPD on a last cell");
        // Slot 0 frame 7..10 at full: EPD (12 >= 6), not Overflow.
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 4), 0, "refused");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), Cells(0, 7, 10, "Epd"), "EPD first");
        NS_TEST_EXPECT_MSG_EQ(s.Discards(), "0:Epd", "one FrameDiscard");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * EPD at a per-VC queue disc with StaticPartition (MaxCells 12, 2 VCs:
 * 6 cells each; EpdThreshold 4): the threshold applies to the VC's own
 * partition, so one VC's full partition does not make another's frame
 * refused; GetVcRoom is the smaller of the partition's room and the
 * buffer's. PPD follows a VcLimit drop. With VcLimit 8 (12 shared, 8 per
 * VC) the buffer, not the partition, can be what limits the room.
 */
class AtmEpdStaticPartitionTestCase : public TestCase
{
  public:
    AtmEpdStaticPartitionTestCase()
        : TestCase("EPD and PPD at a per-VC StaticPartition: the threshold is per partition")
    {
    }

  private:
    void DoRun() override
    {
        Script s("ns3::AtmPerVcQueueDisc", 2, 12, 4, true, "StaticPartition");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(0), 6, "room: the partition");
        // Slot 0 frame 0..4 at 0: taken (5 of 6).
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 5), 5, "slot 0 frame taken");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(0), 1, "slot 0: 6 - 5");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(1), 6, "slot 1: its partition is empty");
        // Slot 1 frame 0..2: its own partition holds 0 < 4 (the buffer 5).
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 3), 3, "slot 1 frame taken");
        NS_TEST_EXPECT_MSG_EQ(s.q->GetVcRoom(1), 3, "slot 1: 6 - 3");
        // Slot 0 frame 5..6: its partition holds 5 >= 4.
        NS_TEST_EXPECT_MSG_EQ(s.Data(0, 2), 0, "slot 0 frame refused");
        NS_TEST_EXPECT_MSG_EQ(s.Drops() + " " + s.Discards(),
                              Cells(0, 5, 6, "Epd") + " 0:Epd",
                              "EPD on the partition");
        // Slot 1 frame 3..7 at 3 < 4: 3..5 taken (6 of 6), 6 VcLimit (PPD
        // starts), 7 (last) offered: VcLimit.
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 5), 3, "three taken");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), "1:6:VcLimit 1:7:VcLimit", "partition full");
        NS_TEST_EXPECT_MSG_EQ(s.Discards(), "1:Ppd", "PPD after a VcLimit drop");
        // Slot 1 frame 8..11: 6 >= 4: EPD.
        s.Take(1); // slot 0 seq 0 goes first
        NS_TEST_EXPECT_MSG_EQ(s.Data(1, 4), 0, "refused");
        NS_TEST_EXPECT_MSG_EQ(s.Drops(), Cells(1, 8, 11, "Epd"), "EPD");

        // VcLimit 8: 8 per VC of 12. Slot 0 holds 7, slot 1 holds 4.
        Script t("ns3::AtmPerVcQueueDisc", 2, 12, 0, false, "StaticPartition");
        t.q->SetAttribute("VcLimit", UintegerValue(8));
        NS_TEST_EXPECT_MSG_EQ(t.Data(0, 7) + t.Data(1, 4), 11, "taken");
        NS_TEST_EXPECT_MSG_EQ(t.q->GetVcRoom(0), 1, "slot 0: 8 - 7 (buffer 1)");
        NS_TEST_EXPECT_MSG_EQ(t.q->GetVcRoom(1), 1, "slot 1: the buffer's 1, not 8 - 4");
        t.Take(3);
        // Round robin took slot 0, 1, 0: slot 0 holds 5, slot 1 holds 3, the buffer 8.
        NS_TEST_EXPECT_MSG_EQ(t.q->GetVcRoom(0), 3, "slot 0: the partition's 8 - 5");
        NS_TEST_EXPECT_MSG_EQ(t.q->GetVcRoom(1), 4, "slot 1: the buffer's 12 - 8, not 8 - 3");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Random arrivals (3 VCs interleaving frames of 1 to 8 cells, 5% OAM
 * cells, random dequeues) at a FIFO of 16 cells, compared cell by cell
 * with a reference written here from the definitions: EPD refuses a frame
 * whose first data cell finds at least EpdThreshold cells queued, through
 * its last cell; PPD, after a data cell of a frame is lost to overflow
 * (other than its last), drops the rest of that frame but its last cell,
 * which is offered; other cells are only ever lost to overflow.
 */
class AtmFrameDiscardRandomTestCase : public TestCase
{
  public:
    /**
     * @param epd EpdThreshold
     * @param ppd Ppd
     */
    AtmFrameDiscardRandomTestCase(uint32_t epd, bool ppd)
        : TestCase("random arrivals at a FIFO against a reference: EpdThreshold " +
                   std::to_string(epd) + ", Ppd " + (ppd ? "on" : "off")),
          m_epd(epd),
          m_ppd(ppd)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t nVcs = 3;
        const uint32_t maxCells = 16;
        Script s("ns3::AtmFifoQueueDisc", nVcs, maxCells, m_epd, m_ppd);
        std::mt19937 rng(1234 + m_epd + m_ppd);

        // Reference state: cells queued; per VC: cells left in the frame
        // being sent, in a frame, what is being done with it, next seq.
        enum Mode
        {
            KEEP,
            EPD,
            PPD
        };

        uint32_t queued = 0;
        std::vector<uint32_t> left(nVcs, 0);
        std::vector<bool> mid(nVcs, false);
        std::vector<Mode> mode(nVcs, KEEP);
        std::vector<uint32_t> seq(nVcs, 0);
        std::string drops;
        std::string discards;
        auto drop = [&drops](uint32_t v, uint32_t q, const char* why) {
            AddWord(drops, std::to_string(v) + ":" + std::to_string(q) + ":" + why);
        };
        for (int event = 0; event < 20000; ++event)
        {
            if (rng() % 2 == 0)
            {
                s.Take(1);
                queued -= queued > 0;
                continue;
            }
            const uint32_t v = rng() % nVcs;
            if (rng() % 20 == 0)
            {
                // OAM: only overflow can drop it (Script numbers it 900).
                s.Other(v, OAM_PTI);
                if (queued < maxCells)
                {
                    ++queued;
                }
                else
                {
                    drop(v, 900, "Overflow");
                }
                continue;
            }
            if (left[v] == 0)
            {
                left[v] = 1 + rng() % 8;
            }
            const bool last = --left[v] == 0;
            s.Data(v, 1, last);
            const uint32_t q = seq[v]++;
            const bool first = !mid[v];
            mid[v] = !last;
            if (mode[v] == EPD || (mode[v] == PPD && !last))
            {
                drop(v, q, mode[v] == EPD ? "Epd" : "Ppd");
                mode[v] = last ? KEEP : mode[v];
                continue;
            }
            mode[v] = KEEP;
            if (first && m_epd > 0 && queued >= m_epd)
            {
                drop(v, q, "Epd");
                AddWord(discards, std::to_string(v) + ":Epd");
                mode[v] = last ? KEEP : EPD;
                continue;
            }
            if (queued >= maxCells)
            {
                drop(v, q, "Overflow");
                if (m_ppd && !last)
                {
                    AddWord(discards, std::to_string(v) + ":Ppd");
                    mode[v] = PPD;
                }
                continue;
            }
            ++queued;
        }
        NS_TEST_EXPECT_MSG_EQ(s.q->GetNCells(), queued, "cells queued");
        const std::string modelDrops = s.Drops();
        NS_TEST_EXPECT_MSG_EQ((modelDrops == drops),
                              true,
                              "drops differ; model: " << modelDrops << "\nreference: " << drops);
        NS_TEST_EXPECT_MSG_EQ(s.Discards(), discards, "FrameDiscard events");
        NS_TEST_EXPECT_MSG_NE(drops.find(":Overflow"), std::string::npos, "overflow seen");
        NS_TEST_EXPECT_MSG_EQ((drops.find(":Epd") != std::string::npos), (m_epd > 0), "EPD seen");
        NS_TEST_EXPECT_MSG_EQ((drops.find(":Ppd") != std::string::npos), m_ppd, "PPD seen");
        Simulator::Destroy();
    }

    uint32_t m_epd; //!< EpdThreshold
    bool m_ppd;     //!< Ppd
};

/**
 * @ingroup atm-tests
 * EPD and PPD where cells wait inside a switch fabric: the shared input
 * buffer of AtmInputBufferedFabric and the link FIFO of AtmLinkFifoFabric.
 *
 * Host h sends 8 frames of 5 cells (40 cells) back to back at the full
 * link rate through switch S to d, whose link runs at 1/1000 of it, so no
 * cell leaves S's output during the burst but the first, which starts
 * being sent (and leaves the input accounting) as it arrives. Hand count:
 * - input buffer: cells in it after frame k (k >= 1) are 5k - 1. EPD 10:
 *   frames 1-3 find 0, 4, 9 (< 10: the first cell itself not counted) and
 *   pass; frames 4-8 find 14: 25 cells Epd. PPD, Buff_Size 12 (a cell is
 *   dropped when, with it, the buffer would hold 13): cells 0-12 pass,
 *   cell 13 (4th of frame 3) is dropped full and PPD starts; cell 14 ends
 *   the frame, is offered and dropped full; frames 4-8 each lose their
 *   first cell full (PPD starts), the three middle ones Ppd and the last
 *   full: 12 InputBufferFull, 15 Ppd.
 * - link FIFO (output queue disc: a FIFO of 3 cells): cell 0 passes, cells
 *   1-3 fill the output queue, the rest wait in the FIFO, 5k - 4 after
 *   frame k. EPD 7: frames 1-3 find 0, 1, 6 (< 7); frames 4-8 find 11:
 *   25 Epd. PPD, FifoSize 9: cells 4-12 fill it, then as above: 12
 *   LinkFifoFull, 15 Ppd.
 * Every other cell reaches d once the output drains.
 */
class AtmFabricFrameDiscardTestCase : public TestCase
{
  public:
    /**
     * @param fifo the link FIFO fabric (else the input-buffered one)
     * @param ppd PPD at the fabric's buffer (else EPD)
     */
    AtmFabricFrameDiscardTestCase(bool fifo, bool ppd)
        : TestCase(
              std::string(ppd ? "PPD" : "EPD") + " at the " +
              (fifo ? "link FIFO of AtmLinkFifoFabric" : "input buffer of AtmInputBufferedFabric") +
              ": exact cells dropped per reason"),
          m_fifo(fifo),
          m_ppd(ppd)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3); // h, S, d
        AtmSwitchHelper sw;
        if (m_fifo)
        {
            sw.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(3));
            sw.SetFabric("ns3::AtmLinkFifoFabric",
                         "FifoSize",
                         UintegerValue(m_ppd ? 9 : 20),
                         "EpdThreshold",
                         UintegerValue(m_ppd ? 0 : 7),
                         "Ppd",
                         BooleanValue(m_ppd));
        }
        else
        {
            sw.SetFabric("ns3::AtmInputBufferedFabric",
                         "BufferSize",
                         UintegerValue(m_ppd ? 12 : 20),
                         "EpdThreshold",
                         UintegerValue(m_ppd ? 0 : 10),
                         "Ppd",
                         BooleanValue(m_ppd));
        }
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        NetDeviceContainer in = atm.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer out = atm.Install(nodes.Get(1), nodes.Get(2));
        Ptr<AtmNetDevice> slow = DynamicCast<AtmNetDevice>(out.Get(0));
        const Time cell = slow->GetCellTime();
        slow->SetDataRate(DataRate(slow->GetDataRate().GetBitRate() / 1000));
        Ptr<AtmVc> vc = AtmVcHelper().Create(nodes);
        AtmCellSinkHelper().Install(vc);
        Ptr<AtmNetDevice> host = vc->GetHopDevice(0);
        for (uint32_t i = 0; i < 40; ++i)
        {
            AtmCell c = AtmCell::MakeData(0, 0, i, Seconds(0));
            c.SetAuu(i % 5 == 4);
            NS_TEST_ASSERT_MSG_EQ(host->SendCell(vc->GetHopSlot(0), c), true, "host queued");
        }
        Simulator::Stop(cell * 1000 * 50);
        Simulator::Run();
        const char* full =
            m_fifo ? AtmLinkFifoFabric::LINK_FIFO_DROP : AtmInputBufferedFabric::INPUT_BUFFER_DROP;
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(AtmFrameDiscard::EPD_DROP),
                              (m_ppd ? 0 : 25),
                              "cells dropped by EPD");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(AtmFrameDiscard::PPD_DROP),
                              (m_ppd ? 15 : 0),
                              "cells dropped by PPD");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(full), (m_ppd ? 12 : 0), "cells dropped full");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), (m_ppd ? 27 : 25), "no other loss");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), (m_ppd ? 13 : 15), "the rest arrive");
        Ptr<AtmSwitch> s = nodes.Get(1)->GetObject<AtmSwitch>();
        NS_TEST_EXPECT_MSG_EQ(s->GetNFabricDrops(), (m_ppd ? 27 : 25), "all in the fabric");
        NS_TEST_EXPECT_MSG_EQ(
            s->GetPort(s->GetPortIndex(DynamicCast<AtmNetDevice>(in.Get(1))))->GetCellsInNode(),
            0,
            "the input accounting drained");
        Simulator::Destroy();
    }

    bool m_fifo; //!< link FIFO fabric (else input-buffered)
    bool m_ppd;  //!< PPD (else EPD)
};

/**
 * @ingroup atm-tests
 * The atm-frame-discard test suite.
 */
class AtmFrameDiscardTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmFrameDiscardTestSuite()
        : IsolatedTestSuite("atm-frame-discard", Type::UNIT)
    {
        AddTestCase(new AtmEpdFifoTestCase);
        AddTestCase(new AtmPpdFifoTestCase(true));
        AddTestCase(new AtmPpdFifoTestCase(false));
        AddTestCase(new AtmEpdSharedTestCase);
        AddTestCase(new AtmEpdStaticPartitionTestCase);
        AddTestCase(new AtmFrameDiscardRandomTestCase(10, true));
        AddTestCase(new AtmFrameDiscardRandomTestCase(0, true));
        AddTestCase(new AtmFrameDiscardRandomTestCase(12, false));
        for (bool fifo : {false, true})
        {
            AddTestCase(new AtmFabricFrameDiscardTestCase(fifo, false));
            AddTestCase(new AtmFabricFrameDiscardTestCase(fifo, true));
        }
    }
};

/// The suite's instance.
static AtmFrameDiscardTestSuite g_atmFrameDiscardTestSuite;
