/* launcher.c - see launcher.h. */
#include "jit/launcher.h"

void gpa_sb_host_launcher(gpa_strbuf *b, const char *name, int nparams,
                          const char *const *types)
{
    gpa_sb_printf(b,
                  "#ifndef __CUDACC__\n"
                  "extern \"C\" void %s__host(void **args, unsigned gx, "
                  "unsigned gy, unsigned gz, unsigned long long first, "
                  "unsigned long long last)\n{\n"
                  "  gridDim.x = gx; gridDim.y = gy; gridDim.z = gz;\n"
                  "  for (unsigned long long k = first; k < last; k++) {\n"
                  "    blockIdx.x = (unsigned)(k %% gx);\n"
                  "    blockIdx.y = (unsigned)(k / gx %% gy);\n"
                  "    blockIdx.z = (unsigned)(k / gx / gy);\n"
                  "    %s(", name, name);
    for (int i = 0; i < nparams; i++)
        gpa_sb_printf(b, "%s*(%s *)args[%d]", i ? ", " : "", types[i], i);
    gpa_sb_puts(b, ");\n  }\n}\n#endif\n");
}
