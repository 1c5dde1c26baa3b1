// A doctor's A1 certificate (issue 36 point 5): one row per doctor, replaced on upload. The bytes are read
// only by the signature; every answer carries the metadata alone.
import { eq } from 'drizzle-orm'
import type { CertificadoMedico } from '@contract'
import { medicoCertificados } from '../db/schema'
import type { Executor } from './executor'

export interface NewCertificate {
  medicoId: string
  p12: Buffer
  titular: string
  emissor: string
  validoAte: Date
  serial: string
}

const metadata = {
  titular: medicoCertificados.titular,
  emissor: medicoCertificados.emissor,
  validoAte: medicoCertificados.validoAte,
  serial: medicoCertificados.serial,
  enviadoEm: medicoCertificados.enviadoEm,
}

type Row = { titular: string; emissor: string; validoAte: Date; serial: string; enviadoEm: Date }

const toCertificado = (row: Row): CertificadoMedico => ({
  titular: row.titular,
  emissor: row.emissor,
  validoAte: row.validoAte.toISOString(),
  serial: row.serial,
  enviadoEm: row.enviadoEm.toISOString(),
})

export async function find(db: Executor, medicoId: string): Promise<CertificadoMedico | null> {
  const [row] = await db.select(metadata).from(medicoCertificados).where(eq(medicoCertificados.medicoId, medicoId))
  return row ? toCertificado(row) : null
}

/** The file itself, for the signature (laudo release). */
export async function findFile(db: Executor, medicoId: string): Promise<{ p12: Buffer; serial: string } | null> {
  const [row] = await db
    .select({ p12: medicoCertificados.p12, serial: medicoCertificados.serial })
    .from(medicoCertificados)
    .where(eq(medicoCertificados.medicoId, medicoId))
  return row ?? null
}

export async function save(db: Executor, certificate: NewCertificate, now: Date): Promise<CertificadoMedico> {
  const values = { ...certificate, enviadoEm: now }
  const [row] = await db
    .insert(medicoCertificados)
    .values(values)
    .onConflictDoUpdate({ target: medicoCertificados.medicoId, set: values })
    .returning(metadata)
  return toCertificado(row!)
}

/** The removed certificate's serial, or null when there was none. */
export async function remove(db: Executor, medicoId: string): Promise<string | null> {
  const [row] = await db
    .delete(medicoCertificados)
    .where(eq(medicoCertificados.medicoId, medicoId))
    .returning({ serial: medicoCertificados.serial })
  return row?.serial ?? null
}
