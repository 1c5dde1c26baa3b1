// The clinic's opening hours in the PWA (issue 34, docs/decisions.md "Opening hours"): 'Confirmações de
// amanhã' on a Friday lists Saturday when the clinic opens on Saturdays, Monday when it does not.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_CONFIGURACOES } from '@contract'
import { SEED_IDS, SEED_STAFF, resetStore, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

const { pacientes: p, medicos: m } = SEED_IDS
// Friday 2026-11-27, 12:00 at the clinic (15:00 UTC)
const FRIDAY_NOON = new Date('2026-11-27T15:00:00.000Z')
const weekdays = [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '07:00', fim: '19:00' }))

function book(id: string, datahora: string, pacienteId: string) {
  store.agendamentos.push({
    id,
    datahora,
    anotacao: '',
    convenio: 'Unimed',
    valorIncents: 18_000,
    estaPago: false,
    exames: ['Ultrassonografia abdominal'],
    userId: SEED_STAFF.id,
    pacienteId,
    medicoId: m.helena,
    versao: 1,
  })
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(FRIDAY_NOON)
  resetStore()
  book('4f000000-0000-4000-8000-000000000001', '2026-11-28T08:00:00.000Z', p.pedro)
  book('4f000000-0000-4000-8000-000000000002', '2026-11-30T09:00:00.000Z', p.lucia)
})
afterEach(() => {
  vi.useRealTimers()
})

describe("'Confirmações de amanhã' follows the clinic's hours", () => {
  it('on a Friday lists Saturday when the clinic opens on Saturdays', async () => {
    store.clinica = { ...DEFAULT_CONFIGURACOES, horarios: [...weekdays, { dia: 6, inicio: '07:00', fim: '12:00' }] }
    renderApp('/confirmacoes', { as: 'staff' })
    expect(await screen.findByText('sábado, 28/11/2026')).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Confirmações de amanhã' })
    expect(within(table).getAllByText('Pedro Henrique Alves').length).toBeGreaterThan(0)
  })

  it('on a Friday jumps to Monday when the clinic is closed on Saturdays', async () => {
    store.clinica = { ...DEFAULT_CONFIGURACOES, horarios: weekdays }
    renderApp('/confirmacoes', { as: 'staff' })
    expect(await screen.findByText('segunda-feira, 30/11/2026')).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Confirmações de amanhã' })
    expect(within(table).getAllByText('Lúcia Fernandes').length).toBeGreaterThan(0)
  })
})
