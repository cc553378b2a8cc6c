/* libopapi_nn part of the test double: norms, matmul, softmax and activations. Kernels compute in fp32
 * and round into their output type (AddRmsNorm also where the device kernel rounds), and keep their
 * scratch in the workspace the caller allocated, so a short or missing workspace is caught by the second
 * phase. */
#include "double_internal.h"

#include <math.h>
#include <string.h>



static int64_t normalize_dim(int64_t dim, uint64_t ndim) { return dim < 0 ? dim + (int64_t)ndim : dim; }

static aclnnStatus second_phase(const char *fn, void *ws, uint64_t size, aclOpExecutor *ex, aclrtStream stream) {
    return tdw_double_run_phase(fn, ws, size, ex, stream);
}

/* ---------- RmsNorm / AddRmsNorm ---------- */

/* Rows of x normalized over the trailing dims that gamma spans. */
static int64_t norm_width(const aclTensor *x, const aclTensor *gamma) {
    if (gamma->ndim == 0 || gamma->ndim > x->ndim) return -1;
    for (uint64_t i = 1; i <= gamma->ndim; i++) {
        if (gamma->dims[gamma->ndim - i] != x->dims[x->ndim - i]) return -1;
    }
    return tdw_double_numel(gamma);
}

/* RmsNorm: fp32 throughout, rounded once into yOut. */
static aclnnStatus rms_norm_compute(aclOpExecutor *ex, void *workspace) {
    const aclTensor *x = ex->in[0], *gamma = ex->in[2], *y = ex->out[0], *rstd_out = ex->out[1];
    float *rstd = workspace;
    int64_t width = tdw_double_numel(gamma), rows = tdw_double_numel(x) / width;
    float eps = (float)ex->real;
    for (int64_t r = 0; r < rows; r++) {
        float squares = 0.0f;
        for (int64_t c = 0; c < width; c++) {
            float v = (float)tdw_double_get(x, r * width + c);
            squares += v * v;
        }
        rstd[r] = 1.0f / sqrtf(squares / (float)width + eps);
        for (int64_t c = 0; c < width; c++) {
            float v = (float)tdw_double_get(x, r * width + c);
            tdw_double_set(y, r * width + c, v * rstd[r] * (float)tdw_double_get(gamma, c));
        }
        if (rstd_out != NULL) tdw_double_set(rstd_out, r, rstd[r]);
    }
    return ACLNN_SUCCESS;
}

/* AddRmsNorm rounds where the ops-nn kernel (norm/add_rms_norm/op_kernel/add_rms_norm.h) rounds: fp16 adds
 * x1 + x2 in half and normalizes that half sum, bf16 adds in fp32 and normalizes the unrounded sum; the mean
 * square is a sum of x^2 / n; y is (x * rstd) rounded to the type, then times gamma rounded again. The
 * workspace holds the fp32 row sum. */
