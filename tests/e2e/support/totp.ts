import { generateTOTP } from '@epic-web/totp'

const STEP_MS = 30_000

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` 30-second
 * steps from now. The portal accepts the next step's code (for phones whose
 * clock runs a little fast) and never the same code twice, so a test that
 * enrols and then signs in takes the next code instead of waiting up to
 * half a minute for the app to show it. generateTOTP reads the clock itself,
 * so the clock is moved for the moment it does.
 */
export async function totpCode(secret: string, stepsAhead = 0) {
  const RealDate = Date
  const at = RealDate.now() + stepsAhead * STEP_MS
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [number]) {
      super(...(args.length === 0 ? ([at] as [number]) : args))
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
  try {
    return (await generateTOTP({ secret })).otp
  } finally {
    globalThis.Date = RealDate
  }
}
