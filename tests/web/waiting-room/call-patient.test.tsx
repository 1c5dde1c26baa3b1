// 'Chamar' on the day board (issue 38), as a receptionist meets it: only a patient 'Aguardando' has it; the
// room is asked (the machine's room filled in when there is one); the call is said, the entry shows when
// and where, the button becomes 'Chamar novamente', and the call is in the appointment's history.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const entry = (name: string) => screen.findByRole('group', { name })

describe("'Chamar' on the board", () => {
  it('calls the waiting patient to the room typed, then offers to call again', async () => {
    const { user } = renderApp('/', { as: 'staff' })
    const joao = await entry('João da Silva, 10:00')
    // only the waiting patient is called
    const conceicao = await entry('Conceição Araújo, 08:30')
    expect(within(conceicao).queryByRole('button', { name: /^Chamar/ })).not.toBeInTheDocument()

    await user.click(await within(joao).findByRole('button', { name: 'Chamar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Chamar João da Silva (10:00)' })
    const sala = within(dialog).getByRole('textbox', { name: /^Sala/ })
    await user.clear(sala)
    await user.click(within(dialog).getByRole('button', { name: 'Chamar' }))
    expect(within(dialog).getByText(messages.callRoomRequired)).toBeInTheDocument()
    expect(store.chamadas).toHaveLength(0)

    await user.type(sala, 'Consultório 2')
    await user.click(within(dialog).getByRole('button', { name: 'Chamar' }))
    await findToast(messages.patientCalled.replace('{sala}', 'Consultório 2'))
    expect(store.chamadas).toMatchObject([{ agendamentoId: SEED_IDS.agendamentos.today2, sala: 'Consultório 2' }])
    expect(await within(joao).findByRole('button', { name: 'Chamar novamente' })).toBeInTheDocument()
    expect(within(joao).getByText(/^Chamado às \d\d:\d\d — Consultório 2$/)).toBeInTheDocument()
  })
})
