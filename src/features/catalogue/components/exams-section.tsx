import { useState } from 'react'
import { Link } from 'react-router-dom'
import { type Exame } from '@contract'
import { DataTable, type DataColumn } from '@/components/data-table'
import { useOfflineLock } from '@/components/offline'
import { useDeleteExame } from '../api/delete-exame'
import { useSaveExame } from '../api/save-exame'
import { ExamForm } from './exam-form'
import { RowActions } from './row-actions'

const EXAME_COLUMNS: DataColumn<Exame>[] = [
  { label: 'Exame', cell: (exame) => exame.nome },
  { label: 'Modalidade', cell: (exame) => exame.modalidade },
  { label: 'Duração', cell: (exame) => `${exame.duracao} min` },
  { label: 'TUSS', cell: (exame) => exame.tuss ?? '—' },
  { label: 'Situação', cell: (exame) => (exame.ativo ? 'Ativo' : 'Inativo') },
]

/** 'Exames': register or change an exam (name, modality, duration, preparo, TUSS), deactivate, delete. */
export function ExamsSection({ exames }: { exames: Exame[] }) {
  const [editing, setEditing] = useState<Exame | undefined>()
  const save = useSaveExame()
  const remove = useDeleteExame()
  const { offline } = useOfflineLock()

  const toggle = (exame: Exame) => {
    const { id, ...data } = exame
    save.mutate({ ...data, id, ativo: !exame.ativo })
  }

  const busy = save.isPending || remove.isPending
  return (
    <section className="card" aria-labelledby="catalogue-exams-title">
      <h2 id="catalogue-exams-title">Exames</h2>
      <ExamForm
        key={editing?.id ?? 'new'}
        exame={editing}
        locked={remove.isPending}
        onDone={() => setEditing(undefined)}
      />
      <DataTable
        caption="Exames do catálogo"
        columns={EXAME_COLUMNS}
        rows={exames}
        rowKey={(exame) => exame.id}
        empty="Nenhum exame cadastrado."
        actions={(exame) => (
          <>
            {/* issue 36: the exam's laudo template, in the laudos' screens */}
            <Link
              className="button button--small"
              to={`/laudos/modelos?exame=${exame.id}`}
              aria-label={`Modelo de laudo: ${exame.nome}`}
            >
              Modelo de laudo
            </Link>
            <RowActions
              nome={exame.nome}
              ativo={exame.ativo}
              locked={busy || offline}
              onEdit={() => setEditing(exame)}
              onToggle={() => toggle(exame)}
              onDelete={() => remove.mutate(exame.id)}
            />
          </>
        )}
      />
    </section>
  )
}
