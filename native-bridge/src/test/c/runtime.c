/* libascendcl part of the test double: init, devices, memory, streams, recent error message. */
#include "double_internal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEVICE_COUNT 2u
#define DEVICE_MEMORY ((size_t)32 << 30)

typedef struct {
    aclOpExecutor *head;
    aclOpExecutor *tail;
} tdw_stream;

typedef struct {
    void *handle;
    int kind;
    size_t bytes;
} tdw_entry;

/* aclInit reference count (acl.cpp: a repeated aclInit counts a reference and returns 100002) and whether
 * aclFinalize ran: acl_rt.h says services cannot be used after aclFinalize, so the double refuses a new
 * aclInit then. */
static uint64_t g_init_references;
static int g_finalized;
/* ACL binds the current device to the calling thread. */
static __thread int g_device = -1;
static size_t g_allocated;
/* The live-object registry is shared by every thread of the process, as several runtimes may run at once. */
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static tdw_entry *g_entries;
static size_t g_entry_count;
static size_t g_entry_capacity;
/* Like aclRecentErrMsg (acl.cpp): per thread, replaced by the next failure, not cleared by reading it. */
static __thread char g_error[1024];
/* Set by a quiet_error fault: the failing call leaves the recent message as it was. */
static __thread int g_quiet;

TDW_EXPORT void tdw_double_error(const char *function, const char *format, ...) {
    if (g_quiet) {
        g_quiet = 0;
        return;
    }
    va_list args;
    int n = snprintf(g_error, sizeof g_error, "%s: ", function);
    va_start(args, format);
    vsnprintf(g_error + n, sizeof g_error - (size_t)n, format, args);
    va_end(args);
}

static int fault_listed(const char *kind, const char *function);

/* True when TDW_DOUBLE_FAULT lists exactly "<kind>:<function>"; an "error" is also a "quiet_error", which
 * fails the same way without a new recent message. */
TDW_EXPORT int tdw_double_fault(const char *kind, const char *function) {
    if (strcmp(kind, "error") == 0 && fault_listed("quiet_error", function)) {
        g_quiet = 1;
        return 1;
    }
    return fault_listed(kind, function);
}

static int fault_listed(const char *kind, const char *function) {
    const char *spec = getenv("TDW_DOUBLE_FAULT");
    if (spec == NULL) return 0;
    size_t kind_len = strlen(kind), fn_len = strlen(function);
    for (const char *p = spec; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == kind_len + 1 + fn_len && strncmp(p, kind, kind_len) == 0 && p[kind_len] == ':'
            && strncmp(p + kind_len + 1, function, fn_len) == 0) {
            return 1;
        }
        p += len + (end ? 1 : 0);
    }
    return 0;
}

TDW_EXPORT void tdw_double_track(void *handle, int kind, size_t bytes) {
    pthread_mutex_lock(&g_lock);
    if (g_entry_count == g_entry_capacity) {
        g_entry_capacity = g_entry_capacity ? g_entry_capacity * 2 : 64;
        tdw_entry *grown = realloc(g_entries, g_entry_capacity * sizeof *g_entries);
        if (grown == NULL) abort();
        g_entries = grown;
    }
    g_entries[g_entry_count++] = (tdw_entry){handle, kind, bytes};
    pthread_mutex_unlock(&g_lock);
}

