"""Kernel text of the random generators: Philox4x32-10, a counter-based
generator (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
SC 2011), so element i of a call is a pure function of (key, counter
offset + i): no per-thread state, the same numbers on every device and
run for the same seed, and any slice of the stream computable in
parallel.  Written from the paper's description."""

PRELUDE = r"""
/* One Philox4x32-10 block: 4 x 32 random bits for a 64-bit counter and a
 * 64-bit key (the counter's upper 64 bits are a fixed stream id). */
GPA_DEVICE void gpa_philox(unsigned r[4], unsigned long long ctr,
                           unsigned k0, unsigned k1)
{
  unsigned c0 = (unsigned)ctr, c1 = (unsigned)(ctr >> 32);
  unsigned c2 = 0x6a09e667u, c3 = 0xbb67ae85u;
  for (int round = 0; round < 10; round++) {
    unsigned long long p0 = (unsigned long long)0xD2511F53u * c0;
    unsigned long long p1 = (unsigned long long)0xCD9E8D57u * c2;
    unsigned hi0 = (unsigned)(p0 >> 32), lo0 = (unsigned)p0;
    unsigned hi1 = (unsigned)(p1 >> 32), lo1 = (unsigned)p1;
    c0 = hi1 ^ c1 ^ k0;
    c1 = lo1;
    c2 = hi0 ^ c3 ^ k1;
    c3 = lo0;
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  r[0] = c0; r[1] = c1; r[2] = c2; r[3] = c3;
}
/* [0, 1) with 53 random bits / 24 random bits */
GPA_DEVICE double gpa_u53(unsigned a, unsigned b)
{ return ((double)(a >> 5) * 67108864.0 + (double)(b >> 6)) * (1.0 / 9007199254740992.0); }
GPA_DEVICE float gpa_u24(unsigned a)
{ return (float)(a >> 8) * (1.0f / 16777216.0f); }
"""

# in0, in1: the key words; in2: the counter offset of element 0
_HEAD = ("unsigned r[4]; gpa_philox(r, (unsigned long long)in2 + "
         "(unsigned long long)gpa_i, (unsigned)in0, (unsigned)in1);\n")

UNIFORM64 = _HEAD + "out0 = gpa_u53(r[0], r[1]);"
UNIFORM32 = _HEAD + "out0 = gpa_u24(r[0]);"
# Box-Muller on two 53-bit uniforms; 1 - u keeps the log argument > 0
NORMAL64 = _HEAD + (
    "const double u1 = 1.0 - gpa_u53(r[0], r[1]), u2 = gpa_u53(r[2], r[3]);\n"
    "out0 = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);")
NORMAL32 = _HEAD + (
    "const float u1 = 1.0f - gpa_u24(r[0]), u2 = gpa_u24(r[1]);\n"
    "out0 = sqrtf(-2.0f * logf(u1)) * cosf(6.2831853f * u2);")
EXPONENTIAL64 = _HEAD + "out0 = -log(1.0 - gpa_u53(r[0], r[1]));"
EXPONENTIAL32 = _HEAD + "out0 = -logf(1.0f - gpa_u24(r[0]));"
# in3: low, in4: span (high - low, as unsigned; 0 = the full 2**64 range);
# 64 random bits modulo the span (bias below span / 2**64)
INTEGERS = _HEAD + (
    "const unsigned long long bits = ((unsigned long long)r[1] << 32) | r[0];\n"
    "const unsigned long long span = (unsigned long long)in4;\n"
    "out0 = (out0_t)((unsigned long long)in3 + (span ? bits % span : bits));")
