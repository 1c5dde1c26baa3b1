// The laudo's release, PDF, retification, delivery and verification (issue 36 points 5–8) over the mock's
// store, as server/routes/laudo-release.ts answers them. The mock never signs: its PDF is a one-page
// document naming the laudo (enough to open, print and download); its SHA-256 is the real digest of those
// bytes. Laudos enter the mock through `seedMockLaudo` until the worklist's open call creates them.
import forge from 'node-forge'
import {
  laudoProntoParaLiberar,
  nameInitials,
  releaseMessages,
  VERIFICATION_ALPHABET,
  type EntregaLaudo,
  type Modalidade,
  type SituacaoLaudo,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import type { MockStore } from '../store'
import { mockCertificateOf } from './certificado'

export interface MockLaudoVersao {
  versao: number
  tecnica: string
  relatorio: string
  impressao: string
  birads: number | null
  liberadoEm: string | null
  sha256: string | null
  codigoVerificacao: string | null
  motivoRetificacao: string | null
  criadoEm: string
  pdf: Uint8Array<ArrayBuffer> | null
  entregas: EntregaLaudo[]
}

export interface MockLaudo {
  id: string
  medicoId: string | null
  estado: SituacaoLaudo['estado']
  pacienteNome: string
  exame: string
  modalidade: Modalidade
  /** YYYY-MM-DD */
  dataExame: string
  /** With the title: 'Dra. Ana Souza'. */
  medico: string
  /** Oldest first. */
  versoes: MockLaudoVersao[]
}

const laudos = new WeakMap<MockStore, Map<string, MockLaudo>>()
const passwords = new WeakMap<MockStore, Map<string, string>>()

function of(store: MockStore): Map<string, MockLaudo> {
  let map = laudos.get(store)
  if (!map) laudos.set(store, (map = new Map()))
  return map
}

export interface SeedLaudo {
  medicoId: string | null
  pacienteNome: string
  exame: string
  modalidade: Modalidade
  dataExame: string
  medico: string
  draft: { tecnica?: string; relatorio?: string; impressao?: string; birads?: number | null }
}

/** A laudo with its draft version 1, as the worklist's first open leaves it; its id. */
export function seedMockLaudo(store: MockStore, seed: SeedLaudo): string {
  const id = crypto.randomUUID()
  const { draft, ...rest } = seed
  of(store).set(id, {
    id,
    ...rest,
    estado: 'Em edição',
    versoes: [
      {
        versao: 1,
        tecnica: draft.tecnica ?? '',
        relatorio: draft.relatorio ?? '',
        impressao: draft.impressao ?? '',
        birads: draft.birads ?? null,
        liberadoEm: null,
        sha256: null,
        codigoVerificacao: null,
        motivoRetificacao: null,
        criadoEm: new Date().toISOString(),
        pdf: null,
        entregas: [],
      },
    ],
  })
  return id
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()\\]/g, '')

/** A one-page PDF with a few lines of Helvetica text, its cross-reference table computed. */
export function tinyPdf(lines: string[]): Uint8Array<ArrayBuffer> {
  const text = lines.map((line, i) => `BT /F1 12 Tf 56 ${780 - i * 18} Td (${ascii(line)}) Tj ET`).join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Uint8Array.from(out, (c) => c.charCodeAt(0))
}

const sha256Hex = (bytes: Uint8Array) =>
  forge.md.sha256
    .create()
    .update(String.fromCharCode(...bytes))
    .digest()
    .toHex()

function newCode(): string {
  const pick = () => VERIFICATION_ALPHABET[Math.floor(Math.random() * VERIFICATION_ALPHABET.length)]
  const group = () => Array.from({ length: 4 }, pick).join('')
  return `${group()}-${group()}-${group()}`
}

function situacao(laudo: MockLaudo): { laudo: SituacaoLaudo } {
  const newestFirst = [...laudo.versoes].reverse()
  return {
    laudo: {
      laudoId: laudo.id,
      estado: laudo.estado,
      versoes: newestFirst.map((v, i) => {
        const next = i > 0 ? newestFirst[i - 1] : undefined
        const retificacao =
          next?.motivoRetificacao != null ? { em: next.criadoEm, motivo: next.motivoRetificacao } : null
        return {
          versao: v.versao,
          liberadoEm: v.liberadoEm,
          sha256: v.sha256,
          codigoVerificacao: v.codigoVerificacao,
          motivoRetificacao: v.motivoRetificacao,
          retificacao,
          entregas: v.entregas,
          retificadoAposEntrega: retificacao !== null && v.entregas.length > 0,
        }
      }),
    },
  }
}

