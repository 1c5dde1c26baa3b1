// What every call of the contract declares: the `api` table (api.ts) and each resource's calls
// (agenda-calls.ts, catalogue.ts, …) are typed by it. A module of its own so that none of them imports
// api.ts, which imports them all.
import type { z } from 'zod'

/** 'painel': a paired TV's device credential (contract/paineis.ts), never a person's token. */
export type Access = 'public' | 'user' | 'admin' | 'painel'

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path under `/api`. */
  path: string
  body?: z.ZodType
  /** Status of the successful answer. */
  status: 200 | 201
  response: z.ZodType
  access: Access
  /** The `error` of a 400 when required fields are missing (docs/product.md §5 names one per form). */
  missingMessage?: string
  /** Honours the `Idempotency-Key` header (IDEMPOTENCY_HEADER in audit.ts): a retried submission creates nothing new. */
  idempotent?: boolean
}
