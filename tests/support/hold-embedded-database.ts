/**
 * Takes the embedded database's lock on DATA_DIR (argv[2]) as a starting
 * server does, and holds it until killed: the "other instance" of
 * tests/integration/embedded-database.test.ts.
 */
import { ensurePrivateDirectory, lockDirectory } from '~/platform/data-dir.server'

const dataDir = process.argv[2]!
ensurePrivateDirectory(dataDir)
lockDirectory(dataDir)
process.stdout.write('ready\n')
setInterval(() => {}, 60_000)