function find(store: MockStore, laudoId: string): MockLaudo {
  const laudo = currentAdopted(store, laudoId) ?? of(store).get(laudoId) ?? adoptStoredLaudo(store, laudoId)
  if (!laudo) fail(404, releaseMessages.notFound)
  return laudo
}

const lastReleased = (laudo: MockLaudo) => [...laudo.versoes].reverse().find((v) => v.liberadoEm !== null)

export const laudoReleaseHandlers = [
  mockRoute('liberarLaudo', (body, { store, user, token }) => {
    const laudo = find(store, body.laudoId)
    if (!user.medicoId || laudo.medicoId !== user.medicoId) fail(403, releaseMessages.notYourLaudo)
    const draft = laudo.versoes.at(-1)!
    if (draft.liberadoEm !== null) fail(400, releaseMessages.noDraft)
    const ready = laudoProntoParaLiberar(laudo.modalidade).safeParse({
      tecnica: draft.tecnica,
      relatorio: draft.relatorio,
      impressao: draft.impressao,
      birads: draft.birads,
    })
    if (!ready.success) fail(400, ready.error.issues[0]!.message)
    const manual = store.laudoConfiguracoes?.assinaturaManual === true
    if (!manual) {
      if (!mockCertificateOf(store, user.medicoId)) fail(400, releaseMessages.noCertificate)
      let kept = passwords.get(store)
      if (!kept) passwords.set(store, (kept = new Map()))
      const senha = body.senha || kept.get(token)
      if (!senha) fail(400, releaseMessages.passwordRequired)
      if (body.lembrarSenha) kept.set(token, senha)
    }
    draft.codigoVerificacao = newCode()
    draft.liberadoEm = new Date().toISOString()
    draft.pdf = tinyPdf([
      `Laudo (mock) - ${laudo.exame}`,
      `Paciente: ${laudo.pacienteNome}`,
      `${laudo.medico}`,
      `Codigo de verificacao ${draft.codigoVerificacao} - Versao ${draft.versao}`,
    ])
    draft.sha256 = sha256Hex(draft.pdf)
    laudo.estado = 'Liberado'
    return situacao(laudo)
  }),

  mockRoute('versoesLaudo', (body, { store }) => situacao(find(store, body.laudoId))),

  mockRoute('pdfLaudo', (body, { store }) => {
    const version = find(store, body.laudoId).versoes.find((v) => v.versao === body.versao)
    if (!version) fail(404, releaseMessages.notFound)
    if (!version.pdf) fail(400, releaseMessages.versionNotReleased)
    return version.pdf
  }),

  mockRoute('retificarLaudo', (body, { store, user }) => {
    const laudo = find(store, body.laudoId)
    if (!user.medicoId || laudo.medicoId !== user.medicoId) fail(403, releaseMessages.notYourLaudo)
    const last = laudo.versoes.at(-1)!
    if (last.liberadoEm === null) fail(400, releaseMessages.retifyNotReleased)
    laudo.versoes.push({
      ...last,
      versao: last.versao + 1,
      liberadoEm: null,
      sha256: null,
      codigoVerificacao: null,
      motivoRetificacao: body.motivo,
      criadoEm: new Date().toISOString(),
      pdf: null,
      entregas: [],
    })
    laudo.estado = 'Em edição'
    return situacao(laudo)
  }),

  mockRoute('entregarLaudo', (body, { store, user }) => {
    const laudo = find(store, body.laudoId)
    const version = lastReleased(laudo)
    if (!version) fail(400, releaseMessages.deliverNotReleased)
    version.entregas.push({
      entregueEm: new Date().toISOString(),
      recebedor: body.recebedor,
      nome: body.recebedor === 'terceiro' ? body.nome : '',
      entreguePor: user.nome,
    })
    if (version === laudo.versoes.at(-1)) laudo.estado = 'Entregue'
    return situacao(laudo)
  }),

  mockRoute('verificarLaudo', (body, { store }) => {
    for (const laudo of of(store).values()) {
      const version = laudo.versoes.find((v) => v.codigoVerificacao === body.codigo && v.liberadoEm !== null)
      if (!version) continue
      return {
        laudo: {
          iniciais: nameInitials(laudo.pacienteNome),
          exame: laudo.exame,
          dataExame: laudo.dataExame,
          medico: laudo.medico,
          versao: version.versao,
          liberadoEm: version.liberadoEm!,
          retificado: laudo.versoes.some((v) => v.versao > version.versao),
        },
      }
    }
    fail(404, releaseMessages.codeNotFound)
  }),
]