TDW_EXPORT int tdw_double_untrack(void *handle, int kind) {
    int found = 0;
    pthread_mutex_lock(&g_lock);
    for (size_t i = 0; i < g_entry_count; i++) {
        if (g_entries[i].handle == handle && g_entries[i].kind == kind) {
            g_entries[i] = g_entries[--g_entry_count];
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&g_lock);
    return found;
}

TDW_EXPORT int tdw_double_live(const void *handle, int kind) {
    int found = 0;
    pthread_mutex_lock(&g_lock);
    for (size_t i = 0; i < g_entry_count && !found; i++) {
        found = g_entries[i].handle == handle && g_entries[i].kind == kind;
    }
    pthread_mutex_unlock(&g_lock);
    return found;
}

/* For tests: how many objects of a kind are alive (TDW_EXECUTOR shows a leaked executor). */
TDW_EXPORT size_t tdw_double_live_count(int kind) {
    size_t n = 0;
    pthread_mutex_lock(&g_lock);
    for (size_t i = 0; i < g_entry_count; i++) n += g_entries[i].kind == kind;
    pthread_mutex_unlock(&g_lock);
    return n;
}

static int in_block(const tdw_entry *e, const char *c, size_t bytes) {
    const char *base = e->handle;
    return e->kind == TDW_DEVICE_BLOCK && c >= base && c + bytes <= base + e->bytes;
}

TDW_EXPORT int tdw_double_in_device_memory(const void *p, size_t bytes) {
    int found = 0;
    pthread_mutex_lock(&g_lock);
    for (size_t i = 0; i < g_entry_count && !found; i++) found = in_block(&g_entries[i], p, bytes);
    pthread_mutex_unlock(&g_lock);
    return found;
}

TDW_EXPORT int tdw_double_initialized(void) { return g_init_references > 0 && g_device >= 0; }

static aclError injected(const char *function, aclError code) {
    tdw_double_error(function, "injected fault (TDW_DOUBLE_FAULT=error:%s)", function);
    return code;
}

static int device_ready(const char *function) {
    if (g_init_references == 0) {
        tdw_double_error(function, "aclInit has not been called");
        return 0;
    }
    if (g_device < 0) {
        tdw_double_error(function, "no device is set; call aclrtSetDevice first");
        return 0;
    }
    return 1;
}

TDW_EXPORT aclError aclInit(const char *configPath) {
    (void)configPath;
    if (tdw_double_fault("error", "aclInit")) return injected("aclInit", ACL_ERROR_RT_FAILURE);
    aclError result = ACL_SUCCESS;
    pthread_mutex_lock(&g_lock);
    if (g_finalized) {
        tdw_double_error("aclInit", "ACL was finalized in this process; it cannot be initialized again");
        result = ACL_ERROR_INTERNAL_ERROR;
    } else if (g_init_references > 0) {
        g_init_references++;
        tdw_double_error("aclInit", "already initialized in this process (%llu references)",
                         (unsigned long long)g_init_references);
        result = ACL_ERROR_REPEAT_INITIALIZE;
    } else {
        g_init_references = 1;
    }
    pthread_mutex_unlock(&g_lock);
    return result;
}

/* Ends ACL for the process whatever the reference count, as acl.cpp's aclFinalizeInternal does. */
static void finalize_now(void) {
    g_init_references = 0;
    g_finalized = 1;
    g_device = -1;
}

TDW_EXPORT aclError aclFinalize(void) {
    if (tdw_double_fault("error", "aclFinalize")) return injected("aclFinalize", ACL_ERROR_RT_FAILURE);
    aclError result = ACL_SUCCESS;
    pthread_mutex_lock(&g_lock);
    if (g_init_references == 0) {
        tdw_double_error("aclFinalize", "not initialized or already finalized");
        result = ACL_ERROR_REPEAT_FINALIZE;
    } else {
        finalize_now();
    }
    pthread_mutex_unlock(&g_lock);
    return result;
}

/* Drops one aclInit reference; the last one finalizes (acl.cpp aclFinalizeReferenceImpl). */
TDW_EXPORT aclError aclFinalizeReference(uint64_t *refCount) {
    if (tdw_double_fault("error", "aclFinalizeReference")) return injected("aclFinalizeReference", ACL_ERROR_RT_FAILURE);
    aclError result = ACL_SUCCESS;
    pthread_mutex_lock(&g_lock);
    if (g_init_references == 0) {
        tdw_double_error("aclFinalizeReference", "called without a matching aclInit");
        result = ACL_ERROR_REPEAT_FINALIZE;
    } else if (g_init_references > 1) {
        g_init_references--;
    } else {
        finalize_now();
    }
    if (refCount != NULL) *refCount = g_init_references;
    pthread_mutex_unlock(&g_lock);
    return result;
}

/* How often this thread read the recent message (each read is a device round trip on a real runtime). */
static __thread size_t g_message_reads;

TDW_EXPORT size_t tdw_double_message_reads(void) { return g_message_reads; }

/* What the runtime reports when a call needs the thread's context and none is bound (runtime
 * src/runtime/core/src/context/context_manage.cc, ReportContextValidationError, EE1018). */
#define NO_CONTEXT_MESSAGE "EE1018: No valid context is bound to the current thread. Call aclrtSetDevice or" \
    " aclrtSetCurrentContext to bind a valid context to the current thread before calling this API"

/* The message of the last failure on this thread; it stays until the next failure replaces it. Reading it
 * asks the device for its messages first (acl.cpp aclGetRecentErrMsgImpl calls rtGetDevMsg), which on a
 * thread without a bound device reports EE1018; that report is put before the message, as acl.cpp puts the
 * newest host message before the older ones. */
TDW_EXPORT const char *aclGetRecentErrMsg(void) {
    g_message_reads++;
    if (g_device < 0) {
        char older[sizeof g_error];
        memcpy(older, g_error, sizeof older);
        if (older[0] == '\0') snprintf(g_error, sizeof g_error, "%s", NO_CONTEXT_MESSAGE);
        else snprintf(g_error, sizeof g_error, "%s\n%.*s", NO_CONTEXT_MESSAGE, (int)(sizeof g_error - sizeof NO_CONTEXT_MESSAGE - 1), older);
    }
    return g_error[0] == '\0' ? NULL : g_error;
}

/* Calls that work on the thread's context fail without one (ACL binds the current device per thread). */
static int context_bound(const char *function) {
    if (g_device >= 0) return 1;
    snprintf(g_error, sizeof g_error, "%s: %s", function, NO_CONTEXT_MESSAGE);
    return 0;
}

/* acl_rt.h aclrtGetVersion: the ACL version of the header the double follows (1.17.0). */
TDW_EXPORT aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion) {
    if (tdw_double_fault("error", "aclrtGetVersion")) return injected("aclrtGetVersion", ACL_ERROR_RT_FAILURE);
    if (majorVersion == NULL || minorVersion == NULL || patchVersion == NULL) {
        tdw_double_error("aclrtGetVersion", "a version pointer is null");
        return ACL_ERROR_INVALID_PARAM;
    }
    *majorVersion = 1;
    *minorVersion = 17;
    *patchVersion = 0;
    return ACL_SUCCESS;
}