static aclnnStatus add_rms_norm_compute(aclOpExecutor *ex, void *workspace) {
    const aclTensor *x1 = ex->in[0], *x2 = ex->in[1], *gamma = ex->in[2];
    const aclTensor *y = ex->out[0], *rstd_out = ex->out[1], *sum_out = ex->out[2];
    float *sum = workspace;
    int type = x1->dtype;
    int64_t width = tdw_double_numel(gamma), rows = tdw_double_numel(x1) / width;
    float eps = (float)ex->real, avg = 1.0f / (float)width;
    for (int64_t r = 0; r < rows; r++) {
        float squares = 0.0f;
        for (int64_t c = 0; c < width; c++) {
            int64_t i = r * width + c;
            float v = (float)tdw_double_get(x1, i) + (float)tdw_double_get(x2, i);
            if (type == ACL_FLOAT16) v = tdw_double_round(type, v);
            sum[c] = v;
            tdw_double_set(sum_out, i, v);
            squares += v * v * avg;
        }
        float rstd = 1.0f / sqrtf(squares + eps);
        for (int64_t c = 0; c < width; c++) {
            float normalized = tdw_double_round(type, sum[c] * rstd);
            tdw_double_set(y, r * width + c, normalized * (float)tdw_double_get(gamma, c));
        }
        if (rstd_out != NULL) tdw_double_set(rstd_out, r, rstd);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus norm_first_phase(const char *fn, const char *op, const aclTensor *x, const aclTensor *residual,
                                    const aclTensor *gamma, double epsilon, const aclTensor *y,
                                    const aclTensor *rstd, const aclTensor *sum, uint64_t *workspaceSize,
                                    aclOpExecutor **executor) {
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "x", x));
    if (residual != NULL || sum != NULL) {
        CHECK(tdw_double_check(fn, "x2", residual));
        CHECK(tdw_double_check(fn, "xOut", sum));
        REQUIRE(fn, tdw_double_same_shape(x, residual) && residual->dtype == x->dtype, "x2 differs from x1 in shape or type");
        REQUIRE(fn, tdw_double_same_shape(x, sum) && sum->dtype == x->dtype, "xOut differs from x1 in shape or type");
    }
    CHECK(tdw_double_check(fn, "gamma", gamma));
    CHECK(tdw_double_check(fn, "yOut", y));
    CHECK(tdw_double_check(fn, "rstdOut", rstd));
    REQUIRE(fn, tdw_double_is_float(x->dtype), "x has unsupported type %d", x->dtype);
    /* RmsNorm takes an fp32 gamma with a 16-bit x; AddRmsNorm wants gamma in x1's type (aclnnAddRmsNorm doc). */
    if (residual != NULL) {
        REQUIRE(fn, gamma->dtype == x->dtype, "gamma has type %d but x1 has type %d; they must be the same", gamma->dtype, x->dtype);
    } else {
        REQUIRE(fn, gamma->dtype == x->dtype || gamma->dtype == ACL_FLOAT, "gamma type %d does not match x", gamma->dtype);
    }
    REQUIRE(fn, tdw_double_same_shape(x, y) && y->dtype == x->dtype, "yOut differs from x in shape or type");
    REQUIRE(fn, epsilon >= 0, "epsilon %g is negative", epsilon);
    int64_t width = norm_width(x, gamma);
    REQUIRE(fn, width > 0, "gamma does not match the trailing dims of x");
    int64_t rows = tdw_double_numel(x) / width;
    REQUIRE(fn, rstd->dtype == ACL_FLOAT && tdw_double_numel(rstd) == rows,
            "rstdOut must be FLOAT with %lld elements", (long long)rows);
    aclOpExecutor *ex = residual != NULL
        ? tdw_double_new_executor(op, add_rms_norm_compute, (uint64_t)width * sizeof(float))
        : tdw_double_new_executor(op, rms_norm_compute, (uint64_t)rows * sizeof(float));
    tdw_double_bind(ex, 0, 0, x);
    tdw_double_bind(ex, 0, 1, residual);
    tdw_double_bind(ex, 0, 2, gamma);
    tdw_double_bind(ex, 1, 0, y);
    tdw_double_bind(ex, 1, 1, rstd);
    tdw_double_bind(ex, 1, 2, sum);
    ex->real = epsilon;
    *workspaceSize = ex->workspace_required;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnRmsNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, double epsilon,
                                                    const aclTensor *yOut, const aclTensor *rstdOut,
                                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
    return norm_first_phase("aclnnRmsNormGetWorkspaceSize", "aclnnRmsNorm", x, NULL, gamma, epsilon, yOut, rstdOut,
                            NULL, workspaceSize, executor);
}

TDW_EXPORT aclnnStatus aclnnRmsNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return second_phase("aclnnRmsNorm", workspace, workspaceSize, executor, stream);
}

TDW_EXPORT aclnnStatus aclnnAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
                                                       double epsilon, const aclTensor *yOut, const aclTensor *rstdOut,
                                                       const aclTensor *xOut, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor) {
    static const char *fn = "aclnnAddRmsNormGetWorkspaceSize";
    if (x2 == NULL || xOut == NULL) {
        tdw_double_error(fn, "x2 and xOut are required");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    return norm_first_phase(fn, "aclnnAddRmsNorm", x1, x2, gamma, epsilon, yOut, rstdOut, xOut, workspaceSize, executor);
}

TDW_EXPORT aclnnStatus aclnnAddRmsNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream) {
    return second_phase("aclnnAddRmsNorm", workspace, workspaceSize, executor, stream);
}

/* ---------- LayerNorm ---------- */

