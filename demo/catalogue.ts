// A radiology clinic's catalogue for demonstrations: the server's `npm run seed` (server/demo/catalogue.ts)
// and the msw demo mode (src/mocks/catalogue-seed.ts) load the same exams, convênios and prices. Outside
// the contract and the server, so both may import it; only the demo mode's code imports it, so the PWA's
// bundle holds it only there. The preparation texts are the usual ones of Brazilian radiology
// services, written for the patient.
import type { Modalidade } from '../contract/modalities'

export interface DemoExame {
  nome: string
  modalidade: Modalidade
  duracao: number
  tuss: string | null
  preparo: string
  /** The Particular price, in cents; each convênio pays a share of it (DEMO_CONVENIOS). */
  particularIncents: number
}

const JEJUM_8 = 'Jejum absoluto de 8 horas (inclusive de água). Tome seus remédios de uso contínuo com pouca água.'
const JEJUM_6 = 'Jejum de 6 horas. Medicamentos de uso contínuo podem ser tomados normalmente.'
const BEXIGA = 'Beber 4 a 6 copos de água 1 hora antes do exame e não urinar até o fim do exame (bexiga cheia).'
const CONTRASTE =
  'Jejum de 4 horas. Trazer exame de creatinina recente (até 30 dias) se tiver mais de 60 anos, diabetes ou doença renal. Informe alergias e uso de metformina.'
const RM =
  'Retire objetos metálicos. Informe marca-passo, implantes, clipes, próteses ou tatuagens recentes. Chegar 30 minutos antes.'
const MMG =
  'Não usar desodorante, talco nem creme nas mamas e axilas no dia do exame. Trazer mamografias e ultrassons anteriores.'
const DO = 'Não tomar suplementos de cálcio nas 24 horas anteriores ao exame. Vestir roupa sem metais.'
const NENHUM = ''

