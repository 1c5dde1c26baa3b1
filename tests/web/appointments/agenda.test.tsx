// The agenda at /agenda as staff meet it (docs/decisions.md "Agenda and equipment", issue #13 point 6):
// blocks sized by duration with their status as text, free time that opens 'Novo agendamento' filled in,
// per machine or per doctor, the week of one resource, and the day and resource in the URL.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addDays, clinicToday, formatDate } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_IDS, store } from '../../support/msw-server'
import { bookingsOn } from '../../support/agenda-bookings'
import { renderApp } from '../../support/render-app'

// a weekday: inside the clinic's default hours (docs/decisions.md "Opening hours")
let DAY = addDays(clinicToday(), 3)
while ([0, 6].includes(new Date(`${DAY}T12:00:00Z`).getUTCDay())) DAY = addDays(DAY, 1)
const US1 = { id: '7d0c3f2e-6a1b-4c8d-9e0f-000000000001', nome: 'US-1', modalidades: ['US' as const], horarios: [] }
const RM = { id: '7d0c3f2e-6a1b-4c8d-9e0f-000000000002', nome: 'RM', modalidades: ['RM' as const], horarios: [] }
const TC = { id: '7d0c3f2e-6a1b-4c8d-9e0f-000000000003', nome: 'TC-1', modalidades: ['TC' as const], horarios: [] }
const { medicos: m, pacientes: p } = SEED_IDS

const booking = bookingsOn(DAY)

beforeEach(() =>
  resetStore(() => {
    const seed = demoSeed()
    const userId = seed.users![0]!.id
    return {
      ...seed,
      equipamentos: [US1, RM, TC],
      agendamentos: [
        ...(seed.agendamentos ?? []),
        booking('9a000000-0000-4000-8000-000000000001', '08:00', 30, { equipamentoId: US1.id, userId }),
        booking('9a000000-0000-4000-8000-000000000002', '10:00', 60, {
          equipamentoId: RM.id,
          pacienteId: p.pedro,
          medicoId: m.helena,
          status: 'confirmado',
          encaixe: true,
          userId,
        }),
      ],
    }
  }),
)
afterEach(() => resetStore(() => demoSeed()))

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search)

