/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_TRACE_PATHS_H
#define ATM_TEST_TRACE_PATHS_H

// Whether a trace source is reached by Config path as ns-3 users reach
// one (Config::Connect with wildcards): the suites count its calls both by
// path, under the context Config gives each, and on the objects
// themselves, under the path each should have.

#include "atm-test-lambda.h"

#include "ns3/config.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/object.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace ns3
{
namespace atmtest
{

/**
 * The calls of one trace source, counted by Config path and on its objects.
 * @tparam Args the trace source's arguments
 */
template <typename... Args>
class TracePaths
{
  public:
    /**
     * @param pattern the path of the objects that have the trace source,
     *        with wildcards (a star for any node, any device)
     * @param trace the trace source's name
     */
    TracePaths(std::string pattern, std::string trace)
        : m_pattern(std::move(pattern)),
          m_trace(std::move(trace))
    {
    }

    /// @return how many objects the pattern reaches
    uint32_t GetNMatches() const
    {
        return static_cast<uint32_t>(Config::LookupMatches(m_pattern).GetN());
    }

    /// Count the trace's calls by path: Config::Connect on pattern/trace.
    void ConnectByPath()
    {
        Config::Connect(m_pattern + "/" + m_trace,
                        MakeLambdaCallback<void, std::string, Args...>(
                            [this](std::string context, Args...) { ++byPath[context]; }));
    }

    /**
     * @brief Count the trace's calls on an object, under the context the
     *        path should give them.
     * @param object the object, found through the C++ API
     * @param path its path without wildcards (e.g. "/NodeList/0/...")
     * @return whether that path reaches this object and no other
     */
    bool ConnectObject(Ptr<Object> object, const std::string& path)
    {
        const std::string context = path + "/" + m_trace;
        object->TraceConnectWithoutContext(
            m_trace,
            MakeLambdaCallback<void, Args...>([this, context](Args...) { ++byObject[context]; }));
        const Config::MatchContainer matches = Config::LookupMatches(path);
        return matches.GetN() == 1 && matches.Get(0) == object;
    }

    /// Calls per context, by path (a context with no call is absent).
    std::map<std::string, uint64_t> byPath;
    /// Calls per expected context, on the objects (one with no call is absent).
    std::map<std::string, uint64_t> byObject;

  private:
    std::string m_pattern; //!< the objects' path pattern
    std::string m_trace;   //!< the trace source
};

/**
 * @param device a device
 * @return its Config path, "/NodeList/N/DeviceList/D/$ns3::AtmNetDevice"
 */
inline std::string
DevicePath(Ptr<NetDevice> device)
{
    return "/NodeList/" + std::to_string(device->GetNode()->GetId()) + "/DeviceList/" +
           std::to_string(device->GetIfIndex()) + "/$ns3::AtmNetDevice";
}

} // namespace atmtest
} // namespace ns3

#endif /* ATM_TEST_TRACE_PATHS_H */
