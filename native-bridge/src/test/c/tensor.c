/* libnnopbase part of the test double: tensors, scalars, int arrays, executors and the two-phase protocol. */
#include "double_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static float half_to_float(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | (mant << 13);
    } else if (exp == 0) {
        float v = (float)mant * 0x1p-24f;
        return sign ? -v : v;
    } else {
        bits = sign | ((exp + 112) << 23) | (mant << 13);
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* float to binary16, round to nearest even, overflow to infinity, subnormals kept. */
static uint16_t float_to_half(float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    uint16_t sign = (uint16_t)((bits >> 16) & 0x8000u);
    uint32_t abs = bits & 0x7fffffffu;
    if (abs >= 0x7f800000u) return sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0);
    if (abs >= 0x477ff000u) return sign | 0x7c00u; /* rounds to >= 65520: infinity */
    if (abs < 0x38800000u) {                       /* below the smallest normal half: subnormal */
        float scaled = fabsf(f) * 0x1p24f;          /* exact: half subnormal step is 2^-24 */
        return sign | (uint16_t)nearbyintf(scaled);
    }
    uint32_t mant = abs & 0x7fffffu;
    uint32_t exp = (abs >> 23) - 112;
    uint32_t half = (exp << 10) | (mant >> 13);
    uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) half++;
    return sign | (uint16_t)half;
}

