import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { GoHighLevelCalendarsCard } from '~/features/calendar-sync/ghl-calendars-card'
import { summarizeCalendars } from '~/features/calendar-sync/ghl-calendars'

const calendars = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `calendar-${index + 1}`, name: `Calendar ${index + 1}` }))

/** The card's markup, and its text as a reader meets it (items separated). */
function render(element: ReactElement) {
  const html = renderToStaticMarkup(element)
  const text = html
    .replace(/<\/(li|p|h2|h3)>/g, ' | ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return { html, text }
}

describe('summarizeCalendars', () => {
  test('up to three names, in order, and how many more', () => {
    expect(summarizeCalendars(calendars(5))).toEqual({
      state: 'connected',
      calendars: calendars(5),
      names: ['Calendar 1', 'Calendar 2', 'Calendar 3'],
      more: 2,
    })
    expect(summarizeCalendars(calendars(3))).toMatchObject({ names: ['Calendar 1', 'Calendar 2', 'Calendar 3'], more: 0 })
    expect(summarizeCalendars([])).toMatchObject({ names: [], more: 0 })
  })

  test('a calendar without a name still has something to read', () => {
    expect(summarizeCalendars([{ id: 'x', name: '  ' }])).toMatchObject({ names: ['Untitled calendar'] })
  })
})

describe('GoHighLevelCalendarsCard', () => {
  test('connected: the count, three names and +n more', () => {
    const { html, text } = render(<GoHighLevelCalendarsCard summary={summarizeCalendars(calendars(5))} />)
    expect(text).toBe('Connected to 5 GoHighLevel calendar(s) | Calendar 1 | Calendar 2 | Calendar 3 | +2 more |')
    expect(html).toMatch(/<section aria-labelledby="([^"]+)"[^>]*>.*<h2 id="\1"/)
    expect(html).not.toContain('role="status"')
  })

  test('connected to three or fewer: no "more"', () => {
    expect(render(<GoHighLevelCalendarsCard summary={summarizeCalendars(calendars(1))} />).text).toBe(
      'Connected to 1 GoHighLevel calendar(s) | Calendar 1 |',
    )
    expect(render(<GoHighLevelCalendarsCard summary={summarizeCalendars([])} headingLevel={3} />).html).toMatch(
      /<h3 [^>]*>Connected to 0 GoHighLevel calendar\(s\)<\/h3>/,
    )
  })

  test('unavailable: the amber notice in the words agreed, and the reason beneath', () => {
    const { html, text } = render(
      <GoHighLevelCalendarsCard summary={{ state: 'unavailable', reason: 'timeout', message: 'GoHighLevel did not answer within 5 seconds' }} />,
    )
    expect(text).toBe(
      'GoHighLevel calendar integration is currently unavailable. Contact support to update your API credentials. | GoHighLevel did not answer within 5 seconds |',
    )
    expect(html).toMatch(/^<div role="status" class="[^"]*bg-amber-50[^"]*text-amber-900/)
    expect(html).not.toContain('Connected to')
  })
})
