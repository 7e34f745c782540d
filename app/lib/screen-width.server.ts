import { SCREEN_COOKIE, type ScreenWidth } from '~/lib/screen-width'

const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${SCREEN_COOKIE}=(wide|narrow)\\s*(?:;|$)`)

/** The screen width a request's cookies report, if the browser reported one. */
export function readReportedScreenWidth(cookieHeader: string | null): ScreenWidth | undefined {
  return cookieHeader?.match(COOKIE_VALUE)?.[1] as ScreenWidth | undefined
}
