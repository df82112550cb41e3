/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_WATCHED_TRACED_CALLBACK_H
#define ATM_WATCHED_TRACED_CALLBACK_H

#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A TracedCallback that keeps its owner's count of watched trace
 *        sources with at least one sink.
 *
 * The fast cell path asks, for every cell, whether anything listens to a
 * queue disc (AtmQueueDisc::IsObserved): with this, one load instead of a
 * look at every trace source. Declared with MakeTraceSourceAccessor as a
 * TracedCallback is; the accessor's connect and disconnect reach these
 * members, which keep the count.
 *
 * @tparam Ts the arguments of the sinks
 */
template <typename... Ts>
class AtmWatchedTracedCallback : public TracedCallback<Ts...>
{
  public:
    /**
     * @brief Keep @p count: one for every watched source with a sink.
     * @param count the owner's counter (outlives this)
     */
    void Watch(uint32_t* count)
    {
        m_count = count;
    }

    /**
     * @brief Connect a sink.
     * @param callback the sink
     */
    void ConnectWithoutContext(const CallbackBase& callback)
    {
        const bool was = this->IsEmpty();
        TracedCallback<Ts...>::ConnectWithoutContext(callback);
        Count(was);
    }

    /**
     * @brief Connect a sink with a context.
     * @param callback the sink
     * @param path the context
     */
    void Connect(const CallbackBase& callback, std::string path)
    {
        const bool was = this->IsEmpty();
        TracedCallback<Ts...>::Connect(callback, path);
        Count(was);
    }

    /**
     * @brief Disconnect a sink.
     * @param callback the sink
     */
    void DisconnectWithoutContext(const CallbackBase& callback)
    {
        const bool was = this->IsEmpty();
        TracedCallback<Ts...>::DisconnectWithoutContext(callback);
        Count(was);
    }

    /**
     * @brief Disconnect a sink with a context.
     * @param callback the sink
     * @param path the context
     */
    void Disconnect(const CallbackBase& callback, std::string path)
    {
        const bool was = this->IsEmpty();
        TracedCallback<Ts...>::Disconnect(callback, path);
        Count(was);
    }

  private:
    /**
     * @brief Update the count after a change.
     * @param wasEmpty whether the source had no sink before it
     */
    void Count(bool wasEmpty)
    {
        const bool isEmpty = this->IsEmpty();
        if (m_count && wasEmpty != isEmpty)
        {
            *m_count = wasEmpty ? *m_count + 1 : *m_count - 1;
        }
    }

    uint32_t* m_count{nullptr}; //!< the owner's count
};

} // namespace ns3

#endif /* ATM_WATCHED_TRACED_CALLBACK_H */
