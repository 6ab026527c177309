/* prelude_index.cuh - index math shared by the generated kernels.
 *
 * gpa_vec<T, N>: N elements loaded or stored as one aligned access (16
 * bytes for the widest operand), the contiguous fast path.
 * gpa_strides<D, NA, IDX>: shape and byte strides of NA array operands
 * over D (already merged) dimensions, passed to a kernel by value; the
 * host fills the same layout: IDX shape[D], then IDX strides[NA][D].
 */
template <class T, int N>
struct alignas(sizeof(T) * N) gpa_vec {
    T v[N];
};

template <int D, int NA, class IDX>
struct gpa_strides {
    IDX shape[D];
    IDX strides[NA][D];

    /* Byte offset of element i (C order) for every operand. */
    GPA_DEVICE void offsets(IDX i, IDX *off) const
    {
#pragma unroll
        for (int a = 0; a < NA; a++)
            off[a] = 0;
#pragma unroll
        for (int d = D - 1; d >= 0; d--) {
            /* i < shape[0] once the inner dims are divided out */
            IDX c = d == 0 ? i : i % shape[d];
            if (d != 0)
                i /= shape[d];
#pragma unroll
            for (int a = 0; a < NA; a++)
                off[a] += c * strides[a][d];
        }
    }
};

template <class T>
GPA_DEVICE T &gpa_at(void *base, long long off)
{
    return *reinterpret_cast<T *>(static_cast<char *>(base) + off);
}

template <class T>
GPA_DEVICE const T &gpa_at(const void *base, long long off)
{
    return *reinterpret_cast<const T *>(static_cast<const char *>(base) +
                                        off);
}
