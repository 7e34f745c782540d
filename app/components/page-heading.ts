/** The page's top heading (made focusable), or its main content when it has none: where a page starts for the keyboard. */
export function pageStart(): HTMLElement | null {
  const main = document.getElementById('main')
  const heading = main?.querySelector<HTMLElement>('h1') ?? main
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  return heading ?? null
}
