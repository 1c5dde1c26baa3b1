// ADMIN's 'Equipamentos' (docs/product.md §21, docs/decisions.md "Agenda and equipment"): a machine with its
// modalities and hours, a block with its reason, and a doctor's hours, as ADMIN meets them from Admin.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@contract'
import { capitalizeName } from '@/lib/format'
import { demoSeed } from '@/mocks/store'
import { resetStore, store } from '../../support/msw-server'
import { openEquipment } from '../../support/equipment-page'
import { findToast } from '../../support/toasts'

vi.setConfig({ testTimeout: 60_000 })

const US1 = { id: '7d0c3f2e-6a1b-4c8d-9e0f-1a2b3c4d5e6f', nome: 'US-1', modalidades: ['US' as const], horarios: [] }

beforeEach(() => resetStore(() => ({ ...demoSeed(), equipamentos: [US1] })))
afterEach(() => resetStore(() => demoSeed()))

describe("'Equipamentos' (ADMIN)", () => {
  it('adds a machine with its modalities and hours, refuses one without a modality, and edits one', async () => {
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Equipamento' })
    const q = within(form)
    await user.type(q.getByLabelText('Nome do equipamento'), 'Sala RX')
    await user.click(q.getByRole('button', { name: 'Salvar equipamento' }))
    expect(await q.findByText(messages.modalitiesRequired)).toBeInTheDocument()

    await user.click(q.getByRole('checkbox', { name: 'Raio-X' }))
    for (const day of ['seg', 'ter', 'qua', 'qui', 'sex']) {
      await user.type(q.getByLabelText(`Início (${day})`), '07:00')
      await user.type(q.getByLabelText(`Fim (${day})`), '19:00')
    }
    await user.type(q.getByLabelText('Início (sáb)'), '07:00')
    await user.type(q.getByLabelText('Fim (sáb)'), '12:00')
    await user.click(q.getByRole('button', { name: 'Salvar equipamento' }))
    await findToast(messages.equipmentSaved)
    const saved = store.equipamentos.find((e) => e.nome === 'Sala RX')
    expect(saved?.modalidades).toEqual(['RX'])
    expect(saved?.horarios).toContainEqual({ dia: 6, inicio: '07:00', fim: '12:00' })
    expect(saved?.horarios).toHaveLength(6)
    expect(await screen.findByRole('cell', { name: /sáb 07:00–12:00/ })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Editar US-1' }))
    expect(q.getByLabelText('Nome do equipamento')).toHaveValue('US-1')
    await user.click(q.getByRole('checkbox', { name: 'Mamografia' }))
    await user.click(q.getByRole('button', { name: 'Salvar alterações do equipamento' }))
    await waitFor(() => expect(store.equipamentos.find((e) => e.nome === 'US-1')?.modalidades).toEqual(['US', 'MMG']))
  })

  it('adds a block with its reason and removes it', async () => {
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Bloqueio' })
    const q = within(form)
    await user.selectOptions(q.getByLabelText('Equipamento bloqueado'), 'US-1')
    await user.type(q.getByLabelText('Data de início'), '2099-11-28')
    await user.type(q.getByLabelText('Hora de início'), '08:00')
    await user.type(q.getByLabelText('Data de fim'), '2099-11-28')
    await user.type(q.getByLabelText('Hora de fim'), '07:00')
    await user.type(q.getByLabelText('Motivo'), 'Manutenção')
    await user.click(q.getByRole('button', { name: 'Salvar bloqueio' }))
    expect(await q.findByText(messages.blockPeriodInvalid)).toBeInTheDocument()

    await user.clear(q.getByLabelText('Hora de fim'))
    await user.type(q.getByLabelText('Hora de fim'), '12:00')
    await user.click(q.getByRole('button', { name: 'Salvar bloqueio' }))
    await findToast(messages.blockSaved)
    expect(store.bloqueios).toMatchObject([
      {
        equipamentoId: US1.id,
        inicio: '2099-11-28T08:00:00.000Z',
        fim: '2099-11-28T12:00:00.000Z',
        motivo: 'Manutenção',
      },
    ])
    const list = await screen.findByRole('list', { name: 'Bloqueios vigentes' })
    expect(within(list).getByText(/US-1: Manutenção, de 28\/11\/2099 08:00 a 28\/11\/2099 12:00/)).toBeInTheDocument()

    await user.click(within(list).getByRole('button', { name: /^Remover bloqueio US-1/ }))
    await findToast(messages.blockRemoved)
    expect(store.bloqueios).toHaveLength(0)
    expect(await screen.findByText('Nenhum bloqueio.')).toBeInTheDocument()
  })

  it('lists the booked patients a block covers, asks, and after saving names them for rebooking (issue 34)', async () => {
    const booked = { ...store.agendamentos[0]!, datahora: '2099-11-28T09:00:00.000Z', fim: '2099-11-28T09:30:00.000Z' }
    store.agendamentos.push({ ...booked, id: '9b000000-0000-4000-8000-000000000001', equipamentoId: US1.id })
    // the same time without the machine is not the block's concern
    store.agendamentos.push({ ...booked, id: '9b000000-0000-4000-8000-000000000002', equipamentoId: undefined })
    const paciente = store.pacientes.find((p) => p.id === booked.pacienteId)!
    const nome = capitalizeName(paciente.nome)
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Bloqueio' })
    const q = within(form)
    await user.selectOptions(q.getByLabelText('Equipamento bloqueado'), 'US-1')
    await user.type(q.getByLabelText('Data de início'), '2099-11-28')
    await user.type(q.getByLabelText('Hora de início'), '08:00')
    await user.type(q.getByLabelText('Data de fim'), '2099-11-28')
    await user.type(q.getByLabelText('Hora de fim'), '12:00')
    await user.type(q.getByLabelText('Motivo'), 'Quebrou')
    await user.click(q.getByRole('button', { name: 'Salvar bloqueio' }))

    const dialog = await screen.findByRole('dialog', {
      name: 'Este bloqueio cobre 1 agendamento. Bloquear mesmo assim?',
    })
    const asked = within(dialog).getByRole('list', { name: 'Agendamentos cobertos pelo bloqueio' })
    expect(
      within(asked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`28/11/2099 09:00 — ${nome} (${booked.exames.join(', ')})`])
    expect(store.bloqueios).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(store.bloqueios).toHaveLength(0)

    await user.click(q.getByRole('button', { name: 'Salvar bloqueio' }))
    const again = await screen.findByRole('dialog', { name: /^Este bloqueio cobre 1 agendamento/ })
    await user.click(within(again).getByRole('button', { name: 'Bloquear mesmo assim' }))
    await findToast(messages.blockSaved)
    expect(store.bloqueios).toMatchObject([{ equipamentoId: US1.id, motivo: 'Quebrou' }])
    expect(await screen.findByText(messages.blockSavedOverAppointments)).toBeInTheDocument()
    const rebook = screen.getByRole('list', { name: 'Pacientes a remarcar' })
    expect(within(rebook).getByText(new RegExp(`09:00 — ${nome}`))).toBeInTheDocument()
  })

  it("sets a doctor's hours per weekday", async () => {
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Horários do doutor' })
    const q = within(form)
    const doctor = store.medicos[0]!
    await user.selectOptions(q.getByLabelText('Doutor'), doctor.nome)
    expect(q.getByText('Hoje: Qualquer horário')).toBeInTheDocument()
    await user.type(q.getByLabelText('Início (seg)'), '08:00')
    await user.type(q.getByLabelText('Fim (seg)'), '12:00')
    await user.click(q.getByRole('button', { name: 'Salvar horários do doutor' }))
    await findToast(messages.doctorHoursSaved)
    expect(store.medicoHorarios[doctor.id]).toEqual([{ dia: 1, inicio: '08:00', fim: '12:00' }])
    expect(await q.findByText('Hoje: seg 08:00–12:00')).toBeInTheDocument()
  })
})
