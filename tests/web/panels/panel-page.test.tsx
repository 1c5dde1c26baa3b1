// /painel (issue 38) as the waiting room's TV meets it, over the mock's live feed (a real
// text/event-stream): the pairing screen takes the code ADMIN got; paired, the panel shows each call as
// it is made — the display name and the room, the four calls before it, the clock — and announces it; it
// says 'Reconectando…' while its feed is down and comes back by itself; revoked, it asks for a code again.
// The patient is named as the clinic chose: never the CPF, the full name only when chosen.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages, PAINEL_CODIGO_MINUTES } from '@contract'
import { mockToken } from '@/mocks/handlers'
import { SEED_ADMIN, SEED_IDS, SEED_STAFF, server, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { testNow } from '../../support/test-clock'

const CODIGO = '40718263'
const PANEL = 'Recepção TV'
const JOAO = { id: SEED_IDS.agendamentos.today2, cpf: '11144477735', cpfFormatted: '111.444.777-35' }

/** A panel ADMIN created a minute ago: its one-time code still open. */
function panelWithCode() {
  store.paineis.push({
    id: crypto.randomUUID(),
    nome: PANEL,
    criadoEm: new Date(store.now() - 60_000).toISOString(),
    ultimoAcesso: null,
    codigo: CODIGO,
    codigoExpiraEm: new Date(store.now() + PAINEL_CODIGO_MINUTES * 60_000).toISOString(),
    credencial: null,
    revogadoEm: null,
  })
  return store.paineis.at(-1)!
}

/** What a person does elsewhere (the desk's 'Chamar', ADMIN's page), sent to the mock with their token. */
async function asPerson(userId: string, method: 'POST' | 'PUT', path: string, body: unknown) {
  const response = await fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${mockToken(userId)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
}
const callJoao = (sala: string) => asPerson(SEED_STAFF.id, 'POST', '/agendamento/chamar', { id: JOAO.id, sala })

const current = () => screen.getByRole('region', { name: 'Chamada atual' })
const previous = () => screen.getByRole('region', { name: 'Chamadas anteriores' })

async function pairByTyping() {
  const result = renderApp('/painel')
  const { user } = result
  expect(await screen.findByRole('heading', { name: 'Parear este painel' })).toBeInTheDocument()
  const field = screen.getByRole('textbox', { name: 'Código' })
  await user.type(field, '1111 2222')
  await user.click(screen.getByRole('button', { name: 'Parear' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.panelCodeInvalid)
  await user.clear(field)
  await user.type(field, `${CODIGO.slice(0, 4)} ${CODIGO.slice(4)}`)
  await user.click(screen.getByRole('button', { name: 'Parear' }))
  // the feed has come: the panel's own name heads the screen
  expect(await screen.findByText(PANEL)).toBeInTheDocument()
  return result
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('/painel, the TV of the waiting room', () => {
  it('pairs with the typed code, then shows each call live with the room, the last four and the clock', async () => {
    const painel = panelWithCode()
    await pairByTyping()
    expect(within(current()).getByText('Aguardando chamadas')).toBeInTheDocument()
    expect(painel.codigo).toBeNull()
    expect(painel.credencial).not.toBeNull()
    const clock = testNow.toLocaleTimeString('pt-BR', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/Sao_Paulo',
    })
    expect(screen.getByLabelText('Hora')).toHaveTextContent(clock)

    await callJoao('Sala 1')
    expect(await within(current()).findByText('João S.')).toBeInTheDocument()
    expect(within(current()).getByText('Sala 1')).toBeInTheDocument()
    expect(within(previous()).queryAllByRole('listitem')).toHaveLength(0)
    for (const text of ['João da Silva', JOAO.cpf, JOAO.cpfFormatted])
      expect(screen.queryByText(text, { exact: false })).not.toBeInTheDocument()

    for (const n of [2, 3, 4, 5, 6]) await callJoao(`Sala ${n}`)
    expect(await within(current()).findByText('Sala 6')).toBeInTheDocument()
    const before = within(previous()).getAllByRole('listitem')
    expect(before.map((li) => li.textContent)).toEqual([
      'João S. Sala 5',
      'João S. Sala 4',
      'João S. Sala 3',
      'João S. Sala 2',
    ])
  })

  it('shows the full name only once the clinic chooses it, and never the CPF', async () => {
    panelWithCode()
    await pairByTyping()
    await callJoao('Sala 2')
    expect(await within(current()).findByText('João S.')).toBeInTheDocument()

    await asPerson(SEED_ADMIN.id, 'PUT', '/paineis/exibicao', { exibicao: 'nome_completo' })
    expect(await within(current()).findByText('João Da Silva')).toBeInTheDocument()
    expect(screen.queryByText(JOAO.cpf, { exact: false })).not.toBeInTheDocument()

    // 'senha': the patient's place in the day's arrival order (João is the first to arrive today)
    await asPerson(SEED_ADMIN.id, 'PUT', '/paineis/exibicao', { exibicao: 'senha' })
    expect(await within(current()).findByText(/^Senha \d+$/)).toBeInTheDocument()
    expect(screen.queryByText(/João/)).not.toBeInTheDocument()
  })

  it('takes the code from the QR code’s address', async () => {
    panelWithCode()
    window.history.replaceState(null, '', `/painel?codigo=${CODIGO}`)
    const { user } = renderApp('/painel')
    expect(await screen.findByRole('textbox', { name: 'Código' })).toHaveValue(CODIGO)
    await user.click(screen.getByRole('button', { name: 'Parear' }))
    expect(await within(current()).findByText('Aguardando chamadas')).toBeInTheDocument()
    // the code is spent: it leaves the address
    expect(window.location.search).toBe('')
  })

  it('announces a new call (chime, then the call spoken in Portuguese), not the calls already on screen', async () => {
    const speak = vi.fn()
    vi.stubGlobal('speechSynthesis', { getVoices: () => [{ lang: 'pt-BR', name: 'Luciana' }], speak })
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        voice: unknown = null
        lang = ''
        constructor(readonly text: string) {}
      },
    )
    await callJoao('Sala 1')
    panelWithCode()
    await pairByTyping()
    expect(await within(current()).findByText('Sala 1')).toBeInTheDocument()

    await callJoao('Sala 4')
    expect(await within(current()).findByText('Sala 4')).toBeInTheDocument()
    await waitFor(() => expect(speak).toHaveBeenCalledTimes(1))
    expect(speak.mock.calls[0]![0]).toMatchObject({ text: 'João S., Sala 4', lang: 'pt-BR' })
  })

  it("says 'Reconectando…' when its feed drops and comes back by itself", async () => {
    panelWithCode()
    // the first connection is cut after its first feed (the network drops); the next try fails outright
    let cut: (() => void) | undefined
    server.use(
      http.get(
        '*/api/painel/eventos',
        () => {
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              const feed = { painel: { id: 'x', nome: PANEL }, chamadas: [] }
              controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(feed)}\n\n`))
              cut = () => controller.error(new TypeError('network error'))
            },
          })
          return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } })
        },
        { once: true },
      ),
      http.get('*/api/painel/eventos', () => HttpResponse.error(), { once: true }),
    )
    await pairByTyping()
    expect(screen.queryByText('Reconectando…')).not.toBeInTheDocument()
    cut!()
    expect(await screen.findByRole('status')).toHaveTextContent('Reconectando…')
    // back on the mock's live feed by itself: the notice goes and a call made now shows
    await waitFor(() => expect(screen.queryByText('Reconectando…')).not.toBeInTheDocument())
    await callJoao('Sala 3')
    expect(await within(current()).findByText('Sala 3')).toBeInTheDocument()
  })

  it('goes back to its pairing screen when ADMIN revokes it', async () => {
    const painel = panelWithCode()
    await pairByTyping()
    await callJoao('Sala 1')
    expect(await within(current()).findByText('Sala 1')).toBeInTheDocument()

    await asPerson(SEED_ADMIN.id, 'POST', '/paineis/revogar', { id: painel.id })
    expect(await screen.findByRole('heading', { name: 'Parear este painel' })).toBeInTheDocument()
    expect(screen.queryByText('Sala 1')).not.toBeInTheDocument()
    expect(localStorage.getItem('clinica.painel.credencial')).toBeNull()
  })
})
