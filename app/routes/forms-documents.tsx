import { redirect } from '@remix-run/node'

/** The earlier product's path for the document library. */
export async function loader() {
  return redirect('/documents-new', 301)
}
