import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const postgresLane = Boolean(process.env.TEST_DATABASE_URL)

const integrationFiles = [
  'tests/integration/**/*.test.{ts,tsx}',
  // Races between server processes need a real server.
  ...(postgresLane ? ['tests/integration-postgres/**/*.test.ts'] : []),
]
// On PostgreSQL, not what would only repeat the embedded lane: the embedded database's own
// start-up and lock, and the hostile-input sweep (PGlite is the same PostgreSQL engine, so it
// parses and refuses input alike). Races stay: there the server's real concurrent connections matter.
const integrationExclude = [
  ...configDefaults.exclude,
  ...(postgresLane ? ['tests/integration/embedded-database.test.ts', 'tests/integration/fuzz*.test.ts'] : []),
]
// Integration files that change shared modules in ways that cannot be undone for the next file:
// vi.mock, or a spy on a model of the Prisma client (its models cannot be restored). Each runs
// in a process of its own (docs/conventions.md, "Integration tests").
const ISOLATED_FILES = [
  'tests/integration/pdf-to-form-drafts.test.ts',
  'tests/integration/audit-log.test.ts',
  'tests/integration/portal-signing-page-fallback.test.ts',
]

/**
 * The two halves of the hostile-input sweep take minutes each, ten times any other file. Vitest
 * runs a file it has no timing for in order of size, so on a clean checkout these two small files
 * started last, one after the other, and one core sat idle for minutes: they start first.
 */
const LONG_FILES = /\/tests\/integration\/fuzz[^/]*\.test\.ts$/

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files)
    return [...sorted.filter((file) => LONG_FILES.test(file.moduleId)), ...sorted.filter((file) => !LONG_FILES.test(file.moduleId))]
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(__dirname, 'app'),
      '#tests': path.resolve(__dirname, 'tests'),
    },
  },
  test: {
    environment: 'node',
    // Two cores: one file per core. A fork runs file after file without starting a new process
    // (isolate: false here); each project says whether its files also share imported modules.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    sequence: { sequencer: LongFilesFirst },
    // An unexpected console.error fails the test (tests/support/console-errors.ts).
    // Each file starts from the process's initial environment, real timers and unstubbed globals
    // (tests/support/fresh-process-state.ts).
    setupFiles: ['tests/support/fresh-process-state.ts', 'tests/support/console-errors.ts'],
    projects: [
      {
        extends: true,
        // Each file imports the modules afresh (they are cheap here).
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], poolOptions: { forks: { isolate: true } } },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // Each file gets a fresh, migrated database (tests/support/setup-database.ts).
          include: integrationFiles,
          exclude: [...integrationExclude, ...ISOLATED_FILES],
          // The app's modules are imported once per fork, not once per file (about a third of
          // the time went to that and to starting processes). Each file still starts on a new
          // database, with settings and module caches reset (tests/support/setup-database.ts;
          // docs/conventions.md, "Integration tests").
          poolOptions: { forks: { isolate: false } },
          provide: { sharesModules: true },
          setupFiles: ['tests/support/setup-database.ts'],
          globalSetup: ['tests/support/migrated-database-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-isolated',
          include: ISOLATED_FILES,
          poolOptions: { forks: { isolate: true } },
          exclude: integrationExclude,
          setupFiles: ['tests/support/setup-database.ts'],
          globalSetup: ['tests/support/migrated-database-template.ts'],
        },
      },
    ],
  },
})
