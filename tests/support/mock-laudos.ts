// Laudos and their catalogue exams put straight into the msw mock's store, as the screens read them (the
// front desk's laudo states, the doctor's editor, the laudo report).
import { store } from './msw-server'

/** The appointment booked from the catalogue, private, with this one exam (named `nome` on the booking). */
export function bookedFromCatalogue(agendamentoId: string, exame: (typeof store.exames)[number], nome = exame.nome) {
  store.agendamentoCatalogo[agendamentoId] = {
    convenioId: null,
    carteirinha: '',
    guia: '',
    senhaAutorizacao: '',
    tabelaIncents: null,
    exames: [{ exameId: exame.id, nome, valorIncents: null, duracao: 20, preparo: '' }],
  }
}

/** The appointment's first catalogue exam, its laudo stored in `estado` (released when so). */
export function storedLaudo(agendamentoId: string, estado: 'Em edição' | 'Liberado', id = crypto.randomUUID()) {
  const a = store.agendamentos.find((x) => x.id === agendamentoId)!
  const exame = store.exames[0]!
  bookedFromCatalogue(a.id, exame, a.exames[0]!)
  const now = new Date().toISOString()
  store.laudos.push({
    id,
    agendamentoId: a.id,
    exameId: exame.id,
    medicoId: a.medicoId,
    estado,
    versoes: [
      {
        versao: 1,
        tecnica: 'Técnica.',
        relatorio: 'Sem alterações.',
        impressao: 'Normal.',
        birads: null,
        revisao: 3,
        salvoEm: now,
        liberadoEm: estado === 'Liberado' ? now : null,
      },
    ],
  })
  return a
}
