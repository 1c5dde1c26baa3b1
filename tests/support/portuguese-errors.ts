// What the hardening suites accept as an error's sentence: one of the contract's messages (those that name what
// they concern, '… a frase pronta .{codigo} em {modalidade}.', with any text in each {part}), or zod's
// Portuguese locale for the checks the contract leaves unnamed.
import { messages } from '@contract'

const exact = new Set<string>(Object.values(messages))
const naming = Object.values(messages)
  .filter((message) => /\{\w+\}/.test(message))
  .map((message) => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+')}$`))
// the agenda's sentences name what is taken or closed (contract/agenda.ts)
const ZOD_PT =
  /inválid|esperava|recebeu|reconhecid|desconhecid|muito|deve|obrigatóri|ocupado das \d\d:\d\d às \d\d:\d\d$|fora do horário|não atende|até \d\d\/\d\d\/\d{4}/i

export function isPortugueseError(error: string): boolean {
  return exact.has(error) || naming.some((sentence) => sentence.test(error)) || ZOD_PT.test(error)
}
