// The panel's 'Laudo' section (issue 36 points 3 and 7): each exam's laudo state, and for a released one
// the laudos feature's part (src/lib/laudo-panel-slot.ts) — 'Imprimir laudo', 'Baixar PDF' and, for the
// front desk, 'Entregar laudo'.
import { Suspense } from 'react'
import type { Agendamento, LaudosDoDia } from '@contract'
import { useLaudoPanelSlot } from '@/lib/laudo-panel-slot'
import { capitalizeName } from '@/lib/format'
import { entryLaudos, laudoBadgeClass } from '../lib/laudo-states'
import './laudo-states.css'

const RELEASED = new Set(['Liberado', 'Entregue'])

export function EntryPanelLaudos({
  agendamento,
  day,
  readOnly,
}: {
  agendamento: Agendamento
  day: LaudosDoDia | undefined
  readOnly: boolean
}) {
  const slot = useLaudoPanelSlot()
  const laudos = entryLaudos(agendamento, day)
  if (laudos.length === 0) return null
  return (
    <section className="entry-panel__laudos" aria-label="Laudo">
      <h3>Laudo</h3>
      <ul className="entry-panel__laudo-list">
        {laudos.map((laudo, i) => (
          <li key={laudo.laudoId ?? `pendente-${i}`}>
            <p>
              <strong>{laudo.exame}</strong> <span className={laudoBadgeClass(laudo.estado)}>{laudo.estado}</span>
              {laudo.atrasado && (
                <>
                  {' '}
                  <span className="laudo-badge laudo-badge--atrasado">Atrasado</span>
                </>
              )}
            </p>
            {slot && laudo.laudoId && RELEASED.has(laudo.estado) && (
              <Suspense fallback={<p role="status">Carregando…</p>}>
                <slot.LaudoPart
                  laudoId={laudo.laudoId}
                  exame={laudo.exame}
                  paciente={capitalizeName(agendamento.paciente.nome)}
                  canDeliver={!readOnly}
                />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
