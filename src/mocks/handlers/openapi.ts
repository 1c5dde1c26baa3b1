// GET /api/openapi.json in the mock: the contract's own document (contract/openapi/document.ts), public and
// cacheable like the server's. Not a mockRoute (../pipeline.ts): it reads no store and answers
// no JSON the pipeline builds.
import { http, HttpResponse } from 'msw'
import { API_REFERENCE_CACHE_CONTROL, api, openApiDocument } from '@contract'

export const openApiHandler = http.get(`*/api${api.openapi.path}`, () =>
  HttpResponse.json(openApiDocument(), {
    status: api.openapi.status,
    headers: { 'Cache-Control': API_REFERENCE_CACHE_CONTROL },
  }),
)
