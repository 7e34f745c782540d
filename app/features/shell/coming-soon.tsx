import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ComingSoon, PageFrame } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import type { Permission } from '~/platform/auth/permissions'

type Placeholder = {
  title: string
  notice: string
  permission: Permission
  /** A tab of the settings page rather than a page of its own. */
  settingsTab?: true
}

/**
 * The areas not built yet, by path. Each of their route modules re-exports
 * this one, so they all say plainly that the area is coming, and nothing
 * else, in one way.
 */
const PLACEHOLDERS: Record<string, Placeholder> = {
  '/settings/email-templates': {
    title: 'Email Automation',
    notice: 'Email templates and form submissions are being built.',
    permission: 'records:read',
    settingsTab: true,
  },
}

function placeholderAt(pathname: string): Placeholder | undefined {
  return PLACEHOLDERS[pathname.replace(/(.)\/+$/, '$1')]
}

export async function loader({ request }: LoaderFunctionArgs) {
  const placeholder = placeholderAt(new URL(request.url).pathname)
  if (!placeholder) throw new Response('Not Found', { status: 404 })
  await requireUserWithPermission(request, placeholder.permission)
  return json({ title: placeholder.title, notice: placeholder.notice, settingsTab: placeholder.settingsTab ?? false })
}

// By path, so each placeholder has its own title without its data (an error page too).
export const meta: MetaFunction<typeof loader> = ({ location }) => {
  const placeholder = placeholderAt(location.pathname)
  return [{ title: [placeholder?.title, placeholder?.settingsTab ? 'Settings' : null, 'Healthcare Portal'].filter(Boolean).join(' | ') }]
}

export default function ComingSoonPage() {
  const { title, notice, settingsTab } = useLoaderData<typeof loader>()
  return (
    <PageFrame title={title} level={settingsTab ? 2 : 1}>
      <ComingSoon>{notice}</ComingSoon>
    </PageFrame>
  )
}
