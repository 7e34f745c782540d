/**
 * A press on a form's submit button while one of its fields has focus would
 * first blur that field, and a check on leaving it can add or remove an error
 * above the button: the button moves from under the pointer before the press
 * ends, and the click is lost. Keeping focus in the field during the press
 * avoids that; the submit itself checks every field and focuses the first
 * wrong one. Keyboard use is unaffected.
 */
export function keepFocusWhilePressingSubmit(root: Document | HTMLFormElement = document) {
  const onMouseDown = (event: Event) => {
    if (!(event instanceof MouseEvent) || event.button !== 0 || !(event.target instanceof Element)) return
    const button = event.target.closest('button[type=submit], input[type=submit]')
    if (!(button instanceof HTMLButtonElement || button instanceof HTMLInputElement) || !button.form) return
    const focused = document.activeElement
    const isField =
      focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement || focused instanceof HTMLSelectElement
    if (isField && focused.form === button.form) event.preventDefault()
  }
  root.addEventListener('mousedown', onMouseDown)
  return () => root.removeEventListener('mousedown', onMouseDown)
}
