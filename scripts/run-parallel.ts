/**
 * Runs npm scripts side by side and fails if any fails:
 *
 *   tsx scripts/run-parallel.ts typecheck lint build:app
 *
 * The type check and lint each keep one core busy, so on two cores they and
 * the build finish in about the time of the longest instead of the sum. Each
 * script's output is held and printed whole when it ends, so the log reads
 * as if they had run one after another.
 */
import { spawn } from 'node:child_process'

const scripts = process.argv.slice(2)
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts <npm script>...')
  process.exit(2)
}

function run(script: string) {
  const started = Date.now()
  return new Promise<boolean>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    const finish = (ok: boolean, detail: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      process.stdout.write(`\n> ${script}: ${ok ? 'ok' : `FAILED (${detail})`} in ${seconds}s\n`)
      process.stdout.write(Buffer.concat(output))
      resolve(ok)
    }
    child.on('error', (error) => finish(false, error.message))
    child.on('close', (code, signal) => finish(code === 0, signal ? `signal ${signal}` : `exit ${code}`))
  })
}

const results = await Promise.all(scripts.map(run))
const failed = scripts.filter((_, index) => !results[index])
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`)
  process.exit(1)
}
