/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_LAMBDA_H
#define ATM_TEST_LAMBDA_H

// Lambdas as ns-3 events and callbacks in the suites, on every ns-3 the
// module builds with. ns-3.36 and newer take a lambda directly
// (Simulator::Schedule (t, [&] () { ... }), Callback<void, int> ([&] (int) {
// ... })); ns-3.35, the last waf release, takes neither: its Schedule wants a
// function or a member function, and its Callback built from a functor
// compares two functors with != (for Disconnect), which a lambda lacks. The
// suites write atmtest::Schedule and atmtest::MakeLambdaCallback instead.

#include "ns3/atm-config.h"
#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/event-impl.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/simulator.h"

#include <memory>
#include <utility>

namespace ns3
{
namespace atmtest
{

/**
 * An event that runs a lambda (or any functor taking no argument).
 * @tparam F the lambda's type
 */
template <typename F>
class LambdaEvent : public EventImpl
{
  public:
    /**
     * @param f what the event runs
     */
    explicit LambdaEvent(F f)
        : m_f(std::move(f))
    {
    }

  private:
    void Notify() override
    {
        m_f();
    }

    F m_f; //!< what the event runs
};

/**
 * Simulator::Schedule for a lambda, in every ns-3 release.
 * @tparam F the lambda's type
 * @param delay when, from now
 * @param f what to run then
 * @return the event's id
 */
template <typename F>
EventId
Schedule(const Time& delay, F f)
{
    Ptr<EventImpl> event = Create<LambdaEvent<F>>(std::move(f));
    return Simulator::Schedule(delay, event);
}

#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 36
/**
 * A lambda made comparable for ns-3.35's functor callbacks: two copies of one
 * SharedFunctor are equal, any two others are not.
 * @tparam F the lambda's type
 */
template <typename F>
class SharedFunctor
{
  public:
    /**
     * @param f the lambda
     */
    explicit SharedFunctor(F f)
        : m_f(std::make_shared<F>(std::move(f)))
    {
    }

    /**
     * Call the lambda.
     * @tparam A the argument types
     * @param a the arguments
     * @return what the lambda returns
     */
    template <typename... A>
    decltype(auto) operator()(A&&... a) const
    {
        return (*m_f)(std::forward<A>(a)...);
    }

    /**
     * @param other another functor
     * @return whether the two hold different lambdas
     */
    bool operator!=(const SharedFunctor& other) const
    {
        return m_f != other.m_f;
    }

  private:
    std::shared_ptr<F> m_f; //!< the lambda, shared by the copies
};
#endif

/**
 * A lambda as a Callback<R, Args...>, in every ns-3 release.
 * @tparam R the callback's return type
 * @tparam Args the callback's argument types
 * @tparam F the lambda's type
 * @param f the lambda
 * @return the callback
 */
template <typename R, typename... Args, typename F>
Callback<R, Args...>
MakeLambdaCallback(F f)
{
#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 36
    return Callback<R, Args...>(SharedFunctor<F>(std::move(f)), true, true);
#else
    return Callback<R, Args...>(std::move(f));
#endif
}

} // namespace atmtest
} // namespace ns3

#endif /* ATM_TEST_LAMBDA_H */
