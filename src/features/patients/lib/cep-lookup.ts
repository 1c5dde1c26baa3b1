// The address of a CEP, behind one small interface (docs/decisions.md, "Brazilian forms"). Today a public
// service asked from the browser (ViaCEP; the server's Content-Security-Policy allows that one origin);
// another service, or the clinic's own, replaces CEP_SERVICE and toAddress and nothing else changes.
// The lookup only ever helps: offline, slow or failing, the person types the address (issue 14).
import { UFS } from './form-texts'

export interface CepAddress {
  endereco: string
  bairro: string
  cidade: string
  estado: string
}

/** The address, `null` when the service does not know the CEP; throws when it cannot be asked. */
export type CepLookup = (cep: string, signal?: AbortSignal) => Promise<CepAddress | null>

export const CEP_SERVICE = 'https://viacep.com.br'

/** A slow service must not hold the form: past this, the person types the address. */
const TIMEOUT_MS = 5_000

interface ViaCepAnswer {
  erro?: boolean | string
  logradouro?: string
  bairro?: string
  localidade?: string
  uf?: string
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

function toAddress(answer: ViaCepAnswer): CepAddress | null {
  if (answer.erro) return null
  const uf = text(answer.uf).toUpperCase()
  return {
    endereco: text(answer.logradouro),
    bairro: text(answer.bairro),
    cidade: text(answer.localidade),
    estado: (UFS as readonly string[]).includes(uf) ? uf : '',
  }
}

export const lookupCep: CepLookup = async (cep, signal) => {
  if (!/^\d{8}$/.test(cep)) return null
  const controller = new AbortController()
  const stop = () => controller.abort()
  const timer = setTimeout(stop, TIMEOUT_MS)
  signal?.addEventListener('abort', stop)
  let response: Response
  try {
    response = await fetch(`${CEP_SERVICE}/ws/${cep}/json/`, {
      signal: controller.signal,
      // nothing of the clinic's goes to the service but the CEP itself
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', stop)
  }
  // ViaCEP answers 400 to a malformed CEP and `{ erro: true }` to an unknown one
  if (response.status === 400 || response.status === 404) return null
  if (!response.ok) throw new Error(`CEP service ${response.status}`)
  return toAddress((await response.json()) as ViaCepAnswer)
}
