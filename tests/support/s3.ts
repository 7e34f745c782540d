import fs from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { S3StorageSettings } from '~/platform/storage.server'

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders }

/**
 * A local S3-compatible server (s3rver) for the tests of one file, on a
 * random port with its bucket in a temporary folder. It records every
 * request as it arrived, and can be told to fail the next ones.
 */
export function useS3rver() {
  const bucket = 'portal-files'
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const state = { endpoint: '', directory: '', requests: [] as RecordedRequest[], failures: [] as number[] }
  let server: S3rver
  let client: S3Client

  beforeAll(async () => {
    state.directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: state.directory, configureBuckets: [{ name: bucket }] })
    const { port } = await server.run()
    state.endpoint = `http://127.0.0.1:${port}`
    const handle = server.httpServer.listeners('request')[0] as (...args: unknown[]) => void
    server.httpServer.removeAllListeners('request')
    server.httpServer.on('request', (request, response) => {
      state.requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
      const status = state.failures.shift()
      if (status === undefined) return handle(request, response)
      // Read the whole body first, as a real service does before it answers.
      request.resume()
      request.on('end', () => {
        response.writeHead(status, { 'content-type': 'application/xml' })
        response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${status === 503 ? 'SlowDown' : 'AccessDenied'}</Code><Message>Injected by the test</Message></Error>`)
      })
    })
    client = new S3Client({ region: 'us-east-1', endpoint: state.endpoint, forcePathStyle: true, credentials })
  })
  afterEach(() => {
    state.requests.length = 0
    state.failures.length = 0
  })
  afterAll(async () => {
    client.destroy()
    await server.close()
    fs.rmSync(state.directory, { recursive: true, force: true })
  })

  return {
    bucket,
    get requests() {
      return state.requests
    },
    /** The next requests are answered with these statuses instead of reaching the server. */
    failNext(...statuses: number[]) {
      state.failures.push(...statuses)
    },
    /** Settings of an S3FileStorage on this server. */
    settings(spoolDir: string): S3StorageSettings {
      return { bucket, endpoint: state.endpoint, region: 'us-east-1', forcePathStyle: true, credentials, encryption: 'AES256', spoolDir }
    },
    /** The environment that makes getStorage() use this server. */
    env() {
      return {
        STORAGE_BACKEND: 's3',
        S3_BUCKET: bucket,
        S3_ENDPOINT: state.endpoint,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      }
    },
    async objectKeys() {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listing.Contents ?? []).map((object) => object.Key)
    },
  }
}
