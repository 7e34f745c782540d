/**
 * Roles and what each may do. Shared by server guards and the UI (which only
 * hides what the server would refuse anyway).
 */
export const ROLES = ['admin', 'coordinator', 'viewer'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  coordinator: 'Coordinator',
  viewer: 'Viewer',
}

export const PERMISSIONS = [
  /** Read leads, patients, caregivers, documents, appointments, e-signatures. */
  'records:read',
  /** Create, change and delete those records. */
  'records:write',
  /** Manage staff accounts. */
  'users:manage',
  /** Browse the audit log. */
  'audit:read',
  /** See and change integration credentials and provider settings. */
  'integrations:manage',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  coordinator: ['records:read', 'records:write'],
  viewer: ['records:read'],
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

export function roleHasPermission(role: string, permission: Permission) {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission)
}

export function userHasPermission(
  user: { role: string } | null | undefined,
  permission: Permission,
) {
  return Boolean(user && roleHasPermission(user.role, permission))
}
