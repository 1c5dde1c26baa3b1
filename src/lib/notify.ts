import { toast } from 'react-toastify'

// SPEC §9: toasts top-right, closed after 5000 ms. The container sets the same defaults; repeating
// them here keeps a toast right even if it is raised before the container mounts.
const options = { position: 'top-right', autoClose: 5000 } as const

export function notifySuccess(message: string) {
  // The id de-duplicates a toast raised twice in a row (e.g. a double render in StrictMode).
  return toast.success(message, { ...options, toastId: `success:${message}` })
}

export function notifyError(message: string) {
  // Errors are announced at once (role=alert) so a screen-reader user hears why nothing happened.
  return toast.error(message, { ...options, toastId: `error:${message}`, role: 'alert' })
}

export function notifyInfo(message: string) {
  return toast.info(message, { ...options, toastId: `info:${message}` })
}
