import { describe, expect, test } from 'vitest'
import { safeRedirectPath } from '~/platform/http/request.server'

describe('safeRedirectPath', () => {
  test('paths of this site pass through with their query', () => {
    expect(safeRedirectPath('/leads?q=ada+lovelace&page=2')).toBe('/leads?q=ada+lovelace&page=2')
    expect(safeRedirectPath('/patients/123/register/medical')).toBe('/patients/123/register/medical')
  })

  test.each([
    ['a tab, which browsers drop', '/\t/evil.example'],
    ['an encoded tab left as typed', '/%09/evil.example'.replace('%09', '\t')],
    ['a newline', '/\n/evil.example'],
    ['a backslash', '/\\evil.example'],
    ['protocol-relative', '//evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['non-ASCII', '/caf\u00e9'],
    ['a space', '/ /evil.example'],
    ['empty', ''],
    ['not a string', null],
  ])('%s falls back', (_name, to) => {
    expect(safeRedirectPath(to as string | null, '/home')).toBe('/home')
  })

  test('a percent-encoded tab stays a harmless path', () => {
    // '/%09/evil.example' is a path on this site once a URL parser reads it.
    expect(safeRedirectPath('/%09/evil.example')).toBe('/%09/evil.example')
  })
})
