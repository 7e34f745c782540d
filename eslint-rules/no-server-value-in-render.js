/**
 * A module whose name says `.server` never reaches the browser: the compiler
 * hands the browser an empty module instead, so anything imported from it is
 * `undefined` there. Used in a loader or an action that is right; rendered by
 * a component, read by a hook or by `meta`, or read when the module loads, the
 * server's HTML shows the value and the browser does not (a hydration
 * mismatch, or a crash on `.map`).
 *
 * Reported: a value imported from a `.server` module (not `import type`, not
 * in a type) used in JSX, in a component (a function named with a capital
 * letter, the default export, or what `memo`/`forwardRef` wrap), in a hook (a
 * function named `use…`), in an export that runs in the browser (`meta`,
 * `links`, `handle`, `client…`, `shouldRevalidate`), or at the module's top
 * level outside `loader`, `action` and `headers`. A lower-case helper
 * function is not reported: it may serve the loader alone. A route module
 * without a component is not checked: the browser gets none of it.
 */
const SERVER_MODULE = /(^|[/.])[^/]*\.server(\.[jt]sx?)?$/
const SERVER_EXPORTS = new Set(['loader', 'action', 'headers'])
const BROWSER_EXPORTS = /^(meta|links|handle|shouldRevalidate|client[A-Z]\w*)$/
const WRAPPERS = new Set(['memo', 'forwardRef'])

const isFunction = (node) =>
  node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression'

/** The name a top-level function goes by: its own, its variable's, or the variable of the call that wraps it. */
function nameOf(fn) {
  if (fn.id?.name) return fn.id.name
  let node = fn.parent
  if (node?.type === 'CallExpression') node = node.parent
  if (node?.type === 'VariableDeclarator' && node.id.type === 'Identifier') return node.id.name
  return null
}

function isWrapped(fn) {
  const call = fn.parent
  if (call?.type !== 'CallExpression') return false
  const callee = call.callee.type === 'MemberExpression' ? call.callee.property : call.callee
  return callee.type === 'Identifier' && WRAPPERS.has(callee.name)
}

/** Why this use runs in the browser, or null when it may be server-only. */
function browserUse(reference) {
  let outermost = null
  for (let node = reference.identifier.parent; node; node = node.parent) {
    if (node.type.startsWith('TS')) return null // a type: erased
    if (node.type === 'JSXElement' || node.type === 'JSXFragment') return 'rendered'
    if (isFunction(node)) outermost = node
    if (node.type === 'VariableDeclarator' && node.parent.parent?.type === 'Program' && node.id.type === 'Identifier' && SERVER_EXPORTS.has(node.id.name)) return null
    if (node.type === 'VariableDeclarator' && node.parent.parent?.type === 'ExportNamedDeclaration' && node.id.type === 'Identifier' && SERVER_EXPORTS.has(node.id.name)) return null
  }
  if (!outermost) return 'read when the module loads, in the browser too'
  if (outermost.parent?.type === 'ExportDefaultDeclaration') return 'used by the page component'
  if (isWrapped(outermost)) return `used by the component ${nameOf(outermost) ?? ''}`.trim()
  const name = nameOf(outermost)
  if (!name || SERVER_EXPORTS.has(name)) return null
  if (/^[A-Z]/.test(name)) return `used by the component ${name}`
  if (/^use[A-Z]/.test(name)) return `used by the hook ${name}`
  if (BROWSER_EXPORTS.test(name)) return `used by ${name}, which runs in the browser too`
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow using values imported from .server modules where the browser runs them (they are undefined there)' },
    schema: [],
    messages: {
      serverValue:
        "'{{name}}' comes from {{source}}, which the browser gets as an empty module, yet it is {{where}}: pass it through the loader's data, or move it to a module the browser can load.",
    },
  },
  create(context) {
    // A route without a component (a resource or action-only route) reaches the browser as an empty module.
    const program = context.sourceCode.ast
    const isRoute = /[/\\]app[/\\]routes[/\\]/.test(context.filename)
    if (isRoute && !program.body.some((statement) => statement.type === 'ExportDefaultDeclaration')) return {}
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !SERVER_MODULE.test(node.source.value)) return
        for (const specifier of node.specifiers) {
          if (specifier.importKind === 'type') continue
          const [variable] = context.sourceCode.getDeclaredVariables(specifier)
          for (const reference of variable?.references ?? []) {
            const where = browserUse(reference)
            if (where) context.report({ node: reference.identifier, messageId: 'serverValue', data: { name: reference.identifier.name, source: node.source.value, where } })
          }
        }
      },
    }
  },
}