static aclnnStatus layer_norm_compute(aclOpExecutor *ex, void *workspace) {
    const aclTensor *x = ex->in[0], *weight = ex->in[1], *bias = ex->in[2];
    const aclTensor *y = ex->out[0], *mean_out = ex->out[1], *rstd_out = ex->out[2];
    float *stats = workspace; /* mean and rstd per row */
    int64_t width = 1;
    for (uint64_t i = 0; i < ex->ints_size; i++) width *= ex->ints[i];
    int64_t rows = tdw_double_numel(x) / width;
    float eps = (float)ex->real;
    for (int64_t r = 0; r < rows; r++) {
        float sum = 0.0f, squares = 0.0f;
        for (int64_t c = 0; c < width; c++) sum += (float)tdw_double_get(x, r * width + c);
        float mean = sum / (float)width;
        for (int64_t c = 0; c < width; c++) {
            float d = (float)tdw_double_get(x, r * width + c) - mean;
            squares += d * d;
        }
        stats[2 * r] = mean;
        stats[2 * r + 1] = 1.0f / sqrtf(squares / (float)width + eps);
        for (int64_t c = 0; c < width; c++) {
            float v = ((float)tdw_double_get(x, r * width + c) - mean) * stats[2 * r + 1];
            if (weight != NULL) v *= (float)tdw_double_get(weight, c);
            if (bias != NULL) v += (float)tdw_double_get(bias, c);
            tdw_double_set(y, r * width + c, v);
        }
        if (mean_out != NULL) tdw_double_set(mean_out, r, stats[2 * r]);
        if (rstd_out != NULL) tdw_double_set(rstd_out, r, stats[2 * r + 1]);
    }
    return ACLNN_SUCCESS;
}

/* aclnnLayerNorm wants weight and bias shaped exactly like normalizedShape (not just as many elements). */
static int same_dims(const aclTensor *t, const aclIntArray *shape) {
    if (t->ndim != shape->size) return 0;
    for (uint64_t i = 0; i < shape->size; i++) {
        if (t->dims[i] != shape->values[i]) return 0;
    }
    return 1;
}

TDW_EXPORT aclnnStatus aclnnLayerNormGetWorkspaceSize(const aclTensor *input, const aclIntArray *normalizedShape,
                                                      const aclTensor *weight, const aclTensor *bias, double eps,
                                                      aclTensor *out, aclTensor *meanOut, aclTensor *rstdOut,
                                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
    static const char *fn = "aclnnLayerNormGetWorkspaceSize";
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "input", input));
    CHECK(tdw_double_check(fn, "out", out));
    if (weight != NULL) CHECK(tdw_double_check(fn, "weight", weight));
    if (bias != NULL) CHECK(tdw_double_check(fn, "bias", bias));
    if (meanOut != NULL) CHECK(tdw_double_check(fn, "meanOut", meanOut));
    if (rstdOut != NULL) CHECK(tdw_double_check(fn, "rstdOut", rstdOut));
    if (normalizedShape == NULL || !tdw_double_live(normalizedShape, TDW_INT_ARRAY)) {
        tdw_double_error(fn, "normalizedShape is not a live aclIntArray");
        return ACLNN_ERR_PARAM_INVALID;
    }
    REQUIRE(fn, normalizedShape->size >= 1 && normalizedShape->size <= input->ndim, "normalizedShape has %llu dims",
            (unsigned long long)normalizedShape->size);
    int64_t width = 1;
    for (uint64_t i = 0; i < normalizedShape->size; i++) {
        int64_t d = normalizedShape->values[i];
        REQUIRE(fn, d == input->dims[input->ndim - normalizedShape->size + i],
                "normalizedShape[%llu]=%lld does not match input", (unsigned long long)i, (long long)d);
        width *= d;
    }
    REQUIRE(fn, tdw_double_is_float(input->dtype) && tdw_double_same_shape(input, out) && out->dtype == input->dtype,
            "out differs from input in shape or type");
    /* ops-nn norm/layer_norm_v4/op_host/op_api/aclnn_layer_norm.cpp CheckInputDtype: weight and bias are each
     * FLOAT or the input's type, and equal to each other when both are given. */
    REQUIRE(fn, weight == NULL || weight->dtype == ACL_FLOAT || weight->dtype == input->dtype,
            "weight has type %d; it must be FLOAT or the input's type %d", weight == NULL ? -1 : weight->dtype, input->dtype);
    REQUIRE(fn, bias == NULL || bias->dtype == ACL_FLOAT || bias->dtype == input->dtype,
            "bias has type %d; it must be FLOAT or the input's type %d", bias == NULL ? -1 : bias->dtype, input->dtype);
    REQUIRE(fn, weight == NULL || bias == NULL || weight->dtype == bias->dtype, "weight (type %d) and bias (type %d) differ in type",
            weight == NULL ? -1 : weight->dtype, bias == NULL ? -1 : bias->dtype);
    REQUIRE(fn, weight == NULL || same_dims(weight, normalizedShape), "weight's shape is not normalizedShape");
    REQUIRE(fn, bias == NULL || same_dims(bias, normalizedShape), "bias's shape is not normalizedShape");
    int64_t rows = tdw_double_numel(input) / width;
    REQUIRE(fn, meanOut == NULL || tdw_double_numel(meanOut) == rows, "meanOut does not have %lld elements", (long long)rows);
    REQUIRE(fn, rstdOut == NULL || tdw_double_numel(rstdOut) == rows, "rstdOut does not have %lld elements", (long long)rows);
    aclOpExecutor *ex = tdw_double_new_executor("aclnnLayerNorm", layer_norm_compute, (uint64_t)rows * 2 * sizeof(float));
    tdw_double_bind(ex, 0, 0, input);
    tdw_double_bind(ex, 0, 1, weight);
    tdw_double_bind(ex, 0, 2, bias);
    tdw_double_bind(ex, 1, 0, out);
    tdw_double_bind(ex, 1, 1, meanOut);
    tdw_double_bind(ex, 1, 2, rstdOut);
    ex->ints_size = normalizedShape->size;
    memcpy(ex->ints, normalizedShape->values, normalizedShape->size * sizeof(int64_t));
    ex->real = eps;
    *workspaceSize = ex->workspace_required;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnLayerNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return second_phase("aclnnLayerNorm", workspace, workspaceSize, executor, stream);
}

