// ADMIN's 'Equipamentos' and DICOM (issue 19, docs/dicom.md): the AE title typed beside a machine's name,
// refused when DICOM would refuse it, and each machine's latest worklist queries and procedure steps.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, store } from '../../support/msw-server'
import { openEquipment } from '../../support/equipment-page'
import { findToast } from '../../support/toasts'

vi.setConfig({ testTimeout: 60_000 })

const RX1 = {
  id: '1d0c3f2e-6a1b-4c8d-9e0f-1a2b3c4d5e6f',
  nome: 'Sala de Raio-X 1',
  modalidades: ['RX' as const],
  horarios: [],
  aeTitle: 'RX1',
}
const US1 = {
  id: '2d0c3f2e-6a1b-4c8d-9e0f-1a2b3c4d5e6f',
  nome: 'Ultrassom 1',
  modalidades: ['US' as const],
  horarios: [],
  aeTitle: null,
}
const EVENTS = [
  {
    equipamentoId: RX1.id,
    at: '2026-03-18T11:05:00.000Z',
    aeTitle: 'RX1',
    tipo: 'worklist' as const,
    respostas: 7,
    resultado: 'ok',
    acesso: null,
    detalhe: null,
  },
  {
    equipamentoId: RX1.id,
    at: '2026-03-18T11:20:00.000Z',
    aeTitle: 'RX1',
    tipo: 'mpps' as const,
    respostas: 0,
    resultado: 'ok',
    acesso: '42',
    detalhe: 'IN PROGRESS',
  },
]

beforeEach(() => resetStore(() => ({ ...demoSeed(), equipamentos: [RX1, US1], dicomEventos: EVENTS })))
afterEach(() => resetStore(() => demoSeed()))

describe("'Equipamentos' and DICOM (ADMIN)", () => {
  it('shows the AE title beside the name and the latest queries and steps of each machine', async () => {
    await openEquipment()
    expect(await screen.findByRole('cell', { name: /^Sala de Raio-X 1\s*\(AE title RX1\)$/ })).toBeInTheDocument()
    const log = await screen.findByRole('list', { name: 'Consultas DICOM de Sala de Raio-X 1' })
    const items = within(log)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    // real instants shown at the clinic's time (UTC−3)
    expect(items).toEqual([
      '18/03 às 08:20 — RX1: Etapa do procedimento (MPPS), acesso 42 (IN PROGRESS) — ok',
      '18/03 às 08:05 — RX1: Consulta da worklist, 7 respostas — ok',
    ])
    // a machine without an AE title cannot ask: it has no log
    expect(screen.queryByRole('list', { name: 'Consultas DICOM de Ultrassom 1' })).not.toBeInTheDocument()
  })

  it('sets an AE title on a machine, and refuses one DICOM would refuse or another machine has', async () => {
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Equipamento' })
    const q = within(form)
    await user.click(await screen.findByRole('button', { name: 'Editar Ultrassom 1' }))
    const field = q.getByLabelText('AE title (DICOM)')
    await user.type(field, 'US\\1')
    await user.click(q.getByRole('button', { name: 'Salvar alterações do equipamento' }))
    expect(await q.findByText(messages.aeTitleInvalid)).toBeInTheDocument()

    await user.clear(field)
    await user.type(field, 'RX1')
    await user.click(q.getByRole('button', { name: 'Salvar alterações do equipamento' }))
    expect(await q.findByText(messages.aeTitleTaken)).toBeInTheDocument()

    await user.clear(field)
    await user.type(field, 'US1')
    await user.click(q.getByRole('button', { name: 'Salvar alterações do equipamento' }))
    await findToast(messages.equipmentSaved)
    await waitFor(() => expect(store.equipamentos.find((e) => e.id === US1.id)?.aeTitle).toBe('US1'))
    expect(await screen.findByRole('cell', { name: /^Ultrassom 1\s*\(AE title US1\)$/ })).toBeInTheDocument()
  })
  it('lets ADMIN allow a machine to read other machines’ worklists', async () => {
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Equipamento' })
    const q = within(form)
    await user.click(await screen.findByRole('button', { name: 'Editar Sala de Raio-X 1' }))
    const box = q.getByRole('checkbox', { name: 'Pode consultar a worklist de outros equipamentos (DICOM)' })
    expect(box).not.toBeChecked()
    await user.click(box)
    await user.click(q.getByRole('button', { name: 'Salvar alterações do equipamento' }))
    await findToast(messages.equipmentSaved)
    await waitFor(() => expect(store.equipamentos.find((e) => e.aeTitle === 'RX1')?.leOutrasWorklists).toBe(true))
    await user.click(await screen.findByRole('button', { name: 'Editar Sala de Raio-X 1' }))
    expect(q.getByRole('checkbox', { name: 'Pode consultar a worklist de outros equipamentos (DICOM)' })).toBeChecked()
  })
})
