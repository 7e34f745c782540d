import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'

const postgresLane = Boolean(process.env.TEST_DATABASE_URL)

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(__dirname, 'app'),
      '#tests': path.resolve(__dirname, 'tests'),
    },
  },
  test: {
    environment: 'node',
    // Two cores: one file per core.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    // An unexpected console.error fails the test (tests/support/console-errors.ts).
    setupFiles: ['tests/support/console-errors.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          // Each file gets a fresh, migrated database (tests/support/setup-database.ts).
          include: [
            'tests/integration/**/*.test.{ts,tsx}',
            // Races between server processes need a real server.
            ...(postgresLane ? ['tests/integration-postgres/**/*.test.ts'] : []),
          ],
          // On PostgreSQL, not what would only repeat the embedded lane: the embedded database's
          // own start-up and lock, and the hostile-input sweep (PGlite is the same PostgreSQL
          // engine, so it parses and refuses input alike). Races stay: there the server's real
          // concurrent connections matter.
          exclude: [
            ...configDefaults.exclude,
            ...(postgresLane ? ['tests/integration/embedded-database.test.ts', 'tests/integration/fuzz*.test.ts'] : []),
          ],
          setupFiles: ['tests/support/setup-database.ts'],
          globalSetup: ['tests/support/migrated-database-template.ts'],
        },
      },
    ],
  },
})