/* ---------- Matmul ---------- */

/* Batch dims only: what broadcasting between the operands' leading dims needs. */
static aclTensor batch_of(const aclTensor *t) {
    aclTensor b = {.ndim = t->ndim - 2};
    memcpy(b.dims, t->dims, b.ndim * sizeof(int64_t));
    return b;
}

static aclnnStatus matmul_compute(aclOpExecutor *ex, void *workspace) {
    const aclTensor *a = ex->in[0], *b = ex->in[1], *out = ex->out[0];
    float *acc = workspace;
    int64_t m = a->dims[a->ndim - 2], k = a->dims[a->ndim - 1], n = b->dims[b->ndim - 1];
    aclTensor ab = batch_of(a), bb = batch_of(b), ob = batch_of(out);
    for (int64_t batch = 0, batches = tdw_double_numel(&ob); batch < batches; batch++) {
        int64_t a0 = tdw_double_broadcast_index(&ab, &ob, batch) * m * k;
        int64_t b0 = tdw_double_broadcast_index(&bb, &ob, batch) * k * n;
        for (int64_t i = 0; i < m; i++) {
            for (int64_t j = 0; j < n; j++) acc[j] = 0.0f;
            for (int64_t p = 0; p < k; p++) {
                float av = (float)tdw_double_get(a, a0 + i * k + p);
                for (int64_t j = 0; j < n; j++) acc[j] += av * (float)tdw_double_get(b, b0 + p * n + j);
            }
            for (int64_t j = 0; j < n; j++) tdw_double_set(out, (batch * m + i) * n + j, acc[j]);
        }
    }
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnMatmulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                                   int8_t cubeMathType, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor) {
    static const char *fn = "aclnnMatmulGetWorkspaceSize";
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "self", self));
    CHECK(tdw_double_check(fn, "mat2", mat2));
    CHECK(tdw_double_check(fn, "out", out));
    /* aclnnMatmul doc: 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION, 2 USE_FP16, 3 USE_HF32, 4 USE_FP32_ADD. */
    REQUIRE(fn, cubeMathType >= 0 && cubeMathType <= 4, "cubeMathType %d is not 0..4", cubeMathType);
    REQUIRE(fn, self->ndim >= 2 && mat2->ndim >= 2 && out->ndim == (self->ndim > mat2->ndim ? self->ndim : mat2->ndim),
            "self, mat2 and out must have 2 or more dims and out the larger rank");
    int64_t m = self->dims[self->ndim - 2], k = self->dims[self->ndim - 1];
    int64_t k2 = mat2->dims[mat2->ndim - 2], n = mat2->dims[mat2->ndim - 1];
    REQUIRE(fn, k == k2, "self has %lld columns but mat2 has %lld rows", (long long)k, (long long)k2);
    REQUIRE(fn, out->dims[out->ndim - 2] == m && out->dims[out->ndim - 1] == n, "out is not [..., %lld, %lld]",
            (long long)m, (long long)n);
    aclTensor ab = batch_of(self), bb = batch_of(mat2), ob = batch_of(out);
    REQUIRE(fn, tdw_double_broadcastable(&ab, &ob) && tdw_double_broadcastable(&bb, &ob),
            "batch dims of self and mat2 do not broadcast to out");
    REQUIRE(fn, self->dtype == mat2->dtype && tdw_double_is_float(self->dtype), "self and mat2 must share a float type");
    /* ops-nn matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.cpp: out is FLOAT, FLOAT16 or BF16 too. */
    REQUIRE(fn, tdw_double_is_float(out->dtype), "out has type %d; it must be FLOAT, FLOAT16 or BF16", out->dtype);
    aclOpExecutor *ex = tdw_double_new_executor("aclnnMatmul", matmul_compute, (uint64_t)(n > 0 ? n : 1) * sizeof(float));
    tdw_double_bind(ex, 0, 0, self);
    tdw_double_bind(ex, 0, 1, mat2);
    tdw_double_bind(ex, 1, 0, out);
    ex->integer = cubeMathType;
    *workspaceSize = ex->workspace_required;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnMatmul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return second_phase("aclnnMatmul", workspace, workspaceSize, executor, stream);
}

