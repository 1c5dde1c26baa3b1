// GET /medico/listAll, POST /medico/findbyid, POST /medico/register (admin).
import { mockRoute } from '../pipeline'
import { compare, medico } from '../records'
import { newId } from '../store'

export const medicosHandlers = [
  mockRoute('listMedicos', (_body, { store }) => ({
    medicos: [...store.medicos].sort((a, b) => compare(a.nome, b.nome) || compare(a.id, b.id)).map((m) => ({ ...m })),
  })),

  mockRoute('findMedico', (body, { store }) => ({ medico: { ...medico(store, body.id) } })),

  mockRoute('registerMedico', (body, { store }) => {
    const row = { id: newId(), nome: body.nome }
    store.medicos.push(row)
    return { medico: { ...row } }
  }),
]
