/* launcher.c - see launcher.h. */
#include "jit/launcher.h"

void gpa_sb_host_launcher(gpa_strbuf *b, const char *name, int nparams,
                          const char *const *types)
{
    gpa_sb_printf(b,
                  "#ifndef __CUDACC__\n"
                  "extern \"C\" void %s__host(void **args, unsigned gx, "
                  "unsigned gy, unsigned gz)\n{\n"
                  "  gridDim.x = gx; gridDim.y = gy; gridDim.z = gz;\n"
                  "  for (unsigned z = 0; z < gz; z++)\n"
                  "  for (unsigned y = 0; y < gy; y++)\n"
                  "  for (unsigned x = 0; x < gx; x++) {\n"
                  "    blockIdx.x = x; blockIdx.y = y; blockIdx.z = z;\n"
                  "    %s(", name, name);
    for (int i = 0; i < nparams; i++)
        gpa_sb_printf(b, "%s*(%s *)args[%d]", i ? ", " : "", types[i], i);
    gpa_sb_puts(b, ");\n  }\n}\n#endif\n");
}
