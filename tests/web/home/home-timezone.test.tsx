// The device is far from the clinic: Kiritimati is UTC+14. Set before anything reads the clock.
process.env.TZ = 'Pacific/Kiritimati'

import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetStore } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

afterEach(() => {
  vi.useRealTimers()
})

describe('home on a device in another timezone', () => {
  it("shows the clinic's date and the appointments' wall-clock times unchanged", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    // 12:00 UTC on the 9th: 09:00 on the 9th at the clinic, 02:00 on the 10th on this device.
    vi.setSystemTime(new Date('2025-03-09T12:00:00.000Z'))
    expect(new Date().getDate()).toBe(10) // the device's own calendar says the 10th
    resetStore()
    renderApp('/', { as: 'staff' })
    expect(await screen.findByRole('heading', { name: 'Agendamentos dia 09/03/2025' })).toBeInTheDocument()
    expect(await screen.findByText('09/03/2025 08:30')).toBeInTheDocument()
    expect(screen.getByText('09/03/2025 16:30')).toBeInTheDocument()
  })
})
