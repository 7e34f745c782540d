/**
 * One statement for many callers (a group commit): calls that arrive while a
 * statement is under way wait and go together in the next one; with none
 * under way a call goes at once, so a quiet server adds no wait. Each caller
 * gets its own result only when its statement is done.
 *
 * Every request a signed-in person makes reads its session and writes a read
 * to the audit trail; under load most of the server's time per statement is
 * the statement itself (Prisma's executor, the round trip, the database's
 * turn on the embedded database's one connection), not its rows.
 */
export function groupedWhileBusy<Item, Result>({
  run,
  max,
  eachAloneOnFailure = false,
}: {
  /** One statement for the items: a result per item, in their order. */
  run: (items: Item[]) => Promise<Result[]>
  /** Items in one statement at most. */
  max: number
  /** When a shared statement fails, each caller's item is tried alone, so that only a caller whose item fails fails. */
  eachAloneOnFailure?: boolean
}): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; done: (result: Result) => void; failed: (error: unknown) => void }
  let waiting: Waiting[] = []
  let busy = false

  async function runWaiting() {
    busy = true
    try {
      while (waiting.length > 0) {
        const group = waiting.slice(0, max)
        waiting = waiting.slice(max)
        try {
          const results = await run(group.map((one) => one.item))
          group.forEach((one, index) => one.done(results[index]!))
        } catch (error) {
          if (!eachAloneOnFailure || group.length === 1) for (const one of group) one.failed(error)
          else for (const one of group) await run([one.item]).then(([result]) => one.done(result!), one.failed)
        }
      }
    } finally {
      busy = false
    }
  }

  return (item) =>
    new Promise<Result>((done, failed) => {
      waiting.push({ item, done, failed })
      if (!busy) void runWaiting()
    })
}
