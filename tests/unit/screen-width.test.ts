import { describe, expect, test } from 'vitest'
import { readReportedScreenWidth } from '~/lib/screen-width.server'

describe('the screen width a browser reported', () => {
  test('is read from its cookie among the others', () => {
    expect(readReportedScreenWidth('screen=narrow')).toBe('narrow')
    expect(readReportedScreenWidth('__session=abc; screen=wide; sidebar=narrow')).toBe('wide')
    expect(readReportedScreenWidth('sidebar=wide;screen=narrow')).toBe('narrow')
  })

  test('is unknown without the cookie, with another cookie of a similar name, or with a value the lists do not know', () => {
    expect(readReportedScreenWidth(null)).toBeUndefined()
    expect(readReportedScreenWidth('')).toBeUndefined()
    expect(readReportedScreenWidth('sidebar=wide')).toBeUndefined()
    expect(readReportedScreenWidth('widescreen=wide')).toBeUndefined()
    expect(readReportedScreenWidth('screen=wider')).toBeUndefined()
    expect(readReportedScreenWidth('screen=1280')).toBeUndefined()
  })
})
