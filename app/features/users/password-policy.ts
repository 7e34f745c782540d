import type { FormChecks } from '~/lib/form-rules'

/**
 * What a new password must be (ASVS V6.2, NIST SP 800-63B): long enough, any
 * characters at all (spaces and any script included, never trimmed), no
 * composition rules, and not one an attacker tries first. The browser checks
 * all of it but the list of common passwords, which stays on the server. No
 * Zod here, so pages may import it (the schemas' part is password-schema.ts).
 */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 200

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be less than ${PASSWORD_MAX_LENGTH} characters`
export const PASSWORD_BLANK_MESSAGE = 'Enter a password'
export const PASSWORD_PATTERN_MESSAGE = 'Choose a password that is not just repeated characters or a simple sequence'
export const PASSWORD_COMMON_MESSAGE = 'Choose a password that is not commonly used'
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match'

export function passwordContainsEmailMessage(forOther = false) {
  return `Choose a password that does not contain ${forOther ? "the user's" : 'your'} email address`
}

export function passwordContainsNameMessage(forOther = false) {
  return `Choose a password that does not contain ${forOther ? "the user's" : 'your'} name`
}

/** The hint under a new-password field. */
export function passwordHelp(forOther = false) {
  const whose = forOther ? "the user's" : 'your'
  return `At least ${PASSWORD_MIN_LENGTH} characters; not a commonly used password, a simple sequence, or ${whose} name or email address.`
}

/** Who the password is for: it must not contain their email address or name. */
export type PasswordContext = {
  email?: string
  name?: string
  /** An admin sets someone else's password: the messages say "the user's", not "your". */
  forOther?: boolean
  /** The server's check against the bundled list (common-passwords.server.ts); the browser has none. */
  isCommon?: (password: string) => boolean
}

/** Shorter words of an address or name would refuse too many passwords by chance. */
const MIN_CONTEXT_WORD_LENGTH = 4

function fold(text: string) {
  return text.normalize('NFKC').toLowerCase()
}

/**
 * Runs along these count as a simple sequence, forwards or backwards, around
 * the end and on again (`7890123`): the alphabet, the digits, and the rows of
 * a US keyboard.
 */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '0123456789', '`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./']

/** Whether `char` comes `step` places after `before` in `sequence`, around the end. */
function follows(sequence: string, before: string, char: string, step: 1 | -1) {
  const index = sequence.indexOf(before)
  return index >= 0 && char === sequence[(index + step + sequence.length) % sequence.length]
}

/**
 * Where the longest run starting at `start` ends: one character repeated
 * (`aaa`), or a piece of a sequence, one way round (`abc`, `321`, `qwe`).
 * Every shorter piece of a run is a run too.
 */
function runEnd(chars: string[], start: number) {
  const extend = (continues: (before: string, char: string) => boolean) => {
    let end = start + 1
    while (end < chars.length && continues(chars[end - 1]!, chars[end]!)) end++
    return end
  }
  let longest = extend((before, char) => char === before)
  for (const sequence of SEQUENCES) {
    for (const step of [1, -1] as const) {
      longest = Math.max(longest, extend((before, char) => follows(sequence, before, char, step)))
    }
  }
  return longest
}

const MIN_RUN_LENGTH = 3

/** Whether the whole password splits into runs of 3 or more: `aaaaaaaaaaaa`, `123456789012`, `abcd1234wxyz`. */
function isMadeOfRuns(chars: string[]) {
  // splits[i]: chars[i..] splits into runs; filled from the end.
  const splits = new Array<boolean>(chars.length + 1).fill(false)
  splits[chars.length] = true
  for (let start = chars.length - MIN_RUN_LENGTH; start >= 0; start--) {
    const longest = runEnd(chars, start)
    for (let end = start + MIN_RUN_LENGTH; end <= longest && !splits[start]; end++) splits[start] = splits[end]!
  }
  return splits[0]!
}

