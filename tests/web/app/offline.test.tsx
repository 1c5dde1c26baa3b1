// Offline, as the front desk meets it (docs/product.md §13): the banner and the lists' stamps say how old
// the data on screen is, the buttons that change data are disabled and say why, a change that fails on
// the way says 'Não foi salvo' and what to do, and nothing turns into an error or a trip to /login.
import { onlineManager } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/providers'
import { routes, type AppRouter } from '@/app/router'
import { formatDate, messages } from '@contract'
import { setupConnectivity } from '@/lib/offline/connectivity'
import { createQueryClient } from '@/lib/query-client'
import { getSession } from '@/lib/session'
import { resetStore, server, signInAs } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

// 2025-03-10 12:00 UTC = 09:00 at the clinic: every fetch in these tests is stamped '10/03 às 09:00'.
const NOW = new Date('2025-03-10T12:00:00.000Z')
const STAMP = '10/03 às 09:00'
const NOT_SAVED = `${messages.notSaved} ${messages.offline}`

let teardown: () => void = () => {}
let requests: string[] = []

function connectivity(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  teardown = setupConnectivity()
}

/** The browser loses (or gets back) its connection: the events the app listens to. */
function goOffline() {
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    window.dispatchEvent(new Event('offline'))
  })
}
function goOnline() {
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
  })
}

/** The offline banner's live region (always mounted in the shell; empty while online). */
function offlineBanner() {
  return document.querySelector('.offline-banner') as HTMLElement
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  resetStore() // the demo appointments are "today" at the faked clinic date
  requests = []
  server.events.on('request:start', ({ request }) => {
    requests.push(new URL(request.url).pathname)
  })
})

afterEach(() => {
  teardown()
  teardown = () => {}
  server.events.removeAllListeners()
  vi.restoreAllMocks()
  vi.useRealTimers()
  onlineManager.setOnline(true)
})

describe('offline: the banner and the stamps', () => {
  it('home: the saved day stays on screen with the banner and the time it was fetched', async () => {
    connectivity(true)
    renderApp('/', { as: 'staff' })
    const list = await screen.findByRole('list', { name: 'Agendamentos dia 10/03/2025' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
    // online: no banner text, no stamp
    expect(offlineBanner()).toBeEmptyDOMElement()
    expect(screen.queryByText(/^Dados de /)).not.toBeInTheDocument()

    goOffline()
    expect(offlineBanner()).toHaveTextContent(`${messages.offlineShowingSaved} ${STAMP}`)
    expect(offlineBanner()).toHaveAttribute('role', 'status')
    expect(offlineBanner()).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByText(`${messages.dataFetchedAt} ${STAMP}`)).toBeInTheDocument()
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)

    goOnline()
    expect(offlineBanner()).toBeEmptyDOMElement()
    expect(screen.queryByText(`${messages.dataFetchedAt} ${STAMP}`)).not.toBeInTheDocument()
  })

  it('home started offline with nothing saved: says so plainly, asks nothing, loads once back online', async () => {
    connectivity(false)
    const { router } = renderApp('/', { as: 'staff' })
    expect(await screen.findByText(messages.offlineNothingForToday)).toBeInTheDocument()
    expect(offlineBanner()).toHaveTextContent(messages.offlineNothingSaved)
    expect(requests).toEqual([])
    expect(router.state.location.pathname).toBe('/')

    goOnline()
    expect(await screen.findByRole('list', { name: 'Agendamentos dia 10/03/2025' })).toBeInTheDocument()
    expect(screen.queryByText(messages.offlineNothingForToday)).not.toBeInTheDocument()
  })

  it('patients and appointments: each list says when its data was fetched', async () => {
    connectivity(true)
    const { user } = renderApp('/pacientes', { as: 'staff' })
    expect(await screen.findByRole('cell', { name: 'Conceição Araújo' })).toBeInTheDocument()
    goOffline()
    expect(screen.getByText(`${messages.dataFetchedAt} ${STAMP}`)).toBeInTheDocument()
    expect(offlineBanner()).toHaveTextContent(`${messages.offlineShowingSaved} ${STAMP}`)

    goOnline()
    await user.click(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name: 'Agendamentos' }),
    )
    // the patients' cells are gone first: the appointments' own are the ones waited for
    expect(await screen.findByRole('heading', { level: 1, name: 'Gerenciamento de Agendamentos' })).toBeInTheDocument()
    expect((await screen.findAllByRole('cell', { name: 'Conceição Araújo' })).length).toBeGreaterThan(0)
    goOffline()
    expect(screen.getByText(`${messages.dataFetchedAt} ${STAMP}`)).toBeInTheDocument()
  })
})

