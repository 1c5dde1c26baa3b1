// GET /health (public): `{ ok: true }`, as the server's liveness answer.
import { mockRoute } from '../pipeline'

export const healthHandlers = [mockRoute('health', () => ({ ok: true }))]
