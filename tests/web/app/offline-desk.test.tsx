// Offline, where the desk's capabilities meet (issue 34): a patient search looks in the saved list rather
// than showing the whole list silently; tomorrow's board is kept while online and an unsaved day is named.
import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { addDays, clinicToday, formatDate } from '@contract'
import { agendamentoKeys } from '@/lib/query-keys'
import { renderApp } from '../../support/render-app'

afterEach(() => act(() => onlineManager.setOnline(true)))

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent)

describe('offline at the desk', () => {
  it('a name search offline filters the saved list and says so', async () => {
    const { user } = renderApp('/pacientes', { as: 'staff' })
    await screen.findByRole('cell', { name: 'Conceição Araújo' })
    expect(rows().length).toBeGreaterThan(2)
    act(() => onlineManager.setOnline(false))
    await user.type(screen.getByPlaceholderText('Digite o nome do paciente'), 'conceicao')
    expect(await screen.findByText(/^Sem conexão: a busca foi feita só na lista salva/)).toBeInTheDocument()
    await waitFor(() => expect(rows()).toEqual(['Conceição Araújo']))
  })

  it("keeps tomorrow's board once today's has loaded online", async () => {
    const { queryClient } = renderApp('/', { as: 'staff' })
    await screen.findByRole('list', { name: /^Agendamentos dia / })
    const tomorrow = addDays(clinicToday(), 1)
    await waitFor(() => expect(queryClient.getQueryState(agendamentoKeys.day(tomorrow))?.status).toBe('success'))
  })

  it('names the day shown when offline with nothing saved for it', async () => {
    const day = addDays(clinicToday(), 3)
    act(() => onlineManager.setOnline(false))
    renderApp(`/?dia=${day}`, { as: 'staff' })
    expect(await screen.findByText(`Sem conexão e sem dados salvos para ${formatDate(day)}.`)).toBeInTheDocument()
  })
})
