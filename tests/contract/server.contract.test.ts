// The contract suite against the real server (tests/support/api-app.ts, Fastify's inject, a fresh database).
import { defineContractSuite } from './contract-suite'
import { createServerTarget } from './server-target'

defineContractSuite('server', createServerTarget)
