// A new version (a waiting service worker): 'Nova versão disponível' is offered without blocking, held
// back while a dialog is open or a form has typed input, and the hourly update checks skip offline.
import { onlineManager } from '@tanstack/react-query'
import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkForUpdate, scheduleUpdateChecks, UPDATE_CHECK_INTERVAL_MS } from '@/app/update-checks'
import { announceUpdate, dismissUpdate } from '@/app/pwa-update'
import { messages } from '@contract'
import { renderApp } from '../../support/render-app'

afterEach(() => {
  act(() => dismissUpdate())
  vi.restoreAllMocks()
  vi.useRealTimers()
  onlineManager.setOnline(true)
})

const prompt = () => screen.queryByText(messages.newVersionAvailable)

describe("'Nova versão disponível'", () => {
  it('waits while a dialog is open, then offers the update, which activates the new worker', async () => {
    const { user } = renderApp('/pacientes', { as: 'staff' })
    await screen.findByRole('cell', { name: 'Conceição Araújo' })
    await user.click(screen.getByRole('button', { name: 'Cadastrar paciente' }))
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByLabelText('Nome'), 'Ana')

    const update = vi.fn(async () => {})
    act(() => announceUpdate(update))
    expect(prompt()).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    // what was typed is discarded only once the receptionist says so (issue 34): the dialog is still open
    expect(prompt()).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }))
    expect(prompt()).toBeInTheDocument()
    expect(prompt()!.closest('[role=status]')).not.toBeNull()
    // non-modal: the page stays usable
    expect(screen.getByRole('button', { name: 'Cadastrar paciente' })).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(update).toHaveBeenCalledWith(true)
    expect(prompt()).not.toBeInTheDocument()
  })

  it('waits while an admin form has typed input', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    const doctors = (await screen.findByRole('heading', { name: 'Cadastro de Doutores' })).closest('section')!
    await user.type(within(doctors).getByLabelText('Nome do doutor'), 'Paula')
    act(() => announceUpdate(vi.fn(async () => {})))
    expect(prompt()).not.toBeInTheDocument()
    await user.clear(within(doctors).getByLabelText('Nome do doutor'))
    expect(await screen.findByText(messages.newVersionAvailable)).toBeInTheDocument()
  })

  it("'Depois' hides it", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    act(() => announceUpdate(vi.fn(async () => {})))
    await user.click(screen.getByRole('button', { name: 'Depois' }))
    expect(prompt()).not.toBeInTheDocument()
  })
})

describe('update checks', () => {
  const registration = (installing: ServiceWorker | null = null) =>
    ({ update: vi.fn(async () => {}), installing }) as unknown as ServiceWorkerRegistration & {
      update: ReturnType<typeof vi.fn>
    }

  it('asks the server for a new sw.js when online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const r = registration()
    expect(await checkForUpdate(r)).toBe(true)
    expect(r.update).toHaveBeenCalledTimes(1)
  })

  it('skips the check while offline (browser or server unreachable) or while a worker is installing', async () => {
    const r = registration()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(await checkForUpdate(r)).toBe(false)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    onlineManager.setOnline(false)
    expect(await checkForUpdate(r)).toBe(false)
    onlineManager.setOnline(true)
    expect(await checkForUpdate(registration({} as ServiceWorker))).toBe(false)
    expect(r.update).not.toHaveBeenCalled()
  })

  it('checks every hour, skipping the hours spent offline', async () => {
    vi.useFakeTimers()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const r = registration()
    const cancel = scheduleUpdateChecks(r)
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(60 * 60 * 1000)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1)
    expect(r.update).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(r.update).toHaveBeenCalledTimes(1)
    onlineManager.setOnline(false)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(r.update).toHaveBeenCalledTimes(1)
    onlineManager.setOnline(true)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(r.update).toHaveBeenCalledTimes(2)
    cancel()
  })
})
