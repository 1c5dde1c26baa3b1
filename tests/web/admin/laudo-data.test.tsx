// Issue 36 point 1 on the Admin page: a doctor's RQE, and 'Dados do laudo' (responsável técnico, CNES, the
// PACS viewer's address, 'Liberar para assinatura manual').
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

describe('Admin: the laudo’s data', () => {
  it("keeps a doctor's RQE and shows it beside the specialty", async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    const section = await screen.findByRole('region', { name: 'Médicos' })
    await user.click(await within(section).findByRole('button', { name: 'Editar Helena Duarte' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dados de Helena Duarte' })
    await user.type(within(dialog).getByLabelText('RQE'), '12a')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText(messages.rqeInvalid)).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('RQE'))
    await user.type(within(dialog).getByLabelText('RQE'), '4321')
    await user.type(within(dialog).getByLabelText('Especialidade'), 'Radiologia')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await findToast('Dados do médico salvos!')
    const row = (await within(section).findByRole('cell', { name: 'Dr. Helena Duarte' })).closest('tr')!
    expect(await within(row).findByRole('cell', { name: 'Radiologia · RQE 4321' })).toBeInTheDocument()
    expect(store.medicoDetalhes[SEED_IDS.medicos.helena]?.rqe).toBe('4321')
  })

  it('saves the responsável técnico, CNES and the PACS address; a bad address is refused with its message', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    const section = await screen.findByRole('region', { name: 'Dados do laudo' })
    const field = (label: string) => within(section).getByLabelText(label)
    await user.type(await within(section).findByLabelText('Responsável técnico'), 'Ana Souza')
    await user.type(field('CRM do responsável técnico'), '123456')
    await user.selectOptions(field('UF do CRM do responsável técnico'), 'SP')
    await user.type(field('CNES'), '1234567')
    await user.type(field('Endereço do visualizador de imagens (PACS)'), 'https://pacs.local/viewer')
    await user.click(within(section).getByRole('button', { name: 'Salvar dados do laudo' }))
    expect(await within(section).findByText(messages.pacsUrlNoPlaceholder)).toBeInTheDocument()
    expect(store.laudoConfiguracoes).toBeNull()

    // user-event reads '{' as a key descriptor: '{{' types one brace
    await user.type(field('Endereço do visualizador de imagens (PACS)'), '?study={{StudyInstanceUID}')
    await user.click(within(section).getByRole('checkbox', { name: 'Liberar para assinatura manual' }))
    await user.click(within(section).getByRole('button', { name: 'Salvar dados do laudo' }))
    await findToast(messages.laudoSettingsSaved)
    expect(store.laudoConfiguracoes).toEqual({
      rtNome: 'Ana Souza',
      rtCrm: '123456',
      rtCrmUf: 'SP',
      cnes: '1234567',
      pacsUrl: 'https://pacs.local/viewer?study={StudyInstanceUID}',
      assinaturaManual: true,
    })
  })
})
