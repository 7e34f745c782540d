import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'New Remix App' }, { name: 'description', content: 'Welcome to Remix!' }]

export default function Index() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', lineHeight: '1.8', padding: '1rem' }}>
      <h1>Welcome to Remix</h1>
      <ul>
        <li>
          <a href="https://remix.run/start/quickstart">5m Quick Start</a>
        </li>
        <li>
          <a href="https://remix.run/start/tutorial">30m Tutorial</a>
        </li>
        <li>
          <a href="https://remix.run/docs">Remix Docs</a>
        </li>
      </ul>
    </main>
  )
}
