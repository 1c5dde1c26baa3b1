import { dicomEventKindLabels, type DicomEvento, type Equipamento } from '@contract'
import { formatClinicStamp } from '@/lib/format'
import { useDicomEvents } from '../api/dicom-events'

/** One line of a machine's log: when, AE title, what, how many answers, outcome (no personal data). */
function describe(evento: DicomEvento): string {
  const what = dicomEventKindLabels[evento.tipo]
  const count = evento.tipo === 'worklist' ? `, ${evento.respostas} resposta${evento.respostas === 1 ? '' : 's'}` : ''
  const step = evento.acesso ? `, acesso ${evento.acesso}` : ''
  const detail = evento.detalhe ? ` (${evento.detalhe})` : ''
  return `${formatClinicStamp(new Date(evento.at))} — ${evento.aeTitle}: ${what}${count}${step}${detail} — ${evento.resultado}`
}

/**
 * 'DICOM' (issue 19): per machine with an AE title, the latest worklist queries and procedure steps it
 * sent — enough for ADMIN to help a technician set the machine up (docs/dicom.md).
 */
export function DicomSection({ equipamentos }: { equipamentos: Equipamento[] }) {
  const events = useDicomEvents()
  const machines = equipamentos.filter((e) => e.aeTitle)
  return (
    <section className="card" aria-labelledby="dicom-title">
      <h2 id="dicom-title">DICOM: worklist e etapas</h2>
      {machines.length === 0 ? (
        <p>Nenhum equipamento com AE title.</p>
      ) : events.isError ? (
        <p role="alert">Consultas DICOM indisponíveis no momento.</p>
      ) : !events.data ? (
        <p role="status">Carregando consultas DICOM…</p>
      ) : (
        machines.map((machine) => {
          const own = events.data.filter((e) => e.equipamentoId === machine.id)
          return (
            <div key={machine.id}>
              <h3>
                {machine.nome} (AE title {machine.aeTitle})
              </h3>
              {own.length === 0 ? (
                <p>Nenhuma consulta recebida.</p>
              ) : (
                <ul className="plain-list" aria-label={`Consultas DICOM de ${machine.nome}`}>
                  {own.map((e, i) => (
                    <li key={`${e.at}-${i}`}>{describe(e)}</li>
                  ))}
                </ul>
              )}
            </div>
          )
        })
      )}
    </section>
  )
}
