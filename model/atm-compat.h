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
 * @brief MakeEnumAccessor<E>(m) on ns-3 >= 3.41 (EnumValue became a template).
 * @param m the member or accessor
 * @return the accessor
 */
template <typename E, typename M>
auto
EnumAccessorImpl(M m, int) -> decltype(MakeEnumAccessor<E>(m))
{
    return MakeEnumAccessor<E>(m);
}

/**
 * @brief MakeEnumAccessor(m) on ns-3 < 3.41.
 * @param m the member or accessor
 * @return the accessor
 */
template <typename E, typename M>
auto
EnumAccessorImpl(M m, long) -> decltype(MakeEnumAccessor(m))
{
    return MakeEnumAccessor(m);
}

/**
 * @brief MakeEnumAccessor<E>(a1, a2) on ns-3 >= 3.41.
 * @param a1 the setter (or getter)
 * @param a2 the getter (or setter)
 * @return the accessor
 */
template <typename E, typename A1, typename A2>
auto
EnumAccessorImpl(A1 a1, A2 a2, int) -> decltype(MakeEnumAccessor<E>(a1, a2))
{
    return MakeEnumAccessor<E>(a1, a2);
}

/**
 * @brief MakeEnumAccessor(a1, a2) on ns-3 < 3.41.
 * @param a1 the setter (or getter)
 * @param a2 the getter (or setter)
 * @return the accessor
 */
template <typename E, typename A1, typename A2>
auto
EnumAccessorImpl(A1 a1, A2 a2, long) -> decltype(MakeEnumAccessor(a1, a2))
{
    return MakeEnumAccessor(a1, a2);
}

} // namespace atmcompat

/**
 * @ingroup atm
 * @brief An enum attribute accessor that compiles on every supported ns-3.
 * @param m pointer to an enum member of the object
 * @return the accessor
 */
template <typename E, typename M>
Ptr<const AttributeAccessor>
AtmMakeEnumAccessor(M m)
{
    return atmcompat::EnumAccessorImpl<E>(m, 0);
}

/**
 * @ingroup atm
 * @brief An enum attribute accessor by setter and getter that compiles on
 *        every supported ns-3.
 * @param a1 the setter (or getter)
 * @param a2 the getter (or setter)
 * @return the accessor
 */
template <typename E, typename A1, typename A2>
Ptr<const AttributeAccessor>
AtmMakeEnumAccessor(A1 a1, A2 a2)
{
    return atmcompat::EnumAccessorImpl<E>(a1, a2, 0);
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
