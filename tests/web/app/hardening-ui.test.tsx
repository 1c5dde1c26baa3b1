// The PWA side of the hardening: a retried submission carries the same Idempotency-Key, 'Sair' revokes
// the token on the server, and 'Saiba mais' shows who changed what, when.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, messages } from '@contract'
import { server } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

function recordRequests(pathEnd: string) {
  const seen: Request[] = []
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(pathEnd)) seen.push(request.clone())
  })
  return seen
}

describe('retried writes', () => {
  it('sends the same Idempotency-Key when a submission is retried after a network failure, a new one after an answer', async () => {
    const sent = recordRequests('/medico/register')
    server.use(http.post('*/api/medico/register', () => HttpResponse.error(), { once: true }))
    const { user } = renderApp('/admin', { as: 'admin' })
    const doctors = await screen.findByRole('region', { name: 'Cadastro de Doutores' })
    await user.type(within(doctors).getByLabelText('Nome do doutor'), 'Otávio Prado')
    await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(await screen.findByText(/Não foi salvo/)).toBeInTheDocument()

    await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText(messages.doctorCreated)).toBeInTheDocument()
    await user.type(within(doctors).getByLabelText('Nome do doutor'), 'Lúcia Prado')
    await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
    await waitFor(() => expect(sent).toHaveLength(3))

    const keys = sent.map((request) => request.headers.get(IDEMPOTENCY_HEADER))
    expect(keys[0]).toMatch(/\S{16,}/)
    expect(keys[1]).toBe(keys[0]) // the retry: the server replays instead of creating twice
    expect(keys[2]).not.toBe(keys[0]) // a new submission
  })
})

describe('sign-out', () => {
  it("revokes the token on the server when staff press 'Sair'", async () => {
    const sent = recordRequests('/users/logout')
    const { user, router } = renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /Agendamentos dia/ })
    const token = JSON.parse(localStorage.getItem('clinica.session')!).token as string
    await user.click(screen.getByRole('button', { name: 'Sair' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.headers.get('Authorization')).toBe(`Bearer ${token}`)
  })
})

describe("'Saiba mais' history", () => {
  it('shows who changed which fields of a patient, and when', async () => {
    const { user } = renderApp('/pacientes', { as: 'staff' })
    const firstRow = (await screen.findAllByRole('row'))[1]!
    await user.click(within(firstRow).getByRole('button', { name: 'Saiba mais' }))
    let dialog = await screen.findByRole('dialog')
    const telefone = within(dialog).getByLabelText('Telefone')
    await user.clear(telefone)
    await user.type(telefone, '11912345678')
    // each 'Próximo' validates its step asynchronously: wait for the next step before going on
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await within(dialog).findByRole('heading', { name: /^Passo 2 de 3/ })
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar alterações' }))
    expect(await screen.findByText(messages.patientUpdated)).toBeInTheDocument()

    await user.click(within((await screen.findAllByRole('row'))[1]!).getByRole('button', { name: 'Saiba mais' }))
    dialog = await screen.findByRole('dialog')
    const history = within(dialog).getByRole('region', { name: 'Histórico de alterações' })
    expect(await within(history).findByText(/Alterado: Telefone — Rita Recepcionista/)).toBeInTheDocument()
  })
})
