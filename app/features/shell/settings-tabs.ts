import type { Permission } from '~/platform/auth/permissions'

/** Settings tabs in the spec's order, then the administration tabs. */
export const SETTINGS_TABS: ReadonlyArray<{ label: string; to: string; permission: Permission }> = [
  { label: 'E-Sign Test', to: '/settings/esign-test', permission: 'records:read' },
  { label: 'GoHighLevel', to: '/settings/gohighlevel', permission: 'integrations:manage' },
  { label: 'GoFormz', to: '/settings/goformz', permission: 'integrations:manage' },
  { label: 'BoldSign', to: '/settings/boldsign', permission: 'integrations:manage' },
  { label: 'Signing Certificate', to: '/settings/signing-certificate', permission: 'integrations:manage' },
  { label: 'Email Templates', to: '/settings/email-templates', permission: 'records:read' },
  { label: 'Workflows', to: '/settings/workflows', permission: 'records:read' },
  { label: 'Document Types', to: '/settings/document-types', permission: 'records:read' },
  { label: 'General', to: '/settings/general', permission: 'records:read' },
  { label: 'Users', to: '/settings/users', permission: 'users:manage' },
  { label: 'Audit Log', to: '/settings/audit-log', permission: 'audit:read' },
]
