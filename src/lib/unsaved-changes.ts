// A small registry of work in progress: an open dialog or a form with typed input registers here, and
// the 'Nova versão disponível' prompt waits until nothing is registered — updating reloads the page,
// which would throw the receptionist's input away.
import { useEffect, useSyncExternalStore } from 'react'

const holders = new Set<symbol>()
const listeners = new Set<() => void>()

function emit() {
  listeners.forEach((listener) => listener())
}

/** Registers work in progress until `release()` is called. */
export function holdUnsavedChanges(): () => void {
  const token = Symbol('unsaved')
  holders.add(token)
  emit()
  return () => {
    if (holders.delete(token)) emit()
  }
}

export function hasUnsavedChanges(): boolean {
  return holders.size > 0
}

/** While `active` (a dialog open, a form dirty), the component counts as unsaved work. */
export function useUnsavedChanges(active: boolean): void {
  useEffect(() => (active ? holdUnsavedChanges() : undefined), [active])
}

export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    hasUnsavedChanges,
    () => false,
  )
}
