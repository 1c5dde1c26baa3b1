// 'Faturamento' (issue 37 points 4–5): ADMIN picks the convênio and the month, sees each realized appointment
// 'Pronta' or what it lacks, generates the batch, marks it sent and a guia 'Glosado' with its ANS code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIGURACOES, DEFAULT_CONFIGURACOES_LAUDO, messages, PARTICULAR_ID } from '@contract'
import { capitalizeName } from '@/lib/format'
import { store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

/** A month no seeded appointment uses. */
const COMPETENCIA = '2024-03'

/** Two realized appointments of a convênio in COMPETENCIA: one with its data complete, one without a card. */
function seedMonth() {
  const convenio = store.convenios.find((c) => c.id !== PARTICULAR_ID && c.ativo)!
  convenio.ans = '123456'
  store.clinica = { ...DEFAULT_CONFIGURACOES, nome: 'Clínica Boa Imagem', cnpj: '11.222.333/0001-81' }
  store.laudoConfiguracoes = { ...DEFAULT_CONFIGURACOES_LAUDO, cnes: '1234567' }
  store.tiss.convenios[convenio.id] = {
    codigoPrestador: 'PREST01',
    versaoTiss: '04.03.00',
    guiasPorLote: 100,
    examesComAutorizacao: [],
  }
  const exame = store.exames.find((e) => e.ativo)!
  exame.tuss = '40901122'
  store.tiss.solicitantes.push({
    id: 'sol-1',
    nome: 'Inês Araújo',
    conselho: 'CRM',
    numero: '123456',
    uf: 'SP',
    cbo: '225125',
  })
  const [first, second] = store.agendamentos
  const pacientes = [first!, second!].map((a, i) => {
    store.tiss.carteirinhas = store.tiss.carteirinhas.filter((c) => c.pacienteId !== a.pacienteId)
    a.status = 'realizado'
    a.datahora = `${COMPETENCIA}-1${i}T09:00:00.000Z`
    store.medicoDetalhes[a.medicoId] = { tratamento: 'Dr.', crm: '654321', crmUf: 'SP', especialidade: '', rqe: '' }
    store.agendamentoCatalogo[a.id] = {
      convenioId: convenio.id,
      carteirinha: i === 0 ? '0099123' : '',
      guia: '',
      senhaAutorizacao: '',
      exames: [{ exameId: exame.id, nome: exame.nome, valorIncents: 15000, duracao: 20, preparo: '' }],
      tabelaIncents: 15000,
    }
    store.tiss.guias[a.id] = {
      convenioId: convenio.id,
      numeroGuiaPrestador: i + 1,
      dataAutorizacao: null,
      validadeSenha: null,
      solicitanteId: 'sol-1',
      carater: '1',
      indicacaoClinica: '',
    }
    // shown capitalised, as every list shows a name
    return capitalizeName(store.pacientes.find((p) => p.id === a.pacienteId)!.nome)
  })
  return { convenio, pacientes }
}

describe('Faturamento', () => {
  it('lists the month, generates the batch, marks it sent and a guia Glosado with its code', async () => {
    const { convenio, pacientes } = seedMonth()
    const { user } = renderApp('/admin/faturamento', { as: 'admin' })
    await screen.findByRole('option', { name: convenio.nome })
    await user.selectOptions(screen.getByLabelText('Convênio'), convenio.nome)
    fireEvent.change(screen.getByLabelText('Competência'), { target: { value: COMPETENCIA } })
    const pendentes = await screen.findByRole('region', { name: 'Atendimentos a faturar' })
    expect(await within(pendentes).findByText('Pronta')).toBeInTheDocument()
    const faltas = within(pendentes).getByRole('list', { name: `O que falta: ${pacientes[1]}` })
    expect(within(faltas).getByText('Falta a carteirinha')).toBeInTheDocument()

    await user.click(within(pendentes).getByRole('button', { name: 'Gerar lote' }))
    await findToast(messages.tissLoteGenerated)
    const lote = await screen.findByRole('article', { name: 'Lote 1' })
    expect(within(lote).getByText(/Gerado/)).toBeInTheDocument()
    expect(within(lote).getByRole('button', { name: 'Baixar XML' })).toBeInTheDocument()
    // the billed appointment leaves the month's list; the one without a card stays
    await within(pendentes).findByRole('list', { name: `O que falta: ${pacientes[1]}` })
    expect(within(pendentes).queryByText('Pronta')).not.toBeInTheDocument()

    await user.type(within(lote).getByLabelText('Protocolo da operadora'), 'PROT-88')
    await user.click(within(lote).getByRole('button', { name: 'Marcar como enviado' }))
    expect(await within(lote).findByText(/Enviado em .*, protocolo PROT-88/)).toBeInTheDocument()

    const guia = within(lote).getByRole('listitem', { name: 'Guia 1' })
    await user.selectOptions(within(guia).getByLabelText('Retorno'), 'Glosado')
    await user.clear(within(guia).getByLabelText('Valor pago (R$)'))
    await user.type(within(guia).getByLabelText('Valor pago (R$)'), '0')
    await user.type(within(guia).getByLabelText('Código de glosa (ANS)'), '1801')
    await user.type(within(guia).getByLabelText('Motivo da glosa'), 'Procedimento inválido')
    await user.click(within(guia).getByRole('button', { name: 'Salvar retorno' }))
    expect(await within(guia).findByText(/glosa 1801: Procedimento inválido/)).toBeInTheDocument()
    expect(within(guia).getByText('Glosado')).toBeInTheDocument()
    expect(store.lotesTiss[0]!.guias[0]).toMatchObject({ situacao: 'glosado', glosaCodigo: '1801' })
  })
})

/** A convênio's sent batch and one still 'Gerado', stored as the mock keeps them: no data to bill needed. */
function seedLotes() {
  const convenio = store.convenios.find((c) => c.id !== PARTICULAR_ID && c.ativo)!
  const guia = (n: number, situacao: 'aguardando' | 'glosado') => ({
    id: `d0000000-0000-4000-8000-00000000037${n}`,
    agendamentoId: `d0000000-0000-4000-8000-00000000038${n}`,
    numeroGuia: String(n),
    paciente: `Paciente ${n}`,
    valorIncents: 15000,
    situacao,
    valorPagoIncents: situacao === 'glosado' ? 0 : null,
    glosaCodigo: situacao === 'glosado' ? '1801' : null,
    glosaMotivo: situacao === 'glosado' ? '' : null,
    recursoTexto: null,
    recursoData: null,
  })
  const lote = (numero: number, situacao: 'gerado' | 'enviado', guias: ReturnType<typeof guia>[]) => ({
    id: `d0000000-0000-4000-8000-00000000039${numero}`,
    convenioId: convenio.id,
    numero,
    competencia: COMPETENCIA,
    situacao,
    geradoEm: `${COMPETENCIA}-20T12:00:00.000Z`,
    enviadoEm: situacao === 'enviado' ? `${COMPETENCIA}-21` : null,
    protocolo: situacao === 'enviado' ? 'PROT-1' : null,
    hash: '0'.repeat(32),
    xml: '<xml/>',
    guias,
  })
  store.lotesTiss.push(
    lote(1, 'enviado', [guia(1, 'aguardando'), guia(2, 'glosado')]),
    lote(2, 'gerado', [guia(3, 'aguardando')]),
  )
  return convenio
}

describe("Faturamento's forms", () => {
  it('says under each field what is wrong, and sends nothing', async () => {
    const convenio = seedLotes()
    const { user } = renderApp('/admin/faturamento', { as: 'admin' })
    await screen.findByRole('option', { name: convenio.nome })
    await user.selectOptions(screen.getByLabelText('Convênio'), convenio.nome)
    const before = structuredClone(store.lotesTiss.map(({ xml: _xml, ...l }) => l))

    // 'Enviado' without the operadora's protocol
    const gerado = await screen.findByRole('article', { name: 'Lote 2' })
    await user.click(within(gerado).getByRole('button', { name: 'Marcar como enviado' }))
    const protocolo = within(gerado).getByLabelText('Protocolo da operadora')
    await waitFor(() => expect(protocolo).toHaveAccessibleDescription(messages.tissProtocoloRequired))
    expect(protocolo).toHaveAttribute('aria-invalid', 'true')

    // a value that is no amount, and 'Glosado' without its ANS code
    const enviado = screen.getByRole('article', { name: 'Lote 1' })
    const guia = within(enviado).getByRole('listitem', { name: 'Guia 1' })
    await user.selectOptions(within(guia).getByLabelText('Retorno'), 'Glosado')
    const valor = within(guia).getByLabelText('Valor pago (R$)')
    expect(valor).toHaveValue('150,00')
    await user.clear(valor)
    await user.type(valor, 'cem reais')
    await user.click(within(guia).getByRole('button', { name: 'Salvar retorno' }))
    await waitFor(() => expect(valor).toHaveAccessibleDescription(messages.valueInvalid))
    expect(valor).toHaveAttribute('aria-invalid', 'true')
    const codigo = within(guia).getByLabelText('Código de glosa (ANS)')
    expect(codigo).toHaveAccessibleDescription(messages.tissGlosaCodeRequired)
    expect(codigo).toHaveAttribute('aria-invalid', 'true')

    // a 'Recurso' without its text
    const glosada = within(enviado).getByRole('listitem', { name: 'Guia 2' })
    await user.click(within(glosada).getByRole('button', { name: 'Salvar recurso' }))
    const texto = within(glosada).getByLabelText('Texto do recurso')
    await waitFor(() => expect(texto).toHaveAccessibleDescription(messages.tissRecursoTextRequired))
    expect(texto).toHaveAttribute('aria-invalid', 'true')

    expect(store.lotesTiss.map(({ xml: _xml, ...l }) => l)).toEqual(before)
  })
})
