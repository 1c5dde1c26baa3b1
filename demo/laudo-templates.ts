// The demonstration's laudo templates and stock phrases (issue 36 point 2): `npm run seed`
// (server/demo/laudo-templates.ts) and the msw demo mode (src/mocks/seed.ts) load the same texts. Every demo
// exam gets its modality's template, with the placeholders the laudo fills on its first open; the wording
// is the usual one of Brazilian radiology reports. Outside the contract and the server, as demo/catalogue.ts.
import type { Modalidade } from '../contract/modalities'
import type { DemoExame } from './catalogue'

interface Sections {
  tecnica: string
  relatorio: string
  impressao: string
}

const IDENTIFICACAO = 'Paciente: {paciente}, {idade}, {sexo}. Convênio: {convenio}. Exame realizado em {data_exame}.'

const POR_MODALIDADE: Record<Modalidade, Sections> = {
  RX: {
    tecnica: `${IDENTIFICACAO}\nRadiografia digital ({exame}) nas incidências de rotina.`,
    relatorio:
      'Estruturas ósseas com densidade e morfologia preservadas.\nEspaços articulares mantidos.\nPartes moles sem alterações significativas.',
    impressao: 'Estudo radiográfico sem alterações significativas.',
  },
  US: {
    tecnica: `${IDENTIFICACAO}\nExame ({exame}) realizado com transdutor de alta resolução, em tempo real.`,
    relatorio:
      'Órgãos avaliados com forma, dimensões, contornos e ecotextura preservados.\nAusência de coleções ou de líquido livre.',
    impressao: 'Exame ultrassonográfico dentro dos limites da normalidade.',
  },
  TC: {
    tecnica: `${IDENTIFICACAO}\nTomografia computadorizada multidetectores ({exame}), com cortes axiais e reconstruções multiplanares.`,
    relatorio:
      'Estruturas avaliadas com morfologia e atenuação habituais.\nAusência de massas, coleções ou linfonodomegalias.',
    impressao: 'Estudo tomográfico sem alterações significativas.',
  },
  RM: {
    tecnica: `${IDENTIFICACAO}\nRessonância magnética ({exame}) com sequências multiplanares ponderadas em T1 e T2.`,
    relatorio: 'Estruturas avaliadas com morfologia e intensidade de sinal preservadas.\nAusência de realce anômalo.',
    impressao: 'Estudo de ressonância magnética sem alterações significativas.',
  },
  MMG: {
    tecnica: `${IDENTIFICACAO}\nMamografia digital bilateral ({exame}) nas incidências craniocaudal e médio-lateral oblíqua.`,
    relatorio:
      'Mamas com padrão fibroglandular esparso.\nAusência de nódulos, microcalcificações suspeitas ou distorções arquiteturais.\nRegiões axilares sem alterações.',
    impressao: 'Exame mamográfico sem sinais de malignidade. BI-RADS 1 (negativo).',
  },
  DO: {
    tecnica: `${IDENTIFICACAO}\nDensitometria óssea por absorciometria de raios X de dupla energia (DXA), coluna lombar e fêmur proximal.`,
    relatorio: 'Densidade mineral óssea da coluna lombar (L1–L4) e do colo femoral dentro do esperado para a idade.',
    impressao: 'Densidade mineral óssea normal (T-score acima de -1,0), segundo os critérios da OMS.',
  },
  Outros: {
    tecnica: `${IDENTIFICACAO}\nProcedimento: {exame}.`,
    relatorio: 'Procedimento realizado sem intercorrências.',
    impressao: 'Sem alterações significativas.',
  },
}

/** The template of a demo exam: its modality's wording. */
export function demoLaudoTemplate(exame: Pick<DemoExame, 'modalidade'>): Sections {
  return { ...POR_MODALIDADE[exame.modalidade] }
}

/** A few stock phrases per modality, with their short codes. */
export const DEMO_FRASES: { modalidade: Modalidade; codigo: string; texto: string }[] = [
  { modalidade: 'RX', codigo: 'normal', texto: 'Estudo radiográfico sem alterações significativas.' },
  { modalidade: 'RX', codigo: 'pulmao', texto: 'Campos pulmonares livres. Seios costofrênicos livres.' },
  {
    modalidade: 'RX',
    codigo: 'artrose',
    texto: 'Redução do espaço articular e osteófitos marginais, compatíveis com artrose.',
  },
  { modalidade: 'US', codigo: 'normal', texto: 'Exame ultrassonográfico dentro dos limites da normalidade.' },
  {
    modalidade: 'US',
    codigo: 'esteatose',
    texto: 'Fígado com ecogenicidade aumentada, compatível com esteatose hepática leve.',
  },
  {
    modalidade: 'US',
    codigo: 'litiase',
    texto: 'Vesícula biliar com imagem ecogênica móvel com sombra acústica posterior, compatível com litíase.',
  },
  { modalidade: 'TC', codigo: 'normal', texto: 'Estudo tomográfico sem alterações significativas.' },
  {
    modalidade: 'TC',
    codigo: 'sinusite',
    texto: 'Espessamento mucoso dos seios maxilares, compatível com sinusopatia inflamatória.',
  },
  { modalidade: 'RM', codigo: 'normal', texto: 'Estudo de ressonância magnética sem alterações significativas.' },
  { modalidade: 'RM', codigo: 'protrusao', texto: 'Protrusão discal posterior mediana, sem compressão radicular.' },
  { modalidade: 'MMG', codigo: 'bir1', texto: 'Exame mamográfico sem sinais de malignidade. BI-RADS 1 (negativo).' },
  { modalidade: 'MMG', codigo: 'bir2', texto: 'Achados benignos. BI-RADS 2. Controle anual recomendado.' },
  { modalidade: 'MMG', codigo: 'densas', texto: 'Mamas heterogeneamente densas, o que pode ocultar pequenos nódulos.' },
  {
    modalidade: 'DO',
    codigo: 'osteopenia',
    texto: 'Densidade mineral óssea reduzida (T-score entre -1,0 e -2,5): osteopenia, segundo a OMS.',
  },
  {
    modalidade: 'DO',
    codigo: 'osteoporose',
    texto: 'Densidade mineral óssea reduzida (T-score igual ou abaixo de -2,5): osteoporose, segundo a OMS.',
  },
]
