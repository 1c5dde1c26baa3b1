// POST /users/register (admin creates a staff user, optionally linked to a doctor).
import { messages } from '@contract'
import { fail, mockRoute } from '../pipeline'
import { medico } from '../records'
import { newId, type StoredUser } from '../store'

export const usersHandlers = [
  mockRoute('registerUser', (body, { store }) => {
    const medicoId = body.medicoId ?? null
    if (medicoId !== null) medico(store, medicoId)
    if (store.users.some((u) => u.email.toLowerCase() === body.email.toLowerCase())) fail(409, messages.emailTaken)
    const user: StoredUser = {
      id: newId(),
      nome: body.nome,
      email: body.email.toLowerCase(),
      password: body.password,
      role: 'USER',
      medicoId,
    }
    store.users.push(user)
    return { user: { id: user.id, nome: user.nome, email: user.email, role: user.role } }
  }),
]
