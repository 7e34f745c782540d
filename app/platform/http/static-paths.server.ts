import fs from 'node:fs'
import path from 'node:path'

/** Every file under `directory` (none when it is missing), as absolute paths: read once, at start. */
export function filesUnder(directory: string) {
  if (!fs.existsSync(directory)) return []
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.resolve(entry.parentPath, entry.name))
}

/** A file's path under `directory` as a request's path names it: `/fonts/a.woff2`. */
export function requestPathOf(directory: string, file: string) {
  return `/${path.relative(directory, file).split(path.sep).join('/')}`
}
