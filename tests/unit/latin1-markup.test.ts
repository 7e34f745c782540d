import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { jsonInScript } from '~/lib/json-in-script.server'

/**
 * A page is made of text in Latin-1 only: characters beyond it (an en dash
 * between two times, the narrow space Intl puts before 'PM', a name in
 * Vietnamese, an emoji) are written as references the browser reads back as
 * the same text. V8 stores a string with any such character at two bytes a
 * character, and a long page so stored costs far more to join and encode
 * (docs/performance.md, session 32). The CommonJS copies are the ones Node
 * loads; the patched packages are in patches/.
 */
const require = createRequire(import.meta.url)
const React = require('react') as typeof import('react')
// Both builds: tests run the development one, the production server the other.
const reactDom = path.dirname(require.resolve('react-dom/server'))
const renderers = {
  development: require(path.join(reactDom, 'cjs/react-dom-server-legacy.node.development.js')) as typeof import('react-dom/server'),
  production: require(path.join(reactDom, 'cjs/react-dom-server-legacy.node.production.min.js')) as typeof import('react-dom/server'),
}
const { createServerHandoffString } = require('@remix-run/server-runtime/dist/serverHandoff.js') as {
  createServerHandoffString: (handoff: unknown) => string
}

const TEXT = 'Mon 9:00\u202fAM \u2013 10:00\u202fAM \u2192 Nguy\u1ec5n Th\u1ecb \u00e9l\u00e8ve \u{1F600} <b> & "quoted" \'single\''
const beyondLatin1 = /[\u0100-\uffff]/

/** What a browser reads from text or a quoted attribute value: references back to characters. */
function decode(html: string) {
  const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>' }
  return html.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (_, hex: string, decimal: string, name: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : named[name]!,
  )
}

describe.each(Object.entries(renderers))("React's %s server render", (_, { renderToString }) => {
  test('writes characters beyond Latin-1 as references, in text and attributes, and the browser reads the same text', () => {
    const html = renderToString(React.createElement('p', { title: TEXT }, TEXT))
    expect(html).not.toMatch(beyondLatin1)
    const [, title, text] = /^<p title="([^"]*)">(.*)<\/p>$/.exec(html)!
    expect(decode(title!)).toBe(TEXT)
    expect(decode(text!)).toBe(TEXT)
    // One reference for the emoji (a pair of UTF-16 units), Latin-1 kept as it is, markup still escaped.
    expect(text).toContain('&#128512;')
    expect(text).toContain('\u00e9l\u00e8ve')
    expect(text).toContain('&lt;b&gt; &amp; &quot;quoted&quot; &#x27;single&#x27;')
  })

  test('leaves text within Latin-1 as it was', () => {
    expect(renderToString(React.createElement('p', { title: 'Jos\u00e9 & Ana' }, 'Jos\u00e9 <3'))).toBe('<p title="Jos\u00e9 &amp; Ana">Jos\u00e9 &lt;3</p>')
  })

  test('writes a long text past the length it converts in one step whole', () => {
    const long = `${'\u2013ab'.repeat(5_000)}<`
    const html = renderToString(React.createElement('p', null, long))
    expect(html).not.toMatch(beyondLatin1)
    expect(decode(html.slice('<p>'.length, -'</p>'.length))).toBe(long)
  })
})

describe("Remix's loader data in the page", () => {
  test('is JSON within Latin-1 that reads back as the same data, and cannot end its script', () => {
    const data = { loaderData: { root: { title: TEXT, note: 'line\u2028separator </script>' } } }
    const script = createServerHandoffString(data)
    expect(script).not.toMatch(beyondLatin1)
    expect(script).not.toContain('<')
    expect(script).toContain('\\u2013')
    expect(script).toContain('\\ud83d\\ude00')
    // The page's script assigns it as a JavaScript expression.
    expect(new Function(`return ${script}`)()).toEqual(data)
  })

  test('within Latin-1 already, is escaped as before', () => {
    expect(createServerHandoffString({ a: 'Jos\u00e9 <b> & c' })).toBe('{"a":"Jos\u00e9 \\u003cb\\u003e \\u0026 c"}')
  })
})

describe('JSON the portal places in a script', () => {
  test('is within Latin-1, cannot end its script, and parses back as the same value', () => {
    const value = { [TEXT]: { 1764763200000: TEXT }, long: '\u2013'.repeat(9_000) }
    const json = jsonInScript(value)
    expect(json).not.toMatch(beyondLatin1)
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual(value)
  })
})
