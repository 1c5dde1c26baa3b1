import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { formatDate, MODALIDADES, modalidadeLabels, type LaudoPendente, type Modalidade } from '@contract'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useLaudoWorklist } from '../api/laudo-worklist'
import { useOpenLaudo } from '../api/laudo-detail'
import { useLaudoMachines } from '../api/laudo-refs'
import './laudos.css'

/**
 * 'Laudos' (issue 36 point 3): the exams awaiting their laudo, 'Meus' or all, by modality and machine,
 * oldest first, a page at a time: 'Carregar Mais' while there is more, then a line saying there is none.
 */
export default function LaudoWorklistPage() {
  useDocumentTitle('Laudos')
  const navigate = useNavigate()
  const [meus, setMeus] = useState(true)
  const [modalidade, setModalidade] = useState<Modalidade | null>(null)
  const [equipamentoId, setEquipamentoId] = useState<string | null>(null)
  const worklist = useLaudoWorklist({ meus, modalidade, equipamentoId })
  const rows = worklist.data?.pages.flatMap((page) => page.laudos) ?? []
  const machines = useLaudoMachines()
  const open = useOpenLaudo()

  const openRow = (row: LaudoPendente) => {
    if (row.laudoId) return navigate(`/laudos/${row.laudoId}`)
    open.mutate(
      { agendamentoId: row.agendamentoId, exameId: row.exameId },
      { onSuccess: (laudo) => navigate(`/laudos/${laudo.id}`) },
    )
  }

  return (
    <section className="laudos">
      <h1>Laudos</h1>
      <form className="laudos__filters" aria-label="Filtros dos laudos" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Mostrar</legend>
          <label>
            <input type="radio" name="meus" checked={meus} onChange={() => setMeus(true)} /> Meus
          </label>
          <label>
            <input type="radio" name="meus" checked={!meus} onChange={() => setMeus(false)} /> Todos
          </label>
        </fieldset>
        <label>
          Modalidade
          <select
            value={modalidade ?? ''}
            onChange={(e) => setModalidade(e.target.value === '' ? null : (e.target.value as Modalidade))}
          >
            <option value="">Todas</option>
            {MODALIDADES.map((m) => (
              <option key={m} value={m}>
                {modalidadeLabels[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Equipamento
          <select value={equipamentoId ?? ''} onChange={(e) => setEquipamentoId(e.target.value || null)}>
            <option value="">Todos</option>
            {(machines.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.nome}
              </option>
            ))}
          </select>
        </label>
      </form>
      {worklist.isPending ? (
        <p>Carregando…</p>
      ) : worklist.isError ? (
        <p role="alert">{worklist.error.message}</p>
      ) : rows.length === 0 ? (
        <p>Nenhum laudo a fazer.</p>
      ) : (
        <>
          <div className="laudos__table-wrap">
            <table className="laudos__table">
              <caption>Exames aguardando laudo</caption>
              <thead>
                <tr>
                  <th scope="col">Paciente</th>
                  <th scope="col">Exame</th>
                  <th scope="col">Equipamento</th>
                  <th scope="col">Data do exame</th>
                  <th scope="col">Previsão</th>
                  <th scope="col">Estado</th>
                  <th scope="col">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.agendamentoId}:${row.exameId}`}>
                    <td>{row.paciente}</td>
                    <td>{row.exame}</td>
                    <td>{row.equipamento?.nome ?? '—'}</td>
                    <td>{formatDate(row.dataExame)}</td>
                    <td>
                      {formatDate(row.previsao)}{' '}
                      {row.atrasado && <span className="laudos__badge laudos__badge--late">Atrasado</span>}
                    </td>
                    <td>{row.estado}</td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        disabled={open.isPending}
                        onClick={() => openRow(row)}
                        aria-label={`Abrir laudo de ${row.paciente}, ${row.exame}`}
                      >
                        Abrir laudo
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {worklist.hasNextPage ? (
            <div className="load-more">
              <button
                type="button"
                className="button"
                onClick={() => void worklist.fetchNextPage()}
                disabled={worklist.isFetchingNextPage}
                aria-busy={worklist.isFetchingNextPage || undefined}
              >
                Carregar Mais
              </button>
            </div>
          ) : (
            <p className="laudos__end">Não há mais exames aguardando laudo.</p>
          )}
        </>
      )}
    </section>
  )
}
