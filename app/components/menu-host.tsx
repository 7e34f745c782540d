import { Component, createContext, useMemo, useState, useSyncExternalStore } from 'react'
import { useHydrated } from '~/lib/use-hydrated'

type OpenMenu = { id: string; menu: React.ReactNode }

/**
 * Which menu is open, outside React's state: a row's button reads whether its
 * own menu is open (useIsMenuOpen), so opening or closing one re-renders that
 * button and the open menu, not every row of the page.
 */
function openMenuStore() {
  let open: OpenMenu | null = null
  const listeners = new Set<() => void>()
  return {
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    current: () => open,
    /** The menu a button hands over (its id and the menu), or null to close it. */
    set: (next: OpenMenu | null) => {
      open = next
      listeners.forEach((listener) => listener())
    },
  }
}

type MenuHost = {
  /** False while the page hydrates (and on the server): menus are still native disclosures. */
  hydrated: boolean
  menus: ReturnType<typeof openMenuStore>
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
  const [menus] = useState(openMenuStore)
  const host = useMemo(() => ({ hydrated, menus }), [hydrated, menus])
  return (
    <MenuHostContext.Provider value={host}>
      {children}
      <OpenDisclosureCarriedOver hydrated={hydrated} />
      <OpenMenuSlot menus={menus} />
    </MenuHostContext.Provider>
  )
}

/** Whether the menu of this id is open: true for one button of the page at most. */
export function useIsMenuOpen({ menus }: MenuHost, id: string) {
  return useSyncExternalStore(menus.subscribe, () => menus.current()?.id === id, () => false)
}

function OpenMenuSlot({ menus }: Pick<MenuHost, 'menus'>) {
  return useSyncExternalStore(menus.subscribe, () => menus.current()?.menu ?? null, () => null)
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
