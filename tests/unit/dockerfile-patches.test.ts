import fs from 'node:fs'
import { describe, expect, test } from 'vitest'

/**
 * The image's production install skips install scripts, patch-package among
 * them (Dockerfile, stage 3), so every patched package the server loads at
 * run time is copied from the full install (ADR 0027). A patch added without
 * its copy would run in the tests and not in the image.
 */
const BUILD_TIME_ONLY = new Set(['@remix-run/dev'])

function patchedPackages() {
  return fs
    .readdirSync('patches')
    .filter((name) => name.endsWith('.patch'))
    .map((name) => name.replace(/\+\d[^+]*\.patch$/, '').replace('+', '/'))
}

describe('the production image', () => {
  test('copies every patched package the server loads from the install that applied the patches', () => {
    const dockerfile = fs.readFileSync('Dockerfile', 'utf8')
    const packages = patchedPackages().filter((name) => !BUILD_TIME_ONLY.has(name))
    expect(packages).toContain('react-dom')
    for (const name of packages) expect(dockerfile).toContain(`COPY --from=deps /app/node_modules/${name} ./node_modules/${name}\n`)
  })
})
