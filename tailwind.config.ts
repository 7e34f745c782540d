import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      width: { sidebar: '12rem', 'sidebar-narrow': '4rem' },
      maxWidth: { toast: '420px' },
    },
  },
  plugins: [],
} satisfies Config
