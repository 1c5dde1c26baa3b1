// Issue 14: 'Dra.' wherever a doctor's name is written, not only in ADMIN's list. The screens learn each
// doctor's tratamento from GET /medico/tratamentos; the specification's calls still answer { id, nome }.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

beforeEach(() => {
  // Helena Duarte is addressed as 'Dra.' (ADMIN set it); the other doctors keep the default 'Dr.'
  store.medicoDetalhes[SEED_IDS.medicos.helena] = { tratamento: 'Dra.', crm: '', crmUf: '', especialidade: '', rqe: '' }
})

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent)

describe("'Dra.' on every screen that names a doctor", () => {
  it('the appointments list: its doctor column and filter, and the booking dialog', async () => {
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('cell', { name: 'Dra. Helena Duarte' }).length).toBe(2))
    expect(within(table).getAllByRole('cell', { name: 'Dr. Carlos Mendes' }).length).toBeGreaterThan(0)
    expect(within(table).queryByRole('cell', { name: 'Dr. Helena Duarte' })).not.toBeInTheDocument()
    expect(optionTexts(screen.getByLabelText('Filtrar por doutor'))).toEqual([
      'Nenhum doutor',
      'Dr. Carlos Mendes',
      'Dra. Helena Duarte',
      'Dr. João Batista Lima',
    ])

    await user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    const doctor = within(dialog).getByLabelText(/^Doutor/)
    await waitFor(() => expect(optionTexts(doctor)).toContain('Dra. Helena Duarte'))
    expect(optionTexts(doctor)).toContain('Dr. Carlos Mendes')
  })

  it("the home page's board and its doctor filter", async () => {
    renderApp('/', { as: 'staff' })
    const entry = await screen.findByRole('link', { name: /^João da Silva/ })
    await waitFor(() => expect(entry).toHaveTextContent('Dra. Helena Duarte'))
    expect(optionTexts(screen.getByLabelText('Médico'))).toContain('Dra. Helena Duarte')
    expect(screen.getByRole('link', { name: /^Conceição Araújo/ })).toHaveTextContent('Dr. Carlos Mendes')
  })

  it("the board's day list to print", async () => {
    renderApp(`/?medico=${SEED_IDS.medicos.helena}`, { as: 'staff' })
    const print = await screen.findByRole('button', { name: 'Imprimir lista do dia' })
    await waitFor(() => expect(print).toBeEnabled())
    const sheet = document.querySelector<HTMLElement>('.print-sheet')!
    await waitFor(() =>
      expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent(/— Dra\. Helena Duarte$/),
    )
  })

  it('the agenda by doctor', async () => {
    renderApp('/agenda?por=medico', { as: 'staff' })
    const recurso = await screen.findByLabelText('Recurso')
    await waitFor(() => expect(optionTexts(recurso)).toContain('Dra. Helena Duarte'))
    expect(optionTexts(recurso)).not.toContain('Dr. Helena Duarte')
  })
})
