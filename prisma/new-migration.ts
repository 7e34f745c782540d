/**
 * npm run db:migration -- <name> — writes the SQL that takes a database built
 * by the committed migrations to prisma/schema.prisma, as
 * prisma/migrations/<UTC yyyymmddHHMMSS>_<name>/migration.sql.
 *
 * The committed migrations are applied to a scratch in-memory database with
 * the same runner the server uses, so the starting point is exactly what they
 * build; no real database is touched. Prisma 6.19 refuses `migrate diff
 * --from-url` when prisma.config.ts defines a driver adapter, so the scratch
 * database is introspected (`prisma db pull`, through
 * prisma/introspect.config.ts) into a temporary schema, and that schema is
 * diffed against prisma/schema.prisma.
 *
 * Review the file before committing it: SQL that Prisma's schema language
 * cannot express (triggers, functions) is invisible to the diff, and objects
 * the schema does not declare show up as DROP statements.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startEmbeddedDatabase } from '~/platform/db.server'
import { applyMigrations, migrationsDirectory } from '~/platform/migrate.server'

const SCHEMA = path.join('prisma', 'schema.prisma')
const INTROSPECT_CONFIG = path.join('prisma', 'introspect.config.ts')

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run db:migration -- <name>   (for example: add_patients)`)
  process.exit(1)
}

function utcTimestamp(date = new Date()) {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14)
}

/**
 * Runs the Prisma CLI asynchronously: the scratch database is served from
 * this process, so blocking it (spawnSync) would deadlock the child.
 */
function prisma(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn('npx', ['prisma', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(stdout)
      else reject(new Error(`prisma ${args.slice(0, 2).join(' ')} exited with ${code}:\n${stderr.trim()}`))
    })
  })
}

const rawName = process.argv.slice(2).find((arg) => !arg.startsWith('-'))
if (!rawName) usage('Name the migration.')
const name = rawName
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_+|_+$/g, '')
if (!name) usage(`"${rawName}" has no letters or digits to name a migration with.`)

const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migration-'))
const database = await startEmbeddedDatabase('memory://')
let exitCode = 0
try {
  await applyMigrations(database.url)
  const env = { ...process.env, DATABASE_URL: database.url, PRISMA_HIDE_UPDATE_MESSAGE: '1' }

  // Introspect into a copy of the schema, so names, comments and
  // Prisma-level attributes carry over and only database differences remain.
  const current = path.join(scratchDir, 'schema.prisma')
  fs.copyFileSync(SCHEMA, current)
  await prisma(['db', 'pull', '--schema', current, '--config', INTROSPECT_CONFIG], env)

  const diff = await prisma(
    ['migrate', 'diff', '--from-schema-datamodel', current, '--to-schema-datamodel', SCHEMA, '--script'],
    env,
  )
  const sql = diff.trim()
  // An empty diff is a comment line only.
  const statements = sql.split('\n').filter((line) => line.trim() && !line.trim().startsWith('--'))
  if (statements.length === 0) {
    console.log('No schema changes: prisma/schema.prisma matches the committed migrations.')
  } else {
    const directory = path.join(migrationsDirectory(), `${utcTimestamp()}_${name}`)
    fs.mkdirSync(directory, { recursive: true })
    const file = path.join(directory, 'migration.sql')
    fs.writeFileSync(file, `${sql}\n`)
    console.log(`Wrote ${path.relative(process.cwd(), file)}:\n\n${sql}\n`)
    console.log('Review it, then apply it with npm run db:migrate (the server also applies it at start).')
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await database.close()
  fs.rmSync(scratchDir, { recursive: true, force: true })
}
process.exit(exitCode)
