// The agenda shows every appointment of the day (issue 34, docs/decisions.md "Opening hours"): a 'Sem
// equipamento' lane for appointments booked without a machine, the grid stretched to an appointment outside
// the clinic's hours, the doctors' view when no machine is registered, and a week that names the patients.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addDays, clinicToday, DEFAULT_CONFIGURACOES } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_IDS } from '../../support/msw-server'
import { bookingsOn } from '../../support/agenda-bookings'
import { renderApp } from '../../support/render-app'

// a Wednesday some weeks ahead: no seeded booking, inside the clinic's hours
let DAY = addDays(clinicToday(), 21)
while (new Date(`${DAY}T12:00:00Z`).getUTCDay() !== 3) DAY = addDays(DAY, 1)
const US1 = { id: '7d0c3f2e-6a1b-4c8d-9e0f-0000000000a1', nome: 'US-1', modalidades: ['US' as const], horarios: [] }
const { medicos: m, pacientes: p } = SEED_IDS

const booking = bookingsOn(DAY)

function seedWith(equipamentos: (typeof US1)[]) {
  resetStore(() => {
    const seed = demoSeed()
    const userId = seed.users![0]!.id
    return {
      ...seed,
      clinica: {
        ...DEFAULT_CONFIGURACOES,
        horarios: [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '07:00', fim: '19:00' })),
      },
      equipamentos,
      agendamentos: [
        ...(seed.agendamentos ?? []),
        booking('9b000000-0000-4000-8000-000000000001', '08:00', 30, { equipamentoId: US1.id, userId }),
        // booked through the specification's call: no machine
        booking('9b000000-0000-4000-8000-000000000002', '09:00', 15, { pacienteId: p.pedro, userId }),
        // after the clinic closes
        booking('9b000000-0000-4000-8000-000000000003', '21:30', 15, {
          equipamentoId: US1.id,
          medicoId: m.helena,
          userId,
        }),
      ],
    }
  })
}

afterEach(() => resetStore(() => demoSeed()))

describe('the agenda shows every appointment of the day', () => {
  beforeEach(() => seedWith([US1]))

  it("per machine: a 'Sem equipamento' lane, and the hours stretched to an appointment after closing", async () => {
    renderApp(`/agenda?dia=${DAY}`, { as: 'staff' })
    const lane = await screen.findByRole('region', { name: 'Sem equipamento' })
    expect(within(lane).getByRole('article', { name: /^09:00–09:15 pedro henrique alves/i })).toBeInTheDocument()
    // the lane offers no machine's free time
    expect(within(lane).queryByRole('button', { name: /^Livre/ })).not.toBeInTheDocument()
    const us1 = screen.getByRole('region', { name: 'US-1' })
    expect(within(us1).getByRole('article', { name: /^21:30–21:45 / })).toBeInTheDocument()
    // the clinic's 07:00–19:00, stretched to 22:00 for the 21:30 booking
    expect(within(us1).getByText('07:00–22:00')).toBeInTheDocument()
    // free time only inside the clinic's hours: never after 19:00
    expect(within(us1).getByRole('button', { name: 'Livre 08:30–19:00' })).toBeInTheDocument()
  })

  it('a week of one machine names each patient beside the start', async () => {
    renderApp(`/agenda?dia=${DAY}&vista=semana&recurso=${US1.id}`, { as: 'staff' })
    const day = await screen.findByRole('region', { name: new RegExp(`^US-1 ${DAY.split('-').reverse().join('/')}`) })
    expect(within(day).getByRole('button', { name: /^08:00 maria das graças souza/i })).toBeInTheDocument()
  })
})

describe('with no machine registered', () => {
  beforeEach(() => seedWith([]))

  it("shows the doctors' view instead of 'Nenhum recurso cadastrado'", async () => {
    renderApp(`/agenda?dia=${DAY}`, { as: 'staff' })
    expect(await screen.findByText('Nenhum equipamento cadastrado: agenda por doutor.')).toBeInTheDocument()
    expect(screen.queryByText('Nenhum recurso cadastrado.')).not.toBeInTheDocument()
    const articles = await screen.findAllByRole('article', { name: /^(08:00|09:00|21:30)–/ })
    expect(articles).toHaveLength(3)
  })
})
