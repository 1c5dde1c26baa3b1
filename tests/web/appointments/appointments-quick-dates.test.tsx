// Issue 14: the appointments list's quick choices fill (or clear) the specification's two dates; the
// specification's rule for one date alone still holds.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages } from '@contract'
import { renderApp } from '../../support/render-app'

describe("'Hoje', 'Amanhã', 'Esta semana', 'Todos'", () => {
  it('fill the start and end dates, or clear them', async () => {
    const { user } = renderApp('/agendamentos', { as: 'staff', userEventOptions: { delay: null } })
    await screen.findByRole('heading', { name: 'Gerenciamento de Agendamentos' })
    const inicio = screen.getByLabelText('Data início')
    const fim = screen.getByLabelText('Data fim')
    const today = clinicToday()

    await user.click(screen.getByRole('button', { name: 'Hoje' }))
    expect(inicio).toHaveValue(today)
    expect(fim).toHaveValue(today)
    expect(screen.getByRole('button', { name: 'Hoje' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(screen.getByRole('button', { name: 'Amanhã' }))
    expect(inicio).toHaveValue(addDays(today, 1))
    expect(fim).toHaveValue(addDays(today, 1))

    await user.click(screen.getByRole('button', { name: 'Esta semana' }))
    const start = (inicio as HTMLInputElement).value
    expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1)
    expect(fim).toHaveValue(addDays(start, 6))
    expect(start <= today && today <= addDays(start, 6)).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Todos' }))
    expect(inicio).toHaveValue('')
    expect(fim).toHaveValue('')

    // the specification's rule: one date without the other
    await user.click(screen.getByRole('button', { name: 'Hoje' }))
    await user.clear(fim)
    await waitFor(() => expect(screen.getAllByText(messages.dateRangeNeedsBoth).length).toBeGreaterThan(0))
  })
})
