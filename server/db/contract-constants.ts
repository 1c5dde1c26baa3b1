// The contract's numbers PostgreSQL's own rules need (migration 0019: an appointment's default duration in its
// written answer, the clinic's date of a payment's check), written from the contract as SQL functions each time
// the migrations run, and before them: a number is written once, in the contract, and a migration may use them.
import { CLINIC_UTC_OFFSET_HOURS, DEFAULT_EXAM_MINUTES } from '@contract'

function constant(name: string, value: number): string {
  if (!Number.isInteger(value)) throw new Error(`${name}: not an integer`)
  return `CREATE OR REPLACE FUNCTION "${name}"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT ${value}';`
}

/** The statements that write them (idempotent: run under the migrations' lock, server/db/database.ts). */
export function contractConstantsSql(): string {
  return [
    // contract/agenda.ts: a free-text exam's minutes
    constant('clinica_default_exam_minutes', DEFAULT_EXAM_MINUTES),
    // contract/clinic-time.ts: the clinic's offset from UTC, in hours
    constant('clinica_utc_offset_hours', CLINIC_UTC_OFFSET_HOURS),
  ].join('\n')
}
