import { Form, useNavigation } from '@remix-run/react'
import { Link } from '~/components/link'
import { SelectField } from '~/components/forms'
import { Button, buttonClassName } from '~/components/ui/button'
import { formatDateTime } from '~/lib/time'

export type GhlPushView = {
  leadSynced: boolean
  state: { calendarId: string; status: string; lastError: string | null; syncedAt: string | null } | null
  calendars: Array<{ id: string; name: string }> | null
  calendarsError: string | null
}

function StateLine({ state, calendars, timeZone }: { state: NonNullable<GhlPushView['state']>; calendars: GhlPushView['calendars']; timeZone: string }) {
  const name = calendars?.find((calendar) => calendar.id === state.calendarId)?.name ?? state.calendarId
  if (state.status === 'synced') return <>In GoHighLevel&apos;s calendar {name}{state.syncedAt ? `, last sent ${formatDateTime(state.syncedAt, timeZone)}` : ''}.</>
  if (state.status === 'failed') return <>Not sent to {name}: {state.lastError}</>
  return <>Being sent to {name}{state.lastError ? ` (will try again: ${state.lastError})` : ''}.</>
}

/**
 * Choose the GoHighLevel calendar for a lead's appointment. Only a lead that
 * GoHighLevel knows can have one; when the calendars cannot be listed the
 * reason is shown and nothing can be chosen.
 */
export function GhlPushForm({ view, timeZone, closeTo }: { view: GhlPushView; timeZone: string; closeTo: string }) {
  const navigation = useNavigation()
  const { leadSynced, state, calendars, calendarsError } = view
  return (
    <div className="flex flex-col gap-4 text-sm">
      {state ? (
        <p id="ghl-push-state" role="status">
          <StateLine state={state} calendars={calendars} timeZone={timeZone} />
        </p>
      ) : null}
      {!leadSynced ? (
        <p>This appointment&apos;s lead is not synced to GoHighLevel yet: sync the lead from their page first.</p>
      ) : calendarsError || !calendars ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3">GoHighLevel calendars could not be loaded: {calendarsError}</p>
      ) : calendars.length === 0 ? (
        <p>GoHighLevel has no calendars for this location.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-slate-700">
            GoHighLevel gets the title, time, place and status, never the notes. Later changes and a cancellation follow by themselves.
          </p>
          <SelectField
            labelProps={{ children: 'GoHighLevel calendar' }}
            selectProps={{ name: 'calendarId', defaultValue: state?.calendarId ?? calendars[0]!.id, required: true }}
            options={calendars.map((calendar) => ({ value: calendar.id, label: calendar.name }))}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={closeTo} className={buttonClassName('secondary')}>
              Cancel
            </Link>
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              Send to GoHighLevel
            </Button>
          </div>
        </Form>
      )}
      {!leadSynced || calendarsError || !calendars?.length ? (
        <div className="flex justify-end">
          <Link to={closeTo} className={buttonClassName('secondary')}>
            Close
          </Link>
        </div>
      ) : null}
    </div>
  )
}
