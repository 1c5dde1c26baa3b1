// 'Dados TISS dos convênios' (issue 37 point 1): ADMIN gives a convênio its provider code, guias per batch
// and the exams that need an authorisation; a bad value is refused with its Portuguese message.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages, PARTICULAR_ID } from '@contract'
import { store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

describe('Dados TISS dos convênios', () => {
  it('saves a convênio’s code, guias por lote and the exams that require authorisation', async () => {
    const convenio = store.convenios.find((c) => c.id !== PARTICULAR_ID && c.ativo)!
    const exame = store.exames.find((e) => e.ativo)!
    const { user } = renderApp('/admin/tiss', { as: 'admin' })
    const section = await screen.findByRole('region', { name: convenio.nome })
    const field = (label: string) => within(section).getByLabelText(label)
    await user.type(field('Código do prestador na operadora'), '12-34')
    await user.clear(field('Guias por lote'))
    await user.type(field('Guias por lote'), '150')
    await user.click(within(section).getByRole('button', { name: `Salvar dados TISS de ${convenio.nome}` }))
    expect(await within(section).findByText(messages.tissCodigoPrestadorInvalid)).toBeInTheDocument()
    expect(within(section).getByText(messages.tissGuiasPorLoteInvalid)).toBeInTheDocument()
    expect(store.tiss.convenios[convenio.id]).toBeUndefined()

    await user.clear(field('Código do prestador na operadora'))
    await user.type(field('Código do prestador na operadora'), '000123')
    await user.clear(field('Guias por lote'))
    await user.type(field('Guias por lote'), '40')
    const exige = within(within(section).getByRole('group', { name: 'Exige autorização' }))
    await user.click(exige.getByRole('checkbox', { name: exame.nome }))
    await user.click(within(section).getByRole('button', { name: `Salvar dados TISS de ${convenio.nome}` }))
    await findToast(messages.tissSaved)
    expect(store.tiss.convenios[convenio.id]).toEqual({
      codigoPrestador: '000123',
      versaoTiss: '04.03.00',
      guiasPorLote: 40,
      examesComAutorizacao: [exame.id],
    })
  })
})