/* acl_base_rt.h aclrtGetSocName: the chip's name, null before aclInit. */
TDW_EXPORT const char *aclrtGetSocName(void) {
    return g_init_references > 0 ? "tdw-double" : NULL;
}

TDW_EXPORT aclError aclrtSetDevice(int32_t deviceId) {
    if (tdw_double_fault("error", "aclrtSetDevice")) return injected("aclrtSetDevice", ACL_ERROR_RT_FAILURE);
    if (g_init_references == 0) {
        tdw_double_error("aclrtSetDevice", g_finalized ? "ACL was finalized" : "aclInit has not been called");
        return ACL_ERROR_UNINITIALIZE;
    }
    if (deviceId < 0 || (uint32_t)deviceId >= DEVICE_COUNT) {
        tdw_double_error("aclrtSetDevice", "device %d does not exist (%u devices)", deviceId, DEVICE_COUNT);
        return ACL_ERROR_INVALID_DEVICE;
    }
    g_device = deviceId;
    return ACL_SUCCESS;
}

TDW_EXPORT aclError aclrtResetDevice(int32_t deviceId) {
    if (tdw_double_fault("error", "aclrtResetDevice")) return injected("aclrtResetDevice", ACL_ERROR_RT_FAILURE);
    if (deviceId != g_device || g_device < 0) {
        tdw_double_error("aclrtResetDevice", "device %d is not the current device", deviceId);
        return ACL_ERROR_INVALID_DEVICE;
    }
    g_device = -1;
    return ACL_SUCCESS;
}

