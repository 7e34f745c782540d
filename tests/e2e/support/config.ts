/**
 * Settings shared by playwright.config.ts, the server launcher and the tests.
 * Plain constants only: the launcher imports this outside Playwright.
 */
/** 3100 unless E2E_PORT says otherwise (e.g. two checkouts testing at once). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
/** localhost, not 127.0.0.1: Chromium keeps Secure cookies on http://localhost only. */
export const BASE_URL = `http://localhost:${E2E_PORT}`

/** Every test account has this password (the launcher creates them). */
export const TEST_PASSWORD = 'e2e-correct-horse-battery-staple'

export const TEST_USERS = {
  admin: { email: 'admin@example.com', name: 'Administrator', roleLabel: 'Admin' },
  coordinator: { email: 'coordinator@example.com', name: 'Casey Coordinator', roleLabel: 'Coordinator' },
  viewer: { email: 'viewer@example.com', name: 'Vic Viewer', roleLabel: 'Viewer' },
} as const

export type TestRole = keyof typeof TEST_USERS

/**
 * Coordinators of their own for the MFA tests, one per spec file: switching
 * MFA on changes how an account signs in, which the shared accounts must not.
 */
export const MFA_TEST_USERS = {
  js: { email: 'mfa-coordinator@example.com', name: 'Morgan Twofactor' },
  nojs: { email: 'mfa-nojs-coordinator@example.com', name: 'Noa Twofactor' },
} as const

/** The server's idle timeout during the e2e run (the default). */
export const SESSION_IDLE_MINUTES = 15

/** The sidebar as the spec lists it: order, labels, destinations, and each page's heading. */
export const SIDEBAR = [
  { label: 'Dashboard', href: '/', heading: 'Dashboard' },
  { label: 'Leads', href: '/leads', heading: 'Lead Management' },
  { label: 'Patients', href: '/patients', heading: 'Patient Onboarding' },
  { label: 'CareGivers', href: '/caregivers', heading: 'Caregiver Onboarding' },
  { label: 'Documents', href: '/documents-new', heading: 'Document Management' },
  { label: 'Calendar', href: '/calendar', heading: 'Calendar & Appointments' },
  { label: 'E-Signatures', href: '/e-signatures', heading: 'E-Signatures' },
  { label: 'E-Sign Test', href: '/esign-test', heading: 'E-Signature Test' },
  { label: 'PDF to Form', href: '/pdf-to-form', heading: 'PDF to Jotform Converter' },
  { label: 'Settings', href: '/settings', heading: 'Settings & Management' },
] as const

/** Where the setup project keeps each role's signed-in browser state (git-ignored). */
export function storageStatePath(role: TestRole) {
  return `tests/.tmp/e2e-storage-${role}.json`
}
