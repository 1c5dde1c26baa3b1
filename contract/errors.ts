import { z } from 'zod'
import type { ErrorBody } from './entities'
import { messages } from './messages'

/**
 * The 400 answer for a body that fails its schema, the same from the server and from the msw handlers.
 * `error` is the call's "missing fields" sentence when a required field is absent (docs/product.md §5 names one per
 * form), otherwise the first problem's own message; `issues` is zod's formatted error
 * (`issues.nome._errors`, docs/product.md §10.5).
 */
export function validationErrorBody(call: { missingMessage?: string }, error: z.ZodError): ErrorBody {
  const missing = error.issues.some((issue) => issue.message === messages.required)
  const first = error.issues[0]?.message ?? messages.invalidRequest
  return {
    error: missing && call.missingMessage ? call.missingMessage : first,
    issues: z.formatError(error),
  }
}

/** A 400 on one field shaped like a schema's (`issues.<field>._errors`), for a rule checked after parsing. */
export function oneFieldError(field: string, message: string): z.ZodError {
  return new z.ZodError([{ code: 'custom', path: [field], message, input: undefined }])
}
