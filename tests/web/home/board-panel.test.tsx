// An entry's panel on the board (issue 34): pressing an entry opens the appointment over the board — status
// moves (a walk-in's 'Registrar chegada' straight from 'Agendado'), payment, print, WhatsApp, edit — and
// 'Fechar' returns to the board; a doctor's user reads exams, preparation and the note, nothing of the desk.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { SEED_DOCTOR, SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const boardList = () => screen.findByRole('list', { name: /^Agendamentos dia / })

async function openEntry(user: ReturnType<typeof renderApp>['user'], patient: string, time: string) {
  const list = await screen.findByRole('list', { name: /^(Agendamentos dia|Minha agenda) / })
  await user.click(within(list).getByRole('link', { name: new RegExp(`^${patient}`) }))
  return screen.findByRole('dialog', { name: `${patient}, ${time}` })
}

describe("the board's entry panel", () => {
  it("registers a walk-in's arrival from 'Agendado' without a confirmation, and 'Fechar' returns to the board", async () => {
    const { user, router } = renderApp('/', { as: 'staff' })
    await boardList()
    const panel = await openEntry(user, 'Maria das Graças Souza', '14:00')
    expect(within(panel).getByText('Agendado')).toBeInTheDocument()
    const moves = within(panel).getByRole('group', { name: 'Status do agendamento' })
    expect(within(moves).getByRole('button', { name: 'Confirmar' })).toBeInTheDocument()
    await user.click(within(moves).getByRole('button', { name: 'Registrar chegada' }))
    // it asks the legal priority first (issue 38): none
    const arrival = await screen.findByRole('dialog', { name: /^Registrar chegada de Maria das Graças Souza/ })
    await user.click(within(arrival).getByRole('button', { name: 'Registrar chegada' }))
    await findToast(messages.arrivalRegistered)
    // the panel follows the move: now 'Iniciar atendimento'
    expect(await within(panel).findByRole('button', { name: 'Iniciar atendimento' })).toBeInTheDocument()
    expect(within(panel).getByText('Aguardando')).toBeInTheDocument()
    const history = store.statusMoves.filter((m) => m.agendamentoId === SEED_IDS.agendamentos.today3)
    expect(history.map((m) => [m.de, m.para])).toEqual([['agendado', 'aguardando']])

    await user.click(within(panel).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Maria das Graças Souza/ })).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(await boardList()).toBeInTheDocument()
  })

  it("offers 'Registrar pagamento' only while something is left to pay; print, WhatsApp and edit are there", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    await boardList()
    const paid = await openEntry(user, 'Conceição Araújo', '08:30')
    expect(await within(paid).findByRole('heading', { name: 'Pagamento' })).toBeInTheDocument()
    expect(within(paid).queryByRole('button', { name: 'Registrar pagamento' })).toBeNull()
    expect(await within(paid).findByRole('button', { name: 'Imprimir comprovante' })).toBeInTheDocument()
    expect(await within(paid).findByRole('link', { name: 'Enviar WhatsApp para Conceição Araújo' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/55/),
    )
    await user.click(within(paid).getByRole('button', { name: 'Fechar' }))

    const pending = await openEntry(user, 'João da Silva', '10:00')
    expect(await within(pending).findByRole('button', { name: 'Registrar pagamento' })).toBeInTheDocument()
    // the edit form opens over the board; its 'Fechar' comes back to the panel
    await user.click(within(pending).getByRole('button', { name: 'Editar agendamento' }))
    const edit = await screen.findByRole('dialog', { name: 'Agendamento do paciente João da Silva' })
    await user.click(within(edit).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Agendamento do paciente/ })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'João da Silva, 10:00' })).toBeInTheDocument()
  })

  it("shows a doctor's user exams, preparation and the note, without the desk's value, payment or form", async () => {
    store.users.push({ ...SEED_DOCTOR })
    const { user } = renderApp('/minha-agenda', { as: 'doctor' })
    await screen.findByRole('list', { name: /^Minha agenda / })
    const panel = await openEntry(user, 'Maria das Graças Souza', '14:00')
    const read = within(panel).getByRole('region', { name: 'Exames e anotação' })
    expect(within(read).getByText('Mamografia')).toBeInTheDocument()
    expect(within(read).getByText('Ultrassonografia mamária')).toBeInTheDocument()
    expect(within(read).getByText('Trazer exames anteriores.')).toBeInTheDocument()
    for (const absent of ['Registrar pagamento', 'Editar agendamento', 'Imprimir comprovante', 'Confirmar'])
      expect(within(panel).queryByRole('button', { name: absent })).toBeNull()
    expect(within(panel).queryByRole('heading', { name: 'Pagamento' })).toBeNull()
    expect(within(panel).queryByText(/Valor/)).toBeNull()
  })
})
