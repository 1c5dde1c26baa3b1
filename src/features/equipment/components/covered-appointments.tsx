import { formatDateTime, type AgendaItem } from '@contract'
import { capitalizeName } from '@/lib/format'

/** The bookings a block covers (issue 34): when, who, which exams — to ask first, then to rebook. */
export function CoveredAppointments({ agendamentos, label }: { agendamentos: AgendaItem[]; label: string }) {
  return (
    <ul className="plain-list" aria-label={label}>
      {agendamentos.map((a) => (
        <li key={a.id}>
          {formatDateTime(a.datahora)} — {capitalizeName(a.paciente.nome)}
          {a.exames.length > 0 ? ` (${a.exames.join(', ')})` : ''}
        </li>
      ))}
    </ul>
  )
}

/** 'Este bloqueio cobre 2 agendamentos: Bloquear mesmo assim?' — the confirmation's question. */
export function coversQuestion(count: number): string {
  return `Este bloqueio cobre ${count === 1 ? '1 agendamento' : `${count} agendamentos`}. Bloquear mesmo assim?`
}
