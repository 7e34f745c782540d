import type { Config } from 'tailwindcss'
import plugin from 'tailwindcss/plugin'

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      width: { sidebar: '12rem', 'sidebar-narrow': '4rem' },
      maxWidth: { toast: '420px' },
    },
  },
  plugins: [
    // `coarse:` styles apply on touch screens, where a finger needs 44 px targets.
    plugin(({ addVariant }) => {
      addVariant('coarse', '@media (pointer: coarse)')
    }),
  ],
} satisfies Config
