import { SessionUser } from '@contract'
import { z } from 'zod'
import { SESSION_STORAGE_KEY } from './session-key'

// The session (docs/product.md §3): token and user, kept in localStorage so a tablet stays signed in.
export { SESSION_STORAGE_KEY }
const STORAGE_KEY = SESSION_STORAGE_KEY

export const Session = z.object({ token: z.string(), user: SessionUser })
export type Session = z.infer<typeof Session>

type Listener = (session: Session | null) => void
const listeners = new Set<Listener>()

export function getSession(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const parsed = Session.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function setSession(session: Session): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session))
  listeners.forEach((listener) => listener(session))
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEY)
  listeners.forEach((listener) => listener(null))
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const isAdmin = (session: Session | null) => session?.user.role === 'ADMIN'
