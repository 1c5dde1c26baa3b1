// Legal priorities at arrival on the board (issue 38 point 4), as the front desk meets them: 'Registrar
// chegada' asks 'Prioridade' (pessoa idosa shown from the birth date), the entry shows the reason, and
// 'Fila de espera' orders each machine's or doctor's waiting patients — 80+ first, the other priorities,
// then arrival — with the time waited since arrival.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { clinicToday, messages } from '@contract'
import type { StoredAgendamento } from '@/mocks/store'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const entry = (name: string) => screen.findByRole('group', { name })

/** A birth date `years` years before today, as the patients' form sends it. */
function bornYearsAgo(years: number): string {
  const today = clinicToday()
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}T00:00:00.000Z`
}

function setBirth(pacienteId: string, datanascimento: string) {
  store.pacientes.find((p) => p.id === pacienteId)!.datanascimento = datanascimento
}

describe("'Registrar chegada' asks the legal priority", () => {
  it('shows pessoa idosa from the birth date, sends the declared one and the board shows the reason', async () => {
    setBirth(SEED_IDS.pacientes.conceicao, bornYearsAgo(82))
    const { user } = renderApp('/', { as: 'staff' })
    const conceicao = await entry('Conceição Araújo, 08:30')
    await user.click(within(conceicao).getByRole('button', { name: 'Registrar chegada' }))
    const dialog = await screen.findByRole('dialog', { name: 'Registrar chegada de Conceição Araújo (08:30)' })
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Prioridade: pessoa idosa (80+), 82 anos pela data de nascimento',
    )
    const options = within(within(dialog).getByRole('group', { name: 'Prioridade' })).getAllByRole('radio')
    expect(options.map((o) => o.closest('label')?.textContent)).toEqual([
      'Nenhuma',
      'Gestante',
      'Lactante',
      'Pessoa com criança de colo',
      'Pessoa com deficiência',
      'Pessoa obesa',
    ])
    expect(within(dialog).getByRole('radio', { name: 'Nenhuma' })).toBeChecked()
    // nothing is sent until the arrival is confirmed here
    expect(store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)?.status).toBe('confirmado')
    await user.click(within(dialog).getByRole('radio', { name: 'Pessoa com deficiência' }))
    await user.click(within(dialog).getByRole('button', { name: 'Registrar chegada' }))
    await findToast(messages.arrivalRegistered)
    expect(
      await within(conceicao).findByText('Prioridade: pessoa idosa (80+), pessoa com deficiência'),
    ).toBeInTheDocument()
    expect(within(conceicao).getByText('Aguardando')).toBeInTheDocument()
    expect(store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)).toMatchObject({
      status: 'aguardando',
      prioridade: 'deficiencia',
    })
  })

  it("'Voltar' leaves the patient as they were; a patient under 60 has no age line", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    const conceicao = await entry('Conceição Araújo, 08:30')
    await user.click(within(conceicao).getByRole('button', { name: 'Registrar chegada' }))
    const dialog = await screen.findByRole('dialog', { name: /^Registrar chegada de Conceição Araújo/ })
    expect(within(dialog).queryByRole('status')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Registrar chegada/ })).toBeNull())
    expect(within(conceicao).getByText('Confirmado')).toBeInTheDocument()
    expect(store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)?.status).toBe('confirmado')
  })
})

describe("the board's waiting list", () => {
  it('orders priorities first (80+ before the others), then arrival, with the reason and the time since arrival', async () => {
    const { pacientes: p, medicos: m } = SEED_IDS
    const now = Date.now()
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString()
    const waiting = (id: string, time: string, pacienteId: string, minutes: number, rest: Partial<StoredAgendamento>) =>
      store.agendamentos.push({
        id,
        datahora: `${clinicToday()}T${time}:00.000Z`,
        anotacao: '',
        convenio: '',
        valorIncents: 10_000,
        estaPago: false,
        exames: ['Ultrassonografia'],
        userId: store.users[0]!.id,
        pacienteId,
        medicoId: m.helena,
        versao: 1,
        status: 'aguardando',
        chegada: ago(minutes),
        ...rest,
      })
    // João da Silva (the demo's) arrived 12 minutes ago, no priority
    setBirth(p.lucia, bornYearsAgo(85))
    setBirth(p.pedro, bornYearsAgo(65))
    waiting('4e000000-0000-4000-8000-000000000001', '11:00', p.antonio, 40, {})
    waiting('4e000000-0000-4000-8000-000000000002', '11:15', p.maria, 30, { prioridade: 'gestante' })
    waiting('4e000000-0000-4000-8000-000000000003', '11:30', p.lucia, 20, {})
    waiting('4e000000-0000-4000-8000-000000000004', '11:45', p.pedro, 5, {})
    // another doctor's waiting patient is in that doctor's list
    setBirth(p.conceicao, bornYearsAgo(90))
    store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)!.status = 'aguardando'
    store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)!.chegada = ago(3)

    renderApp('/', { as: 'staff' })
    const queue = await screen.findByRole('region', { name: 'Fila de espera' })
    const helena = within(queue).getByRole('region', { name: /^Fila de espera: Dra?\. Helena Duarte$/ })
    const rows = within(helena)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(rows).toEqual([
      'Lúcia Fernandes11:30Prioridade: pessoa idosa (80+)aguardando há 20 min',
      'Maria das Graças Souza11:15Prioridade: gestanteaguardando há 30 min',
      'Pedro Henrique Alves11:45Prioridade: pessoa idosa (60+)aguardando há 5 min',
      'Antônio Carlos Ribeiro11:00aguardando há 40 min',
      'João da Silva10:00aguardando há 12 min',
    ])
    const carlos = within(queue).getByRole('region', { name: /^Fila de espera: Dra?\. Carlos Mendes$/ })
    expect(
      within(carlos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Conceição Araújo08:30Prioridade: pessoa idosa (80+)aguardando há 3 min'])
  })
})