/**
 * Whether the password is a piece shorter than the minimum length typed over
 * and over (`abcabcabcabc`, `121212121212`, `passwordpassword`): repeating a
 * short password does not make it a long one.
 */
function isRepeatedPiece(chars: string[]) {
  for (let size = 1; size < PASSWORD_MIN_LENGTH && size * 2 <= chars.length; size++) {
    if (chars.every((char, index) => char === chars[index % size])) return true
  }
  return false
}

/** Whether the password is one character repeated, a short piece repeated, or a simple sequence. */
export function isRepetitiveOrSequential(password: string) {
  const chars = [...fold(password)]
  return isRepeatedPiece(chars) || isMadeOfRuns(chars)
}

function isLongEnough(word: string) {
  return [...word].length >= MIN_CONTEXT_WORD_LENGTH
}

/** The whole text and its words, those long enough to count: `Dana Scully`: dana scully, dana, scully. */
function contextWords(text: string) {
  const folded = fold(text.trim())
  return [folded, ...folded.split(/[^\p{L}\p{N}]+/u)].filter(isLongEnough)
}

function splitEmail(email: string) {
  const folded = fold(email.trim())
  const at = folded.lastIndexOf('@')
  return { address: folded, localPart: at < 0 ? folded : folded.slice(0, at) }
}

/**
 * The first rule a password of an acceptable length breaks, as the message
 * shown next to its field, or null when it breaks none. The length itself is
 * the schema's to check.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.trim() === '') return PASSWORD_BLANK_MESSAGE
  if (isRepetitiveOrSequential(password)) return PASSWORD_PATTERN_MESSAGE
  const folded = fold(password)
  const contains = (words: string[]) => words.some((word) => folded.includes(word))
  const email = context.email?.trim() ? splitEmail(context.email) : null
  // The address and its local part first, then the name, then the words of
  // the local part (`dana.scully`: dana, scully), which are often the name.
  if (email && (folded.includes(email.address) || (isLongEnough(email.localPart) && folded.includes(email.localPart)))) {
    return passwordContainsEmailMessage(context.forOther)
  }
  if (context.name && contains(contextWords(context.name))) return passwordContainsNameMessage(context.forOther)
  if (email && contains(contextWords(email.localPart))) return passwordContainsEmailMessage(context.forOther)
  if (context.isCommon?.(password)) return PASSWORD_COMMON_MESSAGE
  return null
}

export function isAcceptableLength(password: string) {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
}

/**
 * For a form that asks for the email address and name beside the password
 * (Add user): the problem of a password that contains them, when the
 * password is otherwise fine; a problem the password has alone is its
 * field's to report.
 */
export function passwordInFormProblem(value: { password: string; email: string; name: string }, context: PasswordContext = {}) {
  if (!isAcceptableLength(value.password) || passwordProblem(value.password, context)) return null
  return passwordProblem(value.password, { ...context, email: value.email, name: value.name })
}

/**
 * What a page checks of a new password and its confirmation, as the schema
 * does (password-schema.ts) but for the list of common passwords: the
 * password's content once its length is right, and the confirmation once
 * every field is right.
 */
export function newPasswordChecks(context: PasswordContext): FormChecks {
  return {
    fields: { newPassword: ({ text }) => passwordProblem(text('newPassword'), context) },
    form: ({ text }) => ({ confirmPassword: text('newPassword') === text('confirmPassword') ? null : PASSWORDS_DIFFER_MESSAGE }),
  }
}

/**
 * Add user: what the page checks of the initial password, as the schema
 * does; the user's email address and name are fields of the same form.
 */
export const initialPasswordChecks: FormChecks = {
  fields: { password: ({ text }) => passwordProblem(text('password'), { forOther: true }) },
  form: ({ text }) => ({
    password: passwordInFormProblem({ password: text('password'), email: text('email'), name: text('name') }, { forOther: true }),
  }),
}
