/**
 * A module whose name says `.server` never reaches the browser: the compiler
 * hands the browser an empty module instead, so anything imported from it is
 * `undefined` there. Used in a loader or an action that is right; rendered by
 * a component or read by a hook, the server's HTML shows the value and the
 * browser's render does not (a hydration mismatch, or a crash on `.map`).
 *
 * Reported: a value imported from a `.server` module (not `import type`) that
 * is used inside JSX, in a component (a function named with a capital
 * letter, or the default export), or in a hook (a function named `use…`).
 */
const SERVER_MODULE = /(^|[/.])[^/]*\.server(\.[jt]sx?)?$/

function functionName(node) {
  if (node.id?.name) return node.id.name
  const parent = node.parent
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name
  return null
}

function renderContext(reference) {
  for (let node = reference.identifier.parent; node; node = node.parent) {
    if (node.type === 'JSXElement' || node.type === 'JSXFragment') return 'rendered'
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
      if (node.parent?.type === 'ExportDefaultDeclaration') return 'used by the page component'
      const name = functionName(node)
      if (name && /^[A-Z]/.test(name)) return `used by the component ${name}`
      if (name && /^use[A-Z]/.test(name)) return `used by the hook ${name}`
    }
  }
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow rendering values imported from .server modules (they are undefined in the browser)' },
    schema: [],
    messages: {
      serverValue:
        "'{{name}}' comes from {{source}}, which the browser gets as an empty module, yet it is {{where}}: pass it through the loader's data, or move it to a module the browser can load.",
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !SERVER_MODULE.test(node.source.value)) return
        for (const specifier of node.specifiers) {
          if (specifier.importKind === 'type') continue
          const [variable] = context.sourceCode.getDeclaredVariables(specifier)
          for (const reference of variable?.references ?? []) {
            const where = renderContext(reference)
            if (where) context.report({ node: reference.identifier, messageId: 'serverValue', data: { name: reference.identifier.name, source: node.source.value, where } })
          }
        }
      },
    }
  },
}
