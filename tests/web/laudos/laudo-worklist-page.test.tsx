// 'Laudos' in pages as a doctor meets it (issue 36 point 11, docs/decisions.md "The laudo's worklist"), over
// the msw mock: the oldest LAUDO_WORKLIST_PAGE_SIZE exams first, 'Carregar Mais' brings the rest, and a line
// says when there is nothing more.
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { addDays, clinicToday, LAUDO_WORKLIST_PAGE_SIZE } from '@contract'
import { SEED_DOCTOR, SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

const EXTRA = 3
const TOTAL = LAUDO_WORKLIST_PAGE_SIZE + EXTRA

/** TOTAL exams attended by the signed-in doctor, one a day going back from yesterday, patients 'Paciente NN'. */
function attendedExams() {
  const model = store.agendamentos.find((x) => x.id === SEED_IDS.agendamentos.today4)!
  const paciente = store.pacientes.find((p) => p.id === model.pacienteId)!
  const exame = store.exames.find((e) => e.modalidade === 'US') ?? store.exames[0]!
  for (let i = 0; i < TOTAL; i++) {
    const id = `7c1d2e3f-4a5b-4c6d-8e9f-${String(i).padStart(12, '0')}`
    const pacienteId = `7c1d2e3f-4a5b-4c6d-8e9f-${String(500 + i).padStart(12, '0')}`
    // the oldest first: 'Paciente 01' is TOTAL days ago
    const nome = `Paciente ${String(i + 1).padStart(2, '0')}`
    store.pacientes.push({ ...paciente, id: pacienteId, nome, nomesocial: '' })
    store.agendamentos.push({
      ...model,
      id,
      pacienteId,
      medicoId: SEED_DOCTOR.medicoId!,
      status: 'realizado',
      datahora: `${addDays(clinicToday(), -(TOTAL - i))}T08:00:00.000Z`,
    })
    store.agendamentoCatalogo[id] = {
      convenioId: null,
      carteirinha: '',
      guia: '',
      senhaAutorizacao: '',
      tabelaIncents: null,
      exames: [{ exameId: exame.id, nome: exame.nome, valorIncents: null, duracao: 20, preparo: '' }],
    }
  }
}

beforeEach(() => {
  // the demo data has the doctor's record, not their user
  store.users.push({ ...SEED_DOCTOR })
})

describe("'Laudos' in pages", () => {
  it("shows the oldest 50; 'Carregar Mais' brings the rest, then says there is no more", async () => {
    attendedExams()
    const { user } = renderApp('/laudos', { as: 'doctor' })
    const table = await screen.findByRole('table', { name: 'Exames aguardando laudo' })
    const patientRows = () => within(table).getAllByRole('row', { name: /Paciente \d\d/ })
    expect(patientRows()).toHaveLength(LAUDO_WORKLIST_PAGE_SIZE)
    expect(patientRows()[0]).toHaveAccessibleName(/Paciente 01/)
    expect(within(table).queryByRole('row', { name: new RegExp(`Paciente ${TOTAL}`) })).not.toBeInTheDocument()
    expect(screen.queryByText('Não há mais exames aguardando laudo.')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Carregar Mais' }))
    await waitFor(() => expect(patientRows()).toHaveLength(TOTAL))
    expect(patientRows().at(-1)).toHaveAccessibleName(new RegExp(`Paciente ${TOTAL}`))
    expect(screen.getByText('Não há mais exames aguardando laudo.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Carregar Mais' })).not.toBeInTheDocument()
  }, 30_000)
})
