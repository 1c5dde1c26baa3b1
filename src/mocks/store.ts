// The msw handlers' in-memory database: users (plain passwords — a mock, never read back), doctors,
// patients (soft delete through `ativo`, lost-update guard through `versao`), appointments and failed
// sign-ins for the login throttle. Everything here is plain data so a test can look and poke. What a
// store starts from (the seed users, the demo clinic) is in seed.ts, re-exported here so that
// `@/mocks/store` stays the one import of the tests.
import { PARTICULAR_ID, PARTICULAR_NOME } from '@contract'
import type { MockStore, StoreData, StoreSeed } from './store-shapes'
import { demoSeed } from './seed'

export type * from './store-shapes'
export { demoSeed, SEED_ADMIN, SEED_CREDENTIALS, SEED_DOCTOR, SEED_IDS, SEED_STAFF, usersOnlySeed } from './seed'

function cloneSeed(seed: StoreSeed): StoreData {
  return {
    users: (seed.users ?? []).map((u) => ({ ...u })),
    medicos: (seed.medicos ?? []).map((m) => ({ ...m })),
    pacientes: (seed.pacientes ?? []).map((p) => ({ ...p })),
    agendamentos: (seed.agendamentos ?? []).map((a) => ({ ...a, exames: [...a.exames] })),
    loginFailures: (seed.loginFailures ?? []).map((f) => ({ ...f })),
    auditLog: (seed.auditLog ?? []).map((e) => ({ ...e, fields: [...e.fields] })),
    statusMoves: (seed.statusMoves ?? []).map((m) => ({ ...m })),
    revokedTokens: [...(seed.revokedTokens ?? [])],
    clinica: seed.clinica ? { ...seed.clinica } : null,
    whatsappAberturas: (seed.whatsappAberturas ?? []).map((o) => ({ ...o })),
    idempotency: { ...seed.idempotency },
    exames: (seed.exames ?? []).map((e) => ({ ...e })),
    convenios: [
      // as the migration: 'Particular' exists whatever the seed says
      ...(seed.convenios?.some((c) => c.id === PARTICULAR_ID)
        ? []
        : [{ id: PARTICULAR_ID, nome: PARTICULAR_NOME, ans: null, ativo: true }]),
      ...(seed.convenios ?? []).map((c) => ({ ...c })),
    ],
    precos: (seed.precos ?? []).map((p) => ({ ...p })),
    agendamentoCatalogo: structuredClone(seed.agendamentoCatalogo ?? {}),
    pagamentos: (seed.pagamentos ?? []).map((p) => ({ ...p })),
    valorChanges: (seed.valorChanges ?? []).map((v) => ({ ...v })),
    equipamentos: (seed.equipamentos ?? []).map((e) => ({ ...e })),
    bloqueios: (seed.bloqueios ?? []).map((b) => ({ ...b })),
    medicoHorarios: { ...seed.medicoHorarios },
    medicoDetalhes: structuredClone(seed.medicoDetalhes ?? {}),
    dicomEventos: (seed.dicomEventos ?? []).map((e) => ({ ...e })),
    chamadas: (seed.chamadas ?? []).map((c) => ({ ...c })),
    laudoConfiguracoes: seed.laudoConfiguracoes ? { ...seed.laudoConfiguracoes } : null,
    tiss: structuredClone(seed.tiss ?? { convenios: {}, carteirinhas: [], solicitantes: [], guias: {}, contador: {} }),
    laudos: structuredClone(seed.laudos ?? []),
    paineis: (seed.paineis ?? []).map((p) => ({ ...p })),
    painelExibicao: seed.painelExibicao ?? 'nome_inicial',
    modelosLaudo: structuredClone(seed.modelosLaudo ?? {}),
    frasesProntas: (seed.frasesProntas ?? []).map((f) => ({ ...f })),
    laudoProtocolos: structuredClone(seed.laudoProtocolos ?? { porAgendamento: {}, ultimo: 0 }),
    lotesTiss: structuredClone(seed.lotesTiss ?? []),
  }
}

/**
 * A store over `seed` (default: the demo data; `{}` for an empty store, `usersOnlySeed()` for only the
 * two users). Pass a function to have the seed rebuilt on every reset.
 */
export function createStore(
  seed: StoreSeed | (() => StoreSeed) = () => demoSeed(),
  options: { now?: () => number } = {},
): MockStore {
  let source = seed
  const build = () => cloneSeed(typeof source === 'function' ? source() : source)
  const store: MockStore = {
    ...build(),
    now: options.now ?? (() => Date.now()),
    reset() {
      Object.assign(store, build())
    },
    reseed(next) {
      source = next
      store.reset()
    },
  }
  return store
}

/** Puts a store back to its seed (same as `store.reset()`). */
export function resetStore(store: MockStore): void {
  store.reset()
}

/** A new random id (UUID v4), as the database would give. */
export function newId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const hex = () => Math.floor(Math.random() * 16).toString(16)
  const block = (n: number) => Array.from({ length: n }, hex).join('')
  return `${block(8)}-${block(4)}-4${block(3)}-${'89ab'[Math.floor(Math.random() * 4)]}${block(3)}-${block(12)}`
}

/** Lowercase without accents: what name search and patient order compare (the server's unaccent). */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
