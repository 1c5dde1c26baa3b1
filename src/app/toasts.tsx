// The toast container, loaded after the first render (react-toastify is ~9 KiB gzip the first screen
// never needs). Toasts raised before it mounts wait in react-toastify's queue.
import { ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'

export default function Toasts() {
  // SPEC §9: top-right, 5000 ms.
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick={false} pauseOnFocusLoss />
}
