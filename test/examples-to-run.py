#! /usr/bin/env python3
#
# C++ examples that ns-3's test.py runs to check that they still build and
# run. Each tuple is (example_name_and_args, do_run, do_valgrind_run), the
# two conditions being Python expressions that test.py evaluates. Only
# 3-field tuples: a 4th field (fullness) crashes ns-3.37's test.py. Only
# "True", ENABLE_EXAMPLES or ENABLE_TESTS as conditions (names both old and
# new test.py know).
cpp_examples = [
    ("atm-gfc --measure=0.05 --warmup=0.01", "True", "False"),
    ("atm-gfc --queue=fifo --measure=0.05 --warmup=0.01", "True", "False"),
    ("atm-gfc --abr=er --warmup=0.05 --measure=0.05", "True", "False"),
    ("atm-gfc --abr=efci --queue=pervc --warmup=0.05 --measure=0.05", "True", "False"),
    ("atm-gfc --abr=erica --warmup=0.05 --measure=0.05", "True", "False"),
    ("atm-roberts --scheme=binary --warmup=0.02 --measure=0.05", "True", "False"),
    ("atm-roberts --scheme=vccount --warmup=0.02 --measure=0.05", "True", "False"),
    ("atm-bench --quick=1", "True", "False"),
    ("atm-first --duration=0.5", "True", "False"),
    ("atm-flow-monitor --duration=0.5 --checkMetadata=1", "True", "False"),
    # doc/atm.rst's tutorial, each step as the doc shows it
    ("atm-tutorial --step=1", "True", "False"),
    ("atm-tutorial --step=2", "True", "False"),
    ("atm-tutorial --step=3", "True", "False"),
    ("atm-tutorial --step=4", "True", "False"),
    ("atm-tutorial --step=4 --abr=0", "True", "False"),
    ("atm-bus-hub --quick=1 --duration=0.01 --c1Duration=0.004", "True", "False"),
    ("atm-tcp-creditnet --warmup=0.1 --duration=0.3", "True", "False"),
    ("atm-tcp-fig4 --warmup=0.2 --duration=0.3", "True", "False"),
    ("atm-tcp-fig4 --fabric=input --zqfc=1 --warmup=0.2 --duration=0.3", "True", "False"),
    ("atm-kung-fig11 --credit=1 --xStart=0.06 --duration=0.15", "True", "False"),
    ("atm-kung-fig11 --credit=0 --xStart=0.06 --duration=0.15", "True", "False"),
    ("atm-zqfc --figure=9 --scheme=zqfc --warmup=0.01 --duration=0.03", "True", "False"),
]

# Python examples, which test.py runs when ns-3 has its Python bindings
# (the same program as atm-first; the standalone build's atm-python test
# compares the two outputs).
python_examples = [
    ("atm-first.py --duration=0.5", "True"),
]
