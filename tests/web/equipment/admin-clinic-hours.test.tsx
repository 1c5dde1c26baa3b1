// The clinic's opening hours on 'Equipamentos' (issue 34, docs/decisions.md "Opening hours"): ADMIN saves
// them (a day copied to every day), the hints say what an empty day means, and no developer text shows.
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, store } from '../../support/msw-server'
import { openEquipment } from '../../support/equipment-page'
import { findToast } from '../../support/toasts'

vi.setConfig({ testTimeout: 60_000 })

beforeEach(() => resetStore(() => demoSeed()))
afterEach(() => resetStore(() => demoSeed()))

describe("'Horário da clínica' (ADMIN)", () => {
  it("saves the clinic's hours, Monday's copied to every day, Saturday then shortened", async () => {
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Horário da clínica' })
    const q = within(form)
    for (const day of ['ter', 'qua', 'qui', 'sex']) {
      await user.clear(q.getByLabelText(`Início (${day})`))
      await user.clear(q.getByLabelText(`Fim (${day})`))
    }
    await user.clear(q.getByLabelText('Início (seg)'))
    await user.type(q.getByLabelText('Início (seg)'), '07:00')
    await user.clear(q.getByLabelText('Fim (seg)'))
    await user.type(q.getByLabelText('Fim (seg)'), '19:00')
    await user.click(q.getByRole('button', { name: 'Copiar para todos os dias' }))
    expect(q.getByLabelText('Fim (sex)')).toHaveValue('19:00')
    await user.clear(q.getByLabelText('Fim (sáb)'))
    await user.type(q.getByLabelText('Fim (sáb)'), '12:00')
    await user.click(q.getByRole('button', { name: 'Salvar horário da clínica' }))
    await findToast(messages.clinicHoursSaved)
    expect(store.clinica?.horarios).toContainEqual({ dia: 6, inicio: '07:00', fim: '12:00' })
    expect(store.clinica?.horarios).toContainEqual({ dia: 3, inicio: '07:00', fim: '19:00' })
  })

  it('keeps a lunch break per day, copied with the day, and refuses one outside the day (issue 34)', async () => {
    const { user } = await openEquipment()
    const form = await screen.findByRole('form', { name: 'Horário da clínica' })
    const q = within(form)
    const fill = async (label: string, value: string) => {
      await user.clear(q.getByLabelText(label))
      if (value) await user.type(q.getByLabelText(label), value)
    }
    await fill('Início (seg)', '07:00')
    await fill('Fim (seg)', '19:00')
    await fill('Intervalo: início (seg)', '18:00')
    await fill('Intervalo: fim (seg)', '20:00')
    await user.click(q.getByRole('button', { name: 'Salvar horário da clínica' }))
    expect(await q.findByText('O intervalo de seg deve ficar dentro do horário do dia.')).toBeInTheDocument()
    const before = store.clinica?.horarios

    await fill('Intervalo: início (seg)', '13:00')
    await fill('Intervalo: fim (seg)', '12:00')
    await user.click(q.getByRole('button', { name: 'Salvar horário da clínica' }))
    expect(await q.findByText('O fim do intervalo de seg deve ser depois do início.')).toBeInTheDocument()
    expect(store.clinica?.horarios).toEqual(before)

    await fill('Intervalo: início (seg)', '12:00')
    await fill('Intervalo: fim (seg)', '13:00')
    await user.click(q.getByRole('button', { name: 'Copiar para todos os dias' }))
    expect(q.getByLabelText('Intervalo: início (sex)')).toHaveValue('12:00')
    expect(q.getByLabelText('Intervalo: fim (sáb)')).toHaveValue('13:00')
    await user.click(q.getByRole('button', { name: 'Salvar horário da clínica' }))
    await findToast(messages.clinicHoursSaved)
    expect(store.clinica?.horarios).toContainEqual({ dia: 3, inicio: '07:00', fim: '12:00' })
    expect(store.clinica?.horarios).toContainEqual({ dia: 3, inicio: '13:00', fim: '19:00' })
    expect(store.clinica?.horarios?.filter((h) => h.dia === 1)).toHaveLength(2)
  })

  it('says what an empty day means, and shows no developer text', async () => {
    await openEquipment()
    await screen.findByRole('form', { name: 'Horário da clínica' })
    expect(screen.queryByText(/Deixe o dia vazio quando não atende/)).not.toBeInTheDocument()
    expect(screen.getByText(/Dia vazio: a clínica não abre nesse dia/)).toBeInTheDocument()
    expect(screen.getAllByText(/Sem nenhum dia preenchido, vale o horário da clínica/).length).toBeGreaterThan(0)
    expect(document.body.textContent).not.toContain('docs/dicom.md')
  })
})
