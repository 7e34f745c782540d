import { describe, expect, test } from 'vitest'
import { isCommonPassword } from '~/features/users/common-passwords.server'
import commonPasswords from '~/features/users/common-passwords.json'
import {
  PASSWORD_BLANK_MESSAGE,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERN_MESSAGE,
  isRepetitiveOrSequential,
  passwordProblem,
} from '~/features/users/password-policy'
import { TEST_PASSWORD } from '#tests/support/fixtures'
import { MFA_TEST_USERS, TEST_PASSWORD as E2E_PASSWORD, TEST_USERS } from '#tests/e2e/support/config'

const dana = { email: 'dana.scully@example.com', name: 'Dana Scully', isCommon: isCommonPassword }

describe('the length', () => {
  test('keeps the minimum of 12 and allows long passphrases', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12)
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64)
  })
})

describe('blank passwords', () => {
  test.each(['            ', '\t\t\t\t\t\t\t\t\t\t\t\t', '\u00a0'.repeat(12), ' \n '.repeat(4)])('%j is refused', (password) => {
    expect(passwordProblem(password)).toBe(PASSWORD_BLANK_MESSAGE)
  })

  test('spaces inside or around a real password are fine', () => {
    expect(passwordProblem('  lamp sofa kiwi  ')).toBeNull()
  })
})

describe('repeated characters and simple sequences', () => {
  test.each([
    'aaaaaaaaaaaa',
    'AAAAaaaaAAAA',
    '000000000000',
    'abcabcabcabc',
    '121212121212',
    'abcabcabcabca',
    'passwordpassword',
    '123456789012',
    '210987654321',
    'abcdefghijkl',
    'ZYXWVUTSRQPO',
    'xyzabcdefghi',
    'qwertyuiop[]',
    'poiuytrewqpo',
    'asdfghjkl;asdf',
    'abcd1234wxyz',
    'aaabbbcccddd',
    '1111222233334444',
  ])('%j is refused', (password) => {
    expect(isRepetitiveOrSequential(password)).toBe(true)
    expect(passwordProblem(password)).toBe(PASSWORD_PATTERN_MESSAGE)
  })

  test.each([
    'lamp sofa kiwi',
    'correct horse battery staple',
    'abc123 but then something else',
    'aaa bbb ccc dd x',
    'mypassphrase!mypassphrase!',
    'Tr0ub4dor&3xyz',
  ])('%j is not a pattern', (password) => {
    expect(isRepetitiveOrSequential(password)).toBe(false)
  })
})

describe('the email address and name', () => {
  test.each([
    ['dana.scully@example.com', 'Choose a password that does not contain your email address'],
    ['DANA.SCULLY@EXAMPLE.COM', 'Choose a password that does not contain your email address'],
    ['my dana.scully login', 'Choose a password that does not contain your email address'],
    ['Dana Scully 1964!', 'Choose a password that does not contain your name'],
    ['trust no one, scully', 'Choose a password that does not contain your name'],
  ])('%j is refused: %s', (password, message) => {
    expect(passwordProblem(password, dana)).toBe(message)
  })

  test('the words of the local part count when the name is different', () => {
    expect(passwordProblem('fox mulder scully', { email: 'fox.mulder@example.com', name: 'F. M.' })).toBe(
      'Choose a password that does not contain your email address',
    )
  })

  test('an admin setting it is told about the user, not themselves', () => {
    expect(passwordProblem('dana.scully@example.com', { ...dana, forOther: true })).toBe(
      "Choose a password that does not contain the user's email address",
    )
    expect(passwordProblem('scully and mulder', { ...dana, email: undefined, forOther: true })).toBe(
      "Choose a password that does not contain the user's name",
    )
  })

  test('parts shorter than 4 characters do not count, so they refuse nothing by chance', () => {
    const al = { email: 'al@example.com', name: 'Al Bo' }
    expect(passwordProblem('always bold and calm', al)).toBeNull()
  })
})

describe('commonly used passwords', () => {
  test.each(['password1234', 'PASSWORD1234', 'qwertyuiop12', '1qaz2wsx3edc', 'administrator'])('%j is refused', (password) => {
    expect(isCommonPassword(password)).toBe(true)
    expect(passwordProblem(password, { isCommon: isCommonPassword })).toBe(PASSWORD_COMMON_MESSAGE)
  })

  test('the list is bundled with its source and licence, and a good password is not on it', () => {
    expect(commonPasswords.source).toContain('@zxcvbn-ts/language-common')
    expect(commonPasswords.license).toContain('Permission is hereby granted')
    expect(commonPasswords.passwords.length).toBeGreaterThan(10_000)
    expect(isCommonPassword('lamp sofa kiwi')).toBe(false)
  })

  test('is checked only where the server passes the list (never in the browser)', () => {
    expect(passwordProblem('password1234')).toBeNull()
  })
})

describe('the passwords the tests and the benchmark use', () => {
  test("the integration tests' password passes", () => {
    const testUser = { email: 'viewer-0a1b2c3d@example.com', name: 'Test viewer 0a1b2c3d', isCommon: isCommonPassword }
    expect(passwordProblem(TEST_PASSWORD, testUser)).toBeNull()
  })

  test.each([...Object.values(TEST_USERS), ...Object.values(MFA_TEST_USERS)])(
    'the end-to-end password passes for $email',
    (user) => {
      expect(passwordProblem(E2E_PASSWORD, { ...user, isCommon: isCommonPassword })).toBeNull()
    },
  )

  test('the end-to-end password passes as the initial password of the users those tests create', () => {
    for (const user of [
      { email: 'toast-0a1b2c3d@example.com', name: 'Toast Test' },
      { email: 'nojs-1700000000000@example.com', name: 'No Script Toast' },
    ]) {
      expect(passwordProblem(E2E_PASSWORD, { ...user, forOther: true, isCommon: isCommonPassword })).toBeNull()
    }
  })
})
