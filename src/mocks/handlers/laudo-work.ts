// The laudo's worklist and editor (issue 36 points 3 and 4), as server/routes/laudo-work.ts: the same rows,
// the same refusals, the same optimistic lock on the draft's revisao. The mock has no templates yet: a
// laudo's first draft is blank.
import {
  clinicHours,
  clinicToday,
  datePart,
  isLaudoLate,
  laudoDueDate,
  laudoPatientName,
  laudoWorklistCursor,
  LAUDO_WORKLIST_PAGE_SIZE,
  messages,
  parseLaudoWorklistCursor,
  studyInstanceUidOf,
  type Laudo,
  type LaudoPendente,
  type LaudoWorklistKey,
  type Modalidade,
} from '@contract'
import { fail, failWithBody, mockRoute, type MockContext } from '../pipeline'
import { newId, type MockStore, type StoredAgendamento, type StoredLaudo } from '../store'

const READY = new Set(['em_atendimento', 'realizado'])

function laudoUser({ store, user }: MockContext): string | null {
  const medicoId = user.medicoId && store.medicos.some((m) => m.id === user.medicoId) ? user.medicoId : null
  if (medicoId === null && user.role !== 'ADMIN') fail(403, messages.laudoNotDoctor)
  return medicoId
}

/** A stable number per appointment, as the server's accession number (the mock keeps none). */
const accessionOf = (id: string) => String(parseInt(id.replace(/-/g, '').slice(0, 8), 16))

function row(store: MockStore, a: StoredAgendamento, exameId: string, nome: string): LaudoPendente {
  const exame = store.exames.find((e) => e.id === exameId)
  const paciente = store.pacientes.find((p) => p.id === a.pacienteId)
  const medico = store.medicos.find((m) => m.id === a.medicoId)
  const equipamento = a.equipamentoId ? store.equipamentos.find((e) => e.id === a.equipamentoId) : undefined
  const laudo = store.laudos.find((l) => l.agendamentoId === a.id && l.exameId === exameId)
  const dataExame = datePart(a.datahora)
  const prazo = (exame as { prazoLaudoDias?: number } | undefined)?.prazoLaudoDias ?? 2
  const previsao = laudoDueDate(dataExame, prazo, clinicHours(store.clinica?.horarios))
  return {
    agendamentoId: a.id,
    exameId,
    laudoId: laudo?.id ?? null,
    paciente: laudoPatientName({ nome: paciente?.nome ?? '', nomesocial: paciente?.nomesocial ?? '' }),
    exame: nome,
    modalidade: (exame?.modalidade ?? 'Outros') as Modalidade,
    equipamento: equipamento ? { id: equipamento.id, nome: equipamento.nome } : null,
    medico: { id: a.medicoId, nome: medico?.nome ?? '' },
    dataExame,
    previsao,
    atrasado: isLaudoLate(previsao, clinicToday(new Date(store.now()))),
    estado: laudo?.estado ?? 'Pendente',
  }
}

/** Every exam of an appointment awaiting its laudo, oldest first. */
function worklist(store: MockStore): LaudoPendente[] {
  const rows: LaudoPendente[] = []
  const appointments = store.agendamentos
    .filter((a) => READY.has(a.status ?? 'agendado'))
    .sort((x, y) => (x.datahora < y.datahora ? -1 : x.datahora > y.datahora ? 1 : x.id < y.id ? -1 : 1))
  for (const a of appointments) {
    const exames = [...new Map((store.agendamentoCatalogo[a.id]?.exames ?? []).map((e) => [e.exameId, e])).values()]
    for (const e of exames.sort((x, y) => (x.exameId < y.exameId ? -1 : 1))) {
      const r = row(store, a, e.exameId, e.nome)
      if (r.estado === 'Pendente' || r.estado === 'Em edição') rows.push(r)
    }
  }
  return rows
}

function readLaudo(store: MockStore, laudo: StoredLaudo): Laudo {
  const a = store.agendamentos.find((x) => x.id === laudo.agendamentoId)!
  const nome = store.agendamentoCatalogo[a.id]?.exames.find((e) => e.exameId === laudo.exameId)?.nome ?? ''
  const { laudoId: _laudoId, ...pendente } = row(store, a, laudo.exameId, nome)
  const draft = laudo.versoes.filter((v) => v.liberadoEm === null).at(-1)
  const released = laudo.versoes.filter((v) => v.liberadoEm !== null).at(-1)
  return {
    ...pendente,
    id: laudo.id,
    studyInstanceUid: studyInstanceUidOf(a.id),
    accessionNumber: accessionOf(a.id),
    rascunho: draft
      ? {
          versao: draft.versao,
          revisao: draft.revisao,
          tecnica: draft.tecnica,
          relatorio: draft.relatorio,
          impressao: draft.impressao,
          birads: draft.birads,
          salvoEm: draft.salvoEm,
        }
      : null,
    liberado: released
      ? {
          versao: released.versao,
          tecnica: released.tecnica,
          relatorio: released.relatorio,
          impressao: released.impressao,
          birads: released.birads,
          liberadoEm: released.liberadoEm!,
        }
      : null,
  }
}

