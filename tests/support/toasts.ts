// Finding a toast: a failed save is said both in a toast and in an alert inside its dialog, so a test that
// means the toast looks in the toasts' region (react-toastify's container, named 'Notificações').
import { screen, waitFor, within } from '@testing-library/react'

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** The toasts on screen (each one an alert while it shows; one that was dismissed is not). */
export function shownToasts(): HTMLElement[] {
  const region = screen.queryByRole('region', { name: 'Notificações' })
  return region ? within(region).queryAllByRole('alert') : []
}

/** The toast that reads `text` (the whole toast), once it shows. */
export function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = shownToasts().find((element) => normalise(element.textContent) === text)
    if (!toast)
      throw new Error(
        `No toast reads "${text}"; shown: ${JSON.stringify(shownToasts().map((t) => normalise(t.textContent)))}`,
      )
    return toast
  })
}

/** The alert a dialog (or a form) shows at its top — not a toast, even one shown inside that dialog. */
export function findFormAlert(container: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const toasts = shownToasts()
    const alerts = within(container)
      .queryAllByRole('alert')
      .filter((alert) => !toasts.includes(alert) && !alert.closest('.toast-host'))
    if (alerts.length !== 1) throw new Error(`Expected one alert in the form, found ${alerts.length}`)
    return alerts[0]!
  })
}
