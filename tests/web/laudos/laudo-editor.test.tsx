// The laudo's worklist and editor as a doctor meets them (issue 36 points 3 and 4), over the msw mock and
// fake-indexeddb: 'Laudos' lists the attended exam with 'Atrasado' when late, the editor saves by itself
// after typing stops ('Salvo às HH:MM'), restores the device's newer text, and shows both texts on a 409.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { addDays, clinicToday } from '@contract'
import { dropDeviceDraft, keepDeviceDraft } from '@/features/laudos/lib/laudo-device-draft'
import { SEED_DOCTOR, SEED_IDS, store } from '../../support/msw-server'
import { bookedFromCatalogue } from '../../support/mock-laudos'
import { renderApp } from '../../support/render-app'

const AGENDAMENTO = SEED_IDS.agendamentos.today4
const LAUDO_ID = '7c1d2e3f-4a5b-4c6d-8e9f-000000000036'

/** Today's appointment 'Em atendimento', of the signed-in doctor, with one catalogue mammography. */
function attendedMammography(daysAgo = 0) {
  const a = store.agendamentos.find((x) => x.id === AGENDAMENTO)!
  a.medicoId = SEED_DOCTOR.medicoId
  a.datahora = `${addDays(clinicToday(), -daysAgo)}T16:30:00.000Z`
  const exame = store.exames.find((e) => e.modalidade === 'MMG') ?? store.exames[0]!
  exame.modalidade = 'MMG'
  bookedFromCatalogue(a.id, exame)
  return { a, exame }
}

function withLaudo(revisao: number, relatorio: string) {
  const { a, exame } = attendedMammography()
  const now = new Date().toISOString()
  store.laudos.push({
    id: LAUDO_ID,
    agendamentoId: a.id,
    exameId: exame.id,
    medicoId: a.medicoId,
    estado: 'Em edição',
    versoes: [
      { versao: 1, tecnica: '', relatorio, impressao: '', birads: null, revisao, salvoEm: now, liberadoEm: null },
    ],
  })
}

beforeEach(async () => {
  // the demo data has the doctor's record, not their user
  store.users.push({ ...SEED_DOCTOR })
  await dropDeviceDraft(LAUDO_ID)
})

describe("'Laudos' and the editor", () => {
  it("lists the doctor's attended exam, late ones marked; opening it and typing saves by itself", async () => {
    const { exame } = attendedMammography(10)
    const { user } = renderApp('/', { as: 'doctor' })
    await user.click(await screen.findByRole('button', { name: 'Mais' }))
    await user.click(await screen.findByRole('link', { name: 'Laudos' }))
    const table = await screen.findByRole('table', { name: 'Exames aguardando laudo' })
    const row = within(table).getByRole('row', { name: new RegExp(exame.nome) })
    expect(within(row).getByText('Atrasado')).toBeInTheDocument()
    expect(within(row).getByText('Pendente')).toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: /^Abrir laudo/ }))
    const relatorio = await screen.findByRole('textbox', { name: 'Relatório' })
    expect(screen.getByRole('combobox', { name: 'Categoria BI-RADS' })).toBeInTheDocument()
    await user.type(relatorio, 'Mamas densas.')
    expect(screen.getByRole('status', { name: 'Gravação do laudo' })).toHaveTextContent('Alterações não salvas')
    // saved a few seconds after typing stops, with no click
    await waitFor(
      () => expect(screen.getByRole('status', { name: 'Gravação do laudo' })).toHaveTextContent(/^Salvo às \d\d:\d\d$/),
      {
        timeout: 15_000,
      },
    )
    expect(store.laudos[0]!.versoes[0]).toMatchObject({ relatorio: 'Mamas densas.', revisao: 1 })
    expect(store.laudos[0]!.estado).toBe('Em edição')
  }, 30_000)

  it("restores the device's text typed on the server's revisao", async () => {
    withLaudo(2, 'Texto do servidor.')
    await keepDeviceDraft({
      laudoId: LAUDO_ID,
      revisao: 2,
      texto: { tecnica: '', relatorio: 'Texto que não chegou ao servidor.', impressao: '', birads: null },
      at: Date.now(),
    })
    renderApp(`/laudos/${LAUDO_ID}`, { as: 'doctor' })
    expect(await screen.findByDisplayValue('Texto que não chegou ao servidor.')).toBeInTheDocument()
    expect(screen.getByText('Texto recuperado deste aparelho.')).toBeInTheDocument()
    await waitFor(() => expect(store.laudos[0]!.versoes[0]!.relatorio).toBe('Texto que não chegou ao servidor.'), {
      timeout: 15_000,
    })
  }, 30_000)

  it('a save after another one shows both texts; the doctor keeps theirs', async () => {
    withLaudo(0, '')
    const { user } = renderApp(`/laudos/${LAUDO_ID}`, { as: 'doctor' })
    const relatorio = await screen.findByRole('textbox', { name: 'Relatório' })
    // a colleague saves meanwhile
    Object.assign(store.laudos[0]!.versoes[0]!, { relatorio: 'Texto do colega.', revisao: 1 })
    await user.type(relatorio, 'Meu texto.')
    const dialog = await screen.findByRole('dialog', { name: 'Laudo alterado por outra pessoa' }, { timeout: 15_000 })
    expect(
      within(within(dialog).getByRole('region', { name: 'Seu texto' })).getByText('Meu texto.'),
    ).toBeInTheDocument()
    expect(
      within(within(dialog).getByRole('region', { name: 'Texto salvo no servidor' })).getByText('Texto do colega.'),
    ).toBeInTheDocument()
    expect(store.laudos[0]!.versoes[0]!.relatorio).toBe('Texto do colega.')
    await user.click(within(dialog).getByRole('button', { name: 'Manter o meu texto' }))
    await waitFor(() => expect(store.laudos[0]!.versoes[0]).toMatchObject({ relatorio: 'Meu texto.', revisao: 2 }))
  }, 30_000)
})
