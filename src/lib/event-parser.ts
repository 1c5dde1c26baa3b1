// Server-Sent Events' text read from a fetch body: `data:` lines, blank-line separated events, comments
// ignored — what the TV panel's feed and the day boards' feed send.

/** Feeds text chunks in; calls `onData` with each complete event's data. */
export function eventParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = ''
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n')
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
      if (data.length > 0) onData(data.join('\n'))
    }
  }
}
