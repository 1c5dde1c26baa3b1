/** What a lazily loaded page or a first fetch shows meanwhile; a status so it is announced politely. */
export function PageLoading({ label = 'Carregando…' }: { label?: string }) {
  return (
    <p className="page-loading" role="status">
      {label}
    </p>
  )
}
