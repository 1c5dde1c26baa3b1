// The day board's live channel (issue 38 point 6, docs/decisions.md "The day board's live channel"): a move
// made on another tablet reaches the open board and 'Minha agenda' through the channel, without a reload and
// without the 5-second poll; while the channel is down the poll keeps the board live, and the channel comes
// back by itself. The day version is frozen where the channel alone must carry the change, so that the poll
// could not be what showed it.
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { api, clinicToday, DIA_EVENTOS_PATH, messages } from '@contract'
import { mockToken } from '@/mocks/handlers'
import { openDayStreams } from '@/mocks/day-feed'
import { SEED_DOCTOR, SEED_IDS, SEED_STAFF, server, store } from '../../support/msw-server'
import { storedLaudo } from '../../support/mock-laudos'
import { renderApp } from '../../support/render-app'

const entry = (name: string) => screen.findByRole('group', { name })

/** The day version never moves: only the live channel can tell the board of a change. */
const freezeDayVersion = () =>
  server.use(http.post('*/api/agendamento/versaoDia', () => HttpResponse.json({ dia: clinicToday(), versao: 1 })))

/** Another tablet moves an appointment through the API (the mock's pipeline, as the server). */
async function moveOnAnotherTablet(id: string, status: string) {
  const row = store.agendamentos.find((a) => a.id === id)!
  const response = await fetch(`/api${api.moverStatus.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${mockToken(SEED_STAFF.id)}` },
    body: JSON.stringify({ id, versao: row.versao, status }),
  })
  expect(response.status).toBe(200)
}

describe('the day board live channel', () => {
  it('a move made on another tablet shows on the open board through the channel', async () => {
    freezeDayVersion()
    renderApp('/', { as: 'staff' })
    const maria = await entry('Maria das Graças Souza, 14:00')
    await waitFor(() => expect(openDayStreams(store)).toBe(1))
    await moveOnAnotherTablet(SEED_IDS.agendamentos.today3, 'confirmado')
    expect(await within(maria).findByText('Confirmado')).toBeInTheDocument()
  })

  it("reaches 'Minha agenda' too", async () => {
    store.users.push({ ...SEED_DOCTOR })
    freezeDayVersion()
    renderApp('/minha-agenda', { as: 'doctor' })
    const conceicao = await entry('Conceição Araújo, 08:30')
    await waitFor(() => expect(openDayStreams(store)).toBe(1))
    await moveOnAnotherTablet(SEED_IDS.agendamentos.today1, 'aguardando')
    expect(await within(conceicao).findByText('Aguardando')).toBeInTheDocument()
  })

  it('a laudo delivered at another tablet shows on the open board through the channel', async () => {
    // today's attended appointment with a released laudo of its first exam
    const laudoId = crypto.randomUUID()
    storedLaudo(SEED_IDS.agendamentos.today4, 'Liberado', laudoId)
    freezeDayVersion()
    renderApp('/', { as: 'staff' })
    const lucia = await screen.findByRole('group', { name: /^Lúcia[^,]*, / })
    expect(await within(lucia).findByText('Laudo: Liberado')).toBeInTheDocument()
    await waitFor(() => expect(openDayStreams(store)).toBe(1))
    // the laudo's states are read again every minute: only the channel can show this within the wait
    const response = await fetch(`/api${api.entregarLaudo.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${mockToken(SEED_STAFF.id)}` },
      body: JSON.stringify({ laudoId, recebedor: 'paciente' }),
    })
    expect(response.status).toBe(200)
    expect(await within(lucia).findByText('Laudo: Entregue')).toBeInTheDocument()
  })

  it('a hidden board closes its channel; a board being reloaded leaves it to the browser', async () => {
    freezeDayVersion()
    renderApp('/', { as: 'staff' })
    await entry('Maria das Graças Souza, 14:00')
    await waitFor(() => expect(openDayStreams(store)).toBe(1))
    const visibility = vi.spyOn(document, 'visibilityState', 'get')
    const hide = () => {
      visibility.mockReturnValue('hidden')
      document.dispatchEvent(new Event('visibilitychange'))
    }
    try {
      // a reload: the page goes ('pagehide', not kept in the back-forward cache), then is hidden — nothing of
      // the old board re-renders or closes inside the new page's start
      await act(async () => {
        window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))
        hide()
      })
      expect(openDayStreams(store)).toBe(1)
      // the tablet shows another app: the page stays, hidden, and its channel closes
      await act(async () => {
        visibility.mockReturnValue('visible')
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
        document.dispatchEvent(new Event('visibilitychange'))
      })
      await act(async () => hide())
      await waitFor(() => expect(openDayStreams(store)).toBe(0))
    } finally {
      visibility.mockRestore()
    }
  })

  it('while the channel is down the poll shows the change; the channel comes back by itself', async () => {
    let refused = 0
    server.use(
      http.get(`*/api${DIA_EVENTOS_PATH}`, () => {
        refused += 1
        return HttpResponse.json({ error: messages.databaseUnavailable }, { status: 503 })
      }),
    )
    renderApp('/', { as: 'staff' })
    const maria = await entry('Maria das Graças Souza, 14:00')
    await waitFor(() => expect(refused).toBeGreaterThan(0))
    // the channel is down: the 5-second poll of the day version finds the move
    await moveOnAnotherTablet(SEED_IDS.agendamentos.today3, 'confirmado')
    expect(await within(maria).findByText('Confirmado', {}, { timeout: 15_000 })).toBeInTheDocument()

    // the feed answers again: the board reopens it by itself, and the channel alone carries the next move
    server.resetHandlers()
    freezeDayVersion()
    await waitFor(() => expect(openDayStreams(store)).toBe(1), { timeout: 15_000 })
    await moveOnAnotherTablet(SEED_IDS.agendamentos.today3, 'aguardando')
    expect(await within(maria).findByText('Aguardando')).toBeInTheDocument()
  }, 40_000)
})
