/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_COMPAT_H
#define ATM_COMPAT_H

#include "ns3/atm-config.h"
#include "ns3/enum.h"

/**
 * @file
 * @ingroup atm
 * Spellings that changed between the ns-3 releases this module supports
 * (3.37 to the newest). One source compiles against all of them.
 */

namespace ns3
{
namespace atmcompat
{

/**
 * @brief MakeEnumAccessor<E>(a...) on ns-3 >= 3.41 (EnumValue became a template).
 * @param a the member, or the setter and getter
 * @return the accessor
 */
template <typename E, typename... A>
auto
EnumAccessorImpl(int, A... a) -> decltype(MakeEnumAccessor<E>(a...))
{
    return MakeEnumAccessor<E>(a...);
}

/**
 * @brief MakeEnumAccessor(a...) on ns-3 < 3.41.
 * @param a the member, or the setter and getter
 * @return the accessor
 */
template <typename E, typename... A>
auto
EnumAccessorImpl(long, A... a) -> decltype(MakeEnumAccessor(a...))
{
    return MakeEnumAccessor(a...);
}

} // namespace atmcompat

/**
 * @ingroup atm
 * @brief An enum attribute accessor that compiles on every supported ns-3.
 * @param a pointer to an enum member of the object, or its setter and
 *          getter
 * @return the accessor
 */
template <typename E, typename... A>
Ptr<const AttributeAccessor>
AtmMakeEnumAccessor(A... a)
{
    return atmcompat::EnumAccessorImpl<E>(0, a...);
}

/**
 * @ingroup atm
 * @brief The EnumValue that holds an E: a class template from ns-3.41 on,
 *        a plain class before.
 */
#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 41
template <typename E>
using AtmEnumValue = EnumValue;
#else
template <typename E>
using AtmEnumValue = EnumValue<E>;
#endif

} // namespace ns3

/**
 * @ingroup atm
 * @brief "override" on an Application's AssignStreams(int64_t), which
 *        ns3::Application declares virtual from ns-3.42 on (clang's
 *        -Winconsistent-missing-override and ns-3's clang-tidy want it
 *        there); nothing before, where it hides no virtual.
 */
#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 42
#define ATM_APPLICATION_ASSIGN_STREAMS_OVERRIDE
#else
#define ATM_APPLICATION_ASSIGN_STREAMS_OVERRIDE override
#endif

#endif /* ATM_COMPAT_H */