describe('offline: changes are disabled and say why', () => {
  it("patients: 'Cadastrar paciente' and every 'Deletar'", async () => {
    connectivity(true)
    renderApp('/pacientes', { as: 'staff' })
    const row = (await screen.findByRole('cell', { name: 'Conceição Araújo' })).closest('tr')!
    expect(screen.getByRole('button', { name: 'Cadastrar paciente' })).toBeEnabled()
    expect(screen.queryByText(messages.offlineChangesDisabled)).not.toBeInTheDocument()

    goOffline()
    const register = screen.getByRole('button', { name: 'Cadastrar paciente' })
    expect(register).toBeDisabled()
    expect(register).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    expect(screen.getByText(messages.offlineChangesDisabled)).toBeVisible()
    const remove = within(row).getByRole('button', { name: 'Deletar' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription(`Conceição Araújo ${messages.offlineChangesDisabled}`)
    // reading stays possible
    expect(within(row).getByRole('button', { name: 'Saiba mais' })).toBeEnabled()

    goOnline()
    expect(screen.getByRole('button', { name: 'Cadastrar paciente' })).toBeEnabled()
    expect(within(row).getByRole('button', { name: 'Deletar' })).toBeEnabled()
  })

  it("appointments: 'Criar agendamento' and 'Deletar'", async () => {
    connectivity(true)
    renderApp('/agendamentos', { as: 'staff' })
    const row = (await screen.findAllByRole('cell', { name: 'Conceição Araújo' }))[0]!.closest('tr')!
    goOffline()
    const create = screen.getByRole('button', { name: 'Criar agendamento' })
    expect(create).toBeDisabled()
    expect(create).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    expect(within(row).getByRole('button', { name: 'Deletar' })).toBeDisabled()
    expect(within(row).getByRole('button', { name: 'Deletar' })).toHaveAccessibleDescription(
      messages.offlineChangesDisabled,
    )
  })

  it("admin: both 'Criar' and 'Ativar'", async () => {
    connectivity(true)
    renderApp('/admin', { as: 'admin' })
    const inactive = (await screen.findByRole('heading', { name: 'Ativar paciente' })).closest('section')!
    await within(inactive).findByRole('button', { name: 'Ativar' })
    goOffline()
    for (const title of ['Cadastro de Doutores', 'Criar usuário']) {
      const section = screen.getByRole('heading', { name: title }).closest('section')!
      const button = within(section).getByRole('button', { name: 'Criar' })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    }
    for (const button of within(inactive).getAllByRole('button', { name: 'Ativar' })) {
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    }
  })

  it('a confirmation left open when the connection drops cannot be confirmed, and says why', async () => {
    connectivity(true)
    const { user } = renderApp('/pacientes', { as: 'staff' })
    const row = (await screen.findByRole('cell', { name: 'Pedro Henrique Alves' })).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Deletar' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeEnabled()
    goOffline()
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' })
    expect(confirm).toBeDisabled()
    expect(confirm).toHaveAccessibleDescription(messages.offlineChangesDisabled)
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled()
  })
})

describe("offline: a change that fails on the way says 'Não foi salvo'", () => {
  it('deleting an appointment: sent once, never queued nor retried, and the app now knows it is offline', async () => {
    connectivity(true)
    let deletes = 0
    server.use(
      http.delete('*/api/agendamento/delete', () => {
        deletes++
        return HttpResponse.error()
      }),
    )
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    const row = (await screen.findAllByRole('cell', { name: 'Conceição Araújo' }))[0]!.closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Deletar' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmar' }))

    const alert = await screen.findByText(messages.notSaved)
    expect(alert.closest('p')).toHaveTextContent(`${messages.appointmentDeleteFailed} ${NOT_SAVED}`)
    expect(deletes).toBe(1)
    // the failure on the network marked the app offline: banner on, changes off
    expect(offlineBanner()).toHaveTextContent(messages.offlineShowingSaved)
    expect(screen.getByRole('button', { name: 'Criar agendamento' })).toBeDisabled()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(deletes).toBe(1)
  })

  it('creating a doctor', async () => {
    connectivity(true)
    server.use(http.post('*/api/medico/register', () => HttpResponse.error()))
    const { user } = renderApp('/admin', { as: 'admin' })
    const doctors = (await screen.findByRole('heading', { name: 'Cadastro de Doutores' })).closest('section')!
    await user.type(within(doctors).getByLabelText('Nome do doutor'), 'Paula Reis')
    await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
    const alert = await screen.findByText(messages.notSaved)
    expect(alert.closest('p')).toHaveTextContent(`${messages.doctorCreateFailed} ${NOT_SAVED}`)
    // the typed name is kept, to send again once the connection is back
    expect(within(doctors).getByLabelText('Nome do doutor')).toHaveValue('Paula Reis')
  })

  it('saving a patient from the wizard', async () => {
    connectivity(true)
    server.use(http.put('*/api/paciente/update', () => HttpResponse.error()))
    const { user } = renderApp('/pacientes', { as: 'staff' })
    const row = (await screen.findByRole('cell', { name: 'Conceição Araújo' })).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Saiba mais' }))
    const dialog = screen.getByRole('dialog')
    // each 'Próximo' validates its step asynchronously: wait for the next step before going on
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await within(dialog).findByRole('heading', { name: /^Passo 2 de 3/ })
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar alterações' }))
    const alert = await screen.findByText(messages.notSaved)
    expect(alert.closest('p')).toHaveTextContent(NOT_SAVED)
    // the wizard stays open with the data; now offline, its confirm button says why it is disabled
    expect(within(dialog).getByRole('button', { name: 'Confirmar alterações' })).toBeDisabled()
    expect(within(dialog).getByText(messages.offlineChangesDisabled)).toBeInTheDocument()
  })
})

describe('offline: reads pause, they do not fail', () => {
  it('with the real retry settings, a load that fails on the network waits: no error, no /login', async () => {
    connectivity(true)
    // the network is gone: every read of the board fails (the day's list and the laudos' states beside it)
    server.use(
      http.post('*/api/agendamento/listBetweenDate', () => HttpResponse.error()),
      http.post('*/api/laudo/dia', () => HttpResponse.error()),
    )
    signInAs('staff')
    const queryClient = createQueryClient() // the app's own retry settings, unlike renderApp's
    const router = createMemoryRouter(routes, { initialEntries: ['/'] }) as unknown as AppRouter
    render(<AppProviders router={router} queryClient={queryClient} />)
    expect(await screen.findByText(messages.offlineNothingForToday)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(getSession()).not.toBeNull()
    expect(offlineBanner()).toHaveTextContent(messages.offlineNothingSaved)

    // the server answers again and the browser says online: the paused load resumes
    server.resetHandlers()
    goOnline()
    expect(
      await screen.findByRole('list', { name: `Agendamentos dia ${formatDate('2025-03-10')}` }),
    ).toBeInTheDocument()
    queryClient.clear()
  })
})
