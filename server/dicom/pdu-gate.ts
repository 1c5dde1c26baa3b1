// The upper-layer state machine (DICOM PS3.8 §9.2) between a machine's TCP socket and dcmjs-dimse (issue
// 35, docs/decisions.md "DICOM behind our own PDU gate"). The library parses whatever PDU arrives, in any
// state, and buffers any declared length by re-copying; so it never sees the socket. This gate reads PDU
// headers itself, refuses a length over the limit before buffering a byte of it, buffers each PDU once
// into a buffer of its exact size, and hands the library only what the association's state allows: an
// A-ASSOCIATE-RQ first, then nothing until the library has written our A-ASSOCIATE-AC; after a rejection,
// a release or an abort, nothing at all, and the socket is closed. The library sees an object with the
// few socket members it uses (on, write, setTimeout).
import { EventEmitter } from 'node:events'
import type net from 'node:net'

/** PDU types (PS3.8 §9.3.1). */
export const PduType = {
  associateRq: 0x01,
  associateAc: 0x02,
  associateRj: 0x03,
  pData: 0x04,
  releaseRq: 0x05,
  releaseRp: 0x06,
  abort: 0x07,
} as const

export interface GateLimits {
  /** The largest A-ASSOCIATE-RQ read (its length field); a real one is a few hundred bytes. */
  associateRqMax: number
  /** Added to the maximum PDU length our A-ASSOCIATE-AC declares: what a P-DATA-TF may carry. */
  margin: number
  /** No PDU of any kind longer than this, whatever was negotiated. */
  hardMax: number
  /** A DIMSE command or dataset spread over several P-DATA-TF: the most its fragments may add up to. */
  messageMax: number
  /** ARTIM (PS3.8 §9.1.5): the A-ASSOCIATE-RQ must arrive within it, and a closing socket is destroyed after it. */
  artimMs: number
  /** An association with no complete PDU either way for this long is aborted. */
  idleMs: number
}

/** Why a gate closed the connection: what the service counts as a refused association. */
export type GateRefusal = 'ARTIM expirado' | 'PDU fora de ordem' | 'PDU longa demais' | 'inatividade'

type State = 'awaitingRq' | 'deciding' | 'accepted' | 'releasing' | 'closed'

const HEADER = 6
/** A-ABORT from the service provider (source 2), reason: invalid PDU parameter value (6) / unexpected PDU (2). */
const abortPdu = (reason: number) => Buffer.from([PduType.abort, 0, 0, 0, 0, 4, 0, 0, 2, reason])

/** The Maximum Length Received sub-item (0x51) in an A-ASSOCIATE-AC's User Information item (0x50); 0: none. */
export function maxLengthOfAc(pdu: Buffer): number {
  // header 6, protocol version 2, reserved 2, AE titles 32, reserved 32: the items begin at 74
  let at = 74
  while (at + 4 <= pdu.length) {
    const type = pdu[at]!
    const length = pdu.readUInt16BE(at + 2)
    if (type === 0x50) {
      let sub = at + 4
      while (sub + 4 <= at + 4 + length && sub + 4 <= pdu.length) {
        const subLength = pdu.readUInt16BE(sub + 2)
        if (pdu[sub] === 0x51 && subLength === 4 && sub + 8 <= pdu.length) return pdu.readUInt32BE(sub + 4)
        sub += 4 + subLength
      }
    }
    at += 4 + length
  }
  return 0
}

