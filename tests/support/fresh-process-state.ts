/**
 * A forked test process runs file after file (vitest.config.ts), and this
 * runs before each: the file starts from the environment the process started
 * with, and after it real timers return and stubbed globals and variables go,
 * whatever the file did (docs/conventions.md, "Integration tests").
 */
import { afterAll, vi } from 'vitest'

const globals = globalThis as typeof globalThis & { __initialTestEnv?: Record<string, string | undefined> }
globals.__initialTestEnv ??= { ...process.env }
for (const name of Object.keys(process.env)) delete process.env[name]
Object.assign(process.env, globals.__initialTestEnv)

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})
