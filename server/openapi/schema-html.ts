// JSON Schemas of the OpenAPI document as readable HTML for the reference page (docs-page.ts): a type in
// words, the limits, and a table of an object's fields (nested objects flattened as `paciente.nome`,
// lists of objects as `exames[]`). Only what the document's schemas use (zod's 2020-12 output).
import type { JsonSchema } from '@contract'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const REF_PREFIX = '#/components/schemas/'
const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  integer: 'inteiro',
  number: 'número',
  boolean: 'booleano',
  null: 'null',
  object: 'objeto',
  array: 'lista',
}

const asSchema = (value: unknown): JsonSchema | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined

/** The anchor of a component's description on the page. */
export const schemaAnchor = (id: string) => `esquema-${id}`

/** A schema's type in words, with links to the components it names. */
export function typeLabel(schema: JsonSchema): string {
  const ref = schema.$ref
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    const id = ref.slice(REF_PREFIX.length)
    return `<a href="#${schemaAnchor(id)}">${escapeHtml(id)}</a>`
  }
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' | ')
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  if (Array.isArray(alternatives)) return alternatives.map((s) => typeLabel(asSchema(s) ?? {})).join(' ou ')
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : []
  if (types.length === 0) return 'qualquer valor JSON'
  return types
    .map((type) => {
      if (type === 'array') return `lista de ${typeLabel(asSchema(schema.items) ?? {})}`
      const name = TYPE_NAMES[type] ?? escapeHtml(type)
      return typeof schema.format === 'string' ? `${name} (${escapeHtml(schema.format)})` : name
    })
    .join(' ou ')
}

/** The limits a value must respect, in words. */
export function limits(schema: JsonSchema): string[] {
  const out: string[] = []
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === 'number' && typeof max === 'number') out.push(`de ${min} a ${max}${unit}`)
    else if (typeof min === 'number') out.push(`no mínimo ${min}${unit}`)
    else if (typeof max === 'number') out.push(`no máximo ${max}${unit}`)
  }
  range(schema.minLength, schema.maxLength, ' caracteres')
  range(schema.minimum, schema.maximum, '')
  range(schema.minItems, schema.maxItems, ' itens')
  // long generated patterns (dates, UUIDs) say no more than their format does
  if (typeof schema.pattern === 'string' && schema.format === undefined)
    out.push(`formato <code>${escapeHtml(schema.pattern)}</code>`)
  if ('default' in schema) out.push(`padrão <code>${escapeHtml(JSON.stringify(schema.default))}</code>`)
  return out
}

interface FieldRow {
  name: string
  schema: JsonSchema
  required: boolean
}

/** Every field of an object schema, nested inline objects included. */
function fieldRows(schema: JsonSchema, prefix = ''): FieldRow[] {
  const properties = asSchema(schema.properties)
  if (!properties) return []
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  const rows: FieldRow[] = []
  for (const [name, value] of Object.entries(properties)) {
    const field = asSchema(value) ?? {}
    const path = `${prefix}${name}`
    rows.push({ name: path, schema: field, required: required.has(name) })
    const items = asSchema(field.items)
    if (asSchema(field.properties)) rows.push(...fieldRows(field, `${path}.`))
    else if (items && asSchema(items.properties)) rows.push(...fieldRows(items, `${path}[].`))
  }
  return rows
}

/**
 * A table of an object's fields, or a sentence when the schema is not an object with fields. `closedNote`
 * is said when the object admits no other field (a request body: unknown keys are refused).
 */
export function fieldsTable(schema: JsonSchema, caption: string, closedNote?: string): string {
  const rows = fieldRows(schema)
  if (rows.length === 0) {
    if (schema.type === 'object' && schema.additionalProperties === false)
      return '<p>Um objeto vazio: <code>{}</code>.</p>'
    return `<p>${typeLabel(schema)}</p>`
  }
  const body = rows
    .map(({ name, schema: field, required }) => {
      const rules = limits(field)
      const notes = [
        typeof field.description === 'string' ? escapeHtml(field.description) : '',
        rules.length > 0 ? `<small>Limites: ${rules.join('; ')}.</small>` : '',
      ].filter(Boolean)
      return `<tr><th scope="row"><code>${escapeHtml(name)}</code></th><td>${typeLabel(field)}</td><td>${required ? 'sim' : 'não'}</td><td>${notes.join(' ')}</td></tr>`
    })
    .join('\n')
  const extra = schema.additionalProperties === false && closedNote ? closedNote : ''
  return [
    '<table>',
    `<caption>${escapeHtml(caption)}${extra ? ` <small>${extra}</small>` : ''}</caption>`,
    '<thead><tr><th scope="col">Campo</th><th scope="col">Tipo</th><th scope="col">Obrigatório</th><th scope="col">Descrição</th></tr></thead>',
    `<tbody>\n${body}\n</tbody>`,
    '</table>',
  ].join('\n')
}
