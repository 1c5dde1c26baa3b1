// The contract published for integrators: GET /api/openapi.json is a valid OpenAPI 3.1 document (checked by
// a maintained third-party validator) that names every route the server registers, with schemas that accept
// what the server really receives and answers; GET /api/docs is a readable page of it that loads nothing
// from another host.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import Fastify, { type LightMyRequestResponse } from 'fastify'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  API_DOCS_PATH,
  API_REFERENCE_CACHE_CONTROL,
  api,
  messages,
  type ApiCall,
  type CallName,
  type JsonSchema,
} from '@contract'
import clinicaApp from '../../server/http/app'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { call, expectStatus, pacienteBody } from './helpers'
import { adminOnlyCalls, refusalsOf, ROUTE_REFUSALS } from './roles'

let t: TestApp
let document: JsonSchema
beforeAll(async () => {
  t = await createTestApp()
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
  document = expectStatus<JsonSchema>(response, 200)
})
afterAll(async () => {
  await t?.close()
})

const names = Object.keys(api) as CallName[]
type Operation = {
  operationId: string
  summary: string
  description: string
  security?: unknown[]
  requestBody?: unknown
  responses: Record<string, JsonSchema>
}
const paths = () => document.paths as Record<string, Record<string, Operation>>
const operationOf = (name: CallName): Operation => paths()[api[name].path]![api[name].method.toLowerCase()]!
/** The `error` sentences the document gives as examples of a call's answer with this status. */
const sentences = (name: CallName, status: number) =>
  Object.values(
    (
      operationOf(name).responses[status]!.content as Record<
        string,
        { examples: Record<string, { value: { error: string } }> }
      >
    )['application/json']!.examples,
  ).map((e) => e.value.error)

