// GET /medico/listAll, POST /medico/findbyid, POST /medico/register (admin); issue 14's GET /medico/detalhes
// and POST /medico/update (admin), GET /medico/tratamentos (signed in). The details live beside the doctor so the specification's calls answer
// `{ id, nome }` as before.
import { mockRoute } from '../pipeline'
import { compare, medico } from '../records'
import { newId, type MockStore, type StoredMedico } from '../store'

const BLANK = { tratamento: 'Dr.' as const, crm: '', crmUf: '', especialidade: '', rqe: '' }
const withDetalhes = (store: MockStore, m: StoredMedico) => ({
  id: m.id,
  nome: m.nome,
  ...(store.medicoDetalhes[m.id] ?? BLANK),
})
const byNome = (a: StoredMedico, b: StoredMedico) => compare(a.nome, b.nome) || compare(a.id, b.id)

export const medicosHandlers = [
  mockRoute('listMedicos', (_body, { store }) => ({
    medicos: [...store.medicos].sort(byNome).map((m) => ({ ...m })),
  })),

  mockRoute('findMedico', (body, { store }) => ({ medico: { ...medico(store, body.id) } })),

  mockRoute('registerMedico', (body, { store }) => {
    const row = { id: newId(), nome: body.nome }
    store.medicos.push(row)
    return { medico: { ...row } }
  }),

  mockRoute('listMedicosTratamentos', (_body, { store }) => ({
    tratamentos: [...store.medicos]
      .sort(byNome)
      .map((m) => ({ id: m.id, tratamento: withDetalhes(store, m).tratamento })),
  })),

  mockRoute('listMedicosDetalhes', (_body, { store }) => ({
    medicos: [...store.medicos].sort(byNome).map((m) => withDetalhes(store, m)),
  })),

  mockRoute('updateMedico', ({ id, ...fields }, { store }) => {
    const m = medico(store, id)
    // an absent RQE is kept (issue 36)
    const kept = store.medicoDetalhes[m.id] ?? BLANK
    store.medicoDetalhes[m.id] = { ...fields, rqe: fields.rqe ?? kept.rqe }
    return { medico: withDetalhes(store, m) }
  }),
]
