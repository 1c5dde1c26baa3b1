// Error toasts: the same error on screen is not raised twice, but one raised again while the earlier toast
// is leaving (closed, its exit animation under way) shows again — react-toastify ignores an id it still
// has, so each failure (a second wrong password, say) would otherwise go unseen. jsdom never ends the
// exit animation: a closed toast stays "leaving" here for good.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ToastContainer } from 'react-toastify'
import { describe, expect, it } from 'vitest'
import { notifyError } from '@/lib/notify'

const TEXT = 'Email ou senha inválidos'

describe('notifyError', () => {
  it('raised twice while the first is on screen: one toast; raised again while it leaves: a new one', async () => {
    render(<ToastContainer autoClose={5000} closeOnClick={false} />)
    act(() => notifyError(TEXT))
    const first = await screen.findByRole('alert')
    act(() => notifyError(TEXT))
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(screen.getAllByText(TEXT)).toHaveLength(1)

    const toast = first.closest('.Toastify__toast') as HTMLElement
    fireEvent.click(within(toast).getByRole('button', { name: /close/i }))
    act(() => notifyError(TEXT))
    await waitFor(() => expect(screen.getAllByText(TEXT)).toHaveLength(2))
  })
})
