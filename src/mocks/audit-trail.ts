// The mock's audit trail, as the server's: who did what to which record, with the names of the fields
// written or changed, never their values; read back newest first by the historico calls.
import { HISTORICO_MAX_ENTRIES, statusChangeFields, type HistoricoEntry } from '@contract'
import type { MockStore, StoredAuditEntry, StoredUser } from './store'

export function audit(store: MockStore, user: StoredUser, entry: Omit<StoredAuditEntry, 'at' | 'userId'>) {
  store.auditLog.push({ ...entry, fields: [...entry.fields], at: new Date(store.now()).toISOString(), userId: user.id })
}

/** The names of the fields whose values differ between two readings of a record. */
export function changed<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): string[] {
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
}

export function historicoOf(store: MockStore, entity: StoredAuditEntry['entity'], id: string): HistoricoEntry[] {
  return store.auditLog
    .filter((e) => e.entity === entity && e.entityId === id)
    .reverse()
    .slice(0, HISTORICO_MAX_ENTRIES)
    .map((e) => {
      const u = store.users.find((x) => x.id === e.userId)
      return { at: e.at, action: e.action, user: u ? { id: u.id, nome: u.nome } : null, fields: [...e.fields] }
    })
}

/** An appointment's status moves as history entries, newest first (the server's agendamento_status). */
export function statusHistoricoOf(store: MockStore, agendamentoId: string): HistoricoEntry[] {
  return store.statusMoves
    .filter((m) => m.agendamentoId === agendamentoId)
    .reverse()
    .map((m) => {
      const u = store.users.find((x) => x.id === m.userId)
      return {
        at: m.at,
        action: m.tipo === 'mover' ? 'status' : 'status_desfeito',
        user: u ? { id: u.id, nome: u.nome } : null,
        fields: statusChangeFields(m.de, m.para),
        status: {
          de: m.de,
          para: m.para,
          ...(m.motivo ? { motivo: m.motivo } : {}),
          ...(m.texto ? { texto: m.texto } : {}),
        },
      }
    })
}
