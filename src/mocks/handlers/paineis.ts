// The waiting room's TV panels (issue 38), as the server's routes/paineis.ts: ADMIN's calls, the TV's
// pairing and the panel's feed, once and live. The live feed is a real text/event-stream here too (msw
// streams a ReadableStream): it sends the feed when opened and again whenever a call or the display choice
// changes the store (notifyPanels), and closes when the panel is revoked.
import { http, HttpResponse } from 'msw'
import {
  clinicToday,
  messages,
  PAINEL_CHAMADAS,
  PAINEL_CODIGO_DIGITS,
  PAINEL_CODIGO_MINUTES,
  PAINEL_CREDENCIAL_PREFIX,
  PAINEL_EVENTOS_PATH,
  painelNome,
  type Painel,
  type PainelCodigo,
  type PainelFeed,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import { newId, type MockStore } from '../store'
import type { StoredPainel } from '../store-shapes'
import { panelByCredential } from '../painel-access'

type Listener = { painelId: string; credencial: string; push: () => void; close: () => void }
const listeners = new WeakMap<MockStore, Set<Listener>>()
const listenersOf = (store: MockStore) => {
  let set = listeners.get(store)
  if (!set) listeners.set(store, (set = new Set()))
  return set
}

/** A call or the display choice changed what panels show: every open feed of this store gets it again. */
export function notifyPanels(store: MockStore): void {
  for (const listener of listenersOf(store)) listener.push()
}

function closePanel(store: MockStore, painelId: string): void {
  for (const listener of [...listenersOf(store)]) if (listener.painelId === painelId) listener.close()
}

const nowIso = (store: MockStore) => new Date(store.now()).toISOString()

function read(store: MockStore, p: StoredPainel): Painel {
  const aberto = p.codigoExpiraEm !== null && p.codigoExpiraEm > nowIso(store)
  return {
    id: p.id,
    nome: p.nome,
    criadoEm: p.criadoEm,
    ultimoAcesso: p.ultimoAcesso,
    pareado: p.credencial !== null,
    codigoExpiraEm: aberto ? p.codigoExpiraEm : null,
    revogadoEm: p.revogadoEm,
  }
}

function newCode(store: MockStore, p: StoredPainel): PainelCodigo {
  let codigo = ''
  for (let i = 0; i < PAINEL_CODIGO_DIGITS; i++) codigo += String(Math.floor(Math.random() * 10))
  p.codigo = codigo
  p.codigoExpiraEm = new Date(store.now() + PAINEL_CODIGO_MINUTES * 60_000).toISOString()
  return { painel: read(store, p), codigo, expiraEm: p.codigoExpiraEm }
}

function livePanel(store: MockStore, id: string): StoredPainel {
  const p = store.paineis.find((x) => x.id === id && x.revogadoEm === null)
  if (!p) fail(404, messages.panelNotFound)
  return p
}

/** The senha: the patient's place in the day's arrival order, as the server counts it. */
function feed(store: MockStore, p: StoredPainel): PainelFeed {
  const dia = clinicToday(new Date(store.now()))
  const doDia = store.agendamentos.filter((a) => a.datahora.slice(0, 10) === dia)
  const chamadas = store.chamadas
    .filter((c) => doDia.some((a) => a.id === c.agendamentoId))
    .reverse()
    .slice(0, PAINEL_CHAMADAS)
    .map((c) => {
      const a = doDia.find((x) => x.id === c.agendamentoId)!
      const nome = store.pacientes.find((x) => x.id === a.pacienteId)?.nome ?? ''
      const senha = a.chegada ? doDia.filter((x) => x.chegada && x.chegada <= a.chegada!).length : 0
      return {
        id: c.id,
        sala: c.sala,
        chamadoEm: c.at,
        nome:
          store.painelExibicao === 'senha'
            ? senha
              ? `Senha ${senha}`
              : painelNome(nome)
            : painelNome(nome, store.painelExibicao),
      }
    })
  return { painel: { id: p.id, nome: p.nome }, chamadas }
}

export const paineisHandlers = [
  mockRoute('paineis', (_body, { store }) => ({
    paineis: [...store.paineis].reverse().map((p) => read(store, p)),
    exibicao: store.painelExibicao,
  })),

  mockRoute('criarPainel', (body, { store }) => {
    const p: StoredPainel = {
      id: newId(),
      nome: body.nome,
      criadoEm: nowIso(store),
      ultimoAcesso: null,
      codigo: null,
      codigoExpiraEm: null,
      credencial: null,
      revogadoEm: null,
    }
    store.paineis.push(p)
    return newCode(store, p)
  }),

  mockRoute('codigoPainel', (body, { store }) => newCode(store, livePanel(store, body.id))),

  mockRoute('revogarPainel', (body, { store }) => {
    const p = store.paineis.find((x) => x.id === body.id)
    if (!p) fail(404, messages.panelNotFound)
    p.revogadoEm ??= nowIso(store)
    p.credencial = p.codigo = p.codigoExpiraEm = null
    closePanel(store, p.id)
    return { painel: read(store, p) }
  }),

  mockRoute('salvarExibicaoPainel', (body, { store }) => {
    store.painelExibicao = body.exibicao
    notifyPanels(store)
    return { exibicao: body.exibicao }
  }),

  mockRoute('parearPainel', (body, { store }) => {
    const p = store.paineis.find(
      (x) => x.codigo === body.codigo && x.revogadoEm === null && x.codigoExpiraEm! > nowIso(store),
    )
    if (!p) fail(401, messages.panelCodeInvalid)
    closePanel(store, p.id)
    p.codigo = p.codigoExpiraEm = null
    p.credencial = PAINEL_CREDENCIAL_PREFIX + crypto.randomUUID()
    p.ultimoAcesso = nowIso(store)
    return { credencial: p.credencial, painel: { id: p.id, nome: p.nome } }
  }),

  mockRoute('painelChamadas', (_body, { store, painel }) => feed(store, painel!)),
]

/** The live feed (not in the `api` table): the pipeline's panel check, then a text/event-stream. */
export const painelEventosHandler = (store: MockStore) =>
  http.get(`*/api${PAINEL_EVENTOS_PATH}`, ({ request }) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
    const credencial = match?.[1]
    const error = (status: number, message: string) =>
      HttpResponse.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } })
    if (!credencial) return error(401, messages.unauthenticated)
    if (!credencial.startsWith(PAINEL_CREDENCIAL_PREFIX)) return error(403, messages.panelNotAPanel)
    const p = panelByCredential(store, credencial)
    if (!p) return error(401, messages.panelRevoked)
    const encoder = new TextEncoder()
    let listener: Listener | undefined
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true
        const send = () => open && controller.enqueue(encoder.encode(`data: ${JSON.stringify(feed(store, p))}\n\n`))
        listener = {
          painelId: p.id,
          credencial,
          push: send,
          close: () => {
            if (!open) return
            open = false
            listenersOf(store).delete(listener!)
            controller.close()
          },
        }
        listenersOf(store).add(listener)
        controller.enqueue(encoder.encode('retry: 2000\n\n'))
        send()
        request.signal.addEventListener('abort', () => listener?.close())
      },
      cancel() {
        if (listener) listenersOf(store).delete(listener)
      },
    })
    return new HttpResponse(stream, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  })
