// The msw handlers: one per call of the contract's `api` table, over an in-memory store. They answer as the
// real server does: the request pipeline (../pipeline.ts) parses with the contract, checks the token and
// the role, the body and the Idempotency-Key; each resource's behaviour lives in its own file here, as the
// server's routes do (server/routes). The contract suite (tests/contract) runs the same checks against
// these handlers and the server so that they cannot drift.
import type { HttpHandler } from 'msw'
import type { CallName } from '@contract'
import { unknownApiRoute, type HandlerOptions } from '../pipeline'
import type { MockStore } from '../store'
import { agendaHandlers } from './agenda'
import { agendamentosHandlers } from './agendamentos'
import { authHandlers } from './auth'
import { clinicHandlers } from './clinic'
import { catalogueHandlers } from './catalogue'
import { cepHandler } from './cep'
import { frontDeskHandlers } from './front-desk'
import { healthHandlers } from './health'
import { medicosHandlers } from './medicos'
import { openApiHandler } from './openapi'
import { pacientesHandlers } from './pacientes'
import { reportHandlers } from './reports'
import { laudoHandlers } from './laudos'
import { laudoTemplateHandlers } from './laudo-templates'
import { usersHandlers } from './users'
import { usersLifecycleHandlers } from './users-lifecycle'
import { chamadasHandlers } from './chamadas'
import { certificadoHandlers } from './certificado'
import { faturamentoHandlers } from './faturamento'
import { tissDadosHandlers } from './tiss-dados'
import { laudoWorkHandlers } from './laudo-work'
import { paineisHandlers, painelEventosHandler } from './paineis'
import { laudoReleaseHandlers } from './laudo-release'
import { laudoDeskHandlers } from './laudo-desk'
import { diaEventosHandler } from './day-feed'

export { mockToken, type HandlerOptions } from '../pipeline'

const routes = [
  ...healthHandlers,
  ...authHandlers,
  ...usersHandlers,
  ...usersLifecycleHandlers,
  ...agendamentosHandlers,
  ...agendaHandlers,
  ...frontDeskHandlers,
  ...clinicHandlers,
  ...catalogueHandlers,
  ...pacientesHandlers,
  ...medicosHandlers,
  ...reportHandlers,
  ...chamadasHandlers,
  ...laudoHandlers,
  ...certificadoHandlers,
  // issue 37: TISS billing
  ...faturamentoHandlers,
  ...tissDadosHandlers,
  ...laudoWorkHandlers,
  ...paineisHandlers,
  ...laudoTemplateHandlers,
  ...laudoReleaseHandlers,
  // issue 36 point 7: the protocolo de retirada and the deliveries
  ...laudoDeskHandlers,
]

// Every call of the contract has its mock: otherwise this fails to compile and names the missing calls.
// `openapi` is the contract's own document (./openapi.ts), not a call over the store.
type Routed = (typeof routes)[number]['name'] | 'openapi'
const everyCallRouted: [Exclude<CallName, Routed>] extends [never] ? true : { missing: Exclude<CallName, Routed> } =
  true
void everyCallRouted

/**
 * One handler per call of the `api` table over `store`, then the server's 404 for anything else under /api;
 * and the CEP service the patient form asks (./cep.ts).
 */
export function createHandlers(store: MockStore, options: HandlerOptions = {}): HttpHandler[] {
  return [
    ...routes.map((route) => route.handler(store, options)),
    painelEventosHandler(store),
    // issue 38 point 6: the day boards' live feed
    diaEventosHandler(store),
    openApiHandler,
    unknownApiRoute(),
    cepHandler(options),
  ]
}
