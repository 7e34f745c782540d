/**
 * A value as JSON to place inside a `<script>` element: `<` cannot end the
 * element, and characters outside Latin-1 are written as `\uXXXX`, which JSON
 * reads back as the same text. V8 stores a string holding any character
 * outside Latin-1 at two bytes a character, and a page with one such piece is
 * joined and encoded as two-byte: built from character codes, the escaped text
 * is one-byte (docs/performance.md, session 32).
 */
export function jsonInScript(value: unknown) {
  const json = JSON.stringify(value)
  if (!/[<\u0100-\uffff]/.test(json)) return json
  const codes: number[] = []
  let escaped = ''
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index)
    if (code !== 60 && code < 256) codes.push(code)
    else for (const character of `\\u${code.toString(16).padStart(4, '0')}`) codes.push(character.charCodeAt(0))
    if (codes.length > 8000) {
      escaped += String.fromCharCode(...codes)
      codes.length = 0
    }
  }
  return escaped + String.fromCharCode(...codes)
}