export const DEMO_EXAMES: DemoExame[] = [
  {
    nome: 'RX de tórax PA e perfil',
    modalidade: 'RX',
    duracao: 15,
    tuss: '40805026',
    preparo: NENHUM,
    particularIncents: 12_000,
  },
  {
    nome: 'RX de coluna lombossacra',
    modalidade: 'RX',
    duracao: 15,
    tuss: '40806014',
    preparo: NENHUM,
    particularIncents: 14_000,
  },
  {
    nome: 'RX de coluna cervical',
    modalidade: 'RX',
    duracao: 15,
    tuss: '40806022',
    preparo: NENHUM,
    particularIncents: 13_000,
  },
  {
    nome: 'RX de seios da face',
    modalidade: 'RX',
    duracao: 15,
    tuss: '40803019',
    preparo: NENHUM,
    particularIncents: 11_000,
  },
  { nome: 'RX de joelho', modalidade: 'RX', duracao: 15, tuss: '40808017', preparo: NENHUM, particularIncents: 11_000 },
  {
    nome: 'RX de abdome simples',
    modalidade: 'RX',
    duracao: 15,
    tuss: '40807010',
    preparo: 'Jejum de 4 horas. Evitar alimentos que causam gases na véspera.',
    particularIncents: 12_000,
  },
  {
    nome: 'US abdome total',
    modalidade: 'US',
    duracao: 30,
    tuss: '40901122',
    preparo: `${JEJUM_8} ${BEXIGA}`,
    particularIncents: 28_000,
  },
  {
    nome: 'US abdome superior',
    modalidade: 'US',
    duracao: 20,
    tuss: '40901114',
    preparo: JEJUM_8,
    particularIncents: 22_000,
  },
  {
    nome: 'US pélvico transabdominal',
    modalidade: 'US',
    duracao: 20,
    tuss: '40901300',
    preparo: BEXIGA,
    particularIncents: 20_000,
  },
  {
    nome: 'US transvaginal',
    modalidade: 'US',
    duracao: 20,
    tuss: '40901297',
    preparo: 'Esvaziar a bexiga antes do exame. Não é preciso jejum.',
    particularIncents: 22_000,
  },
  {
    nome: 'US de próstata via abdominal',
    modalidade: 'US',
    duracao: 20,
    tuss: '40901319',
    preparo: BEXIGA,
    particularIncents: 20_000,
  },
  {
    nome: 'US de tireoide',
    modalidade: 'US',
    duracao: 20,
    tuss: '40901203',
    preparo: NENHUM,
    particularIncents: 18_000,
  },
  {
    nome: 'US de mamas',
    modalidade: 'US',
    duracao: 20,
    tuss: '40901211',
    preparo: 'Trazer mamografias e ultrassons anteriores.',
    particularIncents: 20_000,
  },
  {
    nome: 'US de rins e vias urinárias',
    modalidade: 'US',
    duracao: 20,
    tuss: '40901181',
    preparo: BEXIGA,
    particularIncents: 20_000,
  },
  {
    nome: 'US obstétrico',
    modalidade: 'US',
    duracao: 30,
    tuss: '40901238',
    preparo: 'Bexiga confortável; não é preciso jejum.',
    particularIncents: 25_000,
  },
  {
    nome: 'US Doppler de carótidas e vertebrais',
    modalidade: 'US',
    duracao: 40,
    tuss: '40901521',
    preparo: NENHUM,
    particularIncents: 38_000,
  },
  {
    nome: 'US Doppler venoso de membro inferior',
    modalidade: 'US',
    duracao: 40,
    tuss: '40901548',
    preparo: NENHUM,
    particularIncents: 38_000,
  },
  { nome: 'TC de crânio', modalidade: 'TC', duracao: 20, tuss: '41001010', preparo: NENHUM, particularIncents: 45_000 },
  { nome: 'TC de tórax', modalidade: 'TC', duracao: 20, tuss: '41001230', preparo: NENHUM, particularIncents: 50_000 },
  {
    nome: 'TC de abdome total com contraste',
    modalidade: 'TC',
    duracao: 30,
    tuss: '41001265',
    preparo: CONTRASTE,
    particularIncents: 90_000,
  },
  {
    nome: 'TC de seios da face',
    modalidade: 'TC',
    duracao: 20,
    tuss: '41001060',
    preparo: NENHUM,
    particularIncents: 42_000,
  },
  {
    nome: 'TC de coluna lombar',
    modalidade: 'TC',
    duracao: 20,
    tuss: '41001150',
    preparo: NENHUM,
    particularIncents: 48_000,
  },
  { nome: 'RM de crânio', modalidade: 'RM', duracao: 40, tuss: '41101014', preparo: RM, particularIncents: 95_000 },
  {
    nome: 'RM de coluna lombar',
    modalidade: 'RM',
    duracao: 40,
    tuss: '41101200',
    preparo: RM,
    particularIncents: 95_000,
  },
  { nome: 'RM de joelho', modalidade: 'RM', duracao: 40, tuss: '41101464', preparo: RM, particularIncents: 90_000 },
  { nome: 'RM de ombro', modalidade: 'RM', duracao: 40, tuss: '41101472', preparo: RM, particularIncents: 90_000 },
  {
    nome: 'RM de abdome superior',
    modalidade: 'RM',
    duracao: 50,
    tuss: '41101235',
    preparo: `${JEJUM_6} ${RM}`,
    particularIncents: 120_000,
  },
  {
    nome: 'Mamografia bilateral',
    modalidade: 'MMG',
    duracao: 20,
    tuss: '40808041',
    preparo: MMG,
    particularIncents: 18_000,
  },
  {
    nome: 'Mamografia digital com tomossíntese',
    modalidade: 'MMG',
    duracao: 25,
    tuss: '40808050',
    preparo: MMG,
    particularIncents: 35_000,
  },
  {
    nome: 'Densitometria óssea (coluna e fêmur)',
    modalidade: 'DO',
    duracao: 20,
    tuss: '40808130',
    preparo: DO,
    particularIncents: 16_000,
  },
  {
    nome: 'Punção aspirativa de tireoide guiada por US',
    modalidade: 'Outros',
    duracao: 40,
    tuss: null,
    preparo: 'Suspender anticoagulantes somente com orientação do seu médico. Trazer ultrassom anterior.',
    particularIncents: 45_000,
  },
]

/** Convênios besides Particular: their ANS record and the share of the Particular price they pay (percent). */
export const DEMO_CONVENIOS: { nome: string; ans: string; percent: number }[] = [
  { nome: 'Unimed', ans: '343889', percent: 70 },
  { nome: 'Bradesco Saúde', ans: '005711', percent: 80 },
  { nome: 'SulAmérica', ans: '006246', percent: 78 },
  { nome: 'Amil', ans: '326305', percent: 65 },
  { nome: 'Hapvida', ans: '368253', percent: 55 },
]

/** A convênio's price of an exam: its share, rounded to whole reais. */
export const demoPrice = (particularIncents: number, percent: number) =>
  Math.round((particularIncents * percent) / 100 / 100) * 100
