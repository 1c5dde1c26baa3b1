import { ApiError } from '@/lib/api-client'

/**
 * The text to show when a save failed: the server's own Portuguese sentence when it refused the data
 * (400 invalid, 404 gone, 409 slot taken or changed by someone else), otherwise `fallback`.
 */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 404, 409, 413].includes(error.status) && error.body?.error) return error.body.error
  return fallback
}

/** A 401 is the app's business (session cleared, back to /login): the screen says nothing more. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}
