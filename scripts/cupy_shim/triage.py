"""Group the failures of one pytest log of CuPy's suite (a file that
scripts/run_cupy_tests.sh wrote) by test class and first error line:

    python3 scripts/cupy_shim/triage.py /tmp/cupy-tests-logs/math_tests.log
"""
import re, sys, collections
text = open(sys.argv[1], errors='replace').read()
# failure sections
parts = re.split(r'\n_+ (.+?) _+\n', text)
res = collections.Counter(); ex = {}
for i in range(1, len(parts), 2):
    name, body = parts[i], parts[i+1]
    name = re.sub(r'_param_\d+_\{.*\}', '', name)
    name = re.sub(r'\[.*\]', '', name)
    errs = [l for l in body.splitlines() if re.match(r'E\s+\S', l)]
    key = None
    for l in errs:
        m = re.match(r'E\s+(\w*(Error|Exception|Warning|Exit)\b.*|AssertionError.*|Failed.*|Only .*|.*not (equal|close).*|Mismatch.*)', l)
        if m:
            key = m.group(1)[:160]; break
    if key is None and errs: key = errs[0][:160]
    k = (name.split('.')[0] if '.' in name else name, key)
    res[k] += 1
for (n, k), c in sorted(res.items(), key=lambda x: -x[1]):
    print(c, n, '|', k)
