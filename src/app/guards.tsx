import { useEffect, type ReactNode } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { messages } from '@contract/messages'
import { notifyError } from '@/lib/notify'
import { isAdmin } from '@/lib/session'
import { useSession } from '@/lib/use-session'

/** Signed-in routes: without a session, /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />
  return children
}

/** /login: a signed-in user has nothing to do there. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession()
  if (session) return <Navigate to="/" replace />
  return children
}

/**
 * /admin (docs/product.md §2): a non-admin gets the alert and is sent home. The server enforces the role too;
 * this only spares the user a page of refused calls.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession()
  const admin = isAdmin(session)
  const navigate = useNavigate()
  useEffect(() => {
    if (admin) return
    notifyError(messages.adminOnly)
    void navigate('/', { replace: true })
  }, [admin, navigate])
  return admin ? children : null
}