TDW_EXPORT aclError aclrtGetDeviceCount(uint32_t *count) {
    if (tdw_double_fault("error", "aclrtGetDeviceCount")) return injected("aclrtGetDeviceCount", ACL_ERROR_RT_FAILURE);
    if (count == NULL) {
        tdw_double_error("aclrtGetDeviceCount", "count is null");
        return ACL_ERROR_INVALID_PARAM;
    }
    *count = DEVICE_COUNT;
    return ACL_SUCCESS;
}

TDW_EXPORT aclError aclrtGetMemInfo(int attr, size_t *free_bytes, size_t *total_bytes) {
    if (tdw_double_fault("error", "aclrtGetMemInfo")) return injected("aclrtGetMemInfo", ACL_ERROR_RT_FAILURE);
    if (!device_ready("aclrtGetMemInfo")) return ACL_ERROR_INVALID_DEVICE;
    if (free_bytes == NULL || total_bytes == NULL || attr < 0 || attr > 1) {
        tdw_double_error("aclrtGetMemInfo", "bad arguments (attr %d)", attr);
        return ACL_ERROR_INVALID_PARAM;
    }
    *total_bytes = DEVICE_MEMORY;
    *free_bytes = DEVICE_MEMORY - g_allocated;
    return ACL_SUCCESS;
}

TDW_EXPORT aclError aclrtMalloc(void **devPtr, size_t size, int policy) {
    if (tdw_double_fault("error", "aclrtMalloc")) return injected("aclrtMalloc", ACL_ERROR_BAD_ALLOC);
    if (!device_ready("aclrtMalloc")) return ACL_ERROR_INVALID_DEVICE;
    if (devPtr == NULL || size == 0 || policy < 0 || policy > 2) {
        tdw_double_error("aclrtMalloc", "bad arguments (size %zu, policy %d)", size, policy);
        return ACL_ERROR_INVALID_PARAM;
    }
    void *p = malloc(size);
    if (p == NULL || size > DEVICE_MEMORY - g_allocated) {
        free(p);
        tdw_double_error("aclrtMalloc", "out of device memory for %zu bytes", size);
        return ACL_ERROR_BAD_ALLOC;
    }
    /* Fresh device memory is not zero on a device either. */
    memset(p, 0xA5, size);
    tdw_double_track(p, TDW_DEVICE_BLOCK, size);
    g_allocated += size;
    *devPtr = p;
    return ACL_SUCCESS;
}

/* The queued task (if any) that reads or writes device block [base, base + bytes): freeing it before the
 * stream is synchronized lets the kernel write freed memory. Called with g_lock held. */
static const char *queued_user(const char *base, size_t bytes) {
    for (size_t i = 0; i < g_entry_count; i++) {
        if (g_entries[i].kind != TDW_STREAM) continue;
        for (const aclOpExecutor *ex = ((tdw_stream *)g_entries[i].handle)->head; ex != NULL; ex = ex->next) {
            const char *ws = ex->workspace;
            if (ws != NULL && ws >= base && ws < base + bytes) return ex->op;
            for (int k = 0; k < 4; k++) {
                const char *d = ex->in[k] ? ex->in[k]->data : NULL;
                if (d != NULL && d >= base && d < base + bytes) return ex->op;
            }
            for (int k = 0; k < 3; k++) {
                const char *d = ex->out[k] ? ex->out[k]->data : NULL;
                if (d != NULL && d >= base && d < base + bytes) return ex->op;
            }
        }
    }
    return NULL;
}

