// Issue 35 point 9 against the real server: the clinic's logo is decoded by a real image decoder and written
// anew (server/clinic/logo-image.ts); SVG, HTML, a PNG/HTML polyglot, too many pixels and one byte over the cap are
// not stored as sent.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, messages, type ConfiguracoesClinica } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, expectError, expectStatus } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const settings = {
  nome: 'Clínica Boa Imagem',
  endereco: 'Rua das Acácias, 100',
  telefone: '(19) 3232-1000',
  cnpj: '11.222.333/0001-81',
  modeloMensagem: 'Olá, {nome}! {data} às {hora}.',
}
const dataUrl = (bytes: Buffer, type = 'png') => `data:image/${type};base64,${bytes.toString('base64')}`
const save = (logo: string | null) => call(t, 'salvarConfiguracoesClinica', 'admin', { ...settings, logo })
async function saved(logo: string): Promise<Buffer> {
  const answer = expectStatus<{ configuracoes: ConfiguracoesClinica }>(await save(logo), 200).configuracoes
  const match = /^data:image\/(png|webp);base64,(.+)$/.exec(answer.logo ?? '')
  expect(match, answer.logo ?? 'null').not.toBeNull()
  return Buffer.from(match![2]!, 'base64')
}
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })

describe("the clinic's logo", () => {
  it('a PNG or a JPEG is decoded and stored as a PNG of its pixels, at most LOGO_MAX_SIDE a side', async () => {
    const small = await saved(dataUrl(await image(40, 20).png().toBuffer()))
    expect(await sharp(small).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 })
    const wide = await saved(dataUrl(await image(1600, 400).jpeg().toBuffer(), 'jpeg'))
    expect(await sharp(wide).metadata()).toMatchObject({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE / 4 })
    expect(wide.length).toBeLessThanOrEqual(LOGO_MAX_BYTES)
  })

  it('a PNG/HTML polyglot labelled PNG keeps its pixels and loses its HTML', async () => {
    const png = await image(8, 8).png().toBuffer()
    const html = '<html><body><script>alert(document.cookie)</script></body></html>'
    const stored = await saved(dataUrl(Buffer.concat([png, Buffer.from(html)])))
    expect(stored.toString('latin1')).not.toContain('<script>')
    expect((await sharp(stored).metadata()).width).toBe(8)
  })

  it('SVG, HTML or bytes that are no image are refused, whatever the label; nothing is stored', async () => {
    const before = expectStatus<{ configuracoes: ConfiguracoesClinica }>(
      await call(t, 'configuracoesClinica', 'staff'),
      200,
    ).configuracoes.logo
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
    for (const logo of [
      dataUrl(Buffer.from(svg)),
      dataUrl(Buffer.from(svg), 'webp'),
      dataUrl(Buffer.from('<html><script>alert(1)</script></html>')),
      dataUrl(Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(LOGO_MAX_BYTES - 8, 1)])),
    ])
      expectError(await save(logo), 400, messages.logoUnreadable)
    const after = expectStatus<{ configuracoes: ConfiguracoesClinica }>(
      await call(t, 'configuracoesClinica', 'staff'),
      200,
    )
    expect(after.configuracoes.logo).toBe(before)
  })

  it('an image of more than 4000 × 4000 pixels is refused before it is decoded', async () => {
    const huge = await image(4100, 4100).png({ compressionLevel: 9, palette: true, colours: 2 }).toBuffer()
    expect(huge.length).toBeLessThan(LOGO_MAX_BYTES)
    expectError(await save(dataUrl(huge)), 400, messages.logoTooManyPixels)
  })

  it('the cap is exact: one byte over 48 KB is refused, as is every size up to the old slack', async () => {
    const png = await image(4, 4).png().toBuffer()
    for (let extra = 1; extra <= 6; extra++) {
      const padded = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES - png.length + extra)])
      const res = await save(dataUrl(padded))
      expect(res.statusCode).toBe(400)
      expect(res.json().issues.logo._errors).toEqual([messages.logoTooLarge])
    }
    // exactly the cap: read, and stored as its pixels
    const atCap = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES - png.length)])
    expect((await sharp(await saved(dataUrl(atCap))).metadata()).width).toBe(4)
  })
})
