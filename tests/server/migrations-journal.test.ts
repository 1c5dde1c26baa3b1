// drizzle's migrator applies, on a database already migrated, only the journal's entries whose `when` is later
// than the last one applied there: a new migration written with an earlier `when` than the one before it
// would pass on every fresh test database and be skipped silently on the clinic's. The journal must grow in
// both `idx` and `when`, and name exactly the SQL files of the folder.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../server/db/client'

interface JournalEntry {
  idx: number
  when: number
  tag: string
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: JournalEntry[]
}

describe('the migrations journal', () => {
  it('numbers its entries 0, 1, 2… with a `when` later than the entry before', () => {
    const out = journal.entries.flatMap((entry, i) => {
      const before = journal.entries[i - 1]
      const problems = []
      if (entry.idx !== i) problems.push(`${entry.tag}: idx ${entry.idx}, expected ${i}`)
      if (before && entry.when <= before.when)
        problems.push(`${entry.tag}: when ${entry.when} is not later than ${before.tag}'s (${before.when})`)
      return problems
    })
    expect(out).toEqual([])
  })

  it('names every SQL file of the folder, and only those', () => {
    const files = readdirSync(migrationsFolder)
      .filter((file) => file.endsWith('.sql'))
      .sort()
    expect(journal.entries.map((entry) => `${entry.tag}.sql`).sort()).toEqual(files)
  })
})
