/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_TIMER_H
#define ATM_CELL_TIMER_H

#include "ns3/event-impl.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A timer of the model's own (an ABR source's next transmit
 *        opportunity, a cell source's next cell), run by the cell engine
 *        without an ns-3 event.
 *
 * Under ns3::AtmSimulatorImpl an expiry is an entry of the engine's timer
 * heap: no allocation, no Scheduler insertion; it takes its uid from the
 * engine's one counter and runs in (time, uid) order with every other
 * event, exactly when the ns-3 event it replaces would have run. A
 * cancelled expiry stays in the heap and is skipped when it comes due, as a
 * cancelled ns-3 event is (it still counts as an event and moves the
 * clock). Under any other simulator implementation Schedule() goes through
 * Simulator::Schedule, with an event object of the timer's own that it
 * schedules again at every expiry: no allocation per expiry there either
 * (a cancelled expiry stays in the Scheduler, skipped when it comes due,
 * as a cancelled ns-3 event is; the timer keeps as many event objects as
 * it has expiries pending at once, cancelled ones included). Under
 * ns3::AtmCellScheduler (MPI ranks) those events go into its timer heap,
 * not into the other Scheduler.
 *
 * @code
 *   m_timer.SetFunction(&AtmCellSource::Tick, this);
 *   m_timer.Schedule(interval); // cancels a pending expiry first
 *   m_timer.Cancel();
 * @endcode
 *
 * The function is bound once (SetFunction); the owner cancels the timer
 * when it is disposed (the destructor does too).
 */
class AtmCellTimer
{
  public:
    /// What runs at an expiry (made by SetFunction, shared by every expiry).
    class Impl : public SimpleRefCount<Impl>
    {
      public:
        /// Detaches the event objects still in a Scheduler: they will not run it.
        virtual ~Impl();
        /// Run the bound function.
        virtual void Expire() = 0;

        /**
         * @brief Schedule an expiry through Simulator (any implementation
         *        but the cell engine), with an event object not pending.
         * @param delay the delay
         */
        void ScheduleEvent(const Time& delay);

        uint32_t armedUid{0};    //!< cell engine: uid of the pending expiry (0: none)
        uint64_t armedSerial{0}; //!< another implementation: serial of the pending expiry (0: none)

        /// An expiry scheduled through Simulator: one of the timer's event objects.
        class Expiry : public EventImpl
        {
          public:
            Impl* owner{nullptr}; //!< the timer's function, or null once it is gone
            uint64_t serial{0};   //!< runs only if the owner's armedSerial is this

          protected:
            void Notify() override;
        };

        /// The event objects, each held here and by the Scheduler while pending.
        std::vector<Ptr<Expiry>> expiries;

      private:
        uint64_t m_nextSerial{1}; //!< serial of the next expiry through Simulator
        size_t m_nextExpiry{0};   //!< where the search for a free event object starts
    };

    AtmCellTimer() = default;
    /// Cancels a pending expiry.
    ~AtmCellTimer();
    AtmCellTimer(const AtmCellTimer&) = delete;
    AtmCellTimer& operator=(const AtmCellTimer&) = delete;
    /// @param other a timer, left without a function (its pending expiry
    ///        moves with the function)
    AtmCellTimer(AtmCellTimer&& other) noexcept;
    /**
     * @param other a timer, left without a function
     * @return this timer
     */
    AtmCellTimer& operator=(AtmCellTimer&& other) noexcept;

    /**
     * @brief Bind what runs at an expiry: obj->*f(args...).
     * @param f a member function
     * @param obj its object (it outlives the timer's pending expiries, or
     *        cancels them)
     * @param args the arguments
     */
    template <typename C, typename... Ps, typename... As>
    void SetFunction(void (C::*f)(Ps...), C* obj, As... args)
    {
        Cancel();
        m_impl = Ptr<Impl>(new MemberImpl<C, void (C::*)(Ps...), As...>(f, obj, args...), false);
    }

    /**
     * @brief Expire after @p delay (a pending expiry is cancelled first).
     * @param delay the delay, not negative
     */
    void Schedule(const Time& delay);

    /// @brief Cancel the pending expiry, if any.
    void Cancel();

    /// @return true if an expiry is pending
    bool IsPending() const;

    /// @return true if SetFunction was called
    bool HasFunction() const
    {
        return m_impl != nullptr;
    }

    /**
     * @return the event objects the timer keeps for implementations other
     *         than the cell engine: the most expiries pending at once,
     *         cancelled ones included, since SetFunction
     */
    size_t GetEventObjectCount() const
    {
        return m_impl ? m_impl->expiries.size() : 0;
    }

  private:
    /**
     * @brief The member function of an object, with its arguments.
     * @tparam C the class
     * @tparam F the member function's type
     * @tparam As the arguments' types
     */
    template <typename C, typename F, typename... As>
    class MemberImpl : public Impl
    {
      public:
        /**
         * @param f the member function
         * @param obj the object
         * @param args the arguments
         */
        MemberImpl(F f, C* obj, As... args)
            : m_f(f),
              m_obj(obj),
              m_args(args...)
        {
        }

        void Expire() override
        {
            std::apply([this](const As&... a) { (m_obj->*m_f)(a...); }, m_args);
        }

      private:
        F m_f;                    //!< the member function
        C* m_obj;                 //!< the object
        std::tuple<As...> m_args; //!< the arguments
    };

    Ptr<Impl> m_impl; //!< the bound function and the pending expiry, or null
};

} // namespace ns3

#endif /* ATM_CELL_TIMER_H */
