import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as signPage from '~/routes/sign.$token'
import * as signPageImage from '~/routes/sign.$token_.page.$file'
import * as staffPages from '~/routes/api.esign.portal-pages.$documentId'
import * as staffPageImage from '~/routes/api.esign.portal-pages.$documentId.$file'
import { declineSigning, preparePortalRequest } from '~/features/portal-signing/signing.server'
import { getStorage } from '~/platform/storage.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { flatPdf, libraryDocument } from '#tests/support/portal-signing'

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
let userId: string

beforeEach(async () => {
  userId = (await signedInUser('coordinator')).user.id
})

async function prepare() {
  const document = await libraryDocument(await flatPdf(`Agreement ${crypto.randomBytes(3).toString('hex')}`))
  const suffix = crypto.randomBytes(3).toString('hex')
  const prepared = await preparePortalRequest(
    {
      documentId: document.id,
      title: 'Service Agreement',
      message: null,
      expirationDays: 14,
      signers: [{ name: 'Rosa Patient', email: `rosa-${suffix}@example.com`, personType: 'other' }],
      placement: 'signature_page',
      origin: 'http://localhost',
    },
    testActor(userId),
  )
  return { document, token: new URL(prepared.firstLink).pathname.split('/').pop()! }
}

function pageImage(token: string, file: string) {
  return callRoute(signPageImage.loader, makeRequest(`/sign/${token}/page/${file}`), { token, file })
}

async function pngOf(response: Response) {
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/png')
  const bytes = Buffer.from(await response.arrayBuffer())
  expect(bytes.subarray(0, 8).equals(PNG_MAGIC)).toBe(true)
  return bytes
}

describe('the signing page shows the document as page images', () => {
  test('the page links each page image; the image answers the token without a session, privately', async () => {
    const { token } = await prepare()
    const opened = await callRoute(signPage.loader, makeRequest(`/sign/${token}`), { token })
    const data = (await opened.json()) as { pageCount: number; pages: Array<{ number: number; width: number; height: number; imageSrc: string | null }> }
    // The library PDF's page and the appended signature page.
    expect(data.pageCount).toBe(2)
    expect(data.pages.map((page) => [page.number, page.width, page.height, page.imageSrc])).toEqual([
      [1, 612, 792, `/sign/${token}/page/1.png`],
      [2, 612, 792, `/sign/${token}/page/2.png`],
    ])

    const response = await pageImage(token, '2.png')
    const png = await pngOf(response)
    // A letter page is about 1100 pixels wide: readable on a tablet.
    expect(png.readUInt32BE(16)).toBe(1100)
    expect(png.readUInt32BE(20)).toBe(1424)
    expect(response.headers.get('cache-control')).toContain('no-store')
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('a page that does not exist, a malformed name or an unknown token answers 404', async () => {
    const { token } = await prepare()
    expect((await pageImage(token, '3.png')).status).toBe(404)
    expect((await pageImage(token, '0.png')).status).toBe(404)
    expect((await pageImage(token, '1.jpg')).status).toBe(404)
    expect((await pageImage(token, '../1.png')).status).toBe(404)
    expect((await pageImage(crypto.randomBytes(32).toString('base64url'), '1.png')).status).toBe(404)
    expect((await pageImage('not-a-token', '1.png')).status).toBe(404)
  })

  test('once the signer has declined, the images are gone (410)', async () => {
    const { token } = await prepare()
    await pngOf(await pageImage(token, '1.png'))
    await declineSigning(token, 'Not today', { ipAddress: null, userAgent: null })
    const response = await pageImage(token, '1.png')
    expect(response.status).toBe(410)
    expect(response.headers.get('cache-control')).toContain('no-store')
  })
})

describe('the preparation page shows a library PDF to place fields on', () => {
  test('staff who prepare requests get the pages and their images, rendered once into storage; the view is on the trail', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const bytes = await flatPdf(`Consent ${crypto.randomBytes(3).toString('hex')}`)
    const document = await libraryDocument(bytes)
    const params = { documentId: document.id }
    const pages = await callRoute(staffPages.loader, makeRequest(`/api/esign/portal-pages/${document.id}`, { cookie }), params)
    expect(pages.status).toBe(200)
    expect(await pages.json()).toEqual({ pageCount: 1, pages: [{ number: 1, width: 612, height: 792, image: true }] })
    expect(await prisma.auditLog.count({ where: { action: 'view', entityType: 'Document', entityId: document.id, userId: user.id } })).toBe(1)

    // The page list rendered the page into storage; the image route serves that copy instead of rendering again.
    const key = `page-images/${crypto.createHash('sha256').update(bytes).digest('hex')}/1-v1.png`
    expect(await getStorage().exists(key)).toBe(true)
    await getStorage().remove(key)
    const marker = Buffer.concat([PNG_MAGIC, Buffer.from('the stored copy')])
    await getStorage().write(key, (async function* () {
      yield marker
    })(), { maxBytes: 1024 })
    const image = await callRoute(staffPageImage.loader, makeRequest(`/api/esign/portal-pages/${document.id}/1.png`, { cookie }), { ...params, file: '1.png' })
    expect((await pngOf(image)).equals(marker)).toBe(true)
    const missing = await callRoute(staffPageImage.loader, makeRequest(`/api/esign/portal-pages/${document.id}/2.png`, { cookie }), { ...params, file: '2.png' })
    expect(missing.status).toBe(404)
  })

  test('a viewer, who may not prepare requests, is refused both', async () => {
    const { cookie } = await signedInUser('viewer')
    const document = await libraryDocument(await flatPdf(`Consent ${crypto.randomBytes(3).toString('hex')}`))
    const params = { documentId: document.id }
    expect((await callRoute(staffPages.loader, makeRequest(`/api/esign/portal-pages/${document.id}`, { cookie }), params)).status).toBe(403)
    expect((await callRoute(staffPageImage.loader, makeRequest(`/api/esign/portal-pages/${document.id}/1.png`, { cookie }), { ...params, file: '1.png' })).status).toBe(403)
  })
})