TDW_EXPORT aclError aclrtFree(void *devPtr) {
    if (tdw_double_fault("error", "aclrtFree")) return injected("aclrtFree", ACL_ERROR_RT_FAILURE);
    pthread_mutex_lock(&g_lock);
    for (size_t i = 0; i < g_entry_count; i++) {
        if (g_entries[i].handle == devPtr && g_entries[i].kind == TDW_DEVICE_BLOCK) {
            const char *user = queued_user(devPtr, g_entries[i].bytes);
            if (user != NULL) {
                pthread_mutex_unlock(&g_lock);
                tdw_double_error("aclrtFree", "%p is still used by a queued %s task; synchronize the stream first", devPtr, user);
                return ACL_ERROR_INVALID_PARAM;
            }
            g_allocated -= g_entries[i].bytes;
            g_entries[i] = g_entries[--g_entry_count];
            pthread_mutex_unlock(&g_lock);
            free(devPtr);
            return ACL_SUCCESS;
        }
    }
    pthread_mutex_unlock(&g_lock);
    tdw_double_error("aclrtFree", "%p is not a live device allocation", devPtr);
    return ACL_ERROR_INVALID_PARAM;
}

TDW_EXPORT aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, int kind) {
    if (tdw_double_fault("error", "aclrtMemcpy")) return injected("aclrtMemcpy", ACL_ERROR_RT_FAILURE);
    if (dst == NULL || src == NULL || count > destMax || kind < 0 || kind > 3) {
        tdw_double_error("aclrtMemcpy", "bad arguments (count %zu, destMax %zu, kind %d)", count, destMax, kind);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!context_bound("aclrtMemcpy")) return ACL_ERROR_RT_CONTEXT_NULL;
    int dst_device = tdw_double_in_device_memory(dst, count);
    int src_device = tdw_double_in_device_memory(src, count);
    int want_dst = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    int want_src = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    if (dst_device != want_dst || src_device != want_src) {
        tdw_double_error("aclrtMemcpy", "kind %d does not match the pointers (dst %s, src %s)", kind,
                         dst_device ? "device" : "host", src_device ? "device" : "host");
        return ACL_ERROR_INVALID_PARAM;
    }
    memcpy(dst, src, count);
    return ACL_SUCCESS;
}

TDW_EXPORT aclError aclrtCreateStream(aclrtStream *stream) {
    if (tdw_double_fault("error", "aclrtCreateStream")) return injected("aclrtCreateStream", ACL_ERROR_RT_FAILURE);
    if (!device_ready("aclrtCreateStream")) return ACL_ERROR_INVALID_DEVICE;
    if (stream == NULL) {
        tdw_double_error("aclrtCreateStream", "stream is null");
        return ACL_ERROR_INVALID_PARAM;
    }
    tdw_stream *s = calloc(1, sizeof *s);
    tdw_double_track(s, TDW_STREAM, 0);
    *stream = s;
    return ACL_SUCCESS;
}

/* Runs the queued tasks in order; the queue is unlinked under the lock and run outside it. */
static aclError drain(const char *function, tdw_stream *s) {
    aclError result = ACL_SUCCESS;
    for (;;) {
        pthread_mutex_lock(&g_lock);
        aclOpExecutor *ex = s->head;
        if (ex != NULL) {
            s->head = ex->next;
            if (s->head == NULL) s->tail = NULL;
        }
        pthread_mutex_unlock(&g_lock);
        if (ex == NULL) return result;
        const char *op = ex->op;
        aclnnStatus status = ex->run(ex, ex->workspace);
        if (status != ACLNN_SUCCESS && result == ACL_SUCCESS) {
            tdw_double_error(function, "task %s failed with %d", op, status);
            result = ACL_ERROR_RT_FAILURE;
        }
    }
}

/* error: the queued tasks ran but the stream reports a failure; stuck: they have not run yet (as when a
 * synchronization times out), so their memory is still in use. */
