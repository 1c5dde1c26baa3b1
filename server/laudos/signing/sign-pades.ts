// The laudo's PAdES signature (issue 36 point 5): @signpdf places the signature dictionary
// (SubFilter ETSI.CAdES.detached, the signer's name) and fills the ByteRange over the whole file; the CMS
// is built here, because PAdES needs the ESS signing-certificate-v2 attribute that @signpdf's P12Signer
// (node-forge's PKCS#7) cannot write. docs/decisions.md, "Laudo PDF and PAdES signature". node-forge encodes the
// ASN.1; the hashes and the RSA signature are Node's own crypto, native code (docs/performance.md, "The laudo's
// release").
import { createHash, createPrivateKey, sign } from 'node:crypto'
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { SignPdf } from '@signpdf/signpdf'
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils'
import forge from 'node-forge'
import { PDFDocument } from 'pdf-lib'
import { openCertificate, type OpenedCertificate } from './certificate'

const { asn1 } = forge
const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
}

const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items)
const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items)
const oid = (id: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes())
const octets = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes)
const int = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, bytes)
const nul = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')
const explicit0 = (item: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [item])
const algorithm = (id: string) => seq([oid(id), nul()])
const der = (item: forge.asn1.Asn1) => asn1.toDer(item).getBytes()
/** SHA-256 of DER bytes (node-forge's 'binary' strings), as such a string. */
const sha256 = (bytes: string | Buffer) =>
  createHash('sha256')
    .update(typeof bytes === 'string' ? Buffer.from(bytes, 'binary') : bytes)
    .digest()
    .toString('binary')
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])])

/** A CAdES-BES detached signature (RFC 5652 SignedData with signing-certificate-v2) over `content`. */
export function cadesDetached(content: Buffer, opened: OpenedCertificate): Buffer {
  const certificateDer = der(forge.pki.certificateToAsn1(opened.certificate))
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(sha256(content))),
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 { certHash } } (SHA-256 by default)
    attribute(OID.signingCertificateV2, seq([seq([seq([octets(sha256(certificateDer))])])])),
  ]
  // DER's SET OF is sorted by encoding: the signature is over the SET, the SignerInfo carries it as [0].
  const sorted = attributes.map(der).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const signedSet = set(sorted.map((bytes) => asn1.fromDer(bytes)))
  // RSASSA-PKCS1-v1_5 with SHA-256, the same bytes node-forge's privateKey.sign(sha256) writes
  const key = createPrivateKey(forge.pki.privateKeyToPem(opened.privateKey))
  const signature = sign('sha256', Buffer.from(der(signedSet), 'binary'), key).toString('binary')
  const signedAttrs = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signedSet.value as forge.asn1.Asn1[])

  const serial = opened.certificate.serialNumber
  const signerInfo = seq([
    int(String.fromCharCode(1)),
    seq([forge.pki.distinguishedNameToAsn1(opened.certificate.issuer), int(forge.util.hexToBytes(serial))]),
    algorithm(OID.sha256),
    signedAttrs,
    algorithm(OID.rsaEncryption),
    octets(signature),
  ])
  const certificates = [opened.certificate, ...opened.chain].map((c) => forge.pki.certificateToAsn1(c))
  const signedData = seq([
    int(String.fromCharCode(1)),
    set([algorithm(OID.sha256)]),
    seq([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certificates),
    set([signerInfo]),
  ])
  return Buffer.from(der(seq([oid(OID.signedData), explicit0(signedData)])), 'binary')
}

class CadesSigner extends Signer {
  constructor(private readonly opened: OpenedCertificate) {
    super()
  }

  override sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Promise.resolve(cadesDetached(pdfBuffer, this.opened))
  }
}

export interface SignOptions {
  reason?: string
  location?: string
  /** The moment written in the signature dictionary (M); the certificate is checked at it. */
  now?: Date
}

/**
 * Signs `pdf` as PAdES (ETSI.CAdES.detached) with the PKCS#12 `p12`. A wrong password or an unusable
 * certificate throws a CertificateError with the Portuguese message before anything is signed.
 */
export async function signPdf(
  pdf: Uint8Array,
  p12: Buffer,
  password: string,
  options: SignOptions = {},
): Promise<Uint8Array> {
  const now = options.now ?? new Date()
  const opened = openCertificate(p12, password, now)
  const doc = await PDFDocument.load(pdf)
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason ?? 'Laudo',
    contactInfo: '',
    name: opened.info.titular,
    location: options.location ?? '',
    signingTime: now,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 16384,
    appName: 'Clínica',
  })
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }))
  const signed = await new SignPdf().sign(withPlaceholder, new CadesSigner(opened), now)
  return new Uint8Array(signed)
}
