/*
 * mallocTrim(): glibc's malloc_trim(0) for the worker (src/engines/process/freed-memory.ts). Node has no call for
 * it and no package on npm offers one. glibc keeps what a process frees inside its arenas, resident; after a job
 * that is tens of MB, which the next job's peak stacks on. malloc_trim hands the free pages of every arena back.
 */
#include <malloc.h>
#include <node_api.h>

static napi_value trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
  return released;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_value fn;
  if (napi_create_function(env, "mallocTrim", NAPI_AUTO_LENGTH, trim, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "mallocTrim", fn) != napi_ok) return NULL;
  return exports;
}

NAPI_MODULE(malloc_trim, init)
