// DICOM clients of the tests (issue 19): Debian's dcmtk `findscu` (a real third-party worklist client;
// missing, the tests FAIL — .ci/run installs the dcmtk package) and dcmjs-dimse's own SCU for MPPS.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import dimse from 'dcmjs-dimse'

const run = promisify(execFile)

/** A dcmtk tool at /usr/bin or on PATH; throws (the test fails) when it is not installed. */
export function dcmtkTool(name: 'findscu' | 'dcmdump'): string {
  const candidates = [`/usr/bin/${name}`, ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name))]
  const found = candidates.find((path) => path !== '' && existsSync(path))
  if (!found)
    throw new Error(`${name} não encontrado: instale o pacote dcmtk (apt-get install dcmtk; .ci/run o instala)`)
  return found
}

/** One worklist answer as dcmdump prints it: keyword → raw value (sequence items flattened), and its bytes. */
export interface Answer {
  values: Record<string, string>
  bytes: Buffer
}

export interface FindResult {
  /** findscu's exit code (0: the association and the query went through). */
  code: number
  output: string
  answers: Answer[]
}

/** dcmdump's `(gggg,eeee) VR [value]  # len, vm Keyword` lines as keyword → value. */
function parseDump(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const match = /^\s*\([0-9a-f]{4},[0-9a-f]{4}\) [A-Z]{2} (?:\[(.*)\]|(\S.*?))\s+#\s*\d+,\s*\d+\s+(\w+)\s*$/.exec(
      line,
    )
    if (match) values[match[3]!] = match[1] ?? match[2] ?? ''
  }
  return values
}

/** dcmdump's output for several files (`+F`: a `# dcmdump (i/n): <file>` line before each) as file → dump. */
function dumpsByFile(text: string): Map<string, string> {
  const dumps = new Map<string, string>()
  const parts = text.split(/^# dcmdump \(\d+\/\d+\): (.*)$/m)
  for (let i = 1; i + 1 < parts.length; i += 2) dumps.set(parts[i]!.trim(), parts[i + 1]!)
  return dumps
}

/**
 * A Modality Worklist query by findscu calling as `callingAeTitle`: `keys` are findscu's `-k` keys
 * (e.g. `ScheduledProcedureStepSequence[0].Modality=DX`); every answer extracted (-X) and read by dcmdump.
 */
export async function findWorklist(
  port: number,
  callingAeTitle: string,
  keys: string[],
  calledAeTitle = 'CLINICA',
): Promise<FindResult> {
  const findscu = dcmtkTool('findscu')
  const dcmdump = dcmtkTool('dcmdump')
  const dir = await mkdtemp(join(tmpdir(), 'clinica-findscu-'))
  try {
    const args = [
      '-v',
      '-W',
      '-aet',
      callingAeTitle,
      '-aec',
      calledAeTitle,
      '-to',
      '20',
      '-ta',
      '20',
      '-td',
      '20',
      '-X',
      '-od',
      dir,
    ]
    for (const key of keys) args.push('-k', key)
    args.push('127.0.0.1', String(port))
    let code = 0
    let output = ''
    try {
      const result = await run(findscu, args, { timeout: 60_000 })
      output = result.stdout + result.stderr
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string }
      code = typeof failed.code === 'number' ? failed.code : 1
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`
    }
    const files = (await readdir(dir)).filter((f) => f.startsWith('rsp')).sort()
    if (files.length === 0) return { code, output, answers: [] }
    // one dcmdump for all the answers (a header before each file's dump), not a process per answer
    const paths = files.map((file) => join(dir, file))
    const { stdout } = await run(dcmdump, ['+L', '+F', ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    const dumps = dumpsByFile(stdout)
    const answers: Answer[] = []
    for (const path of paths) {
      const dump = dumps.get(path)
      if (dump === undefined) throw new Error(`dcmdump não leu ${path}`)
      answers.push({ values: parseDump(dump), bytes: await readFile(path) })
    }
    return { code, output, answers }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const { Client, Dataset, constants, requests } = dimse
dimse.log.setLevel('silent')

/**
 * Sends one MPPS request (N-CREATE with `dataset`, or N-SET) with dcmjs-dimse's SCU; resolves with the
 * DICOM status answered, or rejects when the association fails.
 */
export function sendStep(
  port: number,
  callingAeTitle: string,
  kind: 'create' | 'set',
  instanceUid: string,
  dataset: Record<string, unknown>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = new Client()
    const request =
      kind === 'create'
        ? new requests.NCreateRequest(constants.SopClass.ModalityPerformedProcedureStep, instanceUid)
        : new requests.NSetRequest(constants.SopClass.ModalityPerformedProcedureStep, instanceUid)
    request.setDataset(new Dataset(dataset))
    let status: number | undefined
    request.on('response', (response: { getStatus(): number }) => {
      status = response.getStatus()
    })
    client.addRequest(request)
    client.on('networkError', (error: Error) => reject(error))
    client.on('associationRejected', () => reject(new Error('association rejected')))
    client.on('closed', () => (status === undefined ? reject(new Error('no answer')) : resolve(status)))
    client.send('127.0.0.1', port, callingAeTitle, 'CLINICA', { associationTimeout: 20_000, pduTimeout: 20_000 })
  })
}

/** A fresh MPPS SOP Instance UID. */
export function newStepUid(): string {
  return Dataset.generateDerivedUid()
}
