// 'Carteirinhas' on the patient's profile (issue 37 point 2): a card per convênio with its plan and
// validity is added, refused with the contract's message when malformed, edited and removed; and the booking
// offers it for that convênio, warning when it expires before the appointment's day.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { addDays, clinicToday, formatDate, messages, PARTICULAR_ID } from '@contract'
import { store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const convenio = () => store.convenios.find((c) => c.id !== PARTICULAR_ID && c.ativo)!
const patient = () => store.pacientes.find((p) => p.nome.toLowerCase() === 'conceição araújo')!

async function openProfile() {
  const app = renderApp('/pacientes', { as: 'staff', userEventOptions: { delay: null } })
  await screen.findByRole('table')
  await app.user.click(screen.getByRole('button', { name: 'Conceição Araújo' }))
  const profile = await screen.findByRole('dialog', { name: 'Conceição Araújo' })
  const cards = await within(profile).findByRole('region', { name: 'Carteirinhas' })
  return { ...app, profile, cards: within(cards) }
}

describe("the profile's 'Carteirinhas'", () => {
  it('adds a card (refusing a malformed number), edits its plan and removes it', async () => {
    const { user, cards } = await openProfile()
    expect(await cards.findByText('Nenhuma carteirinha cadastrada.')).toBeInTheDocument()
    await user.click(cards.getByRole('button', { name: 'Adicionar carteirinha' }))
    const form = within(cards.getByRole('form', { name: 'Nova carteirinha' }))
    await user.selectOptions(form.getByLabelText(/^Convênio/), convenio().nome)
    await user.type(form.getByLabelText(/^Carteirinha/), '0012#34')
    await user.click(form.getByRole('button', { name: 'Salvar carteirinha' }))
    expect(await form.findByText(messages.tissCarteirinhaInvalid)).toBeInTheDocument()
    expect(store.tiss.carteirinhas).toHaveLength(0)

    await user.clear(form.getByLabelText(/^Carteirinha/))
    await user.type(form.getByLabelText(/^Carteirinha/), '0012 3456 7890')
    await user.type(form.getByLabelText('Plano'), 'Enfermaria')
    await user.type(form.getByLabelText('Validade da carteirinha'), '2031-05-31')
    await user.click(form.getByRole('button', { name: 'Salvar carteirinha' }))
    await findToast('Carteirinha salva!')
    const row = within(await cards.findByRole('row', { name: new RegExp(`^${convenio().nome}`) }))
    expect(row.getByRole('cell', { name: '0012 3456 7890' })).toBeInTheDocument()
    expect(row.getByRole('cell', { name: 'Enfermaria' })).toBeInTheDocument()
    expect(row.getByRole('cell', { name: '31/05/2031' })).toBeInTheDocument()
    expect(store.tiss.carteirinhas).toMatchObject([
      { pacienteId: patient().id, convenioId: convenio().id, numero: '0012 3456 7890', validade: '2031-05-31' },
    ])

    await user.click(row.getByRole('button', { name: `Editar carteirinha ${convenio().nome}` }))
    const edit = within(cards.getByRole('form', { name: 'Editar carteirinha' }))
    expect(edit.getByLabelText(/^Convênio/)).toBeDisabled()
    await user.clear(edit.getByLabelText('Plano'))
    await user.type(edit.getByLabelText('Plano'), 'Apartamento')
    await user.click(edit.getByRole('button', { name: 'Salvar carteirinha' }))
    expect(await cards.findByRole('cell', { name: 'Apartamento' })).toBeInTheDocument()
    expect(store.tiss.carteirinhas).toHaveLength(1)
    expect(store.tiss.carteirinhas[0]!.plano).toBe('Apartamento')

    await user.click(cards.getByRole('button', { name: `Remover carteirinha ${convenio().nome}` }))
    const confirm = await screen.findByRole('dialog', { name: /Remover a carteirinha 0012 3456 7890/ })
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }))
    expect(await cards.findByText('Nenhuma carteirinha cadastrada.')).toBeInTheDocument()
    expect(store.tiss.carteirinhas).toHaveLength(0)
  })

  it('is offered when booking on that convênio, with a warning when it expires before the day', async () => {
    const day = addDays(clinicToday(), 10)
    const expires = addDays(clinicToday(), 5)
    store.tiss.carteirinhas.push({
      id: 'c0000000-0000-4000-8000-000000000037',
      pacienteId: patient().id,
      convenioId: convenio().id,
      numero: '77665544',
      plano: 'Básico',
      validade: expires,
    })
    const { user, profile } = await openProfile()
    await user.click(within(profile).getByRole('button', { name: 'Agendar' }))
    const booking = within(await screen.findByRole('dialog', { name: 'Novo agendamento' }))
    await user.type(booking.getByLabelText(/^Data/), day)
    await user.selectOptions(await booking.findByLabelText('Tabela de preços'), convenio().nome)
    await user.click(await booking.findByRole('button', { name: 'Usar a carteirinha 77665544' }))
    expect(booking.getByLabelText('Número da carteirinha')).toHaveValue('77665544')
    expect(booking.getByRole('alert')).toHaveTextContent(
      messages.tissCarteirinhaVencida.replace('{data}', formatDate(expires)),
    )
    await waitFor(() => expect(booking.getByText(/Plano Básico/)).toBeInTheDocument())
  })
})
