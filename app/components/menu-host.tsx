import { Component, createContext, useCallback, useMemo, useState } from 'react'
import { useHydrated } from '~/lib/use-hydrated'

type MenuHost = {
  /** False while the page hydrates (and on the server): menus are still native disclosures. */
  hydrated: boolean
  /** Which menu is open: the id its button gave `show`. */
  openId: string | null
  show: (id: string, menu: React.ReactNode) => void
  hide: () => void
}

export const MenuHostContext = createContext<MenuHost | null>(null)

/**
 * Where the one open menu of a page renders. A list's rows render only their
 * menus' buttons, without state, effects or listeners of their own, so
 * hydrating a page of rows stays cheap; the button that is pressed hands its
 * menu to the host (ActionMenu in `action-menu.tsx`). Small on purpose: every
 * list page has one, with or without row menus.
 */
export function MenuHost({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState<{ id: string; menu: React.ReactNode } | null>(null)
  const show = useCallback((id: string, menu: React.ReactNode) => setOpen({ id, menu }), [])
  const hide = useCallback(() => setOpen(null), [])
  const openId = open?.id ?? null
  const host = useMemo(() => ({ hydrated, openId, show, hide }), [hydrated, openId, show, hide])
  return (
    <MenuHostContext.Provider value={host}>
      {children}
      <OpenDisclosureCarriedOver hydrated={hydrated} />
      {open?.menu}
    </MenuHostContext.Provider>
  )
}

/**
 * A row's disclosure opened by a tap or a key while the page was hydrating
 * (or while it turns live) would vanish when its menu button replaces it: the
 * button opens its menu instead. Which disclosure was open is read from the
 * page just before the switch is applied (the one moment a class component
 * is told of), and its button, which keeps its id, is pressed after. Every
 * host on the page switches in that same commit and presses it: each press
 * sees the menu still closed and opens it, so one or several come to the same.
 */
class OpenDisclosureCarriedOver extends Component<{ hydrated: boolean }> {
  getSnapshotBeforeUpdate(previous: { hydrated: boolean }) {
    return previous.hydrated || !this.props.hydrated ? null : (document.querySelector('details[open] > summary[data-menu-button]')?.id ?? null)
  }

  componentDidUpdate(_props: unknown, _state: unknown, openedButtonId: string | null) {
    if (openedButtonId) document.getElementById(openedButtonId)?.click()
  }

  render() {
    return null
  }
}
