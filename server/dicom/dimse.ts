// The one module that touches the DICOM network library, dcmjs-dimse (docs/decisions.md, "DICOM worklist"):
// a listening socket whose associations and requests are handed to plain async handlers. Replacing the
// library means rewriting this file only. Its own log is silenced: it prints addresses and, at debug
// level, whole datasets (names) — our log lines are written by the handlers, without personal data.
// The library never sees a socket: it reads through our PDU gate (pdu-gate.ts, issue 35), and the
// listener below limits how many associations come in, per address and at once.
import net from 'node:net'
import dimse from 'dcmjs-dimse'
import { PduGate, type GateLimits } from './pdu-gate'

const { Scp, Dataset, constants, responses } = dimse
const { Status, SopClass, PresentationContextResult, RejectResult, RejectSource, RejectReason, TransferSyntax } =
  constants

dimse.log.setLevel('silent')

/** The statuses our handlers answer (DICOM PS3.4 C.4.1.1.4, F.7.2). */
export const DicomStatus = {
  success: Status.Success,
  /** C-FIND: out of resources, unable to process (0xA700) — the database is unavailable. */
  findOutOfResources: 0xa700,
  /** C-FIND: identifier does not match SOP class (0xA900) — a key longer than its VR allows. */
  findIdentifierInvalid: 0xa900,
  /** C-FIND: unable to process (0xC000). */
  findUnableToProcess: 0xc000,
  /** N-CREATE / N-SET: no such object instance (0x0112) — an unknown accession or step. */
  noSuchObjectInstance: Status.NoSuchObjectInstance,
  /** N-CREATE / N-SET: processing failure (0x0110) — the database, or a move the rules refuse. */
  processingFailure: Status.ProcessingFailure,
  /** N-SET: invalid attribute value (0x0106), e.g. an unknown Performed Procedure Step Status. */
  invalidAttributeValue: Status.InvalidAttributeValue,
  /** N-CREATE: duplicate SOP instance (0x0111). */
  duplicateSopInstance: Status.DuplicateSOPInstance,
  /** N-CREATE: missing attribute value (0x0121). */
  missingAttributeValue: Status.MissingAttributeValue,
} as const

/** A dataset as the library naturalizes it: keywords to values (a PN is `[{ Alphabetic }]`, an SQ a list). */
export type Elements = Record<string, unknown>

/** Why a connection was refused before any request: the gate's reasons and the listener's limits. */
export type Refusal =
  | 'ARTIM expirado'
  | 'PDU fora de ordem'
  | 'PDU longa demais'
  | 'inatividade'
  | 'limite de associações por minuto'
  | 'limite de associações simultâneas'
  | 'AE title desconhecido'
  | 'AE title chamado desconhecido'

export interface DicomHandlers {
  /** Whether to accept an association from `callingAeTitle` (rejected: calling AE title not recognized). */
  accept(callingAeTitle: string, address: string): Promise<boolean>
  /** A connection closed by a limit or the state machine (counted per address and minute, never per row). */
  refused(address: string, callingAeTitle: string, why: Refusal): void
  /** A Modality Worklist C-FIND: the matches (each answered Pending), or a failure status. */
  worklist(
    callingAeTitle: string,
    query: Elements,
  ): Promise<{ status: 'ok'; matches: Elements[] } | { status: 'failed'; code: number }>
  /** A Modality Performed Procedure Step N-CREATE (`create`) or N-SET: the status to answer. */
  mpps(kind: 'create' | 'set', callingAeTitle: string, sopInstanceUid: string, dataset: Elements): Promise<number>
}

export interface DicomServerOptions {
  host: string
  /** 0: a free port. */
  port: number
  /** Our AE title: what the machines call. */
  aeTitle: string
  handlers: DicomHandlers
  limits?: Partial<DicomLimits>
}

/** The service's limits (docs/dicom.md, "Limits"); tests shorten the timeouts. */
export interface DicomLimits extends GateLimits {
  /** Associations opened per remote address within a clock minute; more are closed unread. */
  perAddressPerMinute: number
  /** Associations open at once; more are closed unread. */
  concurrent: number
}

export const DEFAULT_DICOM_LIMITS: DicomLimits = {
  associateRqMax: 64 * 1024,
  margin: 1024,
  hardMax: 1024 * 1024,
  messageMax: 4 * 1024 * 1024,
  artimMs: 10_000,
  idleMs: 60_000,
  perAddressPerMinute: 60,
  concurrent: 32,
}

export interface DicomServer {
  /** The port listened on (the one chosen when 0 was asked). */
  port: number
  close(): Promise<void>
}

const ACCEPTED_SYNTAXES = [TransferSyntax.ExplicitVRLittleEndian, TransferSyntax.ImplicitVRLittleEndian]
const ACCEPTED_SOP_CLASSES = [
  SopClass.Verification,
  SopClass.ModalityWorklistInformationModelFind,
  SopClass.ModalityPerformedProcedureStep,
]

/** A dataset's elements without the library's bookkeeping (`_vrMap`, `_meta`). */
function elementsOf(dataset: InstanceType<typeof Dataset> | undefined): Elements {
  const elements = { ...(dataset?.getElements() ?? {}) }
  for (const key of Object.keys(elements)) if (key.startsWith('_')) delete elements[key]
  return elements
}

