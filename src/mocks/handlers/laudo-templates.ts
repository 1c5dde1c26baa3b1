// The laudo's templates and stock phrases (issue 36 point 2), as server/routes/laudo-templates.ts: every
// signed-in user reads; ADMIN and doctor-linked users write; a code is unique per modality (409).
import { messages, sortFrases, templateMessages, type FrasePronta } from '@contract'
import { fail, mockRoute, type MockContext } from '../pipeline'
import { newId } from '../store'

function refuseUnlessWriter({ store, user }: MockContext): void {
  if (user.role === 'ADMIN') return
  if (!user.medicoId || !store.medicos.some((m) => m.id === user.medicoId)) fail(403, templateMessages.forbidden)
}

function assertCodeFree(frases: FrasePronta[], frase: Omit<FrasePronta, 'id'>, id?: string): void {
  if (frases.some((f) => f.id !== id && f.modalidade === frase.modalidade && f.codigo === frase.codigo))
    fail(409, templateMessages.codigoTaken(frase.modalidade, frase.codigo))
}

const fraseById = (frases: FrasePronta[], id: string) =>
  frases.find((f) => f.id === id) ?? fail(404, templateMessages.fraseNotFound)

export const laudoTemplateHandlers = [
  mockRoute('modeloLaudo', (body, { store }) => {
    if (!store.exames.some((e) => e.id === body.exameId)) fail(404, messages.exameNotFound)
    const saved = store.modelosLaudo[body.exameId]
    return {
      modelo: saved
        ? { ...saved }
        : { exameId: body.exameId, tecnica: '', relatorio: '', impressao: '', atualizadoEm: null },
    }
  }),

  mockRoute('salvarModeloLaudo', (body, context) => {
    refuseUnlessWriter(context)
    const { store } = context
    if (!store.exames.some((e) => e.id === body.exameId)) fail(404, messages.exameNotFound)
    const modelo = { ...body, atualizadoEm: new Date(store.now()).toISOString() }
    store.modelosLaudo[body.exameId] = modelo
    return { modelo: { ...modelo } }
  }),

  mockRoute('frasesProntas', (_body, { store }) => ({
    frases: sortFrases(store.frasesProntas).map((f) => ({ ...f })),
  })),

  mockRoute('registerFrase', (body, context) => {
    refuseUnlessWriter(context)
    assertCodeFree(context.store.frasesProntas, body)
    const frase = { id: newId(), ...body }
    context.store.frasesProntas.push(frase)
    return { frase: { ...frase } }
  }),

  mockRoute('updateFrase', (body, context) => {
    refuseUnlessWriter(context)
    const { id, ...data } = body
    const frase = fraseById(context.store.frasesProntas, id)
    assertCodeFree(context.store.frasesProntas, data, id)
    Object.assign(frase, data)
    return { frase: { ...frase } }
  }),

  mockRoute('deleteFrase', (body, context) => {
    refuseUnlessWriter(context)
    const frases = context.store.frasesProntas
    frases.splice(frases.indexOf(fraseById(frases, body.id)), 1)
    return { ok: true as const }
  }),
]