TDW_EXPORT aclError aclrtSynchronizeStream(aclrtStream stream) {
    static const char *fn = "aclrtSynchronizeStream";
    if (tdw_double_fault("stuck", fn)) {
        tdw_double_error(fn, "injected fault (TDW_DOUBLE_FAULT=stuck:%s): queued tasks did not finish", fn);
        return ACL_ERROR_RT_FAILURE;
    }
    if (!tdw_double_live(stream, TDW_STREAM)) {
        tdw_double_error(fn, "%p is not a live stream", stream);
        return ACL_ERROR_INVALID_RESOURCE_HANDLE;
    }
    aclError result = drain(fn, stream);
    if (tdw_double_fault("error", fn)) return injected(fn, ACL_ERROR_RT_FAILURE);
    return result;
}

/* The timeout of the last aclrtSynchronizeStreamWithTimeout in the process, for tests. */
static int32_t g_last_sync_timeout = -2;

TDW_EXPORT int32_t tdw_double_last_sync_timeout(void) { return g_last_sync_timeout; }

/* acl_rt.h: timeout in milliseconds, -1 waits indefinitely, 0 only checks; ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
 * (rt_error_codes.h) when the tasks did not finish in time. The double's tasks finish at once, so only a
 * stuck fault times out. */
TDW_EXPORT aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
    static const char *fn = "aclrtSynchronizeStreamWithTimeout";
    g_last_sync_timeout = timeout;
    if (timeout < -1) {
        tdw_double_error(fn, "timeout %d is below -1", timeout);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (tdw_double_fault("stuck", fn)) {
        tdw_double_error(fn, "stream synchronization timed out after %d ms (TDW_DOUBLE_FAULT=stuck:%s)", timeout, fn);
        return ACL_ERROR_RT_STREAM_SYNC_TIMEOUT;
    }
    if (!tdw_double_live(stream, TDW_STREAM)) {
        tdw_double_error(fn, "%p is not a live stream", stream);
        return ACL_ERROR_INVALID_RESOURCE_HANDLE;
    }
    aclError result = drain(fn, stream);
    if (tdw_double_fault("error", fn)) return injected(fn, ACL_ERROR_RT_FAILURE);
    return result;
}

/* acl_rt.h: synchronize before aclrtDestroyStream so the stream's tasks have completed. */
TDW_EXPORT aclError aclrtDestroyStream(aclrtStream stream) {
    static const char *fn = "aclrtDestroyStream";
    if (tdw_double_fault("error", fn)) return injected(fn, ACL_ERROR_RT_FAILURE);
    if (!context_bound(fn)) return ACL_ERROR_RT_CONTEXT_NULL;
    if (!tdw_double_live(stream, TDW_STREAM)) {
        tdw_double_error(fn, "%p is not a live stream", stream);
        return ACL_ERROR_INVALID_RESOURCE_HANDLE;
    }
    tdw_stream *s = stream;
    pthread_mutex_lock(&g_lock);
    const char *pending = s->head != NULL ? s->head->op : NULL;
    pthread_mutex_unlock(&g_lock);
    if (pending != NULL) {
        tdw_double_error(fn, "the stream still has queued work (%s); call aclrtSynchronizeStream first", pending);
        return ACL_ERROR_INVALID_PARAM;
    }
    tdw_double_untrack(stream, TDW_STREAM);
    free(stream);
    return ACL_SUCCESS;
}

/* Queues an operator on its stream; a null stream is the default stream, which runs at once. */
TDW_EXPORT aclnnStatus tdw_double_enqueue(const char *function, aclrtStream stream, aclOpExecutor *ex) {
    if (stream == NULL) return ex->run(ex, ex->workspace);
    if (!tdw_double_live(stream, TDW_STREAM)) {
        tdw_double_error(function, "%p is not a live stream", stream);
        return ACLNN_ERR_PARAM_INVALID;
    }
    tdw_stream *s = stream;
    ex->next = NULL;
    pthread_mutex_lock(&g_lock);
    if (s->tail) s->tail->next = ex; else s->head = ex;
    s->tail = ex;
    pthread_mutex_unlock(&g_lock);
    return ACLNN_SUCCESS;
}
