import { ApiError } from './api-client'

/**
 * The first message per field of a 400's `issues` (zod's formatted error, DESIGN.md:
 * `issues.nome._errors`), so a form can show the server's refusal under the right field.
 */
export function fieldErrorsFromApi(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {}
  const issues = error.body?.issues
  if (!issues || typeof issues !== 'object') return {}
  const result: Record<string, string> = {}
  for (const [field, value] of Object.entries(issues as Record<string, unknown>)) {
    if (field === '_errors' || !value || typeof value !== 'object') continue
    const list = (value as { _errors?: unknown })._errors
    if (Array.isArray(list) && typeof list[0] === 'string') result[field] = list[0]
  }
  return result
}

/** The server's own sentence when it sent one (every error body carries `error`), else `fallback`. */
export function serverErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.error ? error.body.error : fallback
}

/** The request never reached the server (offline, server down): a change was not saved. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError
}
