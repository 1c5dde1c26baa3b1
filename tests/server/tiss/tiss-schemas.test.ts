// The official ANS TISS 04.03.00 schemas are vendored byte for byte (docs/tiss.md): CRLF and ISO-8859-1 as
// published, so their SHA-256 must still match the checksums the ANS package ships.
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const folder = fileURLToPath(new URL('../../../server/tiss/schemas/040300/', import.meta.url))

function checksums(): Map<string, string> {
  const lines = readFileSync(folder + 'SHA256SUMS', 'latin1')
    .split('\n')
    .filter(Boolean)
  return new Map(lines.map((line) => [line.slice(66).trim(), line.slice(0, 64)]))
}

it('every vendored XSD matches the SHA-256 the ANS published', () => {
  const sums = checksums()
  const files = readdirSync(folder).filter((file) => file.endsWith('.xsd'))
  expect(files.sort()).toEqual([...sums.keys()].sort())
  for (const file of files) {
    const digest = createHash('sha256')
      .update(readFileSync(folder + file))
      .digest('hex')
    expect(digest, file).toBe(sums.get(file))
  }
})

it('the schemas keep their CRLF line ends and ISO-8859-1 declaration', () => {
  const root = readFileSync(folder + 'tissV4_03_00.xsd')
  expect(root.includes(Buffer.from('\r\n'))).toBe(true)
  expect(root.toString('latin1')).toMatch(/encoding="ISO-8859-1"/i)
})