/* ---------- Softmax ---------- */

static aclnnStatus softmax_compute(aclOpExecutor *ex, void *workspace) {
    const aclTensor *x = ex->in[0], *out = ex->out[0];
    float *e = workspace;
    if (x->ndim == 0) { /* a 0-D softmax is exp(x - x) / 1 */
        tdw_double_set(out, 0, 1.0);
        return ACLNN_SUCCESS;
    }
    int64_t dim = ex->integer, len = x->dims[dim], inner = 1, outer = 1;
    for (uint64_t d = 0; d < x->ndim; d++) {
        if ((int64_t)d < dim) outer *= x->dims[d];
        if ((int64_t)d > dim) inner *= x->dims[d];
    }
    for (int64_t o = 0; o < outer; o++) {
        for (int64_t in = 0; in < inner; in++) {
            float max = -INFINITY, sum = 0.0f;
            for (int64_t j = 0; j < len; j++) max = fmaxf(max, (float)tdw_double_get(x, (o * len + j) * inner + in));
            for (int64_t j = 0; j < len; j++) {
                e[j] = expf((float)tdw_double_get(x, (o * len + j) * inner + in) - max);
                sum += e[j];
            }
            for (int64_t j = 0; j < len; j++) tdw_double_set(out, (o * len + j) * inner + in, e[j] / sum);
        }
    }
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out,
                                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
    static const char *fn = "aclnnSoftmaxGetWorkspaceSize";
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "self", self));
    CHECK(tdw_double_check(fn, "out", out));
    /* A 0-D tensor counts as one dim for dim's range (-1 or 0), as in torch. */
    int64_t rank = self->ndim > 0 ? (int64_t)self->ndim : 1;
    int64_t d = dim < 0 ? dim + rank : dim;
    REQUIRE(fn, d >= 0 && d < rank, "dim %lld is out of range", (long long)dim);
    REQUIRE(fn, tdw_double_is_float(self->dtype) && tdw_double_same_shape(self, out), "out differs from self");
    /* ops-nn activation/softmax_v2/op_api/aclnn_softmax.cpp CheckDtypeValid: out is a float type too. */
    REQUIRE(fn, tdw_double_is_float(out->dtype), "out has type %d; it must be a float type", out->dtype);
    int64_t len = self->ndim > 0 && self->dims[d] > 0 ? self->dims[d] : 1;
    aclOpExecutor *ex = tdw_double_new_executor("aclnnSoftmax", softmax_compute, (uint64_t)len * sizeof(float));
    tdw_double_bind(ex, 0, 0, self);
    tdw_double_bind(ex, 1, 0, out);
    ex->integer = d;
    *workspaceSize = ex->workspace_required;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnSoftmax(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return second_phase("aclnnSoftmax", workspace, workspaceSize, executor, stream);
}

/* ---------- Silu / GeluV2 / SwiGlu ---------- */

static float silu(float v) { return v / (1.0f + expf(-v)); }

