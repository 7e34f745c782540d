/** Simple 24px outline icons drawn for this app (decorative: aria-hidden). */
const paths = {
  dashboard: 'M3 12 12 4l9 8M5 10v10h5v-6h4v6h5V10',
  leads: 'M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M22 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  patients: 'M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10ZM12 10v4M10 12h4',
  caregivers: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
  documents: 'M14 3H6v18h12V7l-4-4Zm0 0v4h4M9 12h6M9 16h6',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v4M16 3v4',
  esignatures: 'M4 20h16M6 16l9.5-9.5a2.1 2.1 0 0 1 3 3L9 19H6v-3Z',
  esignTest: 'M9 3h6M10 3v6L5 19a1.5 1.5 0 0 0 1.3 2h11.4a1.5 1.5 0 0 0 1.3-2l-5-10V3',
  pdfToForm: 'M14 3H6v18h12V7l-4-4ZM9 13h2v4M13 13l2 4M13 17l2-4',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19 12l2-1-1-3-2 .2-1.3-1.3L17 5l-3-1-1 2h-2L10 4 7 5l.3 2L6 8.3 4 8.2 3 11l2 1-2 1 1 3 2-.2 1.3 1.3L7 19l3 1 1-2h2l1 2 3-1-.3-2 1.3-1.3 2 .1 1-3-2-1Z',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 18l-6-6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
  close: 'M6 6l12 12M18 6 6 18',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11',
  menu: 'M4 6h16M4 12h16M4 18h16',
  user: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
} as const

export type IconName = keyof typeof paths

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  // The stroke is drawn by the `icon` class (app/styles/tailwind.css).
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={`icon ${className}`}>
      <path d={paths[name]} />
    </svg>
  )
}
