import { Fragment } from 'react'

/**
 * An e-mail address that, in a narrow column, wraps before its @ and its
 * dots ('maria.garcia' / '@example.com') rather than mid-word; a part still
 * too long for its box breaks where it must. 'break-word', not 'anywhere':
 * 'anywhere' lets a table column shrink to one letter and spell the address
 * down the page.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/)
  return (
    <span className="[overflow-wrap:break-word]">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