/** The list's order, (exam instant, appointment, exam), past the cursor's key: the server's keyset. */
function isAfter([time, agendamentoId, exameId]: [number, string, string], key: LaudoWorklistKey, keyTime: number) {
  if (time !== keyTime) return time > keyTime
  if (agendamentoId !== key.agendamentoId) return agendamentoId > key.agendamentoId
  return exameId > key.exameId
}

const findLaudo = (store: MockStore, id: string) =>
  store.laudos.find((l) => l.id === id) ?? fail(404, messages.laudoNotFound)

export const laudoWorkHandlers = [
  mockRoute('laudosPendentes', (body, context) => {
    const medicoId = laudoUser(context)
    if (body.meus && medicoId === null) return { laudos: [], proximo: null }
    // the schema refused any other string
    const after = body.depois ? parseLaudoWorklistCursor(body.depois) : null
    const datahoraOf = new Map(context.store.agendamentos.map((a) => [a.id, Date.parse(a.datahora)]))
    const afterTime = after ? Date.parse(after.datahora) : 0
    const rows = worklist(context.store).filter(
      (l) =>
        (!body.meus || l.medico.id === medicoId) &&
        (body.modalidade === null || l.modalidade === body.modalidade) &&
        (body.equipamentoId === null || l.equipamento?.id === body.equipamentoId) &&
        (!after || isAfter([datahoraOf.get(l.agendamentoId)!, l.agendamentoId, l.exameId], after, afterTime)),
    )
    const laudos = rows.slice(0, LAUDO_WORKLIST_PAGE_SIZE)
    const last = laudos.at(-1)
    const proximo =
      rows.length > LAUDO_WORKLIST_PAGE_SIZE && last
        ? laudoWorklistCursor({
            datahora: new Date(datahoraOf.get(last.agendamentoId)!).toISOString(),
            agendamentoId: last.agendamentoId,
            exameId: last.exameId,
          })
        : null
    return { laudos, proximo }
  }),

  mockRoute('abrirLaudo', (body, context) => {
    laudoUser(context)
    const { store } = context
    const a = store.agendamentos.find((x) => x.id === body.agendamentoId) ?? fail(404, messages.appointmentNotFound)
    if (!store.agendamentoCatalogo[a.id]?.exames.some((e) => e.exameId === body.exameId))
      fail(404, messages.laudoExamNotFound)
    const kept = store.laudos.find((l) => l.agendamentoId === a.id && l.exameId === body.exameId)
    if (kept) return { laudo: readLaudo(store, kept), criado: false }
    if (!READY.has(a.status ?? 'agendado')) fail(409, messages.laudoNotReady)
    const laudo: StoredLaudo = {
      id: newId(),
      agendamentoId: a.id,
      exameId: body.exameId,
      medicoId: a.medicoId,
      estado: 'Pendente',
      versoes: [
        {
          versao: 1,
          tecnica: '',
          relatorio: '',
          impressao: '',
          birads: null,
          revisao: 0,
          salvoEm: new Date(store.now()).toISOString(),
          liberadoEm: null,
        },
      ],
    }
    store.laudos.push(laudo)
    return { laudo: readLaudo(store, laudo), criado: true }
  }),

  mockRoute('laudo', (body, context) => {
    laudoUser(context)
    return { laudo: readLaudo(context.store, findLaudo(context.store, body.id)) }
  }),

  mockRoute('salvarLaudo', (body, context) => {
    laudoUser(context)
    const { store } = context
    const laudo = findLaudo(store, body.id)
    const last = laudo.versoes.at(-1)
    if (!last || last.liberadoEm !== null) fail(409, messages.laudoReleased)
    if (last.revisao !== body.revisao)
      failWithBody(409, { error: messages.laudoConflict, laudo: readLaudo(store, laudo) })
    Object.assign(last, {
      tecnica: body.tecnica,
      relatorio: body.relatorio,
      impressao: body.impressao,
      birads: body.birads,
      revisao: last.revisao + 1,
      salvoEm: new Date(store.now()).toISOString(),
    })
    if (laudo.estado === 'Pendente') laudo.estado = 'Em edição'
    return { laudo: readLaudo(store, laudo) }
  }),

  mockRoute('laudosDoDia', (body, { store }) => {
    const late = new Set(
      worklist(store)
        .filter((l) => l.atrasado)
        .map((l) => `${l.agendamentoId} ${l.exameId}`),
    )
    const laudos = store.laudos
      .filter((l) => datePart(store.agendamentos.find((a) => a.id === l.agendamentoId)?.datahora ?? '') === body.dia)
      .map((l) => ({
        agendamentoId: l.agendamentoId,
        exameId: l.exameId,
        estado: l.estado,
        laudoId: l.id,
        exame: store.agendamentoCatalogo[l.agendamentoId]?.exames.find((e) => e.exameId === l.exameId)?.nome ?? '',
        atrasado: late.has(`${l.agendamentoId} ${l.exameId}`),
      }))
      .sort((x, y) => (x.agendamentoId + x.exameId < y.agendamentoId + y.exameId ? -1 : 1))
    return { dia: body.dia, laudos, atrasados: late.size }
  }),
]
