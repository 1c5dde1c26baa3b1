// The contract published for integrators: the `api` table as an OpenAPI 3.1 document — every call with
// its body, its success and every error answer the API gives for it (with the exact Portuguese sentences
// as examples), the bearer scheme and which calls are public — built from the same zod schemas that
// validate requests (schemas.ts) and the Portuguese texts of calls.ts. No Node or DOM
// APIs: the server and the msw mock serve the same document (docs/decisions.md, "The published contract").
import { api, PAGE_SIZE, type CallName } from '../api'
import type { ApiCall } from '../api-call'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '../audit'
import { validationErrorBody } from '../errors'
import { BODY_LIMIT_BYTES } from '../limits'
import { messages } from '../messages'
import { API_TAGS, type CallDoc } from './call-doc'
import { callDocs } from './calls'
import { componentRef, SchemaConverter, type JsonSchema } from './schemas'
import { PAINEL_EVENTOS_PATH } from '../paineis'
import { painelEventosOperation } from './paineis'
import { DIA_EVENTOS_PATH } from '../day-feed'
import { diaEventosOperation } from './day-feed'
import { TEMPORARY_PASSWORD_PATHS } from '../temporary-password'

/** Path (under `/api`) of the readable reference page the server renders from the document. */
export const API_DOCS_PATH = '/docs'

/** The document and its page: public, the same for everyone, changed only by a new server version. */
export const API_REFERENCE_CACHE_CONTROL = 'public, max-age=300'

/** The document's own version: raise it when a call changes in a way a client would notice. */
export const CONTRACT_VERSION = '1.0.0'

/** What an error status means, whatever the call. */
const STATUS_MEANINGS: Record<number, string> = {
  400: 'Dados inválidos: o corpo não passou na validação, não é um JSON válido, ou um valor foi recusado.',
  401: 'Sem sessão válida: nenhum token, token inválido, expirado ou encerrado por POST /users/logout.',
  403: 'O usuário não tem o papel que a chamada exige (ADMIN), ou ainda não trocou a senha temporária.',
  404: 'O registro não existe.',
  409: 'Conflito com os dados atuais.',
  413: `O corpo passa de ${BODY_LIMIT_BYTES / 1024} kB.`,
  415: 'O corpo não é JSON (Content-Type: application/json ou application/*+json).',
  422: `A ${IDEMPOTENCY_HEADER} já foi usada com outro corpo.`,
  429: 'Tentativas demais: aguarde os segundos do cabeçalho Retry-After.',
  500: 'Falha inesperada do servidor (nunca causada pelo que o cliente envia).',
  503: 'Servidor reiniciando, banco de dados indisponível ou sem espaço em disco: tente de novo em instantes (Retry-After).',
}

/** The name of a sentence in `messages` (the last one, when two names share a text): an example's key. */
function sentenceName(sentence: string): string | undefined {
  return Object.entries(messages).findLast(([, text]) => text === sentence)?.[0]
}

/** Every error an answer of this call may carry, by status, with the `error` sentences it may say. */
function errorAnswers(call: ApiCall, doc: CallDoc): Map<number, string[]> {
  const answers = new Map<number, string[]>()
  const add = (status: number, ...sentences: readonly string[]) => {
    const list = answers.get(status) ?? []
    for (const sentence of sentences) if (!list.includes(sentence)) list.push(sentence)
    answers.set(status, list)
  }
  if (call.body)
    add(400, ...(call.missingMessage ? [call.missingMessage] : []), messages.required, messages.invalidJson)
  if (call.idempotent) add(400, messages.idempotencyKeyInvalid, messages.idempotencyKeyRepeated)
  if (call.access !== 'public') add(401, messages.unauthenticated)
  // an address whose requests were refused 401 too often in a minute (docs/decisions.md, "Reliability")
  if (call.path !== '/health' && call.path !== '/openapi.json') add(429, messages.tooManyRequests)
  if (call.access === 'admin') add(403, messages.forbidden)
  // issue 34: a user with a temporary password makes no other call before changing it
  if (call.access !== 'public' && call.access !== 'painel' && !TEMPORARY_PASSWORD_PATHS.includes(call.path))
    add(403, messages.temporaryPasswordMustChange)
  // issue 38: a TV panel's credential reads its feed and nothing else
  if (call.access !== 'painel') add(403, messages.panelOnlyFeed)
  for (const [status, sentences] of Object.entries(doc.errors ?? {})) add(Number(status), ...sentences)
  if (call.body) {
    add(413, messages.payloadTooLarge)
    add(415, messages.unsupportedMediaType)
  }
  if (call.idempotent) add(422, messages.idempotencyKeyReused)
  add(500, messages.internalError)
  add(503, messages.serverRestarting, messages.databaseUnavailable, messages.storageUnavailable)
  return new Map([...answers].sort(([a], [b]) => a - b))
}

