import { describe, expect, test } from 'vitest'
import { EnvError, parseEnv } from '~/platform/env.server'

describe('environment settings', () => {
  test('defaults', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATA_DIR).toBe('./data')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SESSION_IDLE_MINUTES).toBe(15)
    expect(env.SESSION_MAX_HOURS).toBe(12)
    expect(env.AGENCY_TIME_ZONE).toBe('America/New_York')
  })

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ AGENCY_TIME_ZONE: 'Mars/Olympus_Mons' }, 'AGENCY_TIME_ZONE'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough password' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@example.com' }, 'ADMIN_EMAIL'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/app' }, 'SESSION_SECRET'],
    [{ STORAGE_BACKEND: 'nfs' }, 'STORAGE_BACKEND'],
    [{ STORAGE_BACKEND: 's3' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'portal-files' }, 'STORAGE_BACKEND'],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'Portal_Files' }, 'S3_BUCKET'],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_ENDPOINT: 'ftp://files.example.com' }, 'S3_ENDPOINT'],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, 'S3_SECRET_ACCESS_KEY'],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_SSE: 'none' }, 'S3_SSE'],
    [{ STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_SSE_KMS_KEY_ID: 'alias/portal' }, 'S3_SSE_KMS_KEY_ID'],
    [{ MFA_REQUIRED_ROLES: 'admin,superuser' }, 'MFA_REQUIRED_ROLES'],
  ])('a bad value stops start-up naming the variable: %o', (values, variable) => {
    expect(() => parseEnv(values)).toThrow(EnvError)
    expect(() => parseEnv(values)).toThrow(new RegExp(`\\b${variable}\\b`))
  })

  test('object storage: S3 settings are read, with encryption by the service unless told otherwise', () => {
    const env = parseEnv({ STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
    expect(env).toMatchObject({ STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_FORCE_PATH_STYLE: true, S3_SSE: 'AES256' })
    expect(parseEnv({}).STORAGE_BACKEND).toBe('local')
  })

  test('a refused S3 setting never shows the secret in the message', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
    for (const values of [
      { STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_SECRET_ACCESS_KEY: secret },
      { STORAGE_BACKEND: 's3', S3_BUCKET: 'portal-files', S3_ENDPOINT: `https://AKIAEXAMPLE:${encodeURIComponent(secret)}@files.example.com` },
    ]) {
      expect(() => parseEnv(values)).toThrow(EnvError)
      expect(() => parseEnv(values)).not.toThrow(secret)
      expect(() => parseEnv(values)).not.toThrow(encodeURIComponent(secret))
    }
  })

  test('production on the embedded database may generate its session secret', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).not.toThrow()
  })

  test('empty values count as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000)
  })

  test('MFA is required of admins unless MFA_REQUIRED_ROLES says otherwise; empty requires it of nobody', () => {
    expect(parseEnv({}).MFA_REQUIRED_ROLES).toEqual(['admin'])
    expect(parseEnv({ MFA_REQUIRED_ROLES: ' admin, coordinator ,viewer' }).MFA_REQUIRED_ROLES).toEqual([
      'admin',
      'coordinator',
      'viewer',
    ])
    expect(parseEnv({ MFA_REQUIRED_ROLES: '' }).MFA_REQUIRED_ROLES).toEqual([])
  })
})