export class PduGate extends EventEmitter {
  private state: State = 'awaitingRq'
  private readonly header = Buffer.alloc(HEADER)
  private headerFill = 0
  private body: Buffer | undefined
  private bodyFill = 0
  /** What a P-DATA-TF may declare once accepted. */
  private dataMax: number
  /** Bytes of the command or dataset being received, until its last fragment. */
  private messageBytes = 0
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly socket: net.Socket,
    private readonly limits: GateLimits,
    private readonly onRefused: (why: GateRefusal) => void,
  ) {
    super()
    this.dataMax = limits.hardMax
    socket.on('data', (chunk: Buffer) => this.receive(chunk))
    socket.on('close', () => {
      this.state = 'closed'
      this.stopTimer()
      this.emit('close')
    })
    this.arm(limits.artimMs, () => this.refuse('ARTIM expirado'))
  }

  /** Whether the association has been accepted and not yet closed. */
  get accepted(): boolean {
    return this.state === 'accepted'
  }

  // --- what the library calls -------------------------------------------------------------------------

  /** The library's outgoing PDUs (always whole ones): they move the state. */
  write(pdu: Buffer): boolean {
    if (this.state === 'closed') return false
    const type = pdu[0]
    if (type === PduType.associateAc && this.state === 'deciding') {
      this.state = 'accepted'
      const declared = maxLengthOfAc(pdu)
      this.dataMax = Math.min(
        this.limits.hardMax,
        (declared === 0 ? this.limits.hardMax : declared) + this.limits.margin,
      )
      this.arm(this.limits.idleMs, () => this.abort('inatividade', 0))
      return this.socket.write(pdu)
    }
    if (type === PduType.associateRj || type === PduType.releaseRp || type === PduType.abort) {
      this.close(pdu)
      return false
    }
    if (this.state !== 'accepted' && this.state !== 'releasing') return false
    this.arm(this.limits.idleMs, () => this.abort('inatividade', 0))
    return this.socket.write(pdu)
  }

  /** The library's own timer: its timeouts are ours (idle and ARTIM above). */
  setTimeout(): this {
    return this
  }

  // --- what the machine sends ---------------------------------------------------------------------------

  private receive(chunk: Buffer): void {
    let offset = 0
    while (offset < chunk.length && this.state !== 'closed') {
      if (this.body === undefined) {
        const n = Math.min(HEADER - this.headerFill, chunk.length - offset)
        chunk.copy(this.header, this.headerFill, offset, offset + n)
        this.headerFill += n
        offset += n
        if (this.headerFill < HEADER) return
        const type = this.header[0]!
        const length = this.header.readUInt32BE(2)
        if (!this.allowed(type)) return this.abort('PDU fora de ordem', 2)
        const max = type === PduType.associateRq ? this.limits.associateRqMax : this.dataMax
        if (length > max) return this.abort('PDU longa demais', 6)
        this.body = Buffer.allocUnsafe(HEADER + length)
        this.header.copy(this.body, 0)
        this.bodyFill = HEADER
      }
      const n = Math.min(this.body.length - this.bodyFill, chunk.length - offset)
      chunk.copy(this.body, this.bodyFill, offset, offset + n)
      this.bodyFill += n
      offset += n
      if (this.bodyFill === this.body.length) {
        const pdu = this.body
        this.body = undefined
        this.headerFill = 0
        this.deliver(pdu)
      }
    }
  }

  /** Which PDU may begin in the current state (PS3.8 Table 9-10, for an acceptor). */
  private allowed(type: number): boolean {
    if (this.state === 'awaitingRq') return type === PduType.associateRq
    if (this.state === 'accepted') return type === PduType.pData || type === PduType.releaseRq || type === PduType.abort
    // deciding (nothing may come before our answer) and releasing (nothing after a release request)
    return false
  }

  private deliver(pdu: Buffer): void {
    const type = pdu[0]
    if (type === PduType.associateRq) {
      this.state = 'deciding'
      // the library's answer must come within ARTIM too (it asks the database)
      this.arm(this.limits.artimMs, () => this.refuse('ARTIM expirado'))
    } else if (type === PduType.releaseRq) {
      this.state = 'releasing'
    } else if (type === PduType.abort) {
      this.close()
      return
    } else {
      if (!this.countFragments(pdu)) return this.abort('PDU longa demais', 6)
      this.arm(this.limits.idleMs, () => this.abort('inatividade', 0))
    }
    this.emit('data', pdu)
  }

  /** Adds a P-DATA-TF's fragments (PS3.8 §9.3.5) to the message's size; false when it goes over the limit. */
  private countFragments(pdu: Buffer): boolean {
    let at = HEADER
    while (at + 6 <= pdu.length) {
      const length = pdu.readUInt32BE(at)
      const control = pdu[at + 5]!
      this.messageBytes += Math.max(0, length - 2)
      if (this.messageBytes > this.limits.messageMax) return false
      // the last fragment of a command or a dataset ends it
      if (control & 0x02) this.messageBytes = 0
      at += 4 + length
    }
    return true
  }

  // --- closing ----------------------------------------------------------------------------------------------

  /** Sends A-ABORT and closes (a PDU out of order or too long, an idle association). */
  private abort(why: GateRefusal, reason: number): void {
    if (this.state === 'closed') return
    this.onRefused(why)
    this.close(abortPdu(reason))
  }

  /** Closes without a word (ARTIM: nothing or no answer in time). */
  private refuse(why: GateRefusal): void {
    if (this.state === 'closed') return
    this.onRefused(why)
    this.state = 'closed'
    this.stopTimer()
    this.socket.destroy()
  }

  /** Writes the last PDU, if any, and closes; whatever the machine sends meanwhile is dropped unread. */
  private close(last?: Buffer): void {
    if (this.state === 'closed') return
    this.state = 'closed'
    this.body = undefined
    this.stopTimer()
    this.socket.pause()
    if (last) this.socket.end(last, () => this.socket.destroy())
    else this.socket.end(() => this.socket.destroy())
    // a machine that reads nothing keeps our last PDU unsent: ARTIM ends it
    const timer = setTimeout(() => this.socket.destroy(), this.limits.artimMs)
    timer.unref()
    this.socket.once('close', () => clearTimeout(timer))
  }

  private arm(ms: number, fire: () => void): void {
    this.stopTimer()
    this.timer = setTimeout(fire, ms)
    this.timer.unref()
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }
}
