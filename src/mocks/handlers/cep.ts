// The CEP service the patient form asks from the browser (ViaCEP, docs/decisions.md "Brazilian forms"), in
// the demo and in tests: a few demo CEPs answer their address, any other well-formed CEP is unknown
// (`{ erro: true }`) and a malformed one is refused with 400, as ViaCEP answers. Without it the demo's
// lookup left for the network, which a clinic's demo machine may not reach, and tests' requests were
// unhandled.
import { delay, http, HttpResponse } from 'msw'
import type { HandlerOptions } from '../pipeline'

/** The service's address for one CEP (src/features/patients/lib/cep-lookup.ts asks this path). */
export const CEP_SERVICE_ROUTE = 'https://viacep.com.br/ws/:cep/json/'

/** The CEPs the demo knows, with ViaCEP's fields. */
export const DEMO_CEPS: Readonly<
  Record<string, { cep: string; logradouro: string; bairro: string; localidade: string; uf: string }>
> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '20040002': {
    cep: '20040-002',
    logradouro: 'Avenida Rio Branco',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
  '30130010': {
    cep: '30130-010',
    logradouro: 'Avenida Afonso Pena',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
  },
}

export function cepHandler({ delayMs = 0 }: HandlerOptions = {}) {
  return http.get(CEP_SERVICE_ROUTE, async ({ params }) => {
    if (delayMs > 0) await delay(delayMs)
    const cep = String(params.cep)
    if (!/^\d{8}$/.test(cep)) return new HttpResponse(null, { status: 400 })
    return HttpResponse.json(DEMO_CEPS[cep] ?? { erro: true })
  })
}
