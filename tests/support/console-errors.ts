/**
 * A test fails when something logs to console.error that the test did not
 * expect: the app logs there only when a request went wrong, so an error
 * nobody expected is a failure that would otherwise pass unnoticed.
 * A test that provokes errors on purpose says so with expectConsoleErrors().
 */
import { afterEach, beforeEach, vi } from 'vitest'

const unexpected: unknown[][] = []
// This file runs again before each file of a process that runs several (vitest.config.ts):
// wrap the console's own console.error, not the previous file's wrapper.
const globals = globalThis as typeof globalThis & { __consoleError?: typeof console.error }
globals.__consoleError ??= console.error
const log = globals.__consoleError.bind(console)

// Not a spy: restoreMocks would remove it. A test's own spy replaces it for that test.
console.error = (...args: unknown[]) => {
  unexpected.push(args)
  log(...args)
}

beforeEach(() => {
  unexpected.length = 0
})

afterEach(() => {
  if (unexpected.length === 0) return
  const messages = unexpected.map((args) => args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '))
  unexpected.length = 0
  throw new Error(
    `console.error was called ${messages.length} time(s) unexpectedly (call expectConsoleErrors() in a test that provokes errors):\n- ${messages.join('\n- ')}`,
  )
})

/**
 * Declares that this test provokes errors the app logs (a database outage, a
 * failing provider). They are kept off the output; the returned spy shows
 * what was logged.
 */
export function expectConsoleErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => {})
}
