/*
 * Test double of the CANN runtime, operator-object and operator libraries.
 *
 * Built only by the native-bridge test build into target/test-double/. It exports the public ACL/aclnn
 * symbols with the C signatures of the CANN headers (see native-bridge/README.md for the header of each),
 * and a few tdw_double_* helpers that its own three libraries share, the way the real libopapi depends on
 * libnnopbase and libascendcl.
 *
 * "Device" memory is host memory from malloc, but it is tracked: a copy, a tensor or a workspace that does
 * not lie inside a live aclrtMalloc block is an error, so a host pointer passed where a device pointer
 * belongs fails here as it would on a device. Operators run when their stream is synchronized, so a caller
 * that reads results without aclrtSynchronizeStream reads stale memory, as on a device.
 *
 * TDW_DOUBLE_FAULT (read at every call, comma-separated) injects faults:
 *   error:<function>         the function fails with its error code and a recent error message
 *   quiet_error:<function>   the same failure, leaving the recent error message as it was
 *   queued_error:<aclnnOp>   the second phase queues its work, then fails
 *   stuck:aclrtSynchronizeStream  synchronization fails before the queued tasks ran
 *   stuck:aclrtSynchronizeStreamWithTimeout  the same, as a timeout (507046)
 *   wrong_result:<aclnnOp>   the operator adds 1 to the first element of its first output
 */
#ifndef TDW_DOUBLE_INTERNAL_H
#define TDW_DOUBLE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#define TDW_EXPORT __attribute__((visibility("default")))

typedef int aclError;
typedef int32_t aclnnStatus;
typedef void *aclrtStream;

/* acl_base_rt.h error codes */
#define ACL_SUCCESS 0
#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_UNINITIALIZE 100001
#define ACL_ERROR_REPEAT_INITIALIZE 100002
#define ACL_ERROR_REPEAT_FINALIZE 100037
#define ACL_ERROR_BAD_ALLOC 200000
#define ACL_ERROR_INVALID_DEVICE 200002
#define ACL_ERROR_INVALID_RESOURCE_HANDLE 200005
#define ACL_ERROR_INTERNAL_ERROR 500000
#define ACL_ERROR_RT_FAILURE 500003
/* rt_error_codes.h */
#define ACL_ERROR_RT_CONTEXT_NULL 107002
#define ACL_ERROR_RT_STREAM_SYNC_TIMEOUT 507046

/* aclnn return codes */
#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001

/* aclDataType (acl_base_rt.h) */
enum {
    ACL_FLOAT = 0, ACL_FLOAT16 = 1, ACL_INT8 = 2, ACL_INT32 = 3, ACL_UINT8 = 4, ACL_INT16 = 6,
    ACL_INT64 = 9, ACL_DOUBLE = 11, ACL_BOOL = 12, ACL_BF16 = 27
};
/* aclFormat (acl_base_rt.h) */
enum { ACL_FORMAT_NCHW = 0, ACL_FORMAT_NHWC = 1, ACL_FORMAT_ND = 2, ACL_FORMAT_NC1HWC0 = 3,
       ACL_FORMAT_FRACTAL_Z = 4, ACL_FORMAT_FRACTAL_NZ = 29 };
/* aclrtMemcpyKind (acl_rt.h) */
enum { ACL_MEMCPY_HOST_TO_HOST = 0, ACL_MEMCPY_HOST_TO_DEVICE = 1, ACL_MEMCPY_DEVICE_TO_HOST = 2,
       ACL_MEMCPY_DEVICE_TO_DEVICE = 3 };

#define TDW_MAX_DIMS 8

typedef struct aclTensor {
    uint64_t ndim;
    int64_t dims[TDW_MAX_DIMS];
    int64_t strides[TDW_MAX_DIMS];
    int64_t offset;
    int dtype;
    int format;
    uint64_t storage_ndim;
    int64_t storage_dims[TDW_MAX_DIMS];
    void *data;
} aclTensor;

typedef struct aclScalar {
    int dtype;
    double value;
} aclScalar;

typedef struct aclIntArray {
    uint64_t size;
    int64_t *values;
} aclIntArray;

struct aclOpExecutor;
typedef aclnnStatus (*tdw_kernel)(struct aclOpExecutor *ex, void *workspace);

