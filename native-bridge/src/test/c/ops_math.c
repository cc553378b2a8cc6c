/* libopapi_math part of the test double: element-wise arithmetic with broadcasting, computed in fp32. */
#include "double_internal.h"


static int is_floating(int dtype) {
    return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16 || dtype == ACL_DOUBLE;
}

/* Floats compute in fp32; integers exactly (in double, exact to 2^53). */
static aclnnStatus add_compute(aclOpExecutor *ex, void *workspace) {
    (void)workspace;
    const aclTensor *a = ex->in[0], *b = ex->in[1], *out = ex->out[0];
    for (int64_t i = 0, n = tdw_double_numel(out); i < n; i++) {
        double x = tdw_double_get(a, tdw_double_broadcast_index(a, out, i));
        double y = tdw_double_get(b, tdw_double_broadcast_index(b, out, i));
        if (is_floating(out->dtype)) {
            tdw_double_set(out, i, (float)x + (float)ex->real * (float)y);
        } else {
            tdw_double_set(out, i, x + (double)ex->integer * y);
        }
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus mul_compute(aclOpExecutor *ex, void *workspace) {
    (void)workspace;
    const aclTensor *a = ex->in[0], *b = ex->in[1], *out = ex->out[0];
    for (int64_t i = 0, n = tdw_double_numel(out); i < n; i++) {
        float x = (float)tdw_double_get(a, tdw_double_broadcast_index(a, out, i));
        float y = (float)tdw_double_get(b, tdw_double_broadcast_index(b, out, i));
        tdw_double_set(out, i, x * y);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus binary_first_phase(const char *fn, const char *op, tdw_kernel compute, const aclTensor *self,
                                      const aclTensor *other, const aclScalar *alpha, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "self", self));
    CHECK(tdw_double_check(fn, "other", other));
    CHECK(tdw_double_check(fn, "out", out));
    if (alpha != NULL && !tdw_double_live(alpha, TDW_SCALAR)) {
        tdw_double_error(fn, "alpha (%p) is not a live aclScalar", (const void *)alpha);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* aclnnAdd: alpha is required and must cast to the promoted type of self and other, so a floating
     * alpha cannot scale an integer add. */
    int promoted_floating = is_floating(self->dtype) || is_floating(other->dtype);
    if (compute == add_compute) {
        if (alpha == NULL) {
            tdw_double_error(fn, "alpha is null");
            return ACLNN_ERR_PARAM_NULLPTR;
        }
        if (!promoted_floating && is_floating(alpha->dtype)) {
            tdw_double_error(fn, "alpha of type %d cannot be cast to the integer type of self and other", alpha->dtype);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    /* ops-math math/add/op_api/aclnn_add.cpp CheckPromoteType: the promoted type must cast to out's type, and a
     * floating type never casts to an integer one (math/mul/op_api/aclnn_mul.cpp checks the same). */
    if (promoted_floating && !is_floating(out->dtype)) {
        tdw_double_error(fn, "the floating result cannot be cast to out's type %d", out->dtype);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!tdw_double_broadcastable(self, out) || !tdw_double_broadcastable(other, out)) {
        tdw_double_error(fn, "self and other do not broadcast to the shape of out");
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclOpExecutor *ex = tdw_double_new_executor(op, compute, 0);
    tdw_double_bind(ex, 0, 0, self);
    tdw_double_bind(ex, 0, 1, other);
    tdw_double_bind(ex, 1, 0, out);
    ex->real = alpha != NULL ? alpha->value : 1.0;
    ex->integer = (int64_t)ex->real;
    *workspaceSize = 0;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                                                aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binary_first_phase("aclnnAddGetWorkspaceSize", "aclnnAdd", add_compute, self, other, alpha, out,
                              workspaceSize, executor);
}

TDW_EXPORT aclnnStatus aclnnAdd(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return tdw_double_run_phase("aclnnAdd", workspace, workspaceSize, executor, stream);
}

TDW_EXPORT aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor) {
    return binary_first_phase("aclnnMulGetWorkspaceSize", "aclnnMul", mul_compute, self, other, NULL, out,
                              workspaceSize, executor);
}

TDW_EXPORT aclnnStatus aclnnMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return tdw_double_run_phase("aclnnMul", workspace, workspaceSize, executor, stream);
}
