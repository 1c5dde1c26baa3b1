// The TISS batch file (docs/tiss.md): the bytes of contract/tiss-batch-xml.ts's text in ISO-8859-1, with the
// epílogo hash by node:crypto's MD5. The same document always gives the same bytes, so 'Baixar XML' can
// rebuild the file from what was stored.
import { createHash } from 'node:crypto'
import { tissBatchText, type TissGuia, type TissLoteDocument } from '@contract'

/**
 * The epílogo hash: MD5 (hex, lower case) of every element's value concatenated in document order, encoded in
 * ISO-8859-1, the hash element itself excluded. Values are the texts as read (after unescaping `&amp;`).
 */
export function tissHash(values: readonly string[]): string {
  return latin1Md5(values.join(''))
}

const latin1Md5 = (text: string) => createHash('md5').update(Buffer.from(text, 'latin1')).digest('hex')

export interface BuiltBatch {
  /** The file's bytes, ISO-8859-1. */
  xml: Buffer
  hash: string
}

/**
 * The batch file of a document already checked by `TissLoteDocument` (its texts are Latin-1). `guias` defaults to
 * the document's; the validator passes a single guia to find which one the schema refuses.
 */
export function buildBatch(document: TissLoteDocument, guias: readonly TissGuia[] = document.guias): BuiltBatch {
  const { text, hash } = tissBatchText(document, latin1Md5, guias)
  return { xml: Buffer.from(text, 'latin1'), hash }
}
