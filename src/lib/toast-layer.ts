// Where the toasts live in the page. A modal <dialog> (showModal) sits in the browser's top layer, above
// any z-index, and makes everything outside it inert — a toast outside would be hidden behind it and
// left out of the accessibility tree. So while modals are open, the toasts' element is moved inside the
// topmost one, and back to <body> when the last one closes (docs/decisions.md "Failures").

/** The open modal dialogs, in the order they opened: the last one is on top. */
const openModals: HTMLElement[] = []
let host: HTMLElement | null = null

/** The element the toast container renders into (created on first use; the container is lazy). */
export function toastHost(): HTMLElement {
  if (!host) {
    host = document.createElement('div')
    host.className = 'toast-host'
  }
  place()
  return host
}

/** A modal dialog was shown (after showModal(), so that its own first field takes the focus). */
export function modalOpened(dialog: HTMLElement): void {
  if (!openModals.includes(dialog)) openModals.push(dialog)
  place()
}

/** A modal dialog closed or left the page. */
export function modalClosed(dialog: HTMLElement): void {
  const index = openModals.indexOf(dialog)
  if (index >= 0) openModals.splice(index, 1)
  place()
}

function place() {
  if (!host) return
  const target = openModals.at(-1) ?? document.body
  if (host.parentNode === target) return
  // moveBefore (Chrome 133+) keeps the toasts' running animations (their progress bars) as they are;
  // appendChild restarts them, which only makes a toast stay a little longer.
  const move = (target as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void }).moveBefore
  if (move && host.isConnected) {
    try {
      return move.call(target, host, null)
    } catch {
      // not movable this way (another document): a plain move below
    }
  }
  target.appendChild(host)
}
