// The readable reference at GET /api/docs: the OpenAPI document (contract/openapi/document.ts) rendered as one
// Portuguese HTML page by our own code — calls grouped by resource, each with its method, path, access,
// description, body, headers and answers, then the shared schemas. No script and nothing from another
// host: the app's CSP (script-src 'self') holds, and the page works on a clinic's network without internet.
import { messages, type JsonSchema } from '@contract'
import { escapeHtml, fieldsTable, schemaAnchor, typeLabel } from './schema-html'

interface Operation {
  method: string
  /** Full path, with the server's `/api`. */
  path: string
  op: JsonSchema
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const VALIDATION_EXAMPLE = 'validacao'

const record = (value: unknown): Record<string, JsonSchema> =>
  value !== null && typeof value === 'object' ? (value as Record<string, JsonSchema>) : {}
const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const paragraphs = (value: unknown): string =>
  text(value)
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('\n')

function operationsOf(document: JsonSchema): Operation[] {
  const base = text(record(document.servers)[0]?.url)
  const out: Operation[] = []
  for (const [path, item] of Object.entries(record(document.paths))) {
    for (const method of METHODS)
      if (item[method]) out.push({ method: method.toUpperCase(), path: `${base}${path}`, op: record(item)[method]! })
  }
  return out
}

export const operationAnchor = (operationId: string) => `chamada-${operationId}`

function accessOf(op: JsonSchema): string {
  if (Array.isArray(op.security) && op.security.length === 0) return 'Pública: sem token.'
  // a 403 alone does not make a call ADMIN's: reports, 'agendar' and the status moves refuse some requests
  // by role too; an ADMIN-only call is one that may answer the guard's own refusal
  const refusal = record(record(record(record(op.responses)['403']).content)['application/json']).examples
  if (Object.values(record(refusal)).some((e) => (record(record(e).value).error as unknown) === messages.forbidden))
    return 'Somente administradores (papel ADMIN), com token.'
  // issue 38: a TV panel's feed refuses a person's token
  if (
    Object.values(record(refusal)).some((e) => (record(record(e).value).error as unknown) === messages.panelNotAPanel)
  )
    return 'Somente a credencial de um painel pareado (Authorization: Bearer).'
  return 'Qualquer usuário com sessão (token).'
}

function renderHeaders(headers: Record<string, JsonSchema>, label: string): string {
  const items = Object.entries(headers).map(
    ([name, header]) =>
      `<li><code>${escapeHtml(name)}</code> (${typeLabel(record(header.schema))}): ${escapeHtml(text(header.description))}</li>`,
  )
  return items.length ? `<p>${label}</p>\n<ul>${items.join('\n')}</ul>` : ''
}

function renderResponse(status: string, response: JsonSchema): string {
  const parts = [renderHeaders(record(response.headers), 'Cabeçalhos:')]
  for (const [type, media] of Object.entries(record(response.content))) {
    const schema = record(media.schema)
    const examples = Object.entries(record(media.examples))
    if (type !== 'application/json') parts.push(`<p>Corpo <code>${escapeHtml(type)}</code>.</p>`)
    else if (examples.length > 0) {
      const sentences = examples
        .filter(([name]) => name !== VALIDATION_EXAMPLE)
        .map(([, e]) => `<li>“${escapeHtml(text(e.summary))}”</li>`)
      parts.push(
        `<p>Corpo ${typeLabel(schema)}; <code>error</code> traz uma destas frases:</p>\n<ul class="frases">${sentences.join('\n')}</ul>`,
      )
      const worked = examples.find(([name]) => name === VALIDATION_EXAMPLE)?.[1]
      if (worked)
        parts.push(
          `<details><summary>${escapeHtml(text(worked.summary))}: a resposta</summary><pre>${escapeHtml(JSON.stringify(worked.value, null, 2))}</pre></details>`,
        )
    } else parts.push(fieldsTable(schema, `Resposta ${status}`))
  }
  return `<dt><span class="status">${escapeHtml(status)}</span> ${escapeHtml(text(response.description))}</dt>\n<dd>${parts.filter(Boolean).join('\n')}</dd>`
}

function renderOperation({ method, path, op }: Operation): string {
  const id = text(op.operationId)
  const body = record(record(record(op.requestBody).content)['application/json']).schema
  const headers = Object.fromEntries(
    (Array.isArray(op.parameters) ? (op.parameters as JsonSchema[]) : [])
      .filter((p) => p.in === 'header')
      .map((p) => [text(p.name), p]),
  )
  const responses = Object.entries(record(op.responses)).map(([status, response]) => renderResponse(status, response))
  return `<article id="${operationAnchor(id)}" aria-labelledby="${operationAnchor(id)}-titulo">
<h3 id="${operationAnchor(id)}-titulo"><span class="metodo">${method}</span> <code>${escapeHtml(path)}</code> — ${escapeHtml(text(op.summary))}</h3>
<p class="acesso">${accessOf(op)} <small>operationId <code>${escapeHtml(id)}</code></small></p>
${paragraphs(op.description)}
${renderHeaders(headers, 'Cabeçalhos da requisição:')}
${body ? `<h4>Corpo (JSON)</h4>\n${fieldsTable(record(body), 'Campos do corpo', 'Campos não listados são recusados (400).')}` : '<p>Sem corpo.</p>'}
<h4>Respostas</h4>
<dl>
${responses.join('\n')}
</dl>
</article>`
}

function renderSchemas(document: JsonSchema): string {
  return Object.entries(record(record(document.components).schemas))
    .map(
      ([id, schema]) => `<article id="${schemaAnchor(id)}">
<h3><code>${escapeHtml(id)}</code></h3>
${paragraphs(schema.description)}
${fieldsTable(schema, `Campos de ${id}`)}
</article>`,
    )
    .join('\n')
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1b1b;background:#fff}
header,nav,main{max-width:72rem;margin:0 auto;padding:0 1rem}
header{border-bottom:2px solid #0b4f6c}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}
pre{background:#f4f4f4;padding:.5rem;overflow:auto}
article{border-top:1px solid #ccc;padding:.5rem 0 1rem}
h3{font-size:1.1rem}
.metodo{display:inline-block;min-width:4.2em;padding:0 .3em;border-radius:3px;background:#0b4f6c;color:#fff;text-align:center}
.status{display:inline-block;min-width:2.6em;font-family:ui-monospace,monospace}
.acesso{color:#3b3b3b}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
caption{text-align:left;font-weight:600}
th,td{border:1px solid #bbb;padding:.2rem .4rem;text-align:left;vertical-align:top}
dt{font-weight:600;margin-top:.6rem}
dd{margin-left:1.5rem}
a{color:#0b4f6c}
`

/** The whole page, from the OpenAPI document. */
export function renderDocsPage(document: JsonSchema, documentUrl: string): string {
  const info = record(document.info)
  const operations = operationsOf(document)
  const tags = (Array.isArray(document.tags) ? (document.tags as JsonSchema[]) : []).map((tag) => ({
    name: text(tag.name),
    description: text(tag.description),
    operations: operations.filter(({ op }) => Array.isArray(op.tags) && op.tags[0] === tag.name),
  }))
  const toc = tags
    .map(
      (tag, i) =>
        `<li><a href="#grupo-${i}">${escapeHtml(tag.name)}</a><ul>${tag.operations
          .map(
            ({ method, path, op }) =>
              `<li><a href="#${operationAnchor(text(op.operationId))}">${method} ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('\n')
  const groups = tags
    .map(
      (tag, i) => `<section aria-labelledby="grupo-${i}">
<h2 id="grupo-${i}">${escapeHtml(tag.name)}</h2>
<p>${escapeHtml(tag.description)}</p>
${tag.operations.map(renderOperation).join('\n')}
</section>`,
    )
    .join('\n')
  const bearer = record(record(record(document.components).securitySchemes).bearerAuth)
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text(info.title))} — referência</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(text(info.title))}</h1>
<p>${escapeHtml(text(info.summary))} Versão ${escapeHtml(text(info.version))}, OpenAPI ${escapeHtml(text(document.openapi))}: <a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)}</a>.</p>
</header>
<nav aria-label="Sumário">
<h2>Sumário</h2>
<ul>
<li><a href="#geral">Como usar</a></li>
${toc}
<li><a href="#esquemas">Esquemas</a></li>
</ul>
</nav>
<main>
<section aria-labelledby="geral">
<h2 id="geral">Como usar</h2>
${paragraphs(info.description)}
<p>Autenticação: <code>Authorization: Bearer &lt;token&gt;</code>. ${escapeHtml(text(bearer.description))}</p>
</section>
${groups}
<section aria-labelledby="esquemas">
<h2 id="esquemas">Esquemas</h2>
${renderSchemas(document)}
</section>
</main>
</body>
</html>
`
}
