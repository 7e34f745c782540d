/** A phone number on one line: '(212) 555-2000' never breaks at its space or hyphen. */
export function PhoneNumber({ number }: { number: string }) {
  return <span className="whitespace-nowrap">{number}</span>
}