/* One launch of an operator. Tensor descriptors and values are copied in the first phase, as the real
 * executor does, so the caller may destroy its aclTensor objects once the second phase returned. */
typedef struct aclOpExecutor {
    const char *op;             /* the second-phase function that may run it, e.g. "aclnnAdd" */
    tdw_kernel run;             /* what the stream calls: compute, inject a wrong result, release */
    tdw_kernel compute;         /* the operator itself */
    uint64_t workspace_required;
    void *workspace;
    aclTensor in_store[4];
    aclTensor out_store[3];
    const aclTensor *in[4];
    const aclTensor *out[3];
    double real;
    int64_t integer;
    uint64_t ints_size;
    int64_t ints[TDW_MAX_DIMS];
    struct aclOpExecutor *next; /* stream queue link */
} aclOpExecutor;

/* Handle kinds in the live-object registry. */
enum { TDW_DEVICE_BLOCK = 1, TDW_STREAM, TDW_TENSOR, TDW_SCALAR, TDW_INT_ARRAY, TDW_EXECUTOR, TDW_TENSOR_LIST };

#define TDW_MAX_LIST 8

/* Owns its tensors: aclDestroyTensorList destroys them too (opbase acl_op_api.cpp). */
typedef struct aclTensorList {
    uint64_t size;
    aclTensor *tensors[TDW_MAX_LIST];
} aclTensorList;

/* --- shared helpers, defined in libascendcl (runtime.c) --- */
TDW_EXPORT void tdw_double_error(const char *function, const char *format, ...);
TDW_EXPORT int tdw_double_fault(const char *kind, const char *function);
TDW_EXPORT void tdw_double_track(void *handle, int kind, size_t bytes);
TDW_EXPORT int tdw_double_untrack(void *handle, int kind);
TDW_EXPORT int tdw_double_live(const void *handle, int kind);
TDW_EXPORT int tdw_double_in_device_memory(const void *p, size_t bytes);
TDW_EXPORT size_t tdw_double_live_count(int kind);
TDW_EXPORT size_t tdw_double_message_reads(void);
TDW_EXPORT int32_t tdw_double_last_sync_timeout(void);
TDW_EXPORT int tdw_double_initialized(void);
TDW_EXPORT aclnnStatus tdw_double_enqueue(const char *function, aclrtStream stream, aclOpExecutor *ex);

/* --- shared helpers, defined in libnnopbase (tensor.c) --- */
TDW_EXPORT size_t tdw_double_dtype_size(int dtype);
TDW_EXPORT float tdw_double_round(int dtype, float v);
TDW_EXPORT int64_t tdw_double_numel(const aclTensor *t);
TDW_EXPORT double tdw_double_get(const aclTensor *t, int64_t logical);
TDW_EXPORT void tdw_double_set(const aclTensor *t, int64_t logical, double value);
TDW_EXPORT int64_t tdw_double_broadcast_index(const aclTensor *in, const aclTensor *out, int64_t logical);
TDW_EXPORT aclOpExecutor *tdw_double_new_executor(const char *op, tdw_kernel compute, uint64_t workspace);
TDW_EXPORT void tdw_double_bind(aclOpExecutor *ex, int output, int slot, const aclTensor *t);
TDW_EXPORT aclnnStatus tdw_double_run_phase(const char *function, void *workspace, uint64_t size,
                                            aclOpExecutor *ex, aclrtStream stream);
TDW_EXPORT aclnnStatus tdw_double_first_phase(const char *function, uint64_t *workspace_size,
                                              aclOpExecutor **executor);
TDW_EXPORT aclnnStatus tdw_double_check(const char *function, const char *name, const aclTensor *t);
TDW_EXPORT int tdw_double_broadcastable(const aclTensor *in, const aclTensor *out);
TDW_EXPORT int tdw_double_same_shape(const aclTensor *a, const aclTensor *b);

/* --- shared by the operator sources --- */
#define CHECK(expr) do { aclnnStatus s_ = (expr); if (s_ != ACLNN_SUCCESS) return s_; } while (0)
#define REQUIRE(fn, cond, ...) do { if (!(cond)) { tdw_double_error(fn, __VA_ARGS__); return ACLNN_ERR_PARAM_INVALID; } } while (0)

/* The 16- and 32-bit float types the double's operators compute on. */
static inline int tdw_double_is_float(int dtype) {
    return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16;
}

#endif
