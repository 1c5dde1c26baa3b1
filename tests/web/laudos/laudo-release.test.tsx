// 'Certificado digital', 'Assinar e liberar' and 'Verificar laudo' as people meet them (issue 36 points 5 and
// 8), over the msw mock: the doctor's A1 file (made by openssl in the test) read at upload with the wrong
// password explained under its field, the release asking 'Senha do certificado' and ending 'Liberado', and
// the public page answering a code printed on the laudo — or saying it matches none.
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, certificateMessages, clinicToday, messages, nameInitials, releaseMessages } from '@contract'
import { dropDeviceDraft } from '@/features/laudos/lib/laudo-device-draft'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_DOCTOR, SEED_IDS, store } from '../../support/msw-server'
import { bookedFromCatalogue } from '../../support/mock-laudos'
import { renderApp } from '../../support/render-app'
import { createTestAuthority, type TestAuthority } from '../../support/test-certificates'
import { findToast } from '../../support/toasts'

vi.setConfig({ testTimeout: 90_000 })

const LAUDO_ID = '7c1d2e3f-4a5b-4c6d-8e9f-000000000336'
const PASSWORD = 'senha-do-certificado'
let ca: TestAuthority
let p12: Buffer

beforeAll(() => {
  ca = createTestAuthority()
  p12 = ca.issue({ name: 'CARLOS MENDES', password: PASSWORD, days: 200 })
})
afterAll(() => ca?.close())

function laudoOfTheDoctor() {
  const a = store.agendamentos.find((x) => x.id === SEED_IDS.agendamentos.today4)!
  a.medicoId = SEED_DOCTOR.medicoId
  a.status = 'em_atendimento'
  a.datahora = `${addDays(clinicToday(), -1)}T16:30:00.000Z`
  const exame = store.exames.find((e) => e.modalidade === 'US')!
  bookedFromCatalogue(a.id, exame)
  store.laudos.push({
    id: LAUDO_ID,
    agendamentoId: a.id,
    exameId: exame.id,
    medicoId: SEED_DOCTOR.medicoId!,
    estado: 'Em edição',
    versoes: [
      {
        versao: 1,
        tecnica: 'Transdutor convexo.',
        relatorio: 'Fígado normal.',
        impressao: 'Exame normal.',
        birads: null,
        revisao: 1,
        salvoEm: new Date().toISOString(),
        liberadoEm: null,
      },
    ],
  })
  return { a, exame }
}

const certificateFile = (bytes: Buffer) =>
  new File([new Uint8Array(bytes)], 'carlos.pfx', { type: 'application/x-pkcs12' })

beforeEach(async () => {
  resetStore(() => demoSeed())
  store.users.push({ ...SEED_DOCTOR })
  await dropDeviceDraft(LAUDO_ID)
})

async function uploadCertificate(user: ReturnType<typeof renderApp>['user'], senha: string) {
  await user.upload(await screen.findByLabelText('Arquivo do certificado (.pfx ou .p12)'), certificateFile(p12))
  const password = screen.getByLabelText('Senha do certificado')
  await user.clear(password)
  await user.type(password, senha)
  await user.click(screen.getByRole('button', { name: 'Enviar certificado' }))
}

describe("'Certificado digital'", () => {
  it('a wrong password is said under its field and keeps nothing; the right one shows the holder', async () => {
    const { user } = renderApp('/', { as: 'doctor' })
    await user.click(await screen.findByRole('button', { name: 'Mais' }))
    await user.click(await screen.findByRole('link', { name: 'Minha conta: certificado digital' }))
    expect(await screen.findByText('Nenhum certificado enviado.')).toBeInTheDocument()

    await uploadCertificate(user, 'senha-errada')
    const password = screen.getByLabelText('Senha do certificado')
    await waitFor(() => expect(password).toHaveAccessibleDescription(certificateMessages.password))
    expect(screen.getByText('Nenhum certificado enviado.')).toBeInTheDocument()

    await uploadCertificate(user, PASSWORD)
    const data = await screen.findByLabelText('Certificado atual', {}, { timeout: 20_000 })
    expect(within(data).getByText(/CARLOS MENDES/)).toBeInTheDocument()
    await findToast(messages.laudoCertificateSaved)
  })
})

describe("'Assinar e liberar'", () => {
  it("asks 'Senha do certificado'; with it the laudo is 'Liberado'", async () => {
    laudoOfTheDoctor()
    const page = renderApp('/conta/certificado', { as: 'doctor' })
    await uploadCertificate(page.user, PASSWORD)
    await screen.findByLabelText('Certificado atual', {}, { timeout: 20_000 })
    page.unmount()

    const view = renderApp(`/laudos/${LAUDO_ID}`, { as: 'doctor' })
    await view.user.click(await within(view.container).findByRole('button', { name: 'Assinar e liberar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Assinar e liberar' })
    // no password: said under the field, nothing released
    await view.user.click(within(dialog).getByRole('button', { name: 'Assinar e liberar' }))
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Senha do certificado')).toHaveAccessibleDescription(
        expect.stringContaining(releaseMessages.passwordRequired),
      ),
    )
    expect(store.laudos[0]!.estado).toBe('Em edição')
    await view.user.type(within(dialog).getByLabelText('Senha do certificado'), PASSWORD)
    await view.user.click(within(dialog).getByRole('button', { name: 'Assinar e liberar' }))
    await findToast(releaseMessages.released)
    expect(await within(view.container).findByText(/· Liberado$/)).toBeInTheDocument()
    expect(store.laudos[0]!.versoes[0]!.liberadoEm).not.toBeNull()
  })
})

describe("'Verificar laudo'", () => {
  it('a code printed on a released laudo shows it, in initials; another code matches none', async () => {
    const { a, exame } = laudoOfTheDoctor()
    const version = store.laudos[0]!.versoes[0]!
    Object.assign(version, { liberadoEm: new Date().toISOString(), codigoVerificacao: 'ABCD-EFGH-JKMN' })
    store.laudos[0]!.estado = 'Liberado'
    const paciente = store.pacientes.find((p) => p.id === a.pacienteId)!

    const { user } = renderApp('/verificar')
    const code = await screen.findByLabelText('Código de verificação')
    await user.type(code, 'abcd efgh jkmn')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByRole('heading', { name: 'Laudo autêntico' })).toBeInTheDocument()
    const data = screen.getByLabelText('Laudo verificado')
    expect(data).toHaveTextContent(nameInitials(paciente.nomesocial?.trim() || paciente.nome))
    expect(data).toHaveTextContent(exame.nome)
    expect(data).not.toHaveTextContent(paciente.nome)

    await user.clear(code)
    await user.type(code, 'ABCD-EFGH-JKMP')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(releaseMessages.codeNotFound)
  })
})
