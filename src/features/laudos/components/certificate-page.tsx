import { useId, useState, type FormEvent } from 'react'
import { certificateMessages, formatDate, messages } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { TextField } from '@/components/form-fields'
import { useDocumentTitle } from '@/lib/use-document-title'
import { fileToBase64, useCertificate, useRemoveCertificate, useUploadCertificate } from '../api/release-certificate'
import './release.css'

/** The server's sentences about the password go under 'Senha do certificado'; the rest under the file. */
const PASSWORD_ERRORS: readonly string[] = [certificateMessages.password, certificateMessages.passwordRequired]

/**
 * 'Minha conta' → 'Certificado digital' (issue 36 point 5): the doctor's A1 file ('.pfx' or '.p12') and its
 * password, checked by the server at upload (password, key, validity, signing use); the password is not kept.
 * Shows the holder, the issuer and 'Válido até', and 'Remover'.
 */
export default function CertificatePage() {
  useDocumentTitle('Certificado digital')
  const certificate = useCertificate()
  const upload = useUploadCertificate()
  const remove = useRemoveCertificate()
  const [file, setFile] = useState<File | null>(null)
  const [senha, setSenha] = useState('')
  const [local, setLocal] = useState<{ arquivo?: string; senha?: string }>({})
  const fileId = useId()
  const fileErrorId = useId()

  const serverError = upload.failure?.kind === 'invalid' ? upload.failure.toast : undefined
  const passwordError = local.senha ?? (serverError && PASSWORD_ERRORS.includes(serverError) ? serverError : undefined)
  const fileError = local.arquivo ?? (serverError && !PASSWORD_ERRORS.includes(serverError) ? serverError : undefined)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const problems = {
      arquivo: file ? (/\.(pfx|p12)$/i.test(file.name) ? undefined : certificateMessages.fileName) : messages.required,
      senha: senha ? undefined : messages.required,
    }
    setLocal(problems)
    if (!file || problems.arquivo || problems.senha) return
    upload.reset()
    upload.mutate({ arquivo: file.name, conteudo: await fileToBase64(file), senha }, { onSuccess: () => setSenha('') })
  }

  if (certificate.error) return <p role="alert">{messages.certificateNotDoctor}</p>
  const current = certificate.data
  return (
    <section className="certificate-page" aria-labelledby="certificado-titulo">
      <h1 id="certificado-titulo">Certificado digital</h1>
      <p>
        O certificado A1 (ICP-Brasil) assina seus laudos. A senha é conferida no envio e não fica guardada: ela é pedida
        ao assinar.
      </p>
      {certificate.isPending ? (
        <p>Carregando…</p>
      ) : current ? (
        <dl className="certificate-page__data" aria-label="Certificado atual">
          <dt>Titular</dt>
          <dd>{current.titular}</dd>
          <dt>Emissor</dt>
          <dd>{current.emissor}</dd>
          <dt>Válido até</dt>
          <dd>{formatDate(current.validoAte)}</dd>
        </dl>
      ) : (
        <p>Nenhum certificado enviado.</p>
      )}
      {current && (
        <button type="button" className="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Remover
        </button>
      )}
      <form className="certificate-page__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2>{current ? 'Trocar o certificado' : 'Enviar o certificado'}</h2>
        <FormAlert failure={upload.failure?.kind === 'invalid' ? null : upload.failure} />
        <div className={fileError ? 'field field--invalid' : 'field'}>
          <label htmlFor={fileId} className="field__label">
            Arquivo do certificado (.pfx ou .p12)
          </label>
          <input
            id={fileId}
            type="file"
            accept=".pfx,.p12,application/x-pkcs12"
            className="field__control"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? fileErrorId : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {fileError && (
            <p id={fileErrorId} className="field__error">
              {fileError}
            </p>
          )}
        </div>
        <TextField
          label="Senha do certificado"
          type="password"
          autoComplete="off"
          value={senha}
          onChange={(event) => setSenha(event.target.value)}
          error={passwordError}
        />
        <button type="submit" className="button button--primary" disabled={upload.isPending}>
          {upload.isPending ? 'Enviando…' : 'Enviar certificado'}
        </button>
      </form>
    </section>
  )
}
