// GET /health (public): `{ ok: true, database: 'ok' }` — the mock's database always answers.
import { mockRoute } from '../pipeline'

export const healthHandlers = [mockRoute('health', () => ({ ok: true as const, database: 'ok' as const }))]
