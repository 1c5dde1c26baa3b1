// A long day on the board (issue #18): the board paints its first entries first and the rest follow
// (day-board.tsx, firstEntries); every entry of the day ends up on it, in time order, with the current-time
// line in its place.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { clinicToday, formatDate } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

describe('the day board on a long day', () => {
  it('lists every one of 64 entries in time order, with the current-time line among them', async () => {
    const today = clinicToday()
    const model = store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.today1)!
    // 60 more, every 20 minutes from 00:00 (the seed's 4 are at 08:30, 10:00, 14:00 and 16:30)
    for (let i = 0; i < 60; i++) {
      const minutes = i * 20 + 5
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
      store.agendamentos.push({
        ...model,
        id: `3d8b2f9a-4f5c-4dae-9a3b-1000000000${String(i).padStart(2, '0')}`,
        datahora: `${today}T${time}:00.000Z`,
      })
    }
    renderApp('/', { as: 'staff' })
    const list = await screen.findByRole('list', { name: `Agendamentos dia ${formatDate(today)}` })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(64))
    const times = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('time')!.getAttribute('datetime')!)
    expect(times).toEqual([...times].sort())
    expect(times.at(-1)).toBe(`${today}T19:45`)
    expect(screen.getAllByRole('group', { name: /^Conceição Araújo, / })).toHaveLength(61)
    expect(screen.getByRole('separator', { name: /^Agora, \d\d:\d\d$/ })).toBeInTheDocument()
  })
})
