// The waiting room's TV panels (issue 38, contract/paineis.ts): creation with a one-time code, pairing
// (the code is spent in the statement that stores the credential), revocation, the clinic's display choice
// and the feed a panel shows. Codes and credentials are kept as SHA-256 hashes only.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import {
  DEFAULT_CONFIGURACOES,
  PAINEL_CHAMADAS,
  PAINEL_CODIGO_DIGITS,
  PAINEL_CODIGO_MINUTES,
  PAINEL_CREDENCIAL_PREFIX,
  painelNome,
  type Painel,
  type PainelChamada,
  type PainelExibicao,
  type PainelCodigo,
} from '@contract'
import { agendamentos, chamadas, clinicaConfiguracoes, pacientes, paineis } from '../db/schema'
import type { Executor } from './executor'

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

const columns = {
  id: paineis.id,
  nome: paineis.nome,
  criadoEm: paineis.criadoEm,
  ultimoAcesso: paineis.ultimoAcesso,
  credencialHash: paineis.credencialHash,
  codigoExpiraEm: paineis.codigoExpiraEm,
  revogadoEm: paineis.revogadoEm,
}
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null } & {
  id: string
  nome: string
  criadoEm: Date
}

function toPainel(row: Row, now: Date): Painel {
  const codigoAberto = row.codigoExpiraEm !== null && row.codigoExpiraEm > now
  return {
    id: row.id,
    nome: row.nome,
    criadoEm: row.criadoEm.toISOString(),
    ultimoAcesso: row.ultimoAcesso?.toISOString() ?? null,
    pareado: row.credencialHash !== null,
    codigoExpiraEm: codigoAberto ? row.codigoExpiraEm!.toISOString() : null,
    revogadoEm: row.revogadoEm?.toISOString() ?? null,
  }
}

export async function list(db: Executor, now: Date): Promise<Painel[]> {
  const rows = await db.select(columns).from(paineis).orderBy(desc(paineis.criadoEm), desc(paineis.id))
  return rows.map((row) => toPainel(row, now))
}

/** A fresh code: uniformly random digits; a clash with a live code is retried by the caller's unique index. */
function newCode(): string {
  let code = ''
  for (let i = 0; i < PAINEL_CODIGO_DIGITS; i++) code += String(randomInt(10))
  return code
}

async function withNewCode(
  run: (hash: string, expiraEm: Date) => Promise<Row | undefined>,
  now: Date,
): Promise<PainelCodigo | undefined> {
  for (let attempt = 0; ; attempt++) {
    const codigo = newCode()
    const expiraEm = new Date(now.getTime() + PAINEL_CODIGO_MINUTES * 60_000)
    try {
      const row = await run(hashSecret(codigo), expiraEm)
      if (!row) return undefined
      return { painel: toPainel(row, now), codigo, expiraEm: expiraEm.toISOString() }
    } catch (error) {
      // two live codes alike (one in a hundred million): another draw
      if (attempt < 3 && (error as { cause?: { code?: string } }).cause?.code === '23505') continue
      throw error
    }
  }
}

export function create(db: Executor, nome: string, now: Date): Promise<PainelCodigo | undefined> {
  return withNewCode(async (hash, expiraEm) => {
    const [row] = await db
      .insert(paineis)
      .values({ nome, codigoPareamentoHash: hash, codigoExpiraEm: expiraEm, criadoEm: now })
      .returning(columns)
    return row
  }, now)
}

/** A new code for a panel not revoked; undefined when there is none. */
export function newCodeFor(db: Executor, id: string, now: Date): Promise<PainelCodigo | undefined> {
  return withNewCode(async (hash, expiraEm) => {
    const [row] = await db
      .update(paineis)
      .set({ codigoPareamentoHash: hash, codigoExpiraEm: expiraEm })
      .where(and(eq(paineis.id, id), isNull(paineis.revogadoEm)))
      .returning(columns)
    return row
  }, now)
}

/** Spends a live code: the panel's new credential replaces any before it, in one statement. */
export async function pair(
  db: Executor,
  codigo: string,
  now: Date,
): Promise<{ credencial: string; painel: { id: string; nome: string } } | undefined> {
  const credencial = PAINEL_CREDENCIAL_PREFIX + randomBytes(32).toString('base64url')
  const [row] = await db
    .update(paineis)
    .set({
      codigoPareamentoHash: null,
      codigoExpiraEm: null,
      credencialHash: hashSecret(credencial),
      ultimoAcesso: now,
    })
    .where(
      and(
        eq(paineis.codigoPareamentoHash, hashSecret(codigo)),
        gt(paineis.codigoExpiraEm, now),
        isNull(paineis.revogadoEm),
      ),
    )
    .returning({ id: paineis.id, nome: paineis.nome })
  return row ? { credencial, painel: row } : undefined
}

