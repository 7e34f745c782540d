import { useRef, useState } from 'react'

/**
 * Copies a read-only field's text to the clipboard and selects it, so a
 * refused clipboard still leaves the text ready to copy by hand. `copied` says
 * how the last try went, for a status message.
 */
export function useCopyField(text: string) {
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const copy = async () => {
    input.current?.select()
    try {
      await navigator.clipboard.writeText(text)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return { input, copied, copy }
}
