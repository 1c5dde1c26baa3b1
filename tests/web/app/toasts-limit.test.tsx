// Toasts never pile up (issue 34): at most TOAST_LIMIT on screen at once; the others wait their turn.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TOAST_LIMIT } from '@/app/toasts'
import { notifyInfo, notifySuccess } from '@/lib/notify'
import { renderApp } from '../../support/render-app'
import { findToast, shownToasts } from '../../support/toasts'

describe('toasts', () => {
  it('shows at most two at a time, however many are raised', async () => {
    renderApp('/', { as: 'staff' })
    await screen.findByRole('heading', { name: /^Agendamentos dia / })
    expect(TOAST_LIMIT).toBe(2)
    notifySuccess('Primeiro aviso')
    notifyInfo('Segundo aviso')
    notifySuccess('Terceiro aviso')
    notifyInfo('Quarto aviso')
    await findToast('Segundo aviso')
    await waitFor(() => expect(shownToasts()).toHaveLength(2))
    expect(screen.queryByText('Terceiro aviso')).toBeNull()
    expect(screen.queryByText('Quarto aviso')).toBeNull()
  })
})
