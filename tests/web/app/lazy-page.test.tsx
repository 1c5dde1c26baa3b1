import { act, render, screen } from '@testing-library/react'
import { Suspense, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyPage } from '@/app/lazy-page'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      page {count}
    </button>
  )
}

describe('lazyPage', () => {
  it('shows the fallback until the code arrives when it was not preloaded', async () => {
    const code = deferred<{ default: typeof Counter }>()
    const Page = lazyPage(() => code.promise)
    render(
      <Suspense fallback={<p>Carregando…</p>}>
        <Page />
      </Suspense>,
    )
    expect(screen.getByText('Carregando…')).toBeInTheDocument()
    await act(async () => code.resolve({ default: Counter }))
    expect(await screen.findByRole('button', { name: 'page 0' })).toBeInTheDocument()
  })

  it('renders at once, without the fallback, once preloaded (and loads the code once)', async () => {
    let loads = 0
    const Page = lazyPage(async () => {
      loads += 1
      return { default: Counter }
    })
    await Promise.all([Page.preload(), Page.preload()])
    render(
      <Suspense fallback={<p>Carregando…</p>}>
        <Page />
      </Suspense>,
    )
    // synchronously, in the first render: no 'Carregando…' (and no React reveal throttle after it)
    expect(screen.getByRole('button', { name: 'page 0' })).toBeInTheDocument()
    expect(screen.queryByText('Carregando…')).not.toBeInTheDocument()
    expect(loads).toBe(1)
  })

  it('keeps a page that arrived lazily mounted, with its state, when its parent renders again', async () => {
    const code = deferred<{ default: typeof Counter }>()
    const Page = lazyPage(() => code.promise)
    function Parent() {
      const [renders, setRenders] = useState(0)
      return (
        <>
          <button type="button" onClick={() => setRenders((r) => r + 1)}>
            parent {renders}
          </button>
          <Suspense fallback={<p>Carregando…</p>}>
            <Page />
          </Suspense>
        </>
      )
    }
    render(<Parent />)
    await act(async () => code.resolve({ default: Counter }))
    const page = await screen.findByRole('button', { name: 'page 0' })
    act(() => page.click())
    expect(screen.getByRole('button', { name: 'page 1' })).toBeInTheDocument()
    act(() => screen.getByRole('button', { name: 'parent 0' }).click())
    expect(screen.getByRole('button', { name: 'parent 1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'page 1' })).toBeInTheDocument()
  })

  it('lets a failed download reach the error boundary (preload itself is handled by the caller)', async () => {
    const Page = lazyPage(() => Promise.reject(new Error('offline')))
    await expect(Page.preload()).rejects.toThrow('offline')
  })
})
