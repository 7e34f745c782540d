/**
 * Deterministic demo records for the embedded quick start and `npm run
 * db:seed`. Idempotent: records are keyed by fixed ids and upserted, so
 * running it again changes nothing. Each area adds its records here as it is
 * built; the foundation has no agency records yet.
 */
export async function seedDemoData() {
  return { created: 0 }
}
