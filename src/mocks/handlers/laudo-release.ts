// The laudo's release, PDF, retification, delivery and verification (issue 36 points 5–8) over the mock's
// store, as server/routes/laudo-release.ts answers them: the same laudos the worklist opens (store.laudos),
// their versions carrying the release's fields. The mock never signs: its PDF is a one-page document naming
// the laudo (enough to open, print and download); its SHA-256 is the real digest of those bytes.
import forge from 'node-forge'
import {
  clinicToday,
  laudoProntoParaLiberar,
  MODALIDADES,
  nameInitials,
  releaseMessages,
  VERIFICATION_ALPHABET,
  type Modalidade,
  type SituacaoLaudo,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import type { MockStore, StoredLaudo } from '../store'
import { mockCertificateOf } from './certificado'

type StoredVersao = StoredLaudo['versoes'][number]

/** 'Lembrar por 8 horas': the password kept per session token, as the server's memory (never in the store). */
const passwords = new WeakMap<MockStore, Map<string, string>>()

/** Logout forgets the session's kept certificate password, as the server's logout does. */
export function forgetMockCertificatePassword(store: MockStore, token: string): void {
  passwords.get(store)?.delete(token)
}

/** What the PDF, the verification and the deliveries' list print about the laudo's exam, patient and doctor. */
export function about(store: MockStore, laudo: StoredLaudo) {
  const a = store.agendamentos.find((x) => x.id === laudo.agendamentoId)
  const exame = store.exames.find((e) => e.id === laudo.exameId)
  const paciente = store.pacientes.find((p) => p.id === a?.pacienteId)
  const medico = store.medicos.find((m) => m.id === laudo.medicoId)
  const tratamento = store.medicoDetalhes[laudo.medicoId]?.tratamento === 'Dra.' ? 'Dra.' : 'Dr.'
  const modalidade = (MODALIDADES as readonly string[]).includes(exame?.modalidade ?? '')
    ? (exame!.modalidade as Modalidade)
    : 'Outros'
  return {
    pacienteNome: paciente?.nomesocial?.trim() || paciente?.nome || '',
    exame: exame?.nome ?? '',
    modalidade,
    dataExame: a ? clinicToday(new Date(a.datahora)) : '',
    medico: medico ? `${tratamento} ${medico.nome}` : '',
  }
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

function situacao(laudo: StoredLaudo): { laudo: SituacaoLaudo } {
  const newestFirst = [...laudo.versoes].reverse()
  return {
    laudo: {
      laudoId: laudo.id,
      estado: laudo.estado,
      versoes: newestFirst.map((v, i) => {
        const next = i > 0 ? newestFirst[i - 1] : undefined
        const retificacao =
          next?.motivoRetificacao != null ? { em: next.criadoEm ?? next.salvoEm, motivo: next.motivoRetificacao } : null
        const entregas = v.entregas ?? []
        return {
          versao: v.versao,
          liberadoEm: v.liberadoEm,
          sha256: v.sha256 ?? null,
          codigoVerificacao: v.codigoVerificacao ?? null,
          motivoRetificacao: v.motivoRetificacao ?? null,
          retificacao,
          entregas,
          retificadoAposEntrega: retificacao !== null && entregas.length > 0,
        }
      }),
    },
  }
}

function find(store: MockStore, laudoId: string): StoredLaudo {
  const laudo = store.laudos.find((l) => l.id === laudoId)
  if (!laudo) fail(404, releaseMessages.notFound)
  return laudo
}

const lastReleased = (laudo: StoredLaudo) => [...laudo.versoes].reverse().find((v) => v.liberadoEm !== null)

export const laudoReleaseHandlers = [
  mockRoute('liberarLaudo', (body, { store, user, token }) => {
    const laudo = find(store, body.laudoId)
    if (!user.medicoId || laudo.medicoId !== user.medicoId) fail(403, releaseMessages.notYourLaudo)
    const draft = laudo.versoes.at(-1)!
    if (draft.liberadoEm !== null) fail(400, releaseMessages.noDraft)
    const what = about(store, laudo)
    const ready = laudoProntoParaLiberar(what.modalidade).safeParse({
      tecnica: draft.tecnica,
      relatorio: draft.relatorio,
      impressao: draft.impressao,
      birads: draft.birads,
    })
    if (!ready.success) fail(400, ready.error.issues[0]!.message)
    const manual = store.laudoConfiguracoes?.assinaturaManual === true
    let remember: string | undefined
    if (!manual) {
      if (!mockCertificateOf(store, user.medicoId)) fail(400, releaseMessages.noCertificate)
      const senha = body.senha || passwords.get(store)?.get(token)
      if (!senha) fail(400, releaseMessages.passwordRequired)
      if (body.lembrarSenha) remember = senha
    }
    const codigo = newCode()
    const pdf = tinyPdf([
      `Laudo (mock) - ${what.exame}`,
      `Paciente: ${what.pacienteNome}`,
      what.medico,
      `Codigo de verificacao ${codigo} - Versao ${draft.versao}`,
    ])
    Object.assign(draft, {
      codigoVerificacao: codigo,
      liberadoEm: new Date(store.now()).toISOString(),
      pdf,
      sha256: sha256Hex(pdf),
      entregas: [],
    } satisfies Partial<StoredVersao>)
    laudo.estado = 'Liberado'
    if (remember !== undefined) {
      let kept = passwords.get(store)
      if (!kept) passwords.set(store, (kept = new Map()))
      kept.set(token, remember)
    }
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
    const at = new Date(store.now()).toISOString()
    laudo.versoes.push({
      versao: last.versao + 1,
      tecnica: last.tecnica,
      relatorio: last.relatorio,
      impressao: last.impressao,
      birads: last.birads,
      revisao: 0,
      salvoEm: at,
      liberadoEm: null,
      motivoRetificacao: body.motivo,
      criadoEm: at,
    })
    laudo.estado = 'Em edição'
    return situacao(laudo)
  }),

  mockRoute('entregarLaudo', (body, { store, user }) => {
    const laudo = find(store, body.laudoId)
    const version = lastReleased(laudo)
    if (!version) fail(400, releaseMessages.deliverNotReleased)
    version.entregas = [
      ...(version.entregas ?? []),
      {
        entregueEm: new Date(store.now()).toISOString(),
        recebedor: body.recebedor,
        nome: body.recebedor === 'terceiro' ? body.nome : '',
        entreguePor: user.nome,
      },
    ]
    if (version === laudo.versoes.at(-1)) laudo.estado = 'Entregue'
    return situacao(laudo)
  }),

  mockRoute('verificarLaudo', (body, { store }) => {
    for (const laudo of store.laudos) {
      const version = laudo.versoes.find((v) => v.codigoVerificacao === body.codigo && v.liberadoEm !== null)
      if (!version) continue
      const what = about(store, laudo)
      return {
        laudo: {
          iniciais: nameInitials(what.pacienteNome),
          exame: what.exame,
          dataExame: what.dataExame,
          medico: what.medico,
          versao: version.versao,
          liberadoEm: version.liberadoEm!,
          retificado: laudo.versoes.some((v) => v.versao > version.versao),
        },
      }
    }
    fail(404, releaseMessages.codeNotFound)
  }),
]