describe('GET /api/openapi.json', () => {
  it('is public, cacheable JSON (unlike the other /api answers), compressed when the client accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe(API_REFERENCE_CACHE_CONTROL)
    expect(response.headers['content-encoding']).toBe('br')
    // another /api answer keeps no-store
    expect((await call(t, 'health', 'anonymous')).headers['cache-control']).toBe('no-store')
  })

  it('validates as OpenAPI 3.1 with @seriousme/openapi-schema-validator, which refuses a broken copy', async () => {
    const result = await new Validator().validate(structuredClone(document))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')

    // a response without its description, which OpenAPI 3.1 requires
    const broken = structuredClone(document) as { paths: Record<string, Record<string, Operation>> }
    delete broken.paths[api.login.path]!.post!.responses['200']!.description
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  it('names every route the server registers, with its method and path, and no route it lacks', async () => {
    const staticDir = await mkdtemp(join(tmpdir(), 'clinica-openapi-'))
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Clínica</title>')
    const app = Fastify()
    const registered: string[] = []
    const ignored: string[] = []
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue
        // the built PWA's files and the SPA fallback (registered only with a static folder), and the install
        // page for tablets (/instalar, server/routes/instalar.ts): not calls of the API
        if (!route.url.startsWith('/api/')) ignored.push(`${method} ${route.url}`)
        else registered.push(`${method} ${route.url}`)
      }
    })
    try {
      await app.register(clinicaApp, { db: t.db, jwtSecret: TEST_JWT_SECRET, staticDir })
      await app.ready()
    } finally {
      await app.close()
      await rm(staticDir, { recursive: true, force: true })
    }
    expect(ignored.sort()).toEqual(['GET /*', 'GET /instalar', 'GET /instalar/clinica-ca.crt'])

    const base = (document.servers as { url: string }[])[0]!.url
    const documented = Object.entries(paths()).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${base}${path}`),
    )
    expect(registered.length).toBeGreaterThan(names.length)
    expect(documented.sort()).toEqual(registered.sort())
    expect(documented).toContain(`GET ${base}${API_DOCS_PATH}`)
  })

  it.each(names)(
    '%s: operationId, Portuguese texts, access, body and every kind of error the table implies',
    (name) => {
      const spec: ApiCall = api[name]
      const operation = operationOf(name)
      expect(operation.operationId).toBe(name)
      expect(operation.summary).toMatch(/^[A-ZÀ-Ú]/)
      expect(operation.description.length).toBeGreaterThan(10)
      expect(operation.security === undefined ? 'token' : 'public').toBe(spec.access === 'public' ? 'public' : 'token')
      expect(operation.requestBody !== undefined).toBe(spec.body !== undefined)

      const statuses = Object.keys(operation.responses).map(Number)
      expect(statuses).toContain(spec.status)
      const expected = (status: number, when: boolean) =>
        expect(statuses.includes(status), `${name} ${status}`).toBe(when)
      // issue 38: a wrong pairing code is a 401 (counted by the anonymous limit)
      expected(401, spec.access !== 'public' || name === 'login' || name === 'parearPainel')
      // every call whose guard or route refuses a role (./roles.ts, the list auth.test.ts pins) says so
      expected(403, refusalsOf(name).length > 0)
      if (refusalsOf(name).length > 0) expect(sentences(name, 403)).toEqual([...refusalsOf(name)])
      expected(400, spec.body !== undefined)
      expected(413, spec.body !== undefined)
      expected(415, spec.body !== undefined)
      expected(422, spec.idempotent === true)
      // sign-in limits, and the per-address limit on requests without a valid session (every call with a token)
      // (issue 36: an unknown 'Verificar laudo' code counts toward the per-address limit too)
      expected(429, ['login', 'parearPainel', 'verificarLaudo'].includes(name) || spec.access !== 'public')
      expected(503, true)
      // every error answer is the contract's error body, each sentence an exact message
      for (const status of statuses.filter((s) => s >= 400)) {
        const media = operation.responses[status]!.content as Record<
          string,
          { schema: JsonSchema; examples: Record<string, { value: { error: string } }> }
        >
        expect(media['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' })
        for (const example of Object.values(media['application/json']!.examples))
          expect(Object.values(messages)).toContain(example.value.error)
      }
    },
  )

  it('knows every 403 the server code answers: each refusal sentence is in ./roles.ts', async () => {
    // the literal refusals (`HttpError(403, messages.x)`, `status: 403, message: messages.x`) of the server and
    // of the rules it decides with; a new one that is not listed (and so not documented) fails here
    const server = (await readdir('server', { recursive: true })).filter((f) => f.endsWith('.ts'))
    const files = [...server.map((f) => join('server', f)), 'contract/status.ts', 'contract/reports.ts']
    const found = new Set<string>()
    for (const file of files) {
      const source = await readFile(file, 'utf8')
      for (const match of source.matchAll(/403,\s*(?:message:\s*)?messages\.(\w+)/g)) found.add(match[1]!)
      // the rules' refusals the routes answer with 403 (moverRefusal, reportRefusal: `? undefined : messages.x`)
      if (file.startsWith('contract/'))
        for (const match of source.matchAll(/\? undefined : messages\.(\w+)/g)) found.add(match[1]!)
    }
    const listed = new Set(
      [...adminOnlyCalls, ...(Object.keys(ROUTE_REFUSALS) as CallName[])].flatMap((name) => refusalsOf(name)),
    )
    const names = [...found].map((key) => messages[key as keyof typeof messages])
    expect(names.length).toBeGreaterThanOrEqual(6)
    for (const sentence of names) expect(listed, sentence).toContain(sentence)
  })

  it('documents the bearer scheme, and the sentences the server really answers', () => {
    expect((document.components as { securitySchemes: unknown }).securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    })
    expect(document.security).toEqual([{ bearerAuth: [] }])
    expect(sentences('login', 401)).toEqual([messages.loginFailed])
    expect(sentences('login', 429)).toEqual([
      messages.tooManyRequests,
      messages.loginThrottled,
      messages.loginThrottledAddress,
      messages.loginThrottledGlobal,
    ])
    expect(sentences('deletePaciente', 409)).toEqual([messages.patientHasAppointments])
    expect(sentences('registerAgendamento', 404)).toEqual([messages.patientNotFound, messages.doctorNotFound])
    // issue 38: and a TV panel's credential, on every call but its feed's
    expect(sentences('registerMedico', 403)).toEqual([
      messages.forbidden,
      messages.temporaryPasswordMustChange,
      messages.panelOnlyFeed,
    ])
  })
})

describe("the document's schemas and what the server does", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
  beforeAll(() => {
    ajv.addSchema({ ...document, $id: 'clinica:openapi' })
  })
  const validatorFor = (name: CallName, where: 'body' | number) => {
    const { path, method } = api[name]
    const at =
      where === 'body'
        ? pointer('requestBody', 'content', 'application/json', 'schema')
        : pointer('responses', String(where), 'content', 'application/json', 'schema')
    return ajv.getSchema(`clinica:openapi#/paths/${pointer(path)}/${method.toLowerCase()}/${at}`)!
  }
  const accepts = (name: CallName, where: 'body' | number, value: unknown) => {
    const validate = validatorFor(name, where)
    expect(validate(value), `${name} ${where}: ${JSON.stringify(validate.errors)}`).toBe(true)
  }

  it('a body the server accepts, its answer and its errors match what the document says', async () => {
    const body = pacienteBody(t)
    accepts('registerPaciente', 'body', body)
    const created = await call(t, 'registerPaciente', 'staff', body)
    accepts('registerPaciente', 201, expectStatus(created, 201))

    const again = await call(t, 'registerPaciente', 'staff', body)
    accepts('registerPaciente', 409, expectStatus(again, 409))
    const empty = await call(t, 'registerPaciente', 'staff', {})
    const refused = expectStatus(empty, 400)
    accepts('registerPaciente', 400, refused)
    expect(validatorFor('registerPaciente', 'body')({})).toBe(false)
    // the worked example of the 400 is the server's own answer to {}
    const examples = (
      operationOf('registerPaciente').responses[400]!.content as Record<
        string,
        { examples: Record<string, { value: unknown }> }
      >
    )['application/json']!.examples
    expect(refused).toEqual(examples.validacao!.value)

    const login = await call(t, 'login', 'anonymous', { email: t.users.staff.email, password: t.users.staff.password })
    accepts('login', 200, expectStatus(login, 200))
    accepts('listPacientes', 200, expectStatus(await call(t, 'listPacientes', 'staff', { page: 1 }), 200))
    accepts('listPacientes', 401, expectStatus(await call(t, 'listPacientes', 'anonymous', { page: 1 }), 401))
    accepts('openapi', 200, document)
  })

  it('refuses unknown keys in a body, as the server does', async () => {
    expect(validatorFor('listPacientes', 'body')({ page: 1, extra: true })).toBe(false)
    expectStatus(await call(t, 'listPacientes', 'staff', { page: 1, extra: true }), 400)
  })
})

