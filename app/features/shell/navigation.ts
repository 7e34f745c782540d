import type { IconName } from '~/components/icons'

/** The sidebar, in the spec's order, with its labels and routes. */
export const SIDEBAR_ENTRIES: ReadonlyArray<{ label: string; to: string; icon: IconName }> = [
  { label: 'Dashboard', to: '/', icon: 'dashboard' },
  { label: 'Leads', to: '/leads', icon: 'leads' },
  { label: 'Patients', to: '/patients', icon: 'patients' },
  { label: 'CareGivers', to: '/caregivers', icon: 'caregivers' },
  { label: 'Documents', to: '/documents-new', icon: 'documents' },
  { label: 'Calendar', to: '/calendar', icon: 'calendar' },
  { label: 'E-Signatures', to: '/e-signatures', icon: 'esignatures' },
  { label: 'E-Sign Test', to: '/esign-test', icon: 'esignTest' },
  { label: 'PDF to Form', to: '/pdf-to-form', icon: 'pdfToForm' },
  { label: 'Settings', to: '/settings', icon: 'settings' },
]

/** The widths a person can choose. */
export const SIDEBAR_STATES = ['wide', 'narrow'] as const
export type SidebarState = (typeof SIDEBAR_STATES)[number]

/**
 * What the sidebar shows: the person's choice, or 'auto' until they make one
 * (narrow on a tablet, wide from 1024 px: CSS decides, so the server need not
 * know the screen).
 */
export type SidebarPreference = SidebarState | 'auto'