describe('Agenda (/agenda)', () => {
  it('draws a day per machine: blocks sized by duration, statuses as text, free time that books', async () => {
    const { user } = renderApp(`/agenda?dia=${DAY}`, { as: 'admin' })
    const us1 = await screen.findByRole('region', { name: 'US-1' })
    const block = await within(us1).findByRole('article', { name: /^08:00–08:30 / })
    expect(block).toHaveTextContent('Agendado')
    expect(block.style.height).toContain('30')
    const rm = screen.getByRole('region', { name: 'RM' })
    const long = within(rm).getByRole('article', { name: /^10:00–11:00 / })
    expect(long).toHaveTextContent('Confirmado')
    expect(long).toHaveTextContent('Encaixe')
    expect(long.style.height).toContain('60')
    expect(within(us1).getByRole('button', { name: 'Livre 07:00–08:00' })).toBeInTheDocument()

    await user.click(within(us1).getByRole('button', { name: 'Livre 08:30–20:00' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    expect(within(dialog).getByLabelText('Data')).toHaveValue(DAY)
    expect(within(dialog).getByLabelText('Hora')).toHaveValue('08:30')
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Equipamento' })).toHaveDisplayValue('US-1'),
    )
  })

  it('switches to doctors, picks one, shows its week, and keeps all of it in the URL', async () => {
    const { user, router } = renderApp(`/agenda?dia=${DAY}`, { as: 'staff' })
    await screen.findByRole('region', { name: 'US-1' })
    await user.selectOptions(screen.getByLabelText('Colunas'), 'Por doutor')
    const helena = await screen.findByRole('region', { name: 'Dr. Helena Duarte' })
    expect(within(helena).getByRole('article', { name: /^10:00–11:00 / })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'US-1' })).not.toBeInTheDocument()
    expect(search(router).get('por')).toBe('medico')

    await user.selectOptions(screen.getByLabelText('Recurso'), 'Dr. Helena Duarte')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Dr. Carlos Mendes' })).not.toBeInTheDocument())
    expect(search(router).get('recurso')).toBe(m.helena)
    expect(search(router).get('dia')).toBe(DAY)

    await user.selectOptions(screen.getByLabelText('Vista'), 'Semana')
    expect(await screen.findByRole('region', { name: `Dr. Helena Duarte ${formatDate(DAY)}` })).toBeInTheDocument()
    expect(screen.getAllByRole('region', { name: /^Dr\. Helena Duarte \d/ })).toHaveLength(7)
    expect(screen.getByRole('region', { name: `Dr. Helena Duarte ${formatDate(addDays(DAY, 6))}` })).toBeInTheDocument()
    expect(search(router).get('vista')).toBe('semana')

    await user.click(screen.getByRole('button', { name: 'Próximo' }))
    await waitFor(() => expect(search(router).get('dia')).toBe(addDays(DAY, 7)))
  })

  it('opens on the day, columns and resource the URL names', async () => {
    renderApp(`/agenda?dia=${DAY}&por=equipamento&recurso=${RM.id}`, { as: 'staff' })
    const rm = await screen.findByRole('region', { name: 'RM' })
    expect(within(rm).getByRole('article', { name: /^10:00–11:00 / })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'US-1' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Dia')).toHaveValue(DAY)
  })
})

describe("'Horário e equipamento' in 'Novo agendamento'", () => {
  async function openDialog() {
    const app = renderApp('/agendamentos', { as: 'staff' })
    await screen.findByRole('table')
    await app.user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: /^Dr\. / })).toHaveLength(3))
    return { ...app, dialog, q: within(within(dialog).getByRole('group', { name: 'Horário e equipamento' })) }
  }

  it('takes a machine and a duration, and fills Data, Hora, machine and doctor from a free time', async () => {
    const { user, dialog, q } = await openDialog()
    const d = within(dialog)
    await user.type(d.getByLabelText('Data'), DAY)
    await user.type(d.getByLabelText('Hora'), '10:00')
    const machine = q.getByRole('combobox', { name: 'Equipamento' })
    await within(machine).findByRole('option', { name: 'RM' })
    await user.selectOptions(machine, 'RM')
    // the machine's modality is the one searched
    expect(q.getByRole('combobox', { name: 'Modalidade' })).toHaveDisplayValue('Ressonância magnética')
    const duration = q.getByLabelText('Duração (minutos)')
    await user.tripleClick(duration)
    await user.keyboard('45')
    expect(q.getByText('Termina às 10:45')).toBeInTheDocument()

    await user.selectOptions(machine, 'Nenhum')
    await user.click(q.getByRole('button', { name: 'Próximos horários livres' }))
    const slots = await q.findByRole('list', { name: 'Horários livres' })
    // RM is taken 10:00–11:00: its first free 45 minutes start at 11:00
    const first = within(slots).getAllByRole('button')[0]!
    expect(first).toHaveTextContent(`${formatDate(DAY)} 11:00 · RM · Dr. Carlos Mendes`)
    await user.clear(d.getByLabelText('Hora'))
    await user.type(d.getByLabelText('Hora'), '09:00')
    await user.click(first)
    expect(d.getByLabelText('Data')).toHaveValue(DAY)
    expect(d.getByLabelText('Hora')).toHaveValue('11:00')
    expect(machine).toHaveDisplayValue('RM')
    expect(d.getByRole('combobox', { name: 'Doutor' })).toHaveValue(m.carlos)
    expect(duration).toHaveValue(45)
  })
  it("searches the chosen catalogue exams' modality for as long as their durations", async () => {
    const { user, dialog, q } = await openDialog()
    const d = within(dialog)
    await user.type(d.getByLabelText('Data'), DAY)
    await user.type(d.getByLabelText('Hora'), '07:00')
    expect(q.getByRole('combobox', { name: 'Modalidade' })).toBeInTheDocument()
    await user.type(d.getByLabelText('Buscar exame no catálogo'), 'crânio')
    await user.click(await d.findByRole('button', { name: 'Adicionar TC de crânio' }))
    expect(await q.findByText('Modalidade dos exames: Tomografia')).toBeInTheDocument()
    expect(q.queryByRole('combobox', { name: 'Modalidade' })).not.toBeInTheDocument()
    const minutes = store.exames.find((e) => e.nome === 'TC de crânio')!.duracao
    expect(q.getByLabelText('Duração (minutos)')).toHaveValue(minutes)

    await user.click(q.getByRole('button', { name: 'Próximos horários livres' }))
    const slots = await q.findByRole('list', { name: 'Horários livres' })
    const first = within(slots).getAllByRole('button')[0]!
    expect(first).toHaveTextContent(`${formatDate(DAY)} 07:00 · TC-1 · Dr. Carlos Mendes`)
    await user.click(first)
    expect(q.getByRole('combobox', { name: 'Equipamento' })).toHaveDisplayValue('TC-1')
  })
})
