import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from '~/routes/_app.esign-test'
import { EsignTestPanel } from '~/features/esign/test-panel'

// The same page as /esign-test, as a Settings tab: its loader and action are that page's.
export { action, loader } from '~/routes/_app.esign-test'

export const meta: MetaFunction = () => [{ title: 'E-Sign Test | Settings | Healthcare Portal' }]

export default function SettingsEsignTest() {
  const { data, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return <EsignTestPanel title="E-Sign Test" level={2} data={data} rules={rules} lastResult={lastResult} />
}
