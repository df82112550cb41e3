# atm_find_ns3(<wheel dir>): find the installed ns-3 the atm module builds
# against, as the module's standalone build and its installed CMake package
# (ns3-atmConfig.cmake) both need it.
#
# <wheel dir> empty: the system's ns-3 (Debian's libns3-dev), by
# find_package(ns3). Otherwise the ns3 package directory of PyPI's ns3
# wheel (<venv>/lib/python3.x/site-packages/ns3), whose CMake package is in
# lib64/cmake/ns3 and whose targets must be mended (below).
#
# Sets atm_imported to the ns3:: imported targets found; ns3_VERSION and
# ns3_DIR are find_package's.
macro(atm_find_ns3 atm_wheel_dir)
  if(NOT "${atm_wheel_dir}" STREQUAL "")
    if(NOT EXISTS "${atm_wheel_dir}/lib64/cmake/ns3/ns3Config.cmake")
      message(
        FATAL_ERROR
          "atm: NS3_WHEEL_DIR=${atm_wheel_dir} has no lib64/cmake/ns3/ns3Config.cmake; "
          "give the ns3 package directory of a venv with 'pip install --no-deps ns3' "
          "(utils/install-deps.sh makes build/ns3-wheel/venv)"
      )
    endif()
    find_package(ns3 CONFIG REQUIRED PATHS "${atm_wheel_dir}/lib64/cmake/ns3" NO_DEFAULT_PATH)
  else()
    find_package(ns3 CONFIG REQUIRED)
  endif()

  # All ns3:: imported targets.
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.21)
    get_property(atm_imported DIRECTORY PROPERTY IMPORTED_TARGETS)
  else()
    set(atm_imported)
    foreach(
      atm_m
      antenna aodv applications bridge buildings config-store core csma
      csma-layout dsdv dsr energy fd-net-device flow-monitor internet
      internet-apps lr-wpan lte mesh mobility netanim network nix-vector-routing
      olsr point-to-point point-to-point-layout propagation sixlowpan spectrum
      stats tap-bridge topology-read traffic-control uan virtual-net-device wave
      wifi wimax zigbee
    )
      foreach(atm_t ns3::lib${atm_m} ns3::${atm_m})
        if(TARGET ${atm_t})
          list(APPEND atm_imported ${atm_t})
        endif()
      endforeach()
    endforeach()
  endif()
  list(FILTER atm_imported INCLUDE REGEX "^ns3::")

  # The wheel's targets name the machine it was built on: include
  # directories such as /usr/local/include, /usr/include/gtk-3.0,
  # /opt/python/... and link entries such as /usr/lib64/libgsl.so or
  # /lib64/libsqlite3.so. Its own libraries find their bundled
  # gsl/sqlite/libxml2 by their RPATH ($ORIGIN).
  if(NOT "${atm_wheel_dir}" STREQUAL "")
    foreach(atm_t ${atm_imported})
      set_target_properties(
        ${atm_t} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${atm_wheel_dir}/include"
      )
      get_target_property(atm_link_items ${atm_t} INTERFACE_LINK_LIBRARIES)
      if(atm_link_items)
        list(FILTER atm_link_items EXCLUDE REGEX "^/(usr/)?lib64/")
        set_target_properties(${atm_t} PROPERTIES INTERFACE_LINK_LIBRARIES "${atm_link_items}")
      endif()
    endforeach()
  endif()
endmacro()
