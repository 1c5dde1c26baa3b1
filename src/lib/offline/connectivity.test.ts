import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isServerReachable, reportNetworkFailure, reportNetworkSuccess, setupConnectivity } from './connectivity'

const setNavigatorOnline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)

afterEach(() => {
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('connectivity', () => {
  it('starts offline when the app is opened without a connection', () => {
    setNavigatorOnline(false)
    onlineManager.setOnline(true) // TanStack's own default
    setupConnectivity()
    expect(onlineManager.isOnline()).toBe(false)
  })

  it('follows the browser going offline and back online', () => {
    setNavigatorOnline(true)
    setupConnectivity()
    expect(onlineManager.isOnline()).toBe(true)
    window.dispatchEvent(new Event('offline'))
    expect(onlineManager.isOnline()).toBe(false)
    window.dispatchEvent(new Event('online'))
    expect(onlineManager.isOnline()).toBe(true)
  })

  it('treats a request that failed on the network as offline until one succeeds', () => {
    setNavigatorOnline(true)
    setupConnectivity()
    reportNetworkFailure()
    expect(onlineManager.isOnline()).toBe(false)
    reportNetworkSuccess()
    expect(onlineManager.isOnline()).toBe(true)
  })

  it('ignores reports once torn down (tests that render the app without it keep the default)', () => {
    setNavigatorOnline(true)
    const teardown = setupConnectivity()
    teardown()
    reportNetworkFailure()
    expect(onlineManager.isOnline()).toBe(true)
  })

  it("counts any answer of the server as reachable, but not a proxy's 5xx", () => {
    expect(isServerReachable({ status: 200 })).toBe(true)
    expect(isServerReachable({ status: 404 })).toBe(true)
    expect(isServerReachable({ status: 502 })).toBe(false)
    expect(isServerReachable({ status: 0 })).toBe(false)
  })
})