describe('GET /api/docs', () => {
  let page: Document
  let response: LightMyRequestResponse
  beforeAll(async () => {
    response = await t.app.inject({ method: 'GET', url: `/api${API_DOCS_PATH}` })
    page = new JSDOM(response.body).window.document
  })

  it('answers a public, cacheable Portuguese HTML page', () => {
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html; charset=utf-8/)
    expect(response.headers['cache-control']).toBe(API_REFERENCE_CACHE_CONTROL)
    expect(page.documentElement.lang).toBe('pt-BR')
    expect(page.querySelector('h1')?.textContent).toBe('Clínica — API')
    expect(page.querySelector('main')).not.toBeNull()
  })

  it.each(names)('names %s: its method, path and summary, with its body and answers', (name) => {
    const spec: ApiCall = api[name]
    const article = page.getElementById(`chamada-${name}`)
    expect(article, name).not.toBeNull()
    const heading = article!.querySelector('h3')!.textContent!
    expect(heading).toContain(`${spec.method} /api${spec.path}`)
    expect(heading).toContain(operationOf(name).summary)
    expect(article!.closest('section')!.querySelector('h2')!.textContent).toBe(
      (operationOf(name) as unknown as { tags: string[] }).tags[0],
    )
    const statuses = [...article!.querySelectorAll('dt .status')].map((s) => Number(s.textContent))
    expect(statuses).toEqual(Object.keys(operationOf(name).responses).map(Number))
    expect([...article!.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(
      spec.body ? ['Corpo (JSON)', 'Respostas'] : ['Respostas'],
    )
    // who may call it: a call that refuses some requests by role (a report, a status move) is not ADMIN's
    const access = {
      public: 'Pública: sem token.',
      admin: 'Somente administradores',
      user: 'Qualquer usuário',
      painel: 'Somente a credencial de um painel pareado',
    }
    expect(article!.querySelector('.acesso')!.textContent).toContain(access[spec.access])
  })

  it('loads nothing from another host and runs no script, under the CSP it is served with', () => {
    expect(page.querySelectorAll('script, iframe, object, embed, link[rel=stylesheet]')).toHaveLength(0)
    const origin = 'http://clinica.test'
    for (const element of page.querySelectorAll('[src], [href]')) {
      const value = element.getAttribute('src') ?? element.getAttribute('href')!
      expect(new URL(value, `${origin}/api/docs`).origin, value).toBe(origin)
    }
    for (const element of page.querySelectorAll('*'))
      for (const attribute of element.getAttributeNames()) expect(attribute.startsWith('on'), attribute).toBe(false)
    expect(page.querySelector('style')!.textContent).not.toMatch(/url\(|@import/)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    // the page's one <style> needs inline styles, which the app's CSP allows
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/)
  })
})
