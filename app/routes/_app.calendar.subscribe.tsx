import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { createCalendarFeed, feedPath, getCalendarFeed, revokeCalendarFeed } from '~/features/calendar/feed.server'
import { FeedSubscribe } from '~/features/calendar/feed-subscribe'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useTimeZone } from '~/platform/auth/user'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Subscribe to Calendar | Healthcare Portal' }]

// Everyone who may read appointments may carry them in their own calendar.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  return json({ closeTo: dialogExitPath(request, '/calendar'), feed: await getCalendarFeed(user.id) })
}

/** intent=create (a new URL, shown once in the answer) | revoke. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const intent = (await request.formData()).get('intent')
  const actor = userActor(request, user)
  const here = new URL(request.url)
  if (intent === 'create') {
    const { token } = await createCalendarFeed(user.id, actor)
    // The token is stored only as a hash: this answer is the one place the URL appears.
    return json({ feedUrl: new URL(feedPath(token), here.origin).toString() })
  }
  if (intent === 'revoke') {
    const revoked = await revokeCalendarFeed(user.id, actor)
    return redirectWithToast(`${here.pathname}${here.search}#calendar-feed-status`, {
      title: revoked ? 'Calendar feed revoked' : 'You had no calendar feed',
      description: revoked ? 'Its URL no longer works.' : undefined,
    })
  }
  throw new Response('Unknown intent', { status: 400 })
}

export default function SubscribeToCalendar() {
  const { closeTo, feed } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const timeZone = useTimeZone()
  return (
    <RouteDialog title="Subscribe to Calendar" closeTo={closeTo}>
      <FeedSubscribe feed={feed} newUrl={answer?.feedUrl ?? null} timeZone={timeZone} closeTo={closeTo} />
    </RouteDialog>
  )
}
