// The doctor's A1 certificate for the server: the reader lives in the contract, so the msw mock checks an
// uploaded file exactly as the server does (contract/certificate-reader.ts).
export {
  CertificateError,
  openCertificate,
  readCertificate,
  type CertificateInfo,
  type OpenedCertificate,
} from '@contract/certificate-reader'
