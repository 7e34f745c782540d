import { forwardRef } from 'react'
import { cn } from '~/lib/misc'

/** The looks: `.btn`, its variants and its sizes, in app/styles/tailwind.css. */
export type ButtonVariant = 'primary' | 'secondary' | 'destructive' | 'ghost'
/** Every size is at least 32 px high, and 44 px on touch screens (docs/conventions.md, Touch). */
export type ButtonSize = 'sm' | 'md' | 'icon'

/** A record's name that opens its page: visibly a link, not just bold text. */
export const recordLinkClassName = 'record-link'

// Spelled out whole: Tailwind keeps only the classes it finds written in the source.
const VARIANT_CLASS = { primary: 'btn-primary', secondary: 'btn-secondary', destructive: 'btn-destructive', ghost: 'btn-ghost' } as const
const SIZE_CLASS = { sm: 'btn-sm', md: 'btn-md', icon: 'btn-icon' } as const

export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return `btn ${VARIANT_CLASS[variant]} ${SIZE_CLASS[size]}`
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: ButtonSize
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={cn(buttonClassName(variant, size), className)} {...props} />
})
