// How answers are written: a serializer compiled by fast-json-stringify from the JSON Schema that zod
// derives from the contract's answer schema, instead of fastify-type-provider-zod's `safeEncode` (a full
// zod parse of every answer) then JSON.stringify: less CPU per answer, about what JSON.stringify alone costs
// (bench/serialize.ts; bench/journal/2026-11-24-issue-18-floor.md, "The floor").
//
// The contract stays the one source: the JSON Schema is zod's own conversion of it, and where answers are
// checked (the tests: `checkAnswers`) every answer is also encoded by zod and the two texts must agree, so
// a schema the conversion renders wrongly, or an answer that breaks its schema, fails the call with a 500.
import fastJsonStringify from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { z } from 'zod'
import { isDeepStrictEqual } from 'node:util'

type JsonSchema = { [key: string]: unknown }

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`; fast-json-stringify checks each anyOf
 * branch at run time (ajv), while `type: [X, 'null']` is one typeof test. Applied recursively.
 */
export function simplifyForSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyForSerializer)
  if (!schema || typeof schema !== 'object') return schema
  const node: JsonSchema = {}
  for (const [key, value] of Object.entries(schema as JsonSchema)) node[key] = simplifyForSerializer(value)
  const anyOf = node.anyOf
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => (s as JsonSchema).type === 'null' && Object.keys(s as object).length === 1)
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _dropped, ...rest } = node
      return { ...rest, ...other, type: [other.type, 'null'] }
    }
  }
  return node
}

/** The JSON Schema of an answer as it travels (io 'input': zod encodes output → input on the wire). */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema
  delete json.$schema
  return simplifyForSerializer(json) as JsonSchema
}

/**
 * An answer already written as JSON text, in pieces (the rest of the answer, then each list's items as
 * PostgreSQL wrote them: answerWithJsonLists). The route's serializer sends its UTF-8 bytes, written once into
 * one buffer, and checks it like any other answer where answers are checked.
 *
 * Why bytes and not a string: a day's 280 items joined into one string, spliced into the answer, then measured
 * and encoded by Node's http made three copies of the whole answer per request — two of them in V8's
 * large-object space, mapped afresh and faulted in each time — where one buffer is one copy
 * (bench/journal/2026-11-26-large-answers-one-buffer.md, "Large answers as one buffer").
 */
export class JsonAnswer {
  constructor(readonly parts: readonly string[]) {}

  /** The answer as one string (tests, checks). */
  get text(): string {
    return this.parts.join('')
  }

  /** The answer's UTF-8 bytes: one buffer, each piece encoded into it in place. */
  bytes(): Buffer {
    let length = 0
    for (const part of this.parts) length += Buffer.byteLength(part)
    const buffer = Buffer.allocUnsafe(length)
    let offset = 0
    for (const part of this.parts) offset += buffer.write(part, offset)
    return buffer
  }
}

/**
 * What a route's serializer gives Fastify: a string, or the bytes of a JsonAnswer (Fastify sends a Buffer as
 * it is, with its length; its JSON content type was set before serialization, the answer being an object).
 */
type Written = string | Buffer

/** A serializer for one answer schema; with `check`, zod's own encoding must give the same JSON. */
export function compileAnswerSerializer(schema: z.ZodType, check: boolean): (data: unknown) => Written {
  const compiled = compileJson(schema)
  const stringify = (data: unknown): Written => (data instanceof JsonAnswer ? data.bytes() : compiled(data))
  if (!check) return stringify
  return (written) => {
    const out = stringify(written)
    const text = typeof out === 'string' ? out : out.toString('utf8')
    const data: unknown = written instanceof JsonAnswer ? JSON.parse(text) : written
    const encoded = z.safeEncode(schema, data as never)
    if (!encoded.success)
      throw new Error(`answer does not match the contract: ${JSON.stringify(encoded.error.issues).slice(0, 500)}`)
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(encoded.data))))
      throw new Error(`compiled serializer and zod disagree: ${text.slice(0, 300)}`)
    return out
  }
}

function compileJson(schema: z.ZodType): (data: unknown) => string {
  return fastJsonStringify(answerJsonSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0])
}

/** A list PostgreSQL wrote: its whole JSON array text, or its items' JSON texts in order. */
export type JsonList = string | readonly string[]

/**
 * Writes answers whose last properties, `keys` in that order, are lists PostgreSQL wrote as JSON text: the
 * rest goes through the compiled serializer and the lists' texts are spliced in, so Node never builds the
 * lists' objects (bench/journal/2026-11-24-agenda-tail.md, "The agenda's tail"), nor joins their items into one string.
 */
export function answerWithJsonLists<T extends Record<string, unknown>, K extends keyof T & string>(
  schema: z.ZodType<T>,
  keys: readonly K[],
): (rest: Omit<T, K>, lists: Record<K, JsonList>) => JsonAnswer {
  const stringify = compileJson(schema)
  const tail = `${keys.map((key) => `,"${key}":[]`).join('')}}`
  // the lists may be the whole answer ({ agendamentos }): then nothing precedes them
  const whole = `{${tail.slice(1)}`
  const empty = Object.fromEntries(keys.map((key) => [key, []]))
  return (rest, lists) => {
    const text = stringify({ ...rest, ...empty })
    if (text !== whole && !text.endsWith(tail))
      throw new Error(`answerWithJsonLists: ${keys.join(', ')} are not the answer's last properties`)
    const parts = [text === whole ? '{' : `${text.slice(0, -tail.length)},`]
    keys.forEach((key, k) => {
      const list = lists[key]
      parts.push(`${k > 0 ? ',' : ''}"${key}":`)
      if (typeof list === 'string') parts.push(list)
      else {
        parts.push('[')
        // the separators as pieces of their own: `,${item}` would make each item's text a new string to copy
        list.forEach((item, i) => (i > 0 ? parts.push(',', item) : parts.push(item)))
        parts.push(']')
      }
    })
    parts.push('}')
    return new JsonAnswer(parts)
  }
}

/** Fastify's serializer compiler for the routes' zod answer schemas (server/routes/route.ts). */
export function answerSerializerCompiler(check: boolean): FastifySerializerCompiler<z.ZodType> {
  // Fastify's type says string; its reply sends a Buffer as well (a JsonAnswer's bytes: see Written)
  return ({ schema }) => compileAnswerSerializer(schema, check) as (data: unknown) => string
}

/** Answers are checked against zod under the tests (vitest), or with CHECK_ANSWERS=1 (e2e, a debugging server). */
export const checkAnswersByDefault = () => process.env.VITEST !== undefined || process.env.CHECK_ANSWERS === '1'
