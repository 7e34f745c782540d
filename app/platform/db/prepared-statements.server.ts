import pg from 'pg'

/**
 * A `pg` client that prepares, by name, each statement it has run before.
 *
 * Prisma's adapter sends every statement unnamed, so the database parses and
 * plans it anew each time. A record page's read (one statement of 5 KB with its
 * related rows) spent 1.4 of its 1.8 ms there on the embedded database; prepared,
 * the database keeps its parse and, once PostgreSQL finds a generic plan as good,
 * its plan. A statement is named on its second run, so one-off texts (a list of a
 * new length) take no slot; at most MAX_PREPARED a connection, after which new
 * statements run unnamed as before. Names carry the client's number: the embedded
 * database is one backend for all its connections, so two clients must not share
 * a name (its socket server forgets a closed connection's statements).
 */
const MAX_PREPARED = 500
/** Statement texts seen once, not yet prepared, per connection. */
const MAX_SEEN_ONCE = 1000

let clients = 0

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown }

/**
 * A prepared statement the database can no longer run as prepared: its result's columns changed
 * type (a migration by another instance), or it is gone. The text then gets a new name.
 */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000'])

export class PreparingClient extends pg.Client {
  readonly #prefix = `prisma_${process.pid}_${++clients}_`
  readonly #names = new Map<string, string>()
  readonly #seenOnce = new Set<string>()
  /** Names given so far: a text renamed after a failure never takes an old name back. */
  #named = 0

  constructor(config?: string | pg.ClientConfig) {
    super(config)
    // Every call as it came, with a plain statement named; pg's own method looked up at each call.
    const clientQuery = (args: unknown[]) => (pg.Client.prototype.query as (...forwarded: unknown[]) => unknown).apply(this, args)
    this.query = ((...args: unknown[]) => {
      const prepared = this.#preparedName(args[0])
      if (!prepared) return clientQuery(args)
      const result = clientQuery([{ ...(args[0] as object), name: prepared.name }, ...args.slice(1)])
      // Prisma's adapter awaits the promise: a statement the database refuses as prepared is named anew next time.
      if (result instanceof Promise) {
        return result.catch((error: unknown) => {
          if (STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) this.#names.delete(prepared.text)
          throw error
        })
      }
      return result
    }) as pg.Client['query']
  }

  #preparedName(config: unknown) {
    if (typeof config !== 'object' || config === null || typeof (config as QueryConfig).submit === 'function') return undefined
    const { text, name } = config as QueryConfig
    if (typeof text !== 'string' || name !== undefined) return undefined
    const prepared = this.#nameFor(text)
    return prepared ? { text, name: prepared } : undefined
  }

  #nameFor(text: string) {
    const known = this.#names.get(text)
    if (known !== undefined) return known
    if (this.#names.size >= MAX_PREPARED) return undefined
    if (!this.#seenOnce.has(text)) {
      if (this.#seenOnce.size >= MAX_SEEN_ONCE) this.#seenOnce.delete(this.#seenOnce.values().next().value!)
      this.#seenOnce.add(text)
      return undefined
    }
    this.#seenOnce.delete(text)
    const name = `${this.#prefix}${this.#named++}`
    this.#names.set(text, name)
    return name
  }
}
