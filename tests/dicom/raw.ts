// A hostile DICOM client for the tests (issue 35): PDUs written by hand (PS3.8 §9.3, PS3.7 §9.3, implicit
// VR little endian) on a raw node:net socket — what no well-behaved library would send: an association
// request and a query in one write, a 4 GB length, data before the association is accepted.
import net from 'node:net'

const MWL_FIND = '1.2.840.10008.5.1.4.31'
const IMPLICIT_LE = '1.2.840.10008.1.2'

const pad = (text: string, length: number) => Buffer.from(text.padEnd(length, ' ').slice(0, length), 'ascii')
const uid = (text: string) => Buffer.from(text.length % 2 ? `${text}\0` : text, 'ascii')

function item(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head[0] = type
  head.writeUInt16BE(body.length, 2)
  return Buffer.concat([head, body])
}

function pdu(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(6)
  head[0] = type
  head.writeUInt32BE(body.length, 2)
  return Buffer.concat([head, body])
}

/** An A-ASSOCIATE-RQ for the Modality Worklist (presentation context 1, implicit VR little endian). */
export function associateRq(calling: string, called = 'CLINICA'): Buffer {
  const fixed = Buffer.concat([Buffer.from([0, 1, 0, 0]), pad(called, 16), pad(calling, 16), Buffer.alloc(32)])
  const context = item(
    0x20,
    Buffer.concat([Buffer.from([1, 0, 0, 0]), item(0x30, uid(MWL_FIND)), item(0x40, uid(IMPLICIT_LE))]),
  )
  const maxLength = Buffer.alloc(4)
  maxLength.writeUInt32BE(16384)
  const user = item(0x50, Buffer.concat([item(0x51, maxLength), item(0x52, uid('1.2.3.4'))]))
  return pdu(0x01, Buffer.concat([fixed, item(0x10, uid('1.2.840.10008.3.1.1.1')), context, user]))
}

/** One implicit-VR little-endian element (value padded to even length with `padding`). */
function element(group: number, elementNumber: number, value: Buffer, padding = 0x20): Buffer {
  const even = value.length % 2 ? Buffer.concat([value, Buffer.from([padding])]) : value
  const head = Buffer.alloc(8)
  head.writeUInt16LE(group, 0)
  head.writeUInt16LE(elementNumber, 2)
  head.writeUInt32LE(even.length, 4)
  return Buffer.concat([head, even])
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2)
  b.writeUInt16LE(n)
  return b
}

function pdv(contextId: number, control: number, value: Buffer): Buffer {
  const head = Buffer.alloc(6)
  head.writeUInt32BE(value.length + 2, 0)
  head[4] = contextId
  head[5] = control
  return Buffer.concat([head, value])
}

/**
 * A P-DATA-TF carrying a whole Modality Worklist C-FIND: its command and a dataset asking for Patient's
 * Name `patientName` on the station `station` (empty: any).
 */
export function cFind(patientName: string, station = ''): Buffer {
  const commandBody = Buffer.concat([
    element(0x0000, 0x0002, uid(MWL_FIND), 0),
    element(0x0000, 0x0100, u16(0x0020)),
    element(0x0000, 0x0110, u16(1)),
    element(0x0000, 0x0700, u16(0)),
    element(0x0000, 0x0800, u16(0x0000)),
  ])
  const groupLength = Buffer.alloc(4)
  groupLength.writeUInt32LE(commandBody.length)
  const command = Buffer.concat([element(0x0000, 0x0000, groupLength), commandBody])
  const stepItem = Buffer.concat([element(0x0040, 0x0001, Buffer.from(station, 'ascii'))])
  const itemHead = Buffer.alloc(8)
  itemHead.writeUInt16LE(0xfffe, 0)
  itemHead.writeUInt16LE(0xe000, 2)
  itemHead.writeUInt32LE(stepItem.length, 4)
  const dataset = Buffer.concat([
    element(0x0008, 0x0050, Buffer.alloc(0)),
    element(0x0010, 0x0010, Buffer.from(patientName, 'ascii')),
    element(0x0040, 0x0100, Buffer.concat([itemHead, stepItem])),
  ])
  return pdu(0x04, Buffer.concat([pdv(1, 0x03, command), pdv(1, 0x02, dataset)]))
}

/** What a raw connection received before the server closed it: the PDU types in order, and why it ended. */
export interface Exchange {
  types: number[]
  /** The PDUs as received (header included). */
  pdus: Buffer[]
  closed: 'closed' | 'error'
}

/** Splits received bytes into PDUs (a trailing partial one is dropped). */
export function splitPdus(bytes: Buffer): Buffer[] {
  const pdus: Buffer[] = []
  let at = 0
  while (at + 6 <= bytes.length) {
    const end = at + 6 + bytes.readUInt32BE(at + 2)
    if (end > bytes.length) break
    pdus.push(bytes.subarray(at, end))
    at = end
  }
  return pdus
}

/** Opens a raw connection; `send` writes to it; resolves with what came back once the server closes it. */
export function rawExchange(port: number, send: (socket: net.Socket) => void): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let ended: Exchange['closed'] = 'closed'
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', () => (ended = 'error'))
    socket.on('close', () => {
      const pdus = splitPdus(Buffer.concat(chunks))
      resolve({ types: pdus.map((p) => p[0]!), pdus, closed: ended })
    })
    socket.on('connect', () => send(socket))
  })
}

export const PDU = { associateAc: 2, associateRj: 3, pData: 4, releaseRp: 6, abort: 7 } as const
