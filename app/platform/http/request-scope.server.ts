import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What one HTTP request has already read, shared by all the loaders of the
 * page it renders. Remix hands each loader a Request object of its own, so
 * the Request cannot be the key.
 */
const requestScope = new AsyncLocalStorage<Map<string, unknown>>()

/** Runs one HTTP request's handling inside a scope of its own. */
export function runInRequestScope<T>(handle: () => T): T {
  return requestScope.run(new Map(), handle)
}

/** What this HTTP request has read under `key` so far, if anything (never reads). */
export function readSoFar<T>(key: string): T | undefined {
  return requestScope.getStore()?.get(key) as T | undefined
}

/**
 * `read()` once per HTTP request under this key; outside a request's scope
 * (tests calling a loader, jobs) it simply calls `read()`.
 */
export function oncePerRequest<T>(key: string, read: () => T): T {
  const scope = requestScope.getStore()
  if (!scope) return read()
  if (!scope.has(key)) scope.set(key, read())
  return scope.get(key) as T
}
