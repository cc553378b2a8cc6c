/* libopapi_transformer part of the test double: aclnnRotaryPositionEmbedding, which lives in the
 * transformer operator library of a split CANN install. Its checks follow the Atlas A2/A3 constraints of
 * ops-transformer posembedding/rotary_position_embedding/docs/aclnnRotaryPositionEmbedding.md. */
#include "double_internal.h"

/* A2/A3: D < 896 and even (half and interleave modes). */
#define MAX_HEAD_DIM 896

/* cos/sin shapes the kernel takes for 4-D x (a, b, c, D), whatever layout x has: half mode takes
 * 11cD, a1cD, 1b1D, ab1D, a11D or x's own shape; interleave only 11cD, 1b1D or a11D. */
static int table_layout_allowed(const aclTensor *x, const aclTensor *t, int64_t mode) {
    int64_t a = x->dims[0], b = x->dims[1], c = x->dims[2];
    int64_t p = t->dims[0], q = t->dims[1], r = t->dims[2];
    int one_axis = (p == 1 && q == 1 && r == c) || (p == 1 && q == b && r == 1) || (p == a && q == 1 && r == 1);
    if (mode == 1) return one_axis;
    return one_axis || (p == a && q == 1 && r == c) || (p == a && q == b && r == 1) || (p == a && q == b && r == c);
}


static aclnnStatus rope_compute(aclOpExecutor *ex, void *workspace) {
    (void)workspace;
    const aclTensor *x = ex->in[0], *cos = ex->in[1], *sin = ex->in[2], *out = ex->out[0];
    int64_t width = x->dims[x->ndim - 1], half = width / 2;
    for (int64_t i = 0, n = tdw_double_numel(x); i < n; i++) {
        int64_t d = i % width, row = i - d;
        float rotated;
        if (ex->integer == 0) {
            rotated = d < half ? -(float)tdw_double_get(x, row + d + half) : (float)tdw_double_get(x, row + d - half);
        } else {
            rotated = d % 2 == 0 ? -(float)tdw_double_get(x, row + d + 1) : (float)tdw_double_get(x, row + d - 1);
        }
        float c = (float)tdw_double_get(cos, tdw_double_broadcast_index(cos, x, i));
        float s = (float)tdw_double_get(sin, tdw_double_broadcast_index(sin, x, i));
        tdw_double_set(out, i, (float)tdw_double_get(x, i) * c + rotated * s);
    }
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnRotaryPositionEmbeddingGetWorkspaceSize(const aclTensor *x, const aclTensor *cos,
                                                                    const aclTensor *sin, int64_t mode, aclTensor *out,
                                                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
    static const char *fn = "aclnnRotaryPositionEmbeddingGetWorkspaceSize";
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "x", x));
    CHECK(tdw_double_check(fn, "cos", cos));
    CHECK(tdw_double_check(fn, "sin", sin));
    CHECK(tdw_double_check(fn, "out", out));
    REQUIRE(fn, mode == 0 || mode == 1, "mode %lld is not 0 (half) or 1 (interleave)", (long long)mode);
    REQUIRE(fn, tdw_double_is_float(x->dtype) && cos->dtype == x->dtype && sin->dtype == x->dtype,
            "x, cos and sin must share a float type");
    REQUIRE(fn, tdw_double_same_shape(x, out) && out->dtype == x->dtype, "out differs from x");
    REQUIRE(fn, x->ndim == 4, "x must be 4-D (BSND, BNSD or SBND), not %llu-D", (unsigned long long)x->ndim);
    int64_t d = x->dims[3];
    REQUIRE(fn, d % 2 == 0 && d < MAX_HEAD_DIM, "the last dim of x (%lld) must be even and below %d", (long long)d, MAX_HEAD_DIM);
    REQUIRE(fn, tdw_double_same_shape(cos, sin) && cos->ndim == 4 && cos->dims[3] == d, "cos and sin must be 4-D like x");
    REQUIRE(fn, table_layout_allowed(x, cos, mode), "cos/sin [%lld, %lld, %lld, %lld] is not a layout mode %lld supports for x",
            (long long)cos->dims[0], (long long)cos->dims[1], (long long)cos->dims[2], (long long)cos->dims[3], (long long)mode);
    aclOpExecutor *ex = tdw_double_new_executor("aclnnRotaryPositionEmbedding", rope_compute, 0);
    tdw_double_bind(ex, 0, 0, x);
    tdw_double_bind(ex, 0, 1, cos);
    tdw_double_bind(ex, 0, 2, sin);
    tdw_double_bind(ex, 1, 0, out);
    ex->integer = mode;
    *workspaceSize = 0;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnRotaryPositionEmbedding(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                                    aclrtStream stream) {
    return tdw_double_run_phase("aclnnRotaryPositionEmbedding", workspace, workspaceSize, executor, stream);
}