static aclnnStatus silu_compute(aclOpExecutor *ex, void *workspace) {
    (void)workspace;
    for (int64_t i = 0, n = tdw_double_numel(ex->in[0]); i < n; i++) {
        tdw_double_set(ex->out[0], i, silu((float)tdw_double_get(ex->in[0], i)));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus gelu_compute(aclOpExecutor *ex, void *workspace) {
    (void)workspace;
    for (int64_t i = 0, n = tdw_double_numel(ex->in[0]); i < n; i++) {
        float v = (float)tdw_double_get(ex->in[0], i), r;
        if (ex->integer == 1) {
            r = 0.5f * v * (1.0f + tanhf(0.7978845608028654f * (v + 0.044715f * v * v * v)));
        } else {
            r = 0.5f * v * (1.0f + erff(v * 0.7071067811865476f));
        }
        tdw_double_set(ex->out[0], i, r);
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus unary_first_phase(const char *fn, const char *op, tdw_kernel compute, const aclTensor *self,
                                     const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "self", self));
    CHECK(tdw_double_check(fn, "out", out));
    REQUIRE(fn, tdw_double_is_float(self->dtype) && tdw_double_same_shape(self, out) && out->dtype == self->dtype,
            "out differs from self in shape or type");
    aclOpExecutor *ex = tdw_double_new_executor(op, compute, 0);
    tdw_double_bind(ex, 0, 0, self);
    tdw_double_bind(ex, 1, 0, out);
    *workspaceSize = 0;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnSiluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor) {
    return unary_first_phase("aclnnSiluGetWorkspaceSize", "aclnnSilu", silu_compute, self, out, workspaceSize, executor);
}

TDW_EXPORT aclnnStatus aclnnSilu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return second_phase("aclnnSilu", workspace, workspaceSize, executor, stream);
}

TDW_EXPORT aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor) {
    static const char *fn = "aclnnGeluV2GetWorkspaceSize";
    if (approximate != 0 && approximate != 1) {
        tdw_double_error(fn, "approximate %lld is not 0 (none) or 1 (tanh)", (long long)approximate);
        return ACLNN_ERR_PARAM_INVALID;
    }
    CHECK(unary_first_phase(fn, "aclnnGeluV2", gelu_compute, x, y, workspaceSize, executor));
    (*executor)->integer = approximate;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnGeluV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return second_phase("aclnnGeluV2", workspace, workspaceSize, executor, stream);
}

static aclnnStatus swiglu_compute(aclOpExecutor *ex, void *workspace) {
    (void)workspace;
    const aclTensor *x = ex->in[0], *out = ex->out[0];
    int64_t dim = ex->integer, half = out->dims[dim], inner = 1;
    for (uint64_t d = (uint64_t)dim + 1; d < x->ndim; d++) inner *= x->dims[d];
    for (int64_t i = 0, n = tdw_double_numel(out); i < n; i++) {
        int64_t in = i % inner, j = (i / inner) % half, o = i / inner / half;
        float a = (float)tdw_double_get(x, (o * 2 * half + j) * inner + in);
        float b = (float)tdw_double_get(x, (o * 2 * half + j + half) * inner + in);
        tdw_double_set(out, i, silu(a) * b);
    }
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnSwiGluGetWorkspaceSize(const aclTensor *x, int64_t dim, const aclTensor *out,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor) {
    static const char *fn = "aclnnSwiGluGetWorkspaceSize";
    CHECK(tdw_double_first_phase(fn, workspaceSize, executor));
    CHECK(tdw_double_check(fn, "x", x));
    CHECK(tdw_double_check(fn, "out", out));
    int64_t d = normalize_dim(dim, x->ndim);
    REQUIRE(fn, d >= 0 && d < (int64_t)x->ndim && x->dims[d] % 2 == 0, "dim %lld is out of range or odd", (long long)dim);
    REQUIRE(fn, out->ndim == x->ndim && out->dtype == x->dtype && tdw_double_is_float(x->dtype), "out differs from x in rank or type");
    for (uint64_t i = 0; i < x->ndim; i++) {
        REQUIRE(fn, out->dims[i] == ((int64_t)i == d ? x->dims[i] / 2 : x->dims[i]), "out has the wrong shape");
    }
    aclOpExecutor *ex = tdw_double_new_executor("aclnnSwiGlu", swiglu_compute, 0);
    tdw_double_bind(ex, 0, 0, x);
    tdw_double_bind(ex, 1, 0, out);
    ex->integer = d;
    *workspaceSize = 0;
    *executor = ex;
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclnnSwiGlu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return second_phase("aclnnSwiGlu", workspace, workspaceSize, executor, stream);
}
