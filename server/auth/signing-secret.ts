// The token-signing secret in use is derived from the configured one (JWT_SECRET, or the one kept in
// app_settings) and the database's signing epoch. `npm run restore` writes a new epoch into the restored
// database unless told to keep the sessions (--manter-sessoes): the dump carries app_settings, secret
// included, so without this every token issued before the backup would still be accepted after a restore.
// Changing the epoch changes the secret, and every token signed before is refused.
import { createHmac, randomBytes } from 'node:crypto'
import type pg from 'pg'
import type { Db } from '../db/client'
import { signingEpoch } from '../db/schema'

/** The secret that signs and verifies tokens: the configured one when no epoch was ever set. */
export async function currentSigningSecret(db: Db, configured: string): Promise<string> {
  const [row] = await db.select({ epoch: signingEpoch.epoch }).from(signingEpoch).limit(1)
  return row ? deriveSigningSecret(configured, row.epoch) : configured
}

export function deriveSigningSecret(configured: string, epoch: string): string {
  return createHmac('sha256', configured).update(`signing-epoch:${epoch}`).digest('base64url')
}

/**
 * Sets a new epoch (every token signed before is refused from the next start on). Takes a plain pg client:
 * the restore tool talks to a database no server runs on. Creates the table when the dump predates it.
 */
export async function rotateSigningEpoch(client: pg.ClientBase): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS "signing_epoch" (
    "id" boolean PRIMARY KEY DEFAULT true NOT NULL,
    "epoch" text NOT NULL,
    "set_at" timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT "signing_epoch_single_row" CHECK ("signing_epoch"."id"))`)
  await client.query(
    `insert into signing_epoch (id, epoch) values (true, $1) on conflict (id) do update set epoch = excluded.epoch, set_at = now()`,
    [randomBytes(24).toString('base64url')],
  )
}
