// Who may write an appointment (issue 35, docs/decisions.md "Closed doors"): ADMIN and the front desk every
// doctor's, a user linked to a doctor only their own doctor's — the one rule of contract/status.ts, asked by
// every route that books, changes, reschedules, pays or deletes an appointment.
import { appointmentWriteRefusal, type Role } from '@contract'
import { sql } from 'drizzle-orm'
import { users } from '../db/schema'
import { HttpError } from '../plugins/errors'
import { arrayRows, sqlArrayQuery } from '../repositories/array-rows'
import type { Executor } from '../repositories/executor'

// asked by every booking of the front desk: a named statement, planned once per connection
const doctorLinkQuery = sqlArrayQuery(
  sql`select ${users.medicoId} from ${users} where ${users.id} = ${sql.placeholder('id')}`,
  'users_doctor_link',
)

async function medicoOf(tx: Executor, userId: string): Promise<string | null> {
  const [row] = await arrayRows(tx, doctorLinkQuery, { id: userId })
  return (row?.[0] ?? null) as string | null
}

/** Throws 403 appointmentNotYours unless `user` may write appointments of every doctor in `medicoIds`. */
export async function refuseUnlessOwnAgenda(
  tx: Executor,
  user: { sub: string; role: Role },
  medicoIds: readonly string[],
): Promise<void> {
  // ADMIN needs no look-up; everyone else's doctor link is read in the caller's transaction
  if (user.role === 'ADMIN') return
  const refusal = appointmentWriteRefusal({ role: user.role, medicoId: await medicoOf(tx, user.sub) }, medicoIds)
  if (refusal) throw new HttpError(403, refusal)
}
