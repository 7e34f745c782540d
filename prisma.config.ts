import path from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import { defineConfig } from 'prisma/config'

// Prisma's CLI runs fully offline with the JS query compiler and the pg driver
// adapter (docs/adr/0003-database-and-migrations.md).
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  async adapter() {
    return new PrismaPg({
      connectionString:
        process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test',
    })
  },
})
