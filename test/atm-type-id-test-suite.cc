/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The module's TypeIds as ns-3's attribute system uses them outside the
// module: ObjectFactory and CommandLine find a type by its name only if it
// is registered; ConfigStore and CommandLine write an attribute's value as
// a string and read it back; ConfigStore saves what an object holds and
// sets it again on load; the doxygen pages name each trace source's
// callback signature. A class added without NS_OBJECT_ENSURE_REGISTERED, an
// attribute whose initial value its checker refuses or that does not
// survive the string round trip, an accessor whose getter does not give
// back what its setter was given, or a trace source without a signature
// fails here.

#include "atm-test-suite.h"

#include "ns3/abort.h"
#include "ns3/object-factory.h"
#include "ns3/object-ptr-container.h"
#include "ns3/object.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/type-id.h"

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @param path a file of the module's sources
 * @return its text (the run stops if it cannot be read)
 */
std::string
ReadFile(const std::string& path)
{
    std::ifstream f(path);
    NS_ABORT_MSG_IF(!f.is_open(), "atm-type-id: cannot read " << path);
    std::stringstream text;
    text << f.rdbuf();
    return text.str();
}

/**
 * @param dir the module's source directory
 * @param list the name of a file list of its CMakeLists.txt
 * @return the files of that list, as both builds read it
 */
std::vector<std::string>
CmakeList(const std::string& dir, const std::string& list)
{
    const std::string s = ReadFile(dir + "/CMakeLists.txt");
    const std::string opening = "set(" + list;
    const std::size_t begin = s.find(opening);
    std::vector<std::string> files;
    if (begin == std::string::npos)
    {
        return files;
    }
    std::istringstream words(
        s.substr(begin + opening.size(), s.find(')', begin) - begin - opening.size()));
    for (std::string w; words >> w;)
    {
        files.push_back(w);
    }
    return files;
}

/**
 * @param dir the module's source directory
 * @param list the name of a file list of its CMakeLists.txt
 * @return the names of the TypeIds ("ns3::Atm...") its files define
 */
std::set<std::string>
DefinedTypeIds(const std::string& dir, const std::string& list)
{
    const std::regex definition("[^A-Za-z]TypeId\\(\"(ns3::Atm[A-Za-z0-9]*)\"\\)");
    std::set<std::string> names;
    for (const std::string& file : CmakeList(dir, list))
    {
        const std::string s = ReadFile(dir + "/" + file);
        for (std::sregex_iterator m(s.begin(), s.end(), definition), end; m != end; ++m)
        {
            names.insert((*m)[1]);
        }
    }
    return names;
}

/// @return the module's registered TypeIds (names beginning "ns3::Atm")
std::vector<TypeId>
AtmTypeIds()
{
    std::vector<TypeId> tids;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid.GetName().rfind("ns3::Atm", 0) == 0)
        {
            tids.push_back(tid);
        }
    }
    return tids;
}

/**
 * @param info an attribute
 * @return whether it holds an object (a PointerValue or an
 *         ObjectPtrContainerValue), whose string form names a type rather
 *         than a value; ConfigStore follows such attributes instead
 */
bool
HoldsObject(const TypeId::AttributeInformation& info)
{
    return dynamic_cast<const PointerChecker*>(PeekPointer(info.checker)) ||
           dynamic_cast<const ObjectPtrContainerChecker*>(PeekPointer(info.checker));
}

} // namespace

/**
 * @ingroup atm-tests
 * Every TypeId the module's library defines is registered, so a user can
 * name it in an ObjectFactory or on the command line before any object of
 * it exists; and no other "ns3::Atm" type is.
 */
class AtmTypeIdRegisteredTestCase : public TestCase
{
  public:
    AtmTypeIdRegisteredTestCase()
        : TestCase("Every TypeId defined in the library's sources is registered")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = ATM_SOURCE_DIR;
        const std::set<std::string> defined = DefinedTypeIds(dir, "atm_source_files");
        NS_TEST_ASSERT_MSG_GT(defined.size(), 40, "TypeIds in the sources of " << dir);
        std::set<std::string> registered;
        for (const TypeId& tid : AtmTypeIds())
        {
            registered.insert(tid.GetName());
        }
        for (const std::string& name : defined)
        {
            NS_TEST_EXPECT_MSG_EQ(registered.count(name),
                                  1,
                                  name << " is defined but not registered"
                                       << " (NS_OBJECT_ENSURE_REGISTERED missing?)");
        }
        // Types of the MPI build and of the suites (registered once a suite
        // that uses them has run in this process) are the only others.
        std::set<std::string> known = defined;
        for (const char* list : {"atm_mpi_source_files", "atm_test_sources"})
        {
            const std::set<std::string> more = DefinedTypeIds(dir, list);
            known.insert(more.begin(), more.end());
        }
        for (const std::string& name : registered)
        {
            NS_TEST_EXPECT_MSG_EQ(known.count(name), 1, name << " is registered but not defined");
        }
    }
};

