import fs from 'node:fs'
import path from 'node:path'

/**
 * DATA_DIR holds the embedded database and generated keys: owner-only, so
 * other accounts on the machine can read neither.
 */
export function ensurePrivateDirectory(directory: string) {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 })
  fs.chmodSync(directory, 0o700)
}

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `Another portal process (pid ${pid}) is using the embedded database in ${directory}. ` +
        'Stop it first. To run several instances, give them a shared PostgreSQL database (DATABASE_URL).',
    )
    this.name = 'DataDirectoryInUseError'
  }
}

function isRunning(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is running.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the embedded database for this process alone: two processes writing
 * one PGlite directory lose acknowledged data. The lock file names the
 * holder's pid; one left by a process that has ended is taken over.
 * Returns the release function.
 */
export function lockDirectory(directory: string): () => void {
  const lockFile = path.join(directory, 'portal.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 })
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile)
        } catch {
          // already gone
        }
      }
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim())
      if (isRunning(holder)) throw new DataDirectoryInUseError(directory, holder)
      fs.rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock ${directory}`)
}
