// 'Laudos entregues' (issue 36 point 7): who took each laudo and when, for the front desk; a version replaced
// after it was handed over says 'Retificado após a entrega', so the clinic calls the patient.
import { useState } from 'react'
import {
  addDays,
  ENTREGUES_MAX_DAYS,
  formatClinicStamp,
  formatDate,
  isValidDate,
  messages,
  type LaudoEntregue,
} from '@contract'
import { useClinicToday } from '@/lib/use-clinic-today'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useLaudoDeliveries } from '../api/laudo-deliveries'
import './laudos.css'
import './laudo-desk.css'

const receiver = (e: LaudoEntregue) => (e.recebedor === 'paciente' ? 'O paciente' : `${e.nome} (terceiro)`)

export default function DeliveriesPage() {
  useDocumentTitle('Laudos entregues')
  const today = useClinicToday()
  const [de, setDe] = useState(() => addDays(today, -7))
  const [ate, setAte] = useState(today)
  const valid =
    isValidDate(de) &&
    isValidDate(ate) &&
    de <= ate &&
    Date.parse(ate) - Date.parse(de) <= ENTREGUES_MAX_DAYS * 86_400_000
  const list = useLaudoDeliveries(de, ate, valid)
  return (
    <section className="laudos">
      <h1>Laudos entregues</h1>
      <form className="laudos__filters" aria-label="Período das entregas" onSubmit={(e) => e.preventDefault()}>
        <label>
          De
          <input type="date" value={de} onChange={(e) => setDe(e.target.value)} />
        </label>
        <label>
          Até
          <input type="date" value={ate} onChange={(e) => setAte(e.target.value)} />
        </label>
      </form>
      {!valid ? (
        <p className="alert" role="alert">
          {messages.laudoEntreguesRange}
        </p>
      ) : list.isError ? (
        <p className="alert" role="alert">
          {messages.fetchFailed}
        </p>
      ) : !list.data ? (
        <p role="status">Carregando…</p>
      ) : list.data.length === 0 ? (
        <p className="empty-state">Nenhum laudo entregue neste período.</p>
      ) : (
        <table className="laudos__table">
          <caption className="visually-hidden">
            Laudos entregues de {formatDate(de)} a {formatDate(ate)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Entregue em</th>
              <th scope="col">Paciente</th>
              <th scope="col">Exame</th>
              <th scope="col">Data do exame</th>
              <th scope="col">Versão</th>
              <th scope="col">Retirado por</th>
              <th scope="col">Registrado por</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((e) => (
              <tr key={`${e.laudoId}-${e.entregueEm}`}>
                <td>{formatClinicStamp(new Date(e.entregueEm))}</td>
                <td>{e.paciente}</td>
                <td>
                  {e.exame}
                  {e.retificadoAposEntrega && (
                    <>
                      {' '}
                      <span className="laudo-desk__retified">Retificado após a entrega</span>
                    </>
                  )}
                </td>
                <td>{formatDate(e.dataExame)}</td>
                <td>{e.versao}</td>
                <td>{receiver(e)}</td>
                <td>{e.entreguePor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