/**
 * @ingroup atm-tests
 * The attributes and trace sources of every registered type, as ns-3's
 * tools use them.
 */
class AtmAttributesTestCase : public TestCase
{
  public:
    AtmAttributesTestCase()
        : TestCase("Attributes round-trip through strings, objects hold their initial values, "
                   "trace sources name their signatures")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t attributes = 0;
        uint32_t compared = 0;
        for (const TypeId& tid : AtmTypeIds())
        {
            const std::string name = tid.GetName();
            NS_TEST_EXPECT_MSG_EQ(tid.GetGroupName(), "Atm", name << "'s group");
            Ptr<Object> object;
            if (tid.HasConstructor() && tid.IsChildOf(Object::GetTypeId()))
            {
                ObjectFactory factory;
                factory.SetTypeId(tid);
                object = factory.Create();
            }
            for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
            {
                const TypeId::AttributeInformation info = tid.GetAttribute(i);
                const std::string attribute = name + "::" + info.name;
                ++attributes;
                NS_TEST_EXPECT_MSG_EQ(info.help.empty(), false, attribute << " has no help text");
                if (HoldsObject(info))
                {
                    continue;
                }
                NS_TEST_EXPECT_MSG_EQ(info.checker->Check(*info.initialValue),
                                      true,
                                      attribute << "'s checker refuses its initial value");
                // What ConfigStore saves and CommandLine --PrintAttributes
                // prints, read back as Config::SetDefault reads it (ns-3's
                // StringValue cannot read an empty string back: not ours).
                const std::string text = info.initialValue->SerializeToString(info.checker);
                const Ptr<AttributeValue> read = info.checker->Create();
                if (!text.empty() || !dynamic_cast<const StringValue*>(PeekPointer(read)))
                {
                    NS_TEST_EXPECT_MSG_EQ(read->DeserializeFromString(text, info.checker),
                                          true,
                                          attribute << " cannot read back \"" << text << "\"");
                    NS_TEST_EXPECT_MSG_EQ(read->SerializeToString(info.checker),
                                          text,
                                          attribute << "'s string round trip");
                }
                const uint32_t both = TypeId::ATTR_GET | TypeId::ATTR_SET;
                if (object && (info.flags & both) == both)
                {
                    const Ptr<AttributeValue> held = info.checker->Create();
                    object->GetAttribute(info.name, *held);
                    NS_TEST_EXPECT_MSG_EQ(held->SerializeToString(info.checker),
                                          text,
                                          "a new " << name << " does not hold " << info.name
                                                   << "'s initial value");
                    NS_TEST_EXPECT_MSG_EQ(object->SetAttributeFailSafe(info.name, *held),
                                          true,
                                          attribute << " cannot be set to the value it holds");
                    ++compared;
                }
            }
            for (std::size_t i = 0; i < tid.GetTraceSourceN(); ++i)
            {
                const TypeId::TraceSourceInformation source = tid.GetTraceSource(i);
                NS_TEST_EXPECT_MSG_EQ(source.help.empty(),
                                      false,
                                      name << "::" << source.name << " has no help text");
                NS_TEST_EXPECT_MSG_EQ(source.callback.rfind("ns3::", 0),
                                      0,
                                      name << "::" << source.name << "'s callback signature \""
                                           << source.callback << "\" is not an ns3:: typedef");
            }
        }
        NS_TEST_EXPECT_MSG_GT(attributes, 100, "attributes checked");
        NS_TEST_EXPECT_MSG_GT(compared, 80, "attributes compared on a new object");
    }
};

/**
 * @ingroup atm-tests
 * The atm-type-id test suite.
 */
class AtmTypeIdTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmTypeIdTestSuite()
        : IsolatedTestSuite("atm-type-id", Type::UNIT)
    {
        AddTestCase(new AtmTypeIdRegisteredTestCase);
        AddTestCase(new AtmAttributesTestCase);
    }
};

static AtmTypeIdTestSuite g_atmTypeIdTestSuite; //!< the suite