/** The 400 the call really answers to an empty object, when `{}` is not a valid body: a worked example. */
function validationExample(call: ApiCall | undefined): JsonSchema | undefined {
  const result = call?.body?.safeParse({})
  if (!call || !result || result.success) return undefined
  return { summary: 'Corpo {} (campos faltando)', value: validationErrorBody(call, result.error) }
}

const RETRY_AFTER = { description: 'Em quantos segundos tentar de novo.', schema: { type: 'integer', minimum: 1 } }

function errorResponse(status: number, sentences: string[], call?: ApiCall): JsonSchema {
  const examples: JsonSchema = {}
  const worked = status === 400 ? validationExample(call) : undefined
  if (worked) examples.validacao = worked
  for (const sentence of sentences)
    examples[sentenceName(sentence) ?? `frase${Object.keys(examples).length}`] = {
      summary: sentence,
      value: { error: sentence },
    }
  // the sentences are the examples' summaries; the description says what the status means
  const description =
    status === 400
      ? `${STATUS_MEANINGS[400]} error é a frase de campos faltando da chamada quando falta um campo obrigatório, senão a mensagem do primeiro problema; issues traz os problemas de cada campo.`
      : status === 401 && call?.access === 'public' && call.path !== '/painel/parear'
        ? 'E-mail ou senha inválidos: a mesma resposta para um e-mail desconhecido e para uma senha errada.'
        : status === 403 && call?.access !== 'admin'
          ? 'O papel do usuário, o médico a que está vinculado ou a senha temporária ainda não trocada não permitem este pedido (as frases dizem por quê).'
          : (STATUS_MEANINGS[status] ?? '')
  return {
    description,
    ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: { 'application/json': { schema: componentRef('ErrorBody'), examples } },
  }
}

const CACHE_HEADERS = {
  'Cache-Control': {
    description: 'Público, por 5 minutos.',
    schema: { type: 'string', const: API_REFERENCE_CACHE_CONTROL },
  },
}

function successResponse(name: CallName, call: ApiCall, doc: CallDoc, schemas: SchemaConverter): JsonSchema {
  const headers =
    name === 'openapi'
      ? CACHE_HEADERS
      : call.idempotent
        ? {
            [IDEMPOTENT_REPLAYED_HEADER]: {
              description: `true quando a resposta repete a de um envio anterior com a mesma ${IDEMPOTENCY_HEADER}.`,
              schema: { type: 'string', const: 'true' },
            },
          }
        : undefined
  return {
    description: doc.answer,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: schemas.output(call.response) } },
  }
}

function idempotencyParameter(): JsonSchema {
  return {
    name: IDEMPOTENCY_HEADER,
    in: 'header',
    required: false,
    description:
      'Uma chave nova por formulário enviado, a mesma em cada nova tentativa desse envio (um UUID serve): a mesma chave com o mesmo corpo devolve a primeira resposta sem criar nada; com outro corpo, 422. Guardada por pelo menos 24 horas.',
    schema: { type: 'string', minLength: 1, maxLength: 200, pattern: IDEMPOTENCY_KEY_PATTERN.source },
  }
}

