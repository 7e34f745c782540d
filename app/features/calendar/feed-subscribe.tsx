import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { Button, buttonClassName } from '~/components/ui/button'
import { formatDateTime } from '~/lib/time'
import { CopyField } from '~/components/copy-field'

export type FeedStatus = { createdAt: string; lastUsedAt: string | null } | null

/** The new feed's URL, shown once: a read-only field to select, a Copy button with JavaScript, and a webcal: link. */
function NewFeedUrl({ url }: { url: string }) {
  return (
    <div id="calendar-feed-url" tabIndex={-1} className="rounded-md border border-green-300 bg-green-50 p-4">
      <CopyField label="Your calendar feed URL" value={url} buttonText="Copy URL" />
      <p className="mt-2 text-sm text-slate-700">
        Copy it now: it is shown only this once. In Outlook choose Add calendar → Subscribe from web, in Google Calendar Other
        calendars → From URL, on a Mac File → New Calendar Subscription, and paste it.{' '}
        <a href={url.replace(/^https?:/, 'webcal:')} className="text-blue-700 underline">
          Open in my calendar program
        </a>
      </p>
    </div>
  )
}

/**
 * What a person sees about their own feed: the URL just made, or whether
 * they have one (when made, when last read) with a new URL and Revoke; or
 * the button that makes the first. Plain forms: all of it works without
 * JavaScript but the Copy button.
 */
export function FeedSubscribe({ feed, newUrl, timeZone, closeTo }: { feed: FeedStatus; newUrl: string | null; timeZone: string; closeTo: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-slate-700">
        See the agency&apos;s appointments in Outlook, Google Calendar or Apple Calendar. The feed carries each appointment&apos;s
        title, time, place and status, never notes or the reason for a cancellation. Anyone who has the URL can read it, so keep it
        to yourself; revoke it if it may have been seen by someone else.
      </p>
      {newUrl ? <NewFeedUrl url={newUrl} /> : null}
      {feed && !newUrl ? (
        <p id="calendar-feed-status" tabIndex={-1}>
          You have a calendar feed, made {formatDateTime(feed.createdAt, timeZone)};{' '}
          {feed.lastUsedAt ? `last read by a calendar ${formatDateTime(feed.lastUsedAt, timeZone)}.` : 'no calendar has read it yet.'}
        </p>
      ) : null}
      {!feed ? (
        <p id="calendar-feed-status" tabIndex={-1}>
          You have no calendar feed.
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={closeTo} className={buttonClassName('secondary')}>
          Close
        </Link>
        {feed ? (
          <Form method="post">
            <Button type="submit" name="intent" value="revoke" variant="destructive" disabled={busy}>
              Revoke feed URL
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <Button type="submit" name="intent" value="create" disabled={busy}>
            {feed ? 'Replace with a new URL' : 'Create feed URL'}
          </Button>
        </Form>
      </div>
    </div>
  )
}
