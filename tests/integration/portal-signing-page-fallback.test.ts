import crypto from 'node:crypto'
import { describe, expect, test, vi } from 'vitest'
import { documentPages } from '~/features/portal-signing/page-images.server'
import { flatPdf } from '#tests/support/portal-signing'

// A server where the canvas cannot draw: every render fails.
vi.mock('@napi-rs/canvas', () => ({
  createCanvas: () => {
    throw new Error('no canvas here')
  },
}))

describe('a page that cannot be rendered', () => {
  test('comes with its text runs instead of an image, so the signing page still shows it', async () => {
    const title = `Service Agreement ${crypto.randomBytes(3).toString('hex')}`
    const { pageCount, pages } = await documentPages(await flatPdf(title))
    expect(pageCount).toBe(1)
    expect(pages[0]).toMatchObject({ number: 1, width: 612, height: 792, image: false })
    expect(pages[0]!.runs).toEqual(expect.arrayContaining([expect.objectContaining({ text: title, x: 72, y: 720 })]))
  })
})
