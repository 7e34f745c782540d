import { describe, expect, test } from 'vitest'
import { contentDisposition } from '~/platform/http/download.server'

describe('Content-Disposition of a download', () => {
  test.each([
    ['Policy.pdf', `attachment; filename="Policy.pdf"; filename*=UTF-8''Policy.pdf`],
    // ' ( ) * are not attr-chars: left as they are they would end or break the ext-value.
    ["O'Brien.pdf", `attachment; filename="O'Brien.pdf"; filename*=UTF-8''O%27Brien.pdf`],
    ['Notes (final)*.pdf', `attachment; filename="Notes (final)*.pdf"; filename*=UTF-8''Notes%20%28final%29%2A.pdf`],
    ['résumé.pdf', `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`],
    ['say "hi" \\ bye.pdf', `attachment; filename="say _hi_ _ bye.pdf"; filename*=UTF-8''say%20%22hi%22%20%5C%20bye.pdf`],
  ])('%s', (fileName, header) => {
    expect(contentDisposition(fileName)).toBe(header)
  })
})
