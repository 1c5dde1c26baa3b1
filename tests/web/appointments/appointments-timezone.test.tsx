// The appointments screen on a device far from the clinic's timezone (docs/product.md §12): the times shown and
// sent are the clinic's wall clock whatever the device's TZ, and "before today" is the clinic's date, not
// the device's, also around midnight.
import { screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { clinicToday, messages } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

// The whole app renders per test; on a busy 2-core machine give the UI and the mock time to answer.

const originalTz = process.env.TZ

/** Sets the device's timezone (Node applies a change of process.env.TZ at once) and the clock. */
function device(tz: string, nowIso: string) {
  process.env.TZ = tz
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(nowIso))
  // the demo data's "today" is the clinic's date at this clock
  resetStore(() => demoSeed())
}

afterEach(() => {
  vi.useRealTimers()
  resetStore(() => demoSeed())
})

afterAll(() => {
  process.env.TZ = originalTz
})

async function openCreate() {
  const app = renderApp('/agendamentos', { as: 'staff' })
  await screen.findByRole('table')
  await app.user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
  const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
  const q = within(dialog)
  await waitFor(() => expect(q.getAllByRole('option', { name: /^Dr\. / })).toHaveLength(3))
  await waitFor(() => expect(q.getByRole('option', { name: 'João da Silva' })).toBeInTheDocument())
  return { ...app, q }
}

async function fill({ user, q }: Awaited<ReturnType<typeof openCreate>>, data: string, hora: string) {
  await user.type(q.getByLabelText(/^Valor/), '200,00')
  await user.type(q.getByLabelText(/^Data/), data)
  await user.type(q.getByLabelText(/^Hora/), hora)
  await user.selectOptions(q.getByLabelText(/^Paciente/), 'João da Silva')
  await user.selectOptions(q.getByLabelText(/^Doutor/), 'Dr. Carlos Mendes')
  await user.type(q.getByLabelText('Novo exame'), 'Raio-X{Enter}')
  await user.click(q.getByRole('radio', { name: 'Não' }))
}

describe('device at UTC+14 (Pacific/Kiritimati), already the next day', () => {
  // 02:00 UTC on the 15th: the clinic is at 23:00 on the 14th, the device at 16:00 on the 15th.
  it('runs in that timezone', () => {
    device('Pacific/Kiritimati', '2030-06-15T02:00:00.000Z')
    expect(new Date().getTimezoneOffset()).toBe(-14 * 60)
    expect(new Date().getDate()).toBe(15)
  })

  it("shows the clinic's wall-clock times and lets the clinic's today be booked", async () => {
    device('Pacific/Kiritimati', '2030-06-15T02:00:00.000Z')
    expect(clinicToday()).toBe('2030-06-14')
    const modal = await openCreate()
    // today's 14:00 appointment reads 14:00 on this device too
    expect(screen.getByText('14/06/2030 14:00')).toBeInTheDocument()
    await fill(modal, '2030-06-14', '23:30')
    await modal.user.click(modal.q.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.appointmentCreated)).toBeInTheDocument()
    expect(store.agendamentos.at(-1)!.datahora).toBe('2030-06-14T23:30:00.000Z')
    expect(await screen.findByText('14/06/2030 23:30')).toBeInTheDocument()
  })

  it("refuses the clinic's yesterday", async () => {
    device('Pacific/Kiritimati', '2030-06-15T02:00:00.000Z')
    const modal = await openCreate()
    const before = store.agendamentos.length
    await fill(modal, '2030-06-13', '10:00')
    await modal.user.click(modal.q.getByRole('button', { name: 'Confirmar' }))
    expect(await modal.q.findByText(messages.dateBeforeToday)).toBeInTheDocument()
    expect(store.agendamentos).toHaveLength(before)
  })
})

describe('device at UTC−7 (America/Los_Angeles), still the previous day', () => {
  // 04:00 UTC on the 15th: the clinic is at 01:00 on the 15th, the device at 21:00 on the 14th.
  it("refuses the device's today when it is the clinic's yesterday", async () => {
    device('America/Los_Angeles', '2030-06-15T04:00:00.000Z')
    expect(new Date().getDate()).toBe(14)
    expect(clinicToday()).toBe('2030-06-15')
    const modal = await openCreate()
    await fill(modal, '2030-06-14', '22:00')
    await modal.user.click(modal.q.getByRole('button', { name: 'Confirmar' }))
    expect(await modal.q.findByText(messages.dateBeforeToday)).toBeInTheDocument()
  })

  it("sends 14:00 as T14:00:00.000Z on the clinic's today", async () => {
    device('America/Los_Angeles', '2030-06-15T04:00:00.000Z')
    const modal = await openCreate()
    await fill(modal, '2030-06-15', '14:30')
    await modal.user.click(modal.q.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText(messages.appointmentCreated)).toBeInTheDocument()
    expect(store.agendamentos.at(-1)!.datahora).toBe('2030-06-15T14:30:00.000Z')
  })
})
