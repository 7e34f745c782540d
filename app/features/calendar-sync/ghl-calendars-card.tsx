import { useId } from 'react'
import { Icon } from '~/components/icons'
import { cn } from '~/lib/misc'
import {
  GHL_CALENDARS_UNAVAILABLE_TEXT,
  type GoHighLevelCalendarSummary,
  connectedCalendarsText,
  moreCalendarsText,
} from '~/features/calendar-sync/ghl-calendars'

/**
 * The GoHighLevel calendars on the calendar page: 'Connected to n GoHighLevel
 * calendar(s)' with up to three names and '+n more', or the amber notice when
 * the list could not be loaded, with the reason beneath for whoever fixes it.
 * The notice is a polite status, not an alert: the page works without it.
 */
export function GoHighLevelCalendarsCard({
  summary,
  headingLevel = 2,
  className,
}: {
  summary: GoHighLevelCalendarSummary
  /** The card's title is a heading at this level (the page's outline decides). */
  headingLevel?: 2 | 3
  className?: string
}) {
  const headingId = useId()
  const Heading = headingLevel === 3 ? 'h3' : 'h2'
  if (summary.state === 'unavailable') {
    return (
      <div role="status" className={cn('flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900', className)}>
        <Icon name="calendar" className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="font-medium">{GHL_CALENDARS_UNAVAILABLE_TEXT}</p>
          <p className="mt-1">{summary.message}</p>
        </div>
      </div>
    )
  }
  return (
    <section aria-labelledby={headingId} className={cn('flex gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm', className)}>
      <Icon name="calendar" className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
      <div>
        <Heading id={headingId} className="font-medium text-slate-900">
          {connectedCalendarsText(summary.calendars.length)}
        </Heading>
        {summary.names.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {summary.names.map((name, index) => (
              <li key={`${index}-${name}`} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800">
                {name}
              </li>
            ))}
            {summary.more > 0 ? <li className="px-1 py-0.5 text-slate-700">{moreCalendarsText(summary.more)}</li> : null}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
