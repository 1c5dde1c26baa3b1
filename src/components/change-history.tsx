import {
  formaPagamentoLabels,
  historicoActionLabels,
  historicoFieldLabels,
  motivoLabels,
  statusLabels,
  type HistoricoEntry,
} from '@contract'
import { capitalizeName, formatClinicStamp, formatMoney } from '@/lib/format'

export interface ChangeHistoryProps {
  entries: HistoricoEntry[] | undefined
  /** The query's state: loading, failed (e.g. offline) or ready. */
  status: 'pending' | 'error' | 'success'
}

const fieldList = (fields: string[]) => fields.map((field) => historicoFieldLabels[field] ?? field).join(', ')

/** 'Aguardando → Cancelado (motivo: Paciente — Remarcou.)'. */
function statusMove(move: NonNullable<HistoricoEntry['status']>): string {
  const reason = move.motivo ? ` (motivo: ${motivoLabels[move.motivo]}${move.texto ? ` — ${move.texto}` : ''})` : ''
  return `${statusLabels[move.de]} → ${statusLabels[move.para]}${reason}`
}

/** 'Histórico de alterações': who changed what (field names, never values; the status moves), when — newest first. */
export function ChangeHistory({ entries, status }: ChangeHistoryProps) {
  return (
    <section className="change-history" aria-labelledby="change-history-title">
      <h3 id="change-history-title">Histórico de alterações</h3>
      {status === 'pending' && <p role="status">Carregando histórico…</p>}
      {status === 'error' && <p>Histórico indisponível no momento.</p>}
      {status === 'success' && entries?.length === 0 && <p>Nenhuma alteração registrada.</p>}
      {status === 'success' && entries && entries.length > 0 && (
        <ol className="change-history__list">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{formatClinicStamp(new Date(entry.at))}</time>
              {' — '}
              {historicoActionLabels[entry.action]}
              {entry.fields.length > 0 && entry.action === 'update' ? `: ${fieldList(entry.fields)}` : ''}
              {entry.status && `: ${statusMove(entry.status)}`}
              {entry.pagamento &&
                `: ${formaPagamentoLabels[entry.pagamento.forma]}, ${formatMoney(entry.pagamento.valorIncents)}`}
              {entry.sala && `: ${entry.sala}`}
              {entry.valor &&
                `: ${formatMoney(entry.valor.valorIncents)} em vez de ${formatMoney(entry.valor.tabelaIncents)} (soma da tabela)`}
              {' — '}
              {entry.equipamento
                ? entry.equipamento.nome
                : entry.user
                  ? capitalizeName(entry.user.nome)
                  : 'usuário desconhecido'}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
