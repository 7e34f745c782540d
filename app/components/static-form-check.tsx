import { checkField, type FormRules } from '~/lib/form-rules'
import { useNonce } from '~/platform/http/nonce-provider'

/**
 * Checks the form `formId` in the page with the rules in its `data-rules`
 * (a FormRules, from the loader), as Conform does on the pages that run
 * React: a field when it is left (or, with `data-check="submit"`, only on
 * submit), every field on submit, errors beside the fields in the schema's
 * words with `aria-invalid` and `aria-describedby`, the first wrong field
 * focused and nothing sent. A few hundred bytes inline, in place of the
 * framework. When React renders the page (after a client-side navigation),
 * the script element is inert and Conform does the same.
 */
export function StaticFormCheck({ formId }: { formId: string }) {
  const nonce = useNonce()
  const source = `(${checkFormInPage.toString()})(${JSON.stringify(formId)},${checkField.toString()})`
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />
}

/**
 * Runs in the browser as the source text above: it must use nothing from
 * outside its own body (no imports, no helpers), and `check` is checkField.
 */
function checkFormInPage(formId: string, check: typeof checkField) {
  const form = document.getElementById(formId)
  if (!(form instanceof HTMLFormElement)) return
  const rules = JSON.parse(form.dataset.rules ?? '{"fields":{}}') as FormRules
  const onBlur = form.dataset.check !== 'submit'
  // The page checks; the browser's own bubbles would say it in other words.
  form.noValidate = true

  const fieldOf = (name: string) => {
    const element = form.elements.namedItem(name)
    return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
      ? element
      : null
  }

  const show = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, message: string | undefined) => {
    const errorId = `${field.id}-error`
    let list = document.getElementById(errorId)
    if (message) {
      if (!list) {
        list = document.createElement('ul')
        list.id = errorId
        list.className = 'mt-1 flex flex-col gap-1'
        field.parentElement?.append(list)
      }
      const item = document.createElement('li')
      item.className = 'text-sm text-red-700'
      item.textContent = message
      list.replaceChildren(item)
      field.setAttribute('aria-invalid', 'true')
    } else {
      list?.remove()
      field.removeAttribute('aria-invalid')
    }
    const help = document.getElementById(`${field.id}-help`)
    const describedBy = [message ? errorId : '', help ? help.id : ''].filter(Boolean).join(' ')
    if (describedBy) field.setAttribute('aria-describedby', describedBy)
    else field.removeAttribute('aria-describedby')
  }

  const validate = (name: string) => {
    const field = fieldOf(name)
    const fieldRules = rules.fields[name]
    if (!field || !fieldRules) return undefined
    const message = check(fieldRules, field.value, field)
    show(field, message)
    return message ? field : undefined
  }

  // As keepFocusWhilePressingSubmit (which this script may not import): a
  // press on the submit button keeps focus in the field, so the check on
  // leaving it cannot move the button from under the pointer.
  form.addEventListener('mousedown', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type=submit], input[type=submit]') : null
    const focused = document.activeElement
    if (event.button === 0 && button && focused !== button && focused instanceof HTMLElement && form.contains(focused)) {
      if (focused.matches('input, textarea, select')) event.preventDefault()
    }
  })

  // A field shown wrong is checked again as it is corrected, so its error
  // goes as soon as it is right.
  form.addEventListener('input', (event) => {
    const target = event.target
    if (!(target instanceof Element) || target.getAttribute('aria-invalid') !== 'true') return
    const name = target.getAttribute('name')
    if (name && name in rules.fields) validate(name)
  })

  form.addEventListener('focusout', (event) => {
    const target = event.target
    if (!onBlur || !(target instanceof Element)) return
    const name = target.getAttribute('name')
    if (name && name in rules.fields) validate(name)
  })

  form.addEventListener('submit', (event) => {
    let first: HTMLElement | undefined
    for (const name of Object.keys(rules.fields)) {
      const wrong = validate(name)
      first = first ?? wrong
    }
    if (!first) return
    event.preventDefault()
    first.focus()
  })
}
