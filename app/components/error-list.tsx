/**
 * A field's or form's errors as a list. A file of its own: the compiler puts
 * a file in every page that imports any of it, and the list filters need only
 * this, not the whole forms kit.
 */
export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean)
  if (!shown?.length) return null
  return (
    <ul id={id} className="mt-1 flex flex-col gap-1">
      {shown.map((error) => (
        <li key={error} className="text-sm text-red-700">
          {error}
        </li>
      ))}
    </ul>
  )
}
