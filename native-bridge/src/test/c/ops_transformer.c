/* libopapi_transformer part of the test double: aclnnRotaryPositionEmbedding and aclnnGroupedMatmulV4,
 * which live in the transformer operator library of a split CANN install. Rotary's checks follow the Atlas
 * A2/A3 constraints of ops-transformer posembedding/rotary_position_embedding/docs/
 * aclnnRotaryPositionEmbedding.md; GroupedMatmulV4 takes the one form torch_npu's npu_grouped_matmul uses
 * for a MoE layer (CANN 8.1.RC1 aclnn_grouped_matmul_v4.h): one x [M, K], one weight [G, K, N], an INT64
 * group list, one output [M, N], no bias, quantization or activation. */
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

/* ---------- GroupedMatmulV4 ---------- */

/* At most this many groups in a tensor group list (ops-transformer gmm/grouped_matmul/op_host/op_api/
 * aclnn_grouped_matmul.cpp MAX_GROUP_LIST_SIZE_TENSOR). */
#define MAX_GROUPS 1024

/* Rows of x in group g times weight[g]. The group list is device memory, read when the kernel runs; the
 * aclnnGroupedMatmulV4 doc (groupType 0, one x, weight and out) wants its last cumulative value, or the sum
 * of its counts, equal to M. What the device does with a list that ends short is not documented, so the
 * double fails the task, as it does for a list that goes backwards or past M. The workspace holds one
 * output row of fp32 sums. */
