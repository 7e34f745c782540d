import { loadHandwritingFont } from '~/features/portal-signing/signed-document.server'

/** The handwriting font the signing page shows an adopted signature in (the same one drawn into the PDF). */
export async function loader() {
  return new Response(Buffer.from(await loadHandwritingFont()), {
    headers: { 'Content-Type': 'font/woff', 'Cache-Control': 'public, max-age=86400' },
  })
}
