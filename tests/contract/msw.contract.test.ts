// The contract suite against the msw handlers (src/mocks), through msw/node and fetch.
import { defineContractSuite } from './contract-suite'
import { createMswTarget } from './msw-target'

defineContractSuite('msw handlers', createMswTarget)
