// 'Médicos' on the Admin page (issue 14 point 9, docs/product.md §19): ADMIN sees every doctor with
// tratamento, CRM and specialty and edits them.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

async function renderDoctors() {
  const result = renderApp('/admin', { as: 'admin' })
  const section = await screen.findByRole('region', { name: 'Médicos' })
  await within(section).findByRole('cell', { name: 'Dr. Helena Duarte' })
  return { ...result, section }
}

describe('Admin: Médicos', () => {
  it("lists the doctors as 'Dr.' with no CRM until ADMIN keeps one", async () => {
    const { section } = await renderDoctors()
    const row = within(section).getByRole('cell', { name: 'Dr. Carlos Mendes' }).closest('tr')!
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dr. Carlos Mendes', '—', '—', 'Editar'])
  })

  it("edits tratamento, CRM with its UF and specialty: 'Dra.' and the CRM show in the list", async () => {
    const { user, section } = await renderDoctors()
    await user.click(within(section).getByRole('button', { name: 'Editar Helena Duarte' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dados de Helena Duarte' })
    await user.selectOptions(within(dialog).getByLabelText('Tratamento'), 'Dra.')
    await user.type(within(dialog).getByLabelText('CRM'), '12')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText(messages.crmInvalid)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('CRM')).toHaveAccessibleDescription(messages.crmInvalid)

    await user.type(within(dialog).getByLabelText('CRM'), '3456')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText(messages.crmUfInvalid)).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText('UF do CRM'), 'PE')
    await user.type(within(dialog).getByLabelText('Especialidade'), 'Radiologia')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await findToast('Dados do médico salvos!')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    const row = (await within(section).findByRole('cell', { name: 'Dra. Helena Duarte' })).closest('tr')!
    expect(within(row).getByRole('cell', { name: 'CRM-PE 123456' })).toBeInTheDocument()
    expect(within(row).getByRole('cell', { name: 'Radiologia' })).toBeInTheDocument()
    expect(store.medicoDetalhes[SEED_IDS.medicos.helena]).toEqual({
      tratamento: 'Dra.',
      crm: '123456',
      crmUf: 'PE',
      especialidade: 'Radiologia',
      rqe: '',
    })
    // the specification's calls keep answering the bare name
    expect(store.medicos.find((m) => m.id === SEED_IDS.medicos.helena)).toEqual({
      id: SEED_IDS.medicos.helena,
      nome: 'Helena Duarte',
    })
  })
})
