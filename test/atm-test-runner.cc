// Test runner of the standalone build (CMakeLists.txt): runs this module's
// ns-3 test suites, e.g.  atm-test-runner --list
//                         atm-test-runner --suite=atm-cell --tempdir=/tmp/x
// Inside an ns-3 source tree ns-3's own test-runner (test.py) is used and
// this file is not compiled.

#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