export async function revoke(db: Executor, id: string, now: Date): Promise<Painel | undefined> {
  const [row] = await db
    .update(paineis)
    .set({
      revogadoEm: sql`coalesce(${paineis.revogadoEm}, ${now.toISOString()}::timestamptz)`,
      credencialHash: null,
      codigoPareamentoHash: null,
      codigoExpiraEm: null,
    })
    .where(eq(paineis.id, id))
    .returning(columns)
  return row ? toPainel(row, now) : undefined
}

/** The panel a credential belongs to, its last access noted; undefined when revoked or unknown. */
export async function byCredential(
  db: Executor,
  credencial: string,
): Promise<{ id: string; nome: string } | undefined> {
  const [row] = await db
    .update(paineis)
    .set({ ultimoAcesso: sql`now()` })
    .where(and(eq(paineis.credencialHash, hashSecret(credencial)), isNull(paineis.revogadoEm)))
    .returning({ id: paineis.id, nome: paineis.nome })
  return row
}

/** Which of these credentials still read a panel (their last access noted): an open feed checks it. */
export async function liveCredentials(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set()
  const rows = await db
    .update(paineis)
    .set({ ultimoAcesso: sql`now()` })
    .where(and(inArray(paineis.credencialHash, hashes), isNull(paineis.revogadoEm)))
    .returning({ hash: paineis.credencialHash })
  return new Set(rows.map((row) => row.hash!))
}

export async function exibicao(db: Executor): Promise<PainelExibicao> {
  const [row] = await db
    .select({ exibicao: clinicaConfiguracoes.painelExibicao })
    .from(clinicaConfiguracoes)
    .where(eq(clinicaConfiguracoes.id, 1))
  return row?.exibicao ?? 'nome_inicial'
}

export async function saveExibicao(db: Executor, exibicao: PainelExibicao, userId: string): Promise<void> {
  const d = DEFAULT_CONFIGURACOES
  await db
    .insert(clinicaConfiguracoes)
    .values({
      id: 1,
      nome: d.nome,
      endereco: d.endereco,
      telefone: d.telefone,
      cnpj: d.cnpj,
      modeloMensagem: d.modeloMensagem,
      painelExibicao: exibicao,
      updatedBy: userId,
    })
    .onConflictDoUpdate({ target: clinicaConfiguracoes.id, set: { painelExibicao: exibicao } })
}

/**
 * The last calls of the clinic day `dia` (floating wall-clock datahora), newest first, named as the clinic
 * chose. 'senha': the patient's place in the day's arrival order (1 for the first to arrive).
 */
export async function feedCalls(db: Executor, dia: string, exibicao: PainelExibicao): Promise<PainelChamada[]> {
  const day = sql`${agendamentos.datahora} >= ${`${dia}T00:00:00Z`}::timestamptz and ${agendamentos.datahora} < (${`${dia}T00:00:00Z`}::timestamptz + interval '1 day')`
  const rows = await db
    .select({
      id: chamadas.id,
      sala: chamadas.sala,
      chamadoEm: chamadas.chamadoEm,
      nome: pacientes.nome,
      senha: sql<number | null>`(
        select count(*)::int from ${agendamentos} a2
        where a2.chegada is not null and a2.chegada <= ${agendamentos.chegada}
          and a2.datahora >= ${`${dia}T00:00:00Z`}::timestamptz
          and a2.datahora < (${`${dia}T00:00:00Z`}::timestamptz + interval '1 day'))`,
    })
    .from(chamadas)
    .innerJoin(agendamentos, eq(agendamentos.id, chamadas.agendamentoId))
    .innerJoin(pacientes, eq(pacientes.id, agendamentos.pacienteId))
    .where(day)
    .orderBy(desc(chamadas.chamadoEm), desc(chamadas.id))
    .limit(PAINEL_CHAMADAS)
  return rows.map((row) => ({
    id: row.id,
    sala: row.sala,
    chamadoEm: row.chamadoEm.toISOString(),
    nome:
      exibicao === 'senha' ? (row.senha ? `Senha ${row.senha}` : painelNome(row.nome)) : painelNome(row.nome, exibicao),
  }))
}