static float bf16_to_float(uint16_t b) {
    uint32_t bits = (uint32_t)b << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint16_t float_to_bf16(float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    if ((bits & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((bits >> 16) | 0x40u);
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return (uint16_t)(bits >> 16);
}

/* v rounded (RNE) to a 16-bit float type and widened back; other types unchanged. Kernels that round an
 * intermediate result, as the device does between vector instructions, use it. */
TDW_EXPORT float tdw_double_round(int dtype, float v) {
    if (dtype == ACL_BF16) return bf16_to_float(float_to_bf16(v));
    if (dtype == ACL_FLOAT16) return half_to_float(float_to_half(v));
    return v;
}

TDW_EXPORT size_t tdw_double_dtype_size(int dtype) {
    switch (dtype) {
        case ACL_FLOAT: case ACL_INT32: return 4;
        case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: return 2;
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
        case ACL_INT64: case ACL_DOUBLE: return 8;
        default: return 0;
    }
}

static int known_format(int format) {
    return format == ACL_FORMAT_NCHW || format == ACL_FORMAT_NHWC || format == ACL_FORMAT_ND
        || format == ACL_FORMAT_NC1HWC0 || format == ACL_FORMAT_FRACTAL_Z || format == ACL_FORMAT_FRACTAL_NZ;
}

TDW_EXPORT int64_t tdw_double_numel(const aclTensor *t) {
    int64_t n = 1;
    for (uint64_t i = 0; i < t->ndim; i++) n *= t->dims[i];
    return n;
}

static int64_t storage_index(const aclTensor *t, int64_t logical) {
    int64_t pos = t->offset;
    for (int64_t d = (int64_t)t->ndim - 1; d >= 0; d--) {
        pos += (logical % t->dims[d]) * t->strides[d];
        logical /= t->dims[d];
    }
    return pos;
}

TDW_EXPORT double tdw_double_get(const aclTensor *t, int64_t logical) {
    const char *p = (const char *)t->data + storage_index(t, logical) * (int64_t)tdw_double_dtype_size(t->dtype);
    switch (t->dtype) {
        case ACL_FLOAT: { float v; memcpy(&v, p, 4); return v; }
        case ACL_DOUBLE: { double v; memcpy(&v, p, 8); return v; }
        case ACL_FLOAT16: { uint16_t v; memcpy(&v, p, 2); return half_to_float(v); }
        case ACL_BF16: { uint16_t v; memcpy(&v, p, 2); return bf16_to_float(v); }
        case ACL_INT32: { int32_t v; memcpy(&v, p, 4); return v; }
        case ACL_INT64: { int64_t v; memcpy(&v, p, 8); return (double)v; }
        case ACL_INT16: { int16_t v; memcpy(&v, p, 2); return v; }
        case ACL_INT8: return *(const int8_t *)p;
        case ACL_UINT8: return *(const uint8_t *)p;
        case ACL_BOOL: return *p != 0;
        default: return NAN;
    }
}

/* Stores a result the way a device kernel does: computed in fp32, rounded once to the output type. */
TDW_EXPORT void tdw_double_set(const aclTensor *t, int64_t logical, double value) {
    char *p = (char *)t->data + storage_index(t, logical) * (int64_t)tdw_double_dtype_size(t->dtype);
    switch (t->dtype) {
        case ACL_FLOAT: { float v = (float)value; memcpy(p, &v, 4); break; }
        case ACL_DOUBLE: memcpy(p, &value, 8); break;
        case ACL_FLOAT16: { uint16_t v = float_to_half((float)value); memcpy(p, &v, 2); break; }
        case ACL_BF16: { uint16_t v = float_to_bf16((float)value); memcpy(p, &v, 2); break; }
        case ACL_INT32: { int32_t v = (int32_t)nearbyint(value); memcpy(p, &v, 4); break; }
        case ACL_INT64: { int64_t v = (int64_t)nearbyint(value); memcpy(p, &v, 8); break; }
        case ACL_INT16: { int16_t v = (int16_t)nearbyint(value); memcpy(p, &v, 2); break; }
        case ACL_INT8: *(int8_t *)p = (int8_t)nearbyint(value); break;
        case ACL_UINT8: *(uint8_t *)p = (uint8_t)nearbyint(value); break;
        case ACL_BOOL: *p = value != 0; break;
        default: break;
    }
}

/* Logical index into `in` for the element of `out` at `logical`, by right-aligned broadcasting. */
TDW_EXPORT int64_t tdw_double_broadcast_index(const aclTensor *in, const aclTensor *out, int64_t logical) {
    int64_t result = 0, scale = 1;
    for (int64_t d = (int64_t)out->ndim - 1, e = (int64_t)in->ndim - 1; d >= 0; d--, e--) {
        int64_t i = logical % out->dims[d];
        logical /= out->dims[d];
        if (e >= 0) {
            if (in->dims[e] != 1) result += i * scale;
            scale *= in->dims[e];
        }
    }
    return result;
}

/* A tensor argument of an operator: present, live, and in the one format the double computes on. */
TDW_EXPORT aclnnStatus tdw_double_check(const char *function, const char *name, const aclTensor *t) {
    if (t == NULL) {
        tdw_double_error(function, "%s is null", name);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (!tdw_double_live(t, TDW_TENSOR)) {
        tdw_double_error(function, "%s (%p) is not a live aclTensor", name, (const void *)t);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (t->format != ACL_FORMAT_ND) {
        tdw_double_error(function, "%s has format %d; this operator supports ND (2) only", name, t->format);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

TDW_EXPORT int tdw_double_broadcastable(const aclTensor *in, const aclTensor *out) {
    if (in->ndim > out->ndim) return 0;
    for (uint64_t i = 1; i <= in->ndim; i++) {
        int64_t d = in->dims[in->ndim - i];
        if (d != 1 && d != out->dims[out->ndim - i]) return 0;
    }
    return 1;
}

TDW_EXPORT int tdw_double_same_shape(const aclTensor *a, const aclTensor *b) {
    if (a->ndim != b->ndim) return 0;
    for (uint64_t i = 0; i < a->ndim; i++) {
        if (a->dims[i] != b->dims[i]) return 0;
    }
    return 1;
}

TDW_EXPORT aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, int dataType,
                                      const int64_t *stride, int64_t offset, int format,
                                      const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData) {
    static const char *fn = "aclCreateTensor";
    if (tdw_double_fault("error", fn)) {
        tdw_double_error(fn, "injected fault (TDW_DOUBLE_FAULT=error:%s)", fn);
        return NULL;
    }
    size_t size = tdw_double_dtype_size(dataType);
    if (size == 0 || !known_format(format)) {
        tdw_double_error(fn, "unsupported data type %d or format %d", dataType, format);
        return NULL;
    }
    if (viewDimsNum > TDW_MAX_DIMS || storageDimsNum > TDW_MAX_DIMS || offset < 0
        || (viewDimsNum > 0 && (viewDims == NULL || stride == NULL))
        || (storageDimsNum > 0 && storageDims == NULL)) {
        tdw_double_error(fn, "bad dims (view %llu, storage %llu) or offset %lld", (unsigned long long)viewDimsNum,
                         (unsigned long long)storageDimsNum, (long long)offset);
        return NULL;
    }
    int64_t storage_numel = 1, last = offset, numel = 1;
    for (uint64_t i = 0; i < storageDimsNum; i++) storage_numel *= storageDims[i];
    for (uint64_t i = 0; i < viewDimsNum; i++) {
        if (viewDims[i] < 0 || stride[i] < 0) {
            tdw_double_error(fn, "negative dim or stride at %llu", (unsigned long long)i);
            return NULL;
        }
        numel *= viewDims[i];
        if (viewDims[i] > 0) last += (viewDims[i] - 1) * stride[i];
    }
    if (numel > 0 && last >= storage_numel) {
        tdw_double_error(fn, "view reaches element %lld but the storage holds %lld", (long long)last,
                         (long long)storage_numel);
        return NULL;
    }
    if (numel > 0 && !tdw_double_in_device_memory(tensorData, (size_t)storage_numel * size)) {
        tdw_double_error(fn, "storage of %lld elements at %p is not in device memory", (long long)storage_numel,
                         tensorData);
        return NULL;
    }
    aclTensor *t = calloc(1, sizeof *t);
    t->ndim = viewDimsNum;
    if (viewDimsNum > 0) {
        memcpy(t->dims, viewDims, viewDimsNum * sizeof(int64_t));
        memcpy(t->strides, stride, viewDimsNum * sizeof(int64_t));
    }
    t->offset = offset;
    t->dtype = dataType;
    t->format = format;
    t->storage_ndim = storageDimsNum;
    if (storageDimsNum > 0) memcpy(t->storage_dims, storageDims, storageDimsNum * sizeof(int64_t));
    t->data = tensorData;
    tdw_double_track(t, TDW_TENSOR, 0);
    return t;
}

static aclnnStatus destroy(const char *fn, const void *handle, int kind) {
    if (tdw_double_fault("error", fn)) {
        tdw_double_error(fn, "injected fault (TDW_DOUBLE_FAULT=error:%s)", fn);
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    if (!tdw_double_untrack((void *)handle, kind)) {
        tdw_double_error(fn, "%p is not a live object of this kind", handle);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

TDW_EXPORT aclnnStatus aclDestroyTensor(const aclTensor *tensor) {
    aclnnStatus status = destroy("aclDestroyTensor", tensor, TDW_TENSOR);
    if (status == ACLNN_SUCCESS) free((void *)tensor);
    return status;
}

TDW_EXPORT aclScalar *aclCreateScalar(void *value, int dataType) {
    static const char *fn = "aclCreateScalar";
    if (tdw_double_fault("error", fn)) {
        tdw_double_error(fn, "injected fault (TDW_DOUBLE_FAULT=error:%s)", fn);
        return NULL;
    }
    if (value == NULL || tdw_double_dtype_size(dataType) == 0) {
        tdw_double_error(fn, "null value or unsupported data type %d", dataType);
        return NULL;
    }
    /* A scalar is a one-element contiguous tensor over the caller's bytes, read once and copied. */
    aclTensor view = {.ndim = 0, .dtype = dataType, .data = value};
    aclScalar *s = calloc(1, sizeof *s);
    s->dtype = dataType;
    s->value = tdw_double_get(&view, 0);
    tdw_double_track(s, TDW_SCALAR, 0);
    return s;
}

TDW_EXPORT aclnnStatus aclDestroyScalar(const aclScalar *scalar) {
    aclnnStatus status = destroy("aclDestroyScalar", scalar, TDW_SCALAR);
    if (status == ACLNN_SUCCESS) free((void *)scalar);
    return status;
}

TDW_EXPORT aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size) {
    static const char *fn = "aclCreateIntArray";
    if (tdw_double_fault("error", fn)) {
        tdw_double_error(fn, "injected fault (TDW_DOUBLE_FAULT=error:%s)", fn);
        return NULL;
    }
    if (value == NULL && size > 0) {
        tdw_double_error(fn, "null values for %llu elements", (unsigned long long)size);
        return NULL;
    }
    aclIntArray *a = calloc(1, sizeof *a);
    a->size = size;
    a->values = calloc(size ? size : 1, sizeof(int64_t));
    if (size > 0) memcpy(a->values, value, size * sizeof(int64_t));
    tdw_double_track(a, TDW_INT_ARRAY, 0);
    return a;
}

TDW_EXPORT aclnnStatus aclDestroyIntArray(const aclIntArray *array) {
    aclnnStatus status = destroy("aclDestroyIntArray", array, TDW_INT_ARRAY);
    if (status == ACLNN_SUCCESS) {
        free(array->values);
        free((void *)array);
    }
    return status;
}

TDW_EXPORT aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size) {
    static const char *fn = "aclCreateTensorList";
    if (tdw_double_fault("error", fn)) {
        tdw_double_error(fn, "injected fault (TDW_DOUBLE_FAULT=error:%s)", fn);
        return NULL;
    }
    if ((value == NULL && size > 0) || size > TDW_MAX_LIST) {
        tdw_double_error(fn, "bad list of %llu tensors", (unsigned long long)size);
        return NULL;
    }
    for (uint64_t i = 0; i < size; i++) {
        if (value[i] == NULL || !tdw_double_live(value[i], TDW_TENSOR)) {
            tdw_double_error(fn, "element %llu is not a live aclTensor", (unsigned long long)i);
            return NULL;
        }
    }
    aclTensorList *list = calloc(1, sizeof *list);
    list->size = size;
    for (uint64_t i = 0; i < size; i++) list->tensors[i] = (aclTensor *)value[i];
    tdw_double_track(list, TDW_TENSOR_LIST, 0);
    return list;
}

/* Destroys the list and its tensors, so destroying an element on its own as well is a double free. */
TDW_EXPORT aclnnStatus aclDestroyTensorList(const aclTensorList *array) {
    static const char *fn = "aclDestroyTensorList";
    aclnnStatus status = destroy(fn, array, TDW_TENSOR_LIST);
    if (status != ACLNN_SUCCESS) return status;
    for (uint64_t i = 0; i < array->size; i++) {
        if (!tdw_double_untrack(array->tensors[i], TDW_TENSOR)) {
            tdw_double_error(fn, "element %llu (%p) was already destroyed", (unsigned long long)i, (void *)array->tensors[i]);
            status = ACLNN_ERR_PARAM_INVALID;
        } else {
            free(array->tensors[i]);
        }
    }
    free((void *)array);
    return status;
}

/* What the stream runs: the operator, then the injected wrong result if asked, then the release. */
static aclnnStatus run_and_release(aclOpExecutor *ex, void *workspace) {
    aclnnStatus status = ex->compute(ex, workspace);
    if (status == ACLNN_SUCCESS && tdw_double_fault("wrong_result", ex->op) && ex->out[0] != NULL
        && tdw_double_numel(ex->out[0]) > 0) {
        tdw_double_set(ex->out[0], 0, tdw_double_get(ex->out[0], 0) + 1.0);
    }
    tdw_double_untrack(ex, TDW_EXECUTOR);
    free(ex);
    return status;
}

TDW_EXPORT aclOpExecutor *tdw_double_new_executor(const char *op, tdw_kernel compute, uint64_t workspace) {
    aclOpExecutor *ex = calloc(1, sizeof *ex);
    ex->op = op;
    ex->run = run_and_release;
    ex->compute = compute;
    ex->workspace_required = workspace;
    tdw_double_track(ex, TDW_EXECUTOR, 0);
    return ex;
}

TDW_EXPORT void tdw_double_bind(aclOpExecutor *ex, int output, int slot, const aclTensor *t) {
    if (t == NULL) return;
    if (output) {
        ex->out_store[slot] = *t;
        ex->out[slot] = &ex->out_store[slot];
    } else {
        ex->in_store[slot] = *t;
        ex->in[slot] = &ex->in_store[slot];
    }
}

/* Checks common to every first phase; the operator validates its own arguments after this. */
TDW_EXPORT aclnnStatus tdw_double_first_phase(const char *function, uint64_t *workspace_size,
                                              aclOpExecutor **executor) {
    if (tdw_double_fault("error", function)) {
        tdw_double_error(function, "injected fault (TDW_DOUBLE_FAULT=error:%s)", function);
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    if (workspace_size == NULL || executor == NULL) {
        tdw_double_error(function, "workspaceSize or executor is null");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (!tdw_double_initialized()) {
        tdw_double_error(function, "no device is set");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return ACLNN_SUCCESS;
}

static void delete_executor(aclOpExecutor *ex) {
    if (tdw_double_untrack(ex, TDW_EXECUTOR)) free(ex);
}

/* aclDestroyAclOpExecutor (acl_meta.h): for an executor whose second phase never ran. The second phase
 * deletes its executor even when it fails (op_executor.cpp), so destroying one after it is a double free. */
TDW_EXPORT aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor) {
    static const char *fn = "aclDestroyAclOpExecutor";
    if (tdw_double_fault("error", fn)) {
        tdw_double_error(fn, "injected fault (TDW_DOUBLE_FAULT=error:%s)", fn);
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    if (!tdw_double_untrack(executor, TDW_EXECUTOR)) {
        tdw_double_error(fn, "executor %p is not live (its second phase ran, or it was destroyed)", (void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    free(executor);
    return ACLNN_SUCCESS;
}

/* The second phase of every operator: the executor must come from this operator's first phase and the
 * workspace must be device memory of at least the size that phase asked for. Like CommonOpExecutorRun,
 * it deletes the executor on failure too. queued_error makes it fail after queuing its work, as a
 * composite operator does when a later kernel launch fails. */
TDW_EXPORT aclnnStatus tdw_double_run_phase(const char *function, void *workspace, uint64_t size,
                                            aclOpExecutor *ex, aclrtStream stream) {
    if (!tdw_double_live(ex, TDW_EXECUTOR)) {
        tdw_double_error(function, "executor %p is not live (already run, or never created)", (void *)ex);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (tdw_double_fault("error", function)) {
        tdw_double_error(function, "injected fault (TDW_DOUBLE_FAULT=error:%s)", function);
        delete_executor(ex);
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    if (strcmp(ex->op, function) != 0) {
        tdw_double_error(function, "executor was created for %s", ex->op);
        delete_executor(ex);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (size < ex->workspace_required
        || (ex->workspace_required > 0 && !tdw_double_in_device_memory(workspace, ex->workspace_required))) {
        tdw_double_error(function, "workspace %p of %llu bytes; %llu bytes of device memory are required",
                         workspace, (unsigned long long)size, (unsigned long long)ex->workspace_required);
        delete_executor(ex);
        return ACLNN_ERR_PARAM_INVALID;
    }
    ex->workspace = workspace;
    int fail_after_queue = tdw_double_fault("queued_error", function);
    aclnnStatus status = tdw_double_enqueue(function, stream, ex);
    if (status == ACLNN_SUCCESS && fail_after_queue) {
        tdw_double_error(function, "injected fault (TDW_DOUBLE_FAULT=queued_error:%s) after queuing work", function);
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return status;
}