// ---- The board's desk (issue 36 point 7): a laudo of the worklist's store read by the release calls ----
// Until the mock keeps one store of laudos, a laudo the worklist's store holds (store.laudos: what the board's
// POST /laudo/dia answers) is taken into the release calls' map on first use, its released versions given a
// stored PDF, and its state shared with it, so 'Entregar laudo' on the board moves the board's state too.
const adoptedFrom = new WeakMap<MockLaudo, MockStore['laudos'][number]>()

/** The adopted laudo of the store's current row (a reset store has new rows: the old adoption is dropped). */
function currentAdopted(store: MockStore, laudoId: string): MockLaudo | undefined {
  const stored = store.laudos.find((l) => l.id === laudoId)
  if (!stored) return undefined
  const kept = of(store).get(laudoId)
  return kept && adoptedFrom.get(kept) === stored ? kept : adoptStoredLaudo(store, laudoId)
}

function adoptStoredLaudo(store: MockStore, laudoId: string): MockLaudo | undefined {
  const stored = store.laudos.find((l) => l.id === laudoId)
  if (!stored) return undefined
  const a = store.agendamentos.find((x) => x.id === stored.agendamentoId)
  const paciente = store.pacientes.find((p) => p.id === a?.pacienteId)
  const medico = store.medicos.find((m) => m.id === stored.medicoId)
  const exame = store.exames.find((e) => e.id === stored.exameId)
  const nome = store.agendamentoCatalogo[stored.agendamentoId]?.exames.find((e) => e.exameId === stored.exameId)?.nome
  const tratamento = store.medicoDetalhes[stored.medicoId]?.tratamento === 'Dra.' ? 'Dra.' : 'Dr.'
  const laudo: MockLaudo = {
    id: stored.id,
    medicoId: stored.medicoId,
    estado: stored.estado,
    pacienteNome: paciente?.nomesocial.trim() || paciente?.nome || '',
    exame: nome ?? exame?.nome ?? '',
    modalidade: (exame?.modalidade ?? 'Outros') as Modalidade,
    dataExame: (a?.datahora ?? '').slice(0, 10),
    medico: medico ? `${tratamento} ${medico.nome}` : '',
    versoes: stored.versoes.map((v) => {
      const codigo = v.liberadoEm ? newCode() : null
      const pdf = v.liberadoEm
        ? tinyPdf([`Laudo (mock) - ${nome ?? ''}`, `Codigo de verificacao ${codigo} - Versao ${v.versao}`])
        : null
      return {
        versao: v.versao,
        tecnica: v.tecnica,
        relatorio: v.relatorio,
        impressao: v.impressao,
        birads: v.birads,
        liberadoEm: v.liberadoEm,
        sha256: pdf ? sha256Hex(pdf) : null,
        codigoVerificacao: codigo,
        motivoRetificacao: null,
        criadoEm: v.salvoEm,
        pdf,
        entregas: [],
      }
    }),
  }
  Object.defineProperty(laudo, 'estado', {
    get: () => stored.estado,
    set: (estado: MockLaudo['estado']) => {
      stored.estado = estado
    },
  })
  of(store).set(laudo.id, laudo)
  adoptedFrom.set(laudo, stored)
  return laudo
}

/** Every laudo the release calls know (the desk's list of deliveries reads their versions). */
export function mockReleasedLaudos(store: MockStore): MockLaudo[] {
  for (const stored of store.laudos) currentAdopted(store, stored.id)
  // an adoption of a row the store no longer has (it was reset) is not the store's
  return [...of(store).values()].filter((l) => {
    const from = adoptedFrom.get(l)
    return from === undefined || store.laudos.includes(from)
  })
}
