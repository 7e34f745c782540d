import { useId } from 'react'
import { Button } from '~/components/ui/button'
import { useCopyField } from '~/components/use-copy-field'
import { cn } from '~/lib/misc'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * A value to copy: its label, a read-only field that selects itself on focus
 * (so without JavaScript it is ready to copy by hand) and, with JavaScript, a
 * Copy button whose result is announced in a live region.
 */
export function CopyField({
  label,
  value,
  buttonText = 'Copy',
  buttonLabel,
  hint,
  className,
}: {
  label: React.ReactNode
  value: string
  /** The button's visible text. */
  buttonText?: string
  /** The button's accessible name, when several fields share a page and 'Copy' alone would be ambiguous. */
  buttonLabel?: string
  hint?: React.ReactNode
  className?: string
}) {
  const hydrated = useHydrated()
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const { input, copied, copy } = useCopyField(value)
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          ref={input}
          readOnly
          value={value}
          aria-describedby={hint ? hintId : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 font-mono text-xs coarse:min-h-11"
        />
        {hydrated ? (
          <Button type="button" variant="secondary" onClick={copy} aria-label={buttonLabel}>
            {buttonText}
          </Button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="text-xs text-slate-700">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'Could not copy: select the text and copy it yourself.' : ''}
      </p>
    </div>
  )
}
