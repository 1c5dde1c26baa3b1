import { buildPwa } from './web'
await buildPwa(process.argv[2]!)
