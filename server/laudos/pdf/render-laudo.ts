// The laudo's PDF (issue 36 point 5): the clinic's letterhead, the patient and the exam, the sections that
// wrap and flow onto new pages, the doctor and the responsável técnico, the verification code and
// 'Página N de M' on every page. DejaVu Sans comes from an npm package and is embedded (subset), so the
// accents print the same on any server, with no font read from the OS.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { laudoPatientName, type LaudoDocument } from '@contract'

const require = createRequire(import.meta.url)
const fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
let fonts: Promise<[Buffer, Buffer]> | undefined
const fontBytes = () =>
  (fonts ??= Promise.all([readFile(join(fontDir, 'DejaVuSans.ttf')), readFile(join(fontDir, 'DejaVuSans-Bold.ttf'))]))

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]
/**
 * fontkit reads a font's tables when first asked and keeps them on the font: one parsed font per file for the
 * process (keyed by the file's bytes, read once above), so that each laudo does not parse and lay out DejaVu
 * Sans from scratch (docs/performance.md, "The laudo's release"). pdf-lib subsets per document.
 */
const parsedFonts = new Map<Uint8Array, ReturnType<Fontkit['create']>>()
const sharedFontkit: Fontkit = {
  create(bytes, postscriptName) {
    let font = parsedFonts.get(bytes)
    if (!font) parsedFonts.set(bytes, (font = fontkit.create(bytes, postscriptName)))
    return font
  },
}

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const FOOTER = 48
const BODY_SIZE = 10.5
const LINE = 15
const GREY = rgb(0.35, 0.35, 0.35)

const dateBr = (iso: string) => iso.split('-').reverse().join('/')

/** Splits a text into lines that fit `width`, keeping the author's line breaks and breaking long words. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = ''
    for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      line = word
      while (font.widthOfTextAtSize(line, size) > width) {
        let cut = line.length - 1
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--
        lines.push(line.slice(0, cut))
        line = line.slice(cut)
      }
    }
    lines.push(line)
  }
  return lines
}

class Writer {
  page!: PDFPage
  y = 0
  readonly pages: PDFPage[] = []
  readonly width = A4[0] - 2 * MARGIN

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly letterhead: (writer: Writer) => void,
  ) {
    this.newPage()
  }

  newPage() {
    this.page = this.pdf.addPage(A4)
    this.pages.push(this.page)
    this.y = A4[1] - MARGIN
    this.letterhead(this)
  }

  /** Makes room for `height` points, on a new page when this one is full. */
  room(height: number) {
    if (this.y - height < MARGIN + FOOTER) this.newPage()
  }

  text(text: string, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; x?: number } = {}) {
    const size = options.size ?? BODY_SIZE
    const font = options.font ?? this.regular
    for (const line of wrapText(text, font, size, this.width - (options.x ?? 0))) {
      this.room(size + 4)
      this.y -= size + 4
      this.page.drawText(line, {
        x: MARGIN + (options.x ?? 0),
        y: this.y,
        size,
        font,
        ...(options.color ? { color: options.color } : {}),
      })
    }
  }

  gap(points: number) {
    this.y -= points
  }

  rule() {
    this.room(8)
    this.y -= 6
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.6,
      color: GREY,
    })
    this.y -= 6
  }
}

export async function renderLaudoPdf(doc: LaudoDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.registerFontkit(sharedFontkit)
  const [regularBytes, boldBytes] = await fontBytes()
  const regular = await pdf.embedFont(regularBytes, { subset: true })
  const bold = await pdf.embedFont(boldBytes, { subset: true })
  const logo = doc.clinica.logoPng ? await pdf.embedPng(doc.clinica.logoPng) : undefined
  const patient = laudoPatientName(doc.paciente)
  pdf.setTitle(`Laudo — ${doc.exame.nome}`)
  pdf.setAuthor(`${doc.medico.tratamento} ${doc.medico.nome}`)
  pdf.setProducer('Clínica')
  pdf.setCreator('Clínica')

  const letterhead = (w: Writer) => {
    const top = w.y
    let x = 0
    if (logo) {
      const scale = Math.min(48 / logo.height, 120 / logo.width)
      const height = logo.height * scale
      w.page.drawImage(logo, { x: MARGIN, y: top - height, width: logo.width * scale, height })
      x = logo.width * scale + 12
    }
    w.text(doc.clinica.nome, { size: 14, font: bold, x })
    w.text(doc.clinica.endereco, { size: 9, color: GREY, x })
    w.text(`Telefone ${doc.clinica.telefone} · CNPJ ${doc.clinica.cnpj}`, { size: 9, color: GREY, x })
    w.y = Math.min(w.y, top - 52)
    w.rule()
  }
  const w = new Writer(pdf, regular, bold, letterhead)

  w.text(`Paciente: ${patient}`, { font: bold })
  w.text(`Idade: ${doc.paciente.idade} ${doc.paciente.idade === 1 ? 'ano' : 'anos'} · Sexo: ${doc.paciente.sexo}`)
  w.text(`Exame: ${doc.exame.nome} · Data do exame: ${dateBr(doc.exame.data)}`)
  w.text(`Convênio: ${doc.convenio}`)
  w.rule()
  w.gap(4)

  for (const secao of doc.secoes) {
    w.room(2 * LINE + 6)
    w.text(secao.titulo, { size: 11.5, font: bold })
    w.gap(2)
    w.text(secao.texto)
    w.gap(10)
  }
  if (doc.biRads !== undefined) {
    w.text(`BI-RADS: categoria ${doc.biRads}`, { font: bold })
    w.gap(10)
  }

  const medico = `${doc.medico.tratamento} ${doc.medico.nome}`
  const registro = `CRM ${doc.medico.crm}/${doc.medico.crmUf}${doc.medico.rqe ? ` · RQE ${doc.medico.rqe}` : ''}`
  w.room(doc.assinatura === 'manual' ? 100 : 70)
  if (doc.assinatura === 'manual') {
    w.gap(36)
    const lineWidth = 220
    const start = MARGIN + (w.width - lineWidth) / 2
    w.page.drawLine({ start: { x: start, y: w.y }, end: { x: start + lineWidth, y: w.y }, thickness: 0.8 })
  } else {
    w.gap(12)
  }
  const centred = (text: string, font: PDFFont, size: number) => {
    w.y -= size + 4
    const x = MARGIN + (w.width - font.widthOfTextAtSize(text, size)) / 2
    w.page.drawText(text, { x, y: w.y, size, font })
  }
  centred(medico, bold, BODY_SIZE)
  centred(registro, regular, BODY_SIZE)
  if (doc.assinatura === 'digital') centred('Assinado digitalmente (ICP-Brasil)', regular, 8.5)
  w.gap(14)
  const rt = doc.responsavelTecnico
  w.text(`Responsável técnico: ${rt.nome} · CRM ${rt.crm}/${rt.crmUf}`, { size: 9, color: GREY })

  const total = w.pages.length
  w.pages.forEach((page, index) => {
    const footer = `Código de verificação ${doc.codigoVerificacao} · Versão ${doc.versao}`
    page.drawText(footer, { x: MARGIN, y: MARGIN - 10, size: 8.5, font: regular, color: GREY })
    const pageText = `Página ${index + 1} de ${total}`
    const x = A4[0] - MARGIN - regular.widthOfTextAtSize(pageText, 8.5)
    page.drawText(pageText, { x, y: MARGIN - 10, size: 8.5, font: regular, color: GREY })
  })
  return pdf.save({ useObjectStreams: false })
}
