// 'Imprimir guia' (issue 37 point 6): the guia SP/SADT on paper with the data the batch sends, its boxes
// numbered as the ANS form numbers them, through the printouts' sheet (src/components/print). While it
// prints, the other sheets on the page (the receipt's) stay off the paper. What is not kept (a doctor without
// CRM, a clinic without CNES) prints as an empty box, to be filled by hand.
import { useEffect, type ReactNode } from 'react'
import {
  caraterLabels,
  CBO_RADIOLOGISTA,
  datePart,
  defaultDurationMinutes,
  endOf,
  formatDate,
  timePart,
  TISS_CONSELHOS,
  type Agendamento,
  type AgendamentoDetalhes,
  type Carteirinha,
  type ConfiguracoesClinica,
  type GuiaTiss,
} from '@contract'
import { PrintHeader, PrintSheet } from '@/components/print/print-sheet'
import { useCatalogo, type Catalogo } from '@/lib/catalogue-query'
import { useClinicSettings } from '@/lib/clinic-settings'
import { capitalizeName, formatMoney } from '@/lib/format'
import { useConveniosTiss } from '../api/convenios-tiss'

interface GuiaPrintProps {
  agendamento: Agendamento
  detalhes: AgendamentoDetalhes
  guia: GuiaTiss
  carteirinha: Carteirinha | undefined
}

const PRINTING = 'guia-tiss'

function printGuia() {
  document.body.dataset.printing = PRINTING
  window.addEventListener('afterprint', () => delete document.body.dataset.printing, { once: true })
  window.print()
}

export function GuiaPrintButton(props: GuiaPrintProps) {
  const clinica = useClinicSettings()
  const catalogo = useCatalogo()
  const convenios = useConveniosTiss()
  const ready = clinica.data !== undefined && catalogo.data !== undefined
  // closed before printing's end (or printed to PDF), the page forgets it was printing the guia
  useEffect(() => () => void delete document.body.dataset.printing, [])
  return (
    <>
      <button type="button" className="button" disabled={!ready} onClick={printGuia}>
        Imprimir guia
      </button>
      {ready && (
        <PrintSheet paper="a4" label="Guia SP/SADT">
          <GuiaContent
            {...props}
            clinica={clinica.data}
            catalogo={catalogo.data}
            codigoPrestador={convenios.data?.find((c) => c.convenioId === props.guia.convenioId)?.codigoPrestador ?? ''}
          />
        </PrintSheet>
      )}
    </>
  )
}

function Box({ n, label, children }: { n: number; label: string; children: ReactNode }) {
  return (
    <div className="tiss-print__box">
      <span className="tiss-print__label">
        {n} - {label}
      </span>
      <span className="tiss-print__value">{children}</span>
    </div>
  )
}

