// The msw mock answers the CEP service the patient form asks (src/mocks/handlers/cep.ts): in the demo and in
// tests a lookup is answered, never left unhandled (web-setup.ts fails a test on any unhandled request).
import { describe, expect, it } from 'vitest'
import { CEP_SERVICE, lookupCep } from '@/features/patients/lib/cep-lookup'
import { CEP_SERVICE_ROUTE, DEMO_CEPS } from '@/mocks/handlers/cep'

describe('the mock CEP service', () => {
  it('is where the lookup asks', () => {
    expect(CEP_SERVICE_ROUTE.startsWith(`${CEP_SERVICE}/`)).toBe(true)
  })

  it("answers a demo CEP's address through the form's own lookup", async () => {
    expect(Object.keys(DEMO_CEPS).length).toBeGreaterThanOrEqual(3)
    expect(await lookupCep('01310100')).toEqual({
      endereco: 'Avenida Paulista',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'SP',
    })
    expect(await lookupCep('20040002')).toMatchObject({ cidade: 'Rio de Janeiro', estado: 'RJ' })
  })

  it('any other CEP is not found; a malformed one is refused as ViaCEP does', async () => {
    expect(await lookupCep('99999999')).toBeNull()
    const malformed = await fetch(`${CEP_SERVICE}/ws/123/json/`)
    expect(malformed.status).toBe(400)
    const unknown = await fetch(`${CEP_SERVICE}/ws/12345678/json/`)
    expect(await unknown.json()).toEqual({ erro: true })
  })
})