function operation(name: CallName, schemas: SchemaConverter): JsonSchema {
  const call: ApiCall = api[name]
  const doc: CallDoc = callDocs()[name]
  const notes = [
    call.access === 'admin' ? 'Somente administradores (papel ADMIN).' : '',
    call.access === 'painel' ? 'Somente com a credencial de um painel pareado (não um token de usuário).' : '',
    call.idempotent ? `Aceita o cabeçalho ${IDEMPOTENCY_HEADER}: um envio repetido não cria nada de novo.` : '',
  ].filter(Boolean)
  const responses: JsonSchema = { [call.status]: successResponse(name, call, doc, schemas) }
  for (const [status, sentences] of errorAnswers(call, doc)) responses[status] = errorResponse(status, sentences, call)
  return {
    operationId: name,
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, ...notes].join(' '),
    ...(call.access === 'public' ? { security: [] } : {}),
    ...(call.idempotent ? { parameters: [idempotencyParameter()] } : {}),
    ...(call.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemas.input(call.body) } } } }
      : {}),
    responses,
  }
}

/** The reference page (served by the server, not a call of the table: its answer is HTML). */
function docsPageOperation(): JsonSchema {
  return {
    operationId: 'apiReference',
    tags: ['Sistema'],
    summary: 'Referência legível desta API',
    description:
      'Este documento como uma página HTML em português, gerada pelo próprio servidor, sem scripts nem recursos externos.',
    security: [],
    responses: {
      200: {
        description: 'A página.',
        headers: CACHE_HEADERS,
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      500: errorResponse(500, [messages.internalError]),
      503: errorResponse(503, [messages.serverRestarting]),
    },
  }
}

const description = () =>
  [
    'Todas as chamadas ficam sob /api e recebem e devolvem JSON. Exceto as públicas, exigem o cabeçalho Authorization: Bearer <token>, com o token devolvido por POST /users/session.',
    'Toda resposta de erro é { error, issues? }: error é uma frase em português pronta para mostrar ao usuário; issues só vem num 400 de validação (issues.<campo>._errors). A ordem das verificações é: o token (401), o papel (403), o corpo (400, 413, 415). Uma rota desconhecida sob /api recebe 404 "Rota não encontrada.".',
    'Horário: datahora é o horário da clínica (UTC−3 o ano todo) escrito como UTC — um agendamento às 14:00 na clínica é …T14:00:00.000Z — e "hoje" é a data da clínica.',
    `Listas paginadas: ${PAGE_SIZE} itens por página, page a partir de 1. Corpos de até ${BODY_LIMIT_BYTES / 1024} kB. As respostas da API não vão para cache (Cache-Control: no-store), exceto este documento e a página /api/docs.`,
  ].join('\n\n')

function build(): JsonSchema {
  const schemas = new SchemaConverter()
  const paths: Record<string, JsonSchema> = {}
  for (const name of Object.keys(api) as CallName[]) {
    const call: ApiCall = api[name]
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operation(name, schemas) }
  }
  paths[API_DOCS_PATH] = { get: docsPageOperation() }
  // issue 38: the TV panel's live feed
  paths[PAINEL_EVENTOS_PATH] = { get: painelEventosOperation() }
  // issue 38 point 6: the day boards' live feed
  paths[DIA_EVENTOS_PATH] = { get: diaEventosOperation() }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clínica — API',
      version: CONTRACT_VERSION,
      summary: 'A API da recepção de uma clínica de radiologia: pacientes, agendamentos, médicos e usuários.',
      description: description(),
    },
    servers: [{ url: '/api', description: 'Este servidor.' }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'O token de POST /users/session, válido por 12 horas ou até POST /users/logout.',
        },
      },
    },
  }
}

let built: JsonSchema | undefined

/** The OpenAPI 3.1 document of the `api` table; built once, do not change it. */
export function openApiDocument(): JsonSchema {
  built ??= build()
  return built
}

export type { JsonSchema }