/** Starts listening; the handlers answer every association and request. */
export async function startDicomServer(options: DicomServerOptions): Promise<DicomServer> {
  const { handlers } = options

  const limits: DicomLimits = { ...DEFAULT_DICOM_LIMITS, ...options.limits }

  class ClinicaScp extends Scp {
    private callingAeTitle = ''
    private calledAeTitle = ''

    constructor(
      private readonly gate: PduGate,
      private readonly address: string,
    ) {
      // the library reads and writes through the gate only (it uses on, write and setTimeout)
      super(gate as unknown as net.Socket, { associationTimeout: limits.artimMs, pduTimeout: limits.idleMs })
    }

    /** Every request re-checks: accepted by the gate, called as us, from the AE title accepted. */
    private admitted(): boolean {
      return this.gate.accepted && this.calledAeTitle === options.aeTitle && this.callingAeTitle !== ''
    }

    override associationRequested(association: InstanceType<typeof dimse.association.Association>) {
      const calling = association.getCallingAeTitle().trim()
      const called = association.getCalledAeTitle().trim()
      const decide = called === options.aeTitle ? handlers.accept(calling, this.address) : Promise.resolve(false)
      decide.then(
        (accepted) => {
          if (!accepted) {
            handlers.refused(
              this.address,
              calling,
              called === options.aeTitle ? 'AE title desconhecido' : 'AE title chamado desconhecido',
            )
            const reason =
              called === options.aeTitle ? RejectReason.CallingAeNotRecognized : RejectReason.CalledAeNotRecognized
            this.sendAssociationReject(RejectResult.Permanent, RejectSource.ServiceUser, reason)
            return
          }
          for (const { id } of association.getPresentationContexts()) {
            const context = association.getPresentationContext(id)
            const syntax = context.getTransferSyntaxUids().find((uid) => ACCEPTED_SYNTAXES.includes(uid))
            if (!ACCEPTED_SOP_CLASSES.includes(context.getAbstractSyntaxUid()))
              context.setResult(PresentationContextResult.RejectAbstractSyntaxNotSupported)
            else if (syntax === undefined)
              context.setResult(PresentationContextResult.RejectTransferSyntaxesNotSupported)
            else context.setResult(PresentationContextResult.Accept, syntax)
          }
          this.callingAeTitle = calling
          this.calledAeTitle = called
          this.sendAssociationAccept()
        },
        () => this.sendAssociationReject(RejectResult.Transient, RejectSource.ServiceUser, RejectReason.NoReasonGiven),
      )
    }

    override associationReleaseRequested() {
      this.sendAssociationReleaseResponse()
    }

    override cEchoRequest(
      request: InstanceType<typeof dimse.requests.CEchoRequest>,
      callback: (response: InstanceType<typeof responses.CEchoResponse>) => void,
    ) {
      const response = responses.CEchoResponse.fromRequest(request)
      if (!this.admitted()) return
      response.setStatus(Status.Success)
      callback(response)
    }

    override cFindRequest(
      request: InstanceType<typeof dimse.requests.CFindRequest>,
      callback: (answers: InstanceType<typeof responses.CFindResponse>[]) => void,
    ) {
      const final = responses.CFindResponse.fromRequest(request)
      if (!this.admitted()) return
      if (request.getAffectedSopClassUid() !== SopClass.ModalityWorklistInformationModelFind) {
        final.setStatus(Status.SopClassNotSupported)
        callback([final])
        return
      }
      handlers.worklist(this.callingAeTitle, elementsOf(request.getDataset())).then(
        (answer) => {
          if (answer.status === 'failed') {
            final.setStatus(answer.code)
            callback([final])
            return
          }
          const pending = answer.matches.map((match) => {
            const response = responses.CFindResponse.fromRequest(request)
            response.setDataset(new Dataset(match))
            response.setStatus(Status.Pending)
            return response
          })
          final.setStatus(Status.Success)
          callback([...pending, final])
        },
        () => {
          final.setStatus(DicomStatus.findUnableToProcess)
          callback([final])
        },
      )
    }

    override nCreateRequest(
      request: InstanceType<typeof dimse.requests.NCreateRequest>,
      callback: (response: InstanceType<typeof responses.NCreateResponse>) => void,
    ) {
      const response = responses.NCreateResponse.fromRequest(request)
      if (!this.admitted()) return
      handlers
        .mpps('create', this.callingAeTitle, request.getAffectedSopInstanceUid(), elementsOf(request.getDataset()))
        .then(
          (status) => response.setStatus(status),
          () => response.setStatus(DicomStatus.processingFailure),
        )
        .finally(() => callback(response))
    }

    override nSetRequest(
      request: InstanceType<typeof dimse.requests.NSetRequest>,
      callback: (response: InstanceType<typeof responses.NSetResponse>) => void,
    ) {
      const response = responses.NSetResponse.fromRequest(request)
      if (!this.admitted()) return
      handlers
        .mpps('set', this.callingAeTitle, request.getRequestedSopInstanceUid(), elementsOf(request.getDataset()))
        .then(
          (status) => response.setStatus(status),
          () => response.setStatus(DicomStatus.processingFailure),
        )
        .finally(() => callback(response))
    }

    override abort() {}
  }

  const sockets = new Set<net.Socket>()
  // associations per address in the current clock minute (the map is emptied when the minute turns)
  let minute = 0
  const perAddress = new Map<string, number>()
  const server = net.createServer((socket) => {
    // a broken connection must not crash the process
    socket.on('error', () => socket.destroy())
    const address = socket.remoteAddress ?? ''
    const now = Math.floor(Date.now() / 60_000)
    if (now !== minute) {
      minute = now
      perAddress.clear()
    }
    const count = (perAddress.get(address) ?? 0) + 1
    perAddress.set(address, count)
    const over =
      count > limits.perAddressPerMinute
        ? 'limite de associações por minuto'
        : sockets.size >= limits.concurrent
          ? 'limite de associações simultâneas'
          : undefined
    if (over) {
      socket.destroy()
      handlers.refused(address, '', over)
      return
    }
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    const gate = new PduGate(socket, limits, (why) => handlers.refused(address, '', why))
    const scp = new ClinicaScp(gate, address)
    scp.on('networkError', () => socket.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
