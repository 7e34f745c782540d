// s3rver ships no types; only what the tests use.
declare module 's3rver' {
  import type { Server } from 'node:http'
  import type { AddressInfo } from 'node:net'

  export default class S3rver {
    constructor(options: {
      address?: string
      port?: number
      silent?: boolean
      directory: string
      configureBuckets?: Array<{ name: string }>
    })
    httpServer: Server
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
