import commonPasswords from '~/features/users/common-passwords.json'

/**
 * The passwords attackers try first, from a list of leaked passwords by
 * frequency (source and licence in common-passwords.json). Server-only: the
 * list is too big to send to every browser. Built on first use.
 */
let list: Set<string> | undefined

/** Whether the password, ignoring case, is on the bundled list of commonly used passwords. */
export function isCommonPassword(password: string) {
  list ??= new Set(commonPasswords.passwords)
  return list.has(password.normalize('NFKC').toLowerCase())
}
