import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { NotFound } from '~/components/error-boundary'
import { requireUser } from '~/platform/auth/auth.server'

export const meta: MetaFunction = () => [{ title: 'Page Not Found | Healthcare Portal' }]

/** Unknown paths: the 404 page (signed-in users only, like every page). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  throw new Response('Not Found', { status: 404 })
}

// Both render inside the app shell's main landmark.
export default function CatchAll() {
  return <NotFound withinMain />
}

export function ErrorBoundary() {
  return <NotFound withinMain />
}