function GuiaContent({
  agendamento,
  detalhes,
  guia,
  carteirinha,
  clinica,
  catalogo,
  codigoPrestador,
}: GuiaPrintProps & { clinica: ConfiguracoesClinica; catalogo: Catalogo; codigoPrestador: string }) {
  const convenio = catalogo.convenios.find((c) => c.id === guia.convenioId)
  const tussOf = (exameId: string) => catalogo.exames.find((e) => e.id === exameId)?.tuss ?? ''
  const day = datePart(agendamento.datahora)
  const fim = agendamento.fim ?? endOf(agendamento.datahora, defaultDurationMinutes(agendamento.exames.length))
  const s = guia.solicitante
  const executante = guia.executante
  const total = detalhes.exames.reduce((sum, e) => sum + (e.valorIncents ?? 0), 0)
  return (
    <div className="tiss-print">
      <PrintHeader clinica={clinica} />
      <h1>Guia de SP/SADT</h1>
      <p className="tiss-print__subtitle">Guia de Serviço Profissional / Serviço Auxiliar de Diagnóstico e Terapia</p>
      <div className="tiss-print__row">
        <Box n={1} label="Registro ANS">
          {convenio?.ans ?? ''}
        </Box>
        <Box n={2} label="Nº Guia no Prestador">
          {guia.numeroGuiaPrestador}
        </Box>
        <Box n={4} label="Data da Autorização">
          {guia.dataAutorizacao ? formatDate(guia.dataAutorizacao) : ''}
        </Box>
        <Box n={5} label="Senha">
          {guia.senhaAutorizacao}
        </Box>
        <Box n={6} label="Data de Validade da Senha">
          {guia.validadeSenha ? formatDate(guia.validadeSenha) : ''}
        </Box>
        <Box n={7} label="Número da Guia Atribuído pela Operadora">
          {guia.numeroGuiaOperadora}
        </Box>
      </div>
      <h2>Dados do Beneficiário</h2>
      <div className="tiss-print__row">
        <Box n={8} label="Número da Carteira">
          {detalhes.carteirinha || carteirinha?.numero || ''}
        </Box>
        <Box n={9} label="Validade da Carteira">
          {carteirinha?.validade ? formatDate(carteirinha.validade) : ''}
        </Box>
        <Box n={10} label="Nome">
          {capitalizeName(agendamento.paciente.nome)}
        </Box>
        <Box n={12} label="Atendimento a RN">
          N
        </Box>
      </div>
      <h2>Dados do Solicitante</h2>
      <div className="tiss-print__row">
        <Box n={13} label="Código na Operadora">
          {codigoPrestador}
        </Box>
        <Box n={14} label="Nome do Contratado">
          {clinica.nome}
        </Box>
        <Box n={15} label="Nome do Profissional Solicitante">
          {s?.nome ?? ''}
        </Box>
        <Box n={16} label="Conselho Profissional">
          {s?.conselho ? `${TISS_CONSELHOS[s.conselho]} - ${s.conselho}` : ''}
        </Box>
        <Box n={17} label="Número no Conselho">
          {s?.numero ?? ''}
        </Box>
        <Box n={18} label="UF">
          {s?.uf ?? ''}
        </Box>
        <Box n={19} label="Código CBO">
          {s?.cbo ?? ''}
        </Box>
      </div>
      <h2>Dados da Solicitação / Procedimentos e Exames Solicitados</h2>
      <div className="tiss-print__row">
        <Box n={21} label="Caráter do Atendimento">
          {guia.carater} - {caraterLabels[guia.carater]}
        </Box>
        <Box n={22} label="Data da Solicitação">
          {formatDate(guia.dataAutorizacao ?? day)}
        </Box>
        <Box n={23} label="Indicação Clínica">
          {guia.indicacaoClinica}
        </Box>
      </div>
      <h2>Dados do Contratado Executante</h2>
      <div className="tiss-print__row">
        <Box n={29} label="Código na Operadora">
          {codigoPrestador}
        </Box>
        <Box n={30} label="Nome do Contratado">
          {clinica.nome}
        </Box>
        <Box n={31} label="Código CNES">
          {executante.cnes}
        </Box>
      </div>
      <h2>Dados do Atendimento</h2>
      <div className="tiss-print__row">
        <Box n={32} label="Tipo de Atendimento">
          23 - Exame
        </Box>
        <Box n={33} label="Indicação de Acidente">
          9 - Não acidente
        </Box>
        <Box n={35} label="Regime de Atendimento">
          01 - Ambulatorial
        </Box>
      </div>
      <h2>Dados da Execução / Procedimentos e Exames Realizados</h2>
      <table className="tiss-print__table">
        <thead>
          <tr>
            <th>Data</th>
            <th>Hora inicial</th>
            <th>Hora final</th>
            <th>Tabela</th>
            <th>Código do procedimento</th>
            <th>Descrição</th>
            <th>Qtde.</th>
            <th>Valor unitário</th>
            <th>Valor total</th>
          </tr>
        </thead>
        <tbody>
          {detalhes.exames.map((exame, index) => (
            <tr key={index}>
              <td>{formatDate(day)}</td>
              <td>{timePart(agendamento.datahora)}</td>
              <td>{timePart(fim)}</td>
              <td>22</td>
              <td>{tussOf(exame.exameId)}</td>
              <td>{exame.nome}</td>
              <td>1</td>
              <td>{exame.valorIncents === null ? '' : formatMoney(exame.valorIncents)}</td>
              <td>{exame.valorIncents === null ? '' : formatMoney(exame.valorIncents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Identificação do Profissional Executante</h2>
      <div className="tiss-print__row">
        <Box n={51} label="Nome do Profissional">
          {agendamento.doutor.nome && `Dr(a). ${capitalizeName(agendamento.doutor.nome)}`}
        </Box>
        <Box n={52} label="Conselho Profissional">
          {TISS_CONSELHOS.CRM} - CRM
        </Box>
        <Box n={53} label="Número no Conselho">
          {executante.crm}
        </Box>
        <Box n={54} label="UF">
          {executante.crmUf}
        </Box>
        <Box n={55} label="Código CBO">
          {CBO_RADIOLOGISTA}
        </Box>
      </div>
      <div className="tiss-print__row">
        <Box n={65} label="Total Geral">
          {formatMoney(total)}
        </Box>
      </div>
      <div className="tiss-print__signatures">
        <p>Assinatura do Responsável pela Autorização</p>
        <p>Assinatura do Beneficiário ou Responsável</p>
        <p>Assinatura do Contratado</p>
      </div>
    </div>
  )
}