static aclnnStatus gmm_compute(aclOpExecutor *ex, void *workspace) {
    const aclTensor *x = ex->in[0], *w = ex->in[1], *groups = ex->in[2], *out = ex->out[0];
    float *acc = workspace;
    int64_t m = x->dims[0], k = x->dims[1], n = w->dims[2], g_count = w->dims[0];
    int64_t start = 0;
    for (int64_t g = 0; g < g_count; g++) {
        int64_t value = (int64_t)tdw_double_get(groups, g);
        int64_t end = ex->integer == 0 ? value : start + value;
        if (end < start || end > m) {
            tdw_double_error(ex->op, "group %lld ends at row %lld (previous end %lld, %lld rows)", (long long)g,
                             (long long)end, (long long)start, (long long)m);
            return ACLNN_ERR_RUNTIME_ERROR;
        }
        for (int64_t row = start; row < end; row++) {
            for (int64_t j = 0; j < n; j++) acc[j] = 0.0f;
            for (int64_t p = 0; p < k; p++) {
                float xv = (float)tdw_double_get(x, row * k + p);
                for (int64_t j = 0; j < n; j++) acc[j] += xv * (float)tdw_double_get(w, (g * k + p) * n + j);
            }
            for (int64_t j = 0; j < n; j++) tdw_double_set(out, row * n + j, acc[j]);
        }
        start = end;
    }
    if (start != m) {
        tdw_double_error(ex->op, "the group list ends at row %lld, but x has %lld rows", (long long)start, (long long)m);
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus single_tensor(const char *fn, const char *name, const aclTensorList *list, const aclTensor **t) {
    if (list == NULL) {
        tdw_double_error(fn, "%s is null", name);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    REQUIRE(fn, tdw_double_live(list, TDW_TENSOR_LIST), "%s is not a live aclTensorList", name);
    REQUIRE(fn, list->size == 1, "%s holds %llu tensors; the double takes one", name, (unsigned long long)list->size);
    CHECK(tdw_double_check(fn, name, list->tensors[0]));
    *t = list->tensors[0];
    return ACLNN_SUCCESS;
}

/* gmm::IsTransposeLastTwoDims as CheckSpecialTranspose applies it to x (aclnn_grouped_matmul.cpp): the last two
 * dims are a transposed view ([M, K] with strides [1, M]), unless they hold a single element. */
static int transposed(const aclTensor *t) {
    int64_t rows = t->dims[t->ndim - 2], cols = t->dims[t->ndim - 1];
    return t->strides[t->ndim - 2] == 1 && t->strides[t->ndim - 1] == rows && rows * cols != 1;
}

/* The first phase of V4 and V5, which check the same; V5 adds tuningConfigOptional (null or an aclIntArray). */
static aclnnStatus gmm_first_phase(
    const char *fn, const char *op, const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclTensorList *perTokenScaleOptional, const aclTensor *groupListOptional,
    const aclTensorList *activationInputOptional, const aclTensorList *activationQuantScaleOptional,
    const aclTensorList *activationQuantOffsetOptional, int64_t splitItem, int64_t groupType, int64_t groupListType,
    int64_t actType, aclTensorList *out, aclTensorList *activationFeatureOutOptional,
    aclTensorList *dynQuantScaleOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor) {
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    const aclTensor *xt, *wt, *ot;
    CHECK(single_tensor(fn, "x", x, &xt));
    CHECK(single_tensor(fn, "weight", weight, &wt));
    CHECK(single_tensor(fn, "out", out, &ot));
    REQUIRE(fn, biasOptional == NULL && scaleOptional == NULL && offsetOptional == NULL && antiquantScaleOptional == NULL
            && antiquantOffsetOptional == NULL && perTokenScaleOptional == NULL && activationInputOptional == NULL
            && activationQuantScaleOptional == NULL && activationQuantOffsetOptional == NULL
            && activationFeatureOutOptional == NULL && dynQuantScaleOutOptional == NULL,
            "the double takes no bias, quantization or activation arguments");
    REQUIRE(fn, splitItem == 2 || splitItem == 3, "splitItem %lld: one output tensor needs 2 or 3", (long long)splitItem);
    REQUIRE(fn, groupType == 0, "groupType %lld: the double splits M (0) only", (long long)groupType);
    REQUIRE(fn, groupListType == 0 || groupListType == 1, "groupListType %lld is not 0 (cumsum) or 1 (counts)", (long long)groupListType);
    REQUIRE(fn, actType == 0, "actType %lld: the double has no activation", (long long)actType);
    CHECK(tdw_double_check(fn, "groupList", groupListOptional));
    REQUIRE(fn, groupListOptional->dtype == ACL_INT64 && groupListOptional->ndim == 1, "groupList must be a 1-D INT64 tensor");
    REQUIRE(fn, xt->ndim == 2 && wt->ndim == 3 && ot->ndim == 2, "x must be [M, K], weight [G, K, N] and out [M, N]");
    REQUIRE(fn, wt->dims[1] == xt->dims[1] && ot->dims[0] == xt->dims[0] && ot->dims[1] == wt->dims[2],
            "x [%lld, %lld], weight [%lld, %lld, %lld] and out [%lld, %lld] do not fit", (long long)xt->dims[0],
            (long long)xt->dims[1], (long long)wt->dims[0], (long long)wt->dims[1], (long long)wt->dims[2],
            (long long)ot->dims[0], (long long)ot->dims[1]);
    REQUIRE(fn, groupListOptional->dims[0] <= MAX_GROUPS, "groupList has %lld entries; at most %d groups",
            (long long)groupListOptional->dims[0], MAX_GROUPS);
    REQUIRE(fn, !transposed(xt), "When groupType is 0, x can not be transposed.");
    REQUIRE(fn, groupListOptional->dims[0] == wt->dims[0], "groupList has %lld entries for %lld groups",
            (long long)groupListOptional->dims[0], (long long)wt->dims[0]);
    REQUIRE(fn, tdw_double_is_float(xt->dtype) && wt->dtype == xt->dtype && ot->dtype == xt->dtype,
            "x, weight and out must share a float type");
    int64_t n = wt->dims[2];
    aclOpExecutor *ex = tdw_double_new_executor(op, gmm_compute, (uint64_t)(n > 0 ? n : 1) * sizeof(float));
    tdw_double_bind(ex, 0, 0, xt);
    tdw_double_bind(ex, 0, 1, wt);
    tdw_double_bind(ex, 0, 2, groupListOptional);
    tdw_double_bind(ex, 1, 0, ot);
    ex->integer = groupListType;
    *workspaceSize = ex->workspace_required;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnGroupedMatmulV4GetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclTensorList *perTokenScaleOptional, const aclTensor *groupListOptional,
    const aclTensorList *activationInputOptional, const aclTensorList *activationQuantScaleOptional,
    const aclTensorList *activationQuantOffsetOptional, int64_t splitItem, int64_t groupType, int64_t groupListType,
    int64_t actType, aclTensorList *out, aclTensorList *activationFeatureOutOptional,
    aclTensorList *dynQuantScaleOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return gmm_first_phase("aclnnGroupedMatmulV4GetWorkspaceSize", "aclnnGroupedMatmulV4", x, weight, biasOptional,
                           scaleOptional, offsetOptional, antiquantScaleOptional, antiquantOffsetOptional,
                           perTokenScaleOptional, groupListOptional, activationInputOptional,
                           activationQuantScaleOptional, activationQuantOffsetOptional, splitItem, groupType,
                           groupListType, actType, out, activationFeatureOutOptional, dynQuantScaleOutOptional,
                           workspaceSize, executor);
}

TDW_EXPORT aclnnStatus aclnnGroupedMatmulV4(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream) {
    return tdw_double_run_phase("aclnnGroupedMatmulV4", workspace, workspaceSize, executor, stream);
}

#ifndef TDW_DOUBLE_WITHOUT_GMM_V5
/* aclnnGroupedMatmulV5 (ops-transformer gmm/grouped_matmul/op_host/op_api/aclnn_grouped_matmul_v5.h): V4's
 * arguments with tuningConfigOptional after actType. The legacy layout is built without it, as a release
 * before V5. */
TDW_EXPORT aclnnStatus aclnnGroupedMatmulV5GetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclTensorList *perTokenScaleOptional, const aclTensor *groupListOptional,
    const aclTensorList *activationInputOptional, const aclTensorList *activationQuantScaleOptional,
    const aclTensorList *activationQuantOffsetOptional, int64_t splitItem, int64_t groupType, int64_t groupListType,
    int64_t actType, aclIntArray *tuningConfigOptional, aclTensorList *out, aclTensorList *activationFeatureOutOptional,
    aclTensorList *dynQuantScaleOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor) {
    static const char *fn = "aclnnGroupedMatmulV5GetWorkspaceSize";
    if (tuningConfigOptional != NULL && !tdw_double_live(tuningConfigOptional, TDW_INT_ARRAY)) {
        tdw_double_error(fn, "tuningConfigOptional is not a live aclIntArray");
        return ACLNN_ERR_PARAM_INVALID;
    }
    return gmm_first_phase(fn, "aclnnGroupedMatmulV5", x, weight, biasOptional, scaleOptional, offsetOptional,
                           antiquantScaleOptional, antiquantOffsetOptional, perTokenScaleOptional, groupListOptional,
                           activationInputOptional, activationQuantScaleOptional, activationQuantOffsetOptional,
                           splitItem, groupType, groupListType, actType, out, activationFeatureOutOptional,
                           dynQuantScaleOutOptional, workspaceSize, executor);
}

TDW_EXPORT aclnnStatus aclnnGroupedMatmulV5(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream) {
    return tdw_double_run_phase("aclnnGroupedMatmulV5", workspace, workspaceSize, executor, stream);
}
#endif
