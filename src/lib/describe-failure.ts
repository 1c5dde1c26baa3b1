// The one place that turns a failed call into what the person reads: the toast, the alert at the top of
// a dialog's form, and the messages under the fields a 400 names. docs/decisions.md "Failures" has the
// rules and each action's texts.
import { messages } from '@contract/messages'
import { ApiError } from './api-client'

/**
 * What went wrong, as the screen treats it: the request never reached the server ('network'), the data
 * was refused (400 'invalid'), it clashed with what is stored (409 'conflict'), the session is gone (401
 * 'unauthorized': the app already goes back to /login), the user may not do it (403 'forbidden'), or
 * anything else.
 */
export type FailureKind = 'network' | 'invalid' | 'conflict' | 'unauthorized' | 'forbidden' | 'other'

/** An action's own failure texts (declared in its mutation's `meta.failure`). */
export interface FailureTexts {
  /**
   * The action's 'Erro ao …' sentence (docs/product.md §8): said for any answer that has no sentence of
   * its own, and before 'Não foi salvo. Sem conexão…' when the change never reached the server.
   */
  failure?: string
  /** For an action without an 'Erro ao …' sentence: said for any answer that has no sentence of its own. */
  fallback?: string
  /**
   * Sentences for given statuses, instead of the rules below: `{ 409: 'Paciente possui agendamentos!' }`.
   * 0 is the network (ApiError's status): a sign-in saves nothing, so it does not say 'Não foi salvo'.
   */
  status?: Partial<Record<number, string>>
}

export interface Failure {
  kind: FailureKind
  /** The whole sentence: the toast's text and the dialog's alert. */
  toast: string
  /** The change never reached the server: the toast is '[lead] Não foi salvo. Sem conexão…'. */
  notSaved: boolean
  /** Then, the action's 'Erro ao …' said first (in bold in the toast). */
  lead?: string
  /** The first message per field of a 400 (`issues.nome._errors[0]`), by the API's field name. */
  fieldErrors: Record<string, string>
}

/**
 * The failure of a call as the person reads it:
 * - network → '[failure] Não foi salvo. Sem conexão com o servidor. Verifique a internet e tente novamente.'
 * - 409 and 400 → the server's own sentence (it names the problem with the data), plus a 400's field messages
 * - 403 → the server's own sentence (it says why this user may not: 'Você só pode alterar…')
 * - anything else → the action's failure sentence, else the server's, else 'Erro ao buscar informações!'
 * `texts.status` overrides any of these for one status.
 */
export function describeFailure(error: unknown, texts: FailureTexts = {}): Failure {
  const apiError = error instanceof ApiError ? error : null
  const kind = kindOf(apiError)
  const fieldErrors = kind === 'invalid' ? fieldErrorsOf(apiError) : {}
  const own = apiError ? texts.status?.[apiError.status] : undefined
  if (own) return { kind, toast: own, notSaved: false, fieldErrors }

  const actionText = texts.failure ?? texts.fallback
  const serverText = apiError?.body?.error
  if (kind === 'network') {
    const lead = texts.failure
    const toast = [lead, messages.notSaved, messages.offline].filter(Boolean).join(' ')
    return lead ? { kind, toast, notSaved: true, lead, fieldErrors } : { kind, toast, notSaved: true, fieldErrors }
  }
  const serverFirst = kind === 'invalid' || kind === 'conflict' || kind === 'forbidden'
  const toast = serverFirst ? (serverText ?? actionText) : (actionText ?? serverText)
  return { kind, toast: toast ?? messages.fetchFailed, notSaved: false, fieldErrors }
}

function kindOf(error: ApiError | null): FailureKind {
  if (!error) return 'other'
  if (error.isNetworkError) return 'network'
  if (error.status === 400) return 'invalid'
  if (error.status === 401) return 'unauthorized'
  if (error.status === 403) return 'forbidden'
  if (error.status === 409) return 'conflict'
  return 'other'
}

/** zod's formatted error (`issues.nome._errors`, for every call): the first message of each field. */
function fieldErrorsOf(error: ApiError | null): Record<string, string> {
  const issues = error?.body?.issues
  if (!issues || typeof issues !== 'object') return {}
  const result: Record<string, string> = {}
  for (const [field, value] of Object.entries(issues as Record<string, unknown>)) {
    if (field === '_errors' || !value || typeof value !== 'object') continue
    const list = (value as { _errors?: unknown })._errors
    if (Array.isArray(list) && typeof list[0] === 'string') result[field] = list[0]
  }
  return result
}
