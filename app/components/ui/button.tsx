import { forwardRef } from 'react'
import { cn } from '~/lib/misc'

export const buttonVariants = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400',
  destructive: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  ghost: 'text-slate-700 hover:bg-slate-100',
} as const

/** Every size is at least 32 px high, and 44 px on touch screens (docs/conventions.md, Touch). */
export const buttonSizes = {
  sm: 'h-8 px-3 text-sm coarse:h-11',
  md: 'h-10 px-4 text-sm coarse:h-11',
  icon: 'h-9 w-9 justify-center coarse:h-11 coarse:w-11',
} as const

/** A record's name that opens its page: visibly a link, not just bold text. */
export const recordLinkClassName = 'text-blue-700 underline underline-offset-2 hover:text-blue-900'

export type ButtonVariant = keyof typeof buttonVariants

export function buttonClassName(variant: ButtonVariant = 'primary', size: keyof typeof buttonSizes = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors disabled:cursor-not-allowed',
    buttonVariants[variant],
    buttonSizes[size],
  )
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: keyof typeof buttonSizes
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={cn(buttonClassName(variant, size), className)} {...props} />
})
