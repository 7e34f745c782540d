import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect } from 'react'
import { keepFocusWhilePressingSubmit } from '~/components/submit-press'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { useLinkNavigation, useRememberedLocations } from '~/components/link'
import { RouteAnnouncer } from '~/components/route-announcer'
import { Toaster } from '~/components/toaster'
import tailwindHref from '~/styles/tailwind.css'
import { getToast } from '~/platform/http/toast.server'
import { useNonce } from '~/platform/http/nonce-provider'
import { useShouldHydrate } from '~/lib/static-page'
import { useHydrated } from '~/lib/use-hydrated'
import { readReportedScreenWidth } from '~/lib/screen-width.server'
import { formattedTextsScriptOfThisPage, SERVER_FORMATTED_TEXTS_ID } from '~/lib/formatted-texts'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwindHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction = () => [{ title: 'Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request)
  return json({ toast, screenWidth: readReportedScreenWidth(request.headers.get('cookie')) }, { headers: headers ?? undefined })
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  const hydrate = useShouldHydrate()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* A page restored from the back-forward cache is shown again without asking the server: ask it (a tablet locked for signing in person must show the lock screen, not the page before). */}
        <script nonce={nonce} src="/reload-on-restore.js" async />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to main content
        </a>
        {/* Before the page: without JavaScript the toast is a banner at its top. */}
        <Toaster toast={data?.toast ?? null} />
        {children}
        {hydrate ? (
          <>
            <ServerFormattedTexts />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

/**
 * The dates and times the server formatted above, as JSON the browser reads
 * before hydrating (app/lib/time.ts says why). After every part of the page
 * that formats, so the server has formatted them all. The browser keeps the
 * server's copy: the element is not the browser's to fill.
 */
function ServerFormattedTexts() {
  const json = typeof document === 'undefined' ? formattedTextsScriptOfThisPage() : ''
  return <script id={SERVER_FORMATTED_TEXTS_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
}

export default function App() {
  useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  // Marks the page as live: its handlers and timers are attached (effects run
  // children first, so every route's have run), and what changes once
  // hydrated (useHydrated's one transition) has changed. Browser tests wait
  // for it before acting on what only works with JavaScript.
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true'
  }, [hydrated])
  useEffect(() => keepFocusWhilePressingSubmit(), [])
  useLinkNavigation()
  useRememberedLocations()
  return (
    <>
      <Outlet />
      <RouteAnnouncer />
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
