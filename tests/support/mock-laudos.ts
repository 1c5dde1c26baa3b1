// A laudo put straight into the msw mock's store, as the board and its panel read it (tests of the front
// desk's laudo states: tests/web/home/board-laudos.test.tsx, tests/web/home/board-live.test.tsx).
import { store } from './msw-server'

/** The appointment's first catalogue exam, its laudo stored in `estado` (released when so). */
export function storedLaudo(agendamentoId: string, estado: 'Em edição' | 'Liberado', id = crypto.randomUUID()) {
  const a = store.agendamentos.find((x) => x.id === agendamentoId)!
  const exame = store.exames[0]!
  store.agendamentoCatalogo[a.id] = {
    convenioId: null,
    carteirinha: '',
    guia: '',
    senhaAutorizacao: '',
    tabelaIncents: null,
    exames: [{ exameId: exame.id, nome: a.exames[0]!, valorIncents: null, duracao: 20, preparo: '' }],
  }
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
