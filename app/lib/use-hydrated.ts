import { useEffect, useState } from 'react'

let hydrated = false

/** False during server rendering and hydration, true once JavaScript runs. */
export function useHydrated() {
  const [isHydrated, setIsHydrated] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setIsHydrated(true)
  }, [])
  return isHydrated
}
