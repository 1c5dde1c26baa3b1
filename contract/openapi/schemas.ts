// The contract's zod schemas as the OpenAPI document's JSON Schemas (2020-12, OpenAPI 3.1's dialect), with
// zod 4's own converter: a request body as the client sends it (io 'input': before defaults and
// transforms), an answer as the server sends it (io 'output'). Entities become shared components
// (#/components/schemas/Paciente, …); every field gets its Portuguese description (fields.ts).
import { z } from 'zod'
import { HistoricoEntry } from '../audit'
import { Agendamento, ErrorBody, Medico, Paciente, SessionUser, Usuario, UsuarioComMedico } from '../entities'
import { fieldDescriptions } from './fields'

export type JsonSchema = { [key: string]: unknown }

const COMPONENTS_PREFIX = '#/components/schemas/'
export const componentRef = (id: string): JsonSchema => ({ $ref: `${COMPONENTS_PREFIX}${id}` })

/** The entities answers share, under the contract's own names. */
const ENTITIES: readonly [z.ZodType, string, string][] = [
  [SessionUser, 'SessionUser', 'O usuário de uma sessão.'],
  [Usuario, 'Usuario', 'Um usuário, sem a senha.'],
  [
    UsuarioComMedico,
    'UsuarioComMedico',
    'Um usuário, sem a senha, com o médico a que está vinculado (Minha agenda), se algum.',
  ],
  [Paciente, 'Paciente', 'Um paciente como a API o devolve.'],
  [Agendamento, 'Agendamento', 'Um agendamento como a API o devolve, com o nome do paciente e do médico.'],
  [Medico, 'Medico', 'Um médico.'],
  [
    HistoricoEntry,
    'HistoricoEntry',
    'Uma entrada do histórico: quando, o quê, quem e os nomes dos campos (nunca os valores).',
  ],
]

/** Collects the components while a document is built. */
export class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {}
  private readonly entities = z.registry<{ id: string; description: string }>()
  // Request bodies hold no entity: an empty registry keeps zod's global one out of them.
  private readonly noEntities = z.registry<{ id: string }>()

  constructor() {
    for (const [schema, id, description] of ENTITIES) this.entities.add(schema, { id, description })
    this.components.ErrorBody = errorBodySchema()
    this.components.FieldErrors = fieldErrorsSchema()
  }

  /** A request body: what a client may send. */
  input(schema: z.ZodType): JsonSchema {
    return this.convert(schema, 'input', this.noEntities)
  }

  /** An answer: what the server sends. */
  output(schema: z.ZodType): JsonSchema {
    return this.convert(schema, 'output', this.entities)
  }

  private convert(
    schema: z.ZodType,
    io: 'input' | 'output',
    metadata: z.core.$ZodRegistry<{ id: string }>,
  ): JsonSchema {
    // unrepresentable types become {} (the laudo's PDF answer, a Uint8Array, is binary, not JSON)
    const converted = z.toJSONSchema(schema, {
      io,
      metadata,
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as JsonSchema
    const { $schema: _dialect, $defs, ...rest } = converted
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.components[id] = rewrite(definition) as JsonSchema
    }
    return rewrite(rest) as JsonSchema
  }
}

/**
 * zod's local `#/$defs/X` references as the document's `#/components/schemas/X`, and each property
 * described (unless the schema describes it already).
 */
function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite)
  if (node === null || typeof node !== 'object') return node
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === '$ref' && typeof value === 'string') out[key] = value.replace(/^#\/\$defs\//, COMPONENTS_PREFIX)
    else if (key === 'properties' && value && typeof value === 'object')
      out[key] = describeProperties(value as JsonSchema)
    else out[key] = rewrite(value)
  }
  return out
}

function describeProperties(properties: JsonSchema): JsonSchema {
  const out: JsonSchema = {}
  for (const [name, schema] of Object.entries(properties)) {
    const converted = rewrite(schema) as JsonSchema
    const description = fieldDescriptions[name]
    out[name] =
      description !== undefined && converted.description === undefined ? { ...converted, description } : converted
  }
  return out
}

/** zod's formatted error (`z.formatError`): `_errors` at each level, one nested level per field or index. */
function fieldErrorsSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'Os problemas de cada campo: issues.<campo>._errors (e, em listas, issues.<campo>.<posição>._errors).',
    properties: { _errors: { type: 'array', items: { type: 'string' }, description: fieldDescriptions._errors } },
    required: ['_errors'],
    additionalProperties: componentRef('FieldErrors'),
  }
}

/** The contract's ErrorBody, with `issues` stated (the contract leaves it `unknown`). */
function errorBodySchema(): JsonSchema {
  const base = rewrite(z.toJSONSchema(ErrorBody, { io: 'output' })) as JsonSchema
  const { $schema: _dialect, ...rest } = base
  const properties = rest.properties as JsonSchema
  return {
    ...rest,
    description:
      'Toda resposta de erro: error é uma frase em português pronta para mostrar; issues vem só num 400 de validação.',
    properties: { ...properties, issues: { ...componentRef('FieldErrors'), description: fieldDescriptions.issues } },
  }
}
