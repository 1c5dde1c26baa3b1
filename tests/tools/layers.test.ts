// The layer rule of eslint.config.js, run on code as a developer would write it: what it must refuse
// and what it must let through.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'layers/boundaries').map((m) => m.message)
}

describe('lint keeps the layers', () => {
  it('the contract imports nothing of ours', async () => {
    expect(await layerErrors('contract/x.ts', "import { a } from '../src/lib/format'\nexport { a }\n")).toEqual([
      expect.stringContaining('the contract imports nothing of ours'),
    ])
    expect(await layerErrors('contract/x.ts', "import { a } from '@/lib/format'\nexport { a }\n")).toHaveLength(1)
    expect(await layerErrors('contract/x.ts', "import { a } from './messages'\nexport { a }\n")).toEqual([])
  })

  it('the server never imports src/', async () => {
    expect(await layerErrors('server/x.ts', "import { a } from '@/lib/format'\nexport { a }\n")).toEqual([
      expect.stringContaining('the server never imports src/'),
    ])
    expect(
      await layerErrors('server/routes/x.ts', "import { a } from '../../src/features/home/api/x'\nexport { a }\n"),
    ).toHaveLength(1)
    expect(await layerErrors('server/x.ts', "import { a } from '@contract'\nexport { a }\n")).toEqual([])
  })

  it('features never import each other, nor the app', async () => {
    expect(
      await layerErrors(
        'src/features/home/components/x.tsx',
        "import { a } from '../../appointments/api/y'\nexport { a }\n",
      ),
    ).toEqual([expect.stringContaining('features never import each other')])
    expect(
      await layerErrors('src/features/home/x.ts', "import { a } from '@/features/patients/api/y'\nexport { a }\n"),
    ).toHaveLength(1)
    expect(await layerErrors('src/features/home/x.ts', "import { a } from '@/app/router'\nexport { a }\n")).toEqual([
      expect.stringContaining('a feature never imports the app'),
    ])
    expect(
      await layerErrors(
        'src/features/home/components/x.tsx',
        "import { a } from '../api/y'\nimport { b } from '@/lib/format'\nexport { a, b }\n",
      ),
    ).toEqual([])
  })

  it('shared code never imports features or the app', async () => {
    expect(await layerErrors('src/lib/x.ts', "import { a } from '@/features/home/api/y'\nexport { a }\n")).toEqual([
      expect.stringContaining('shared code never imports features or the app'),
    ])
    expect(await layerErrors('src/components/x.tsx', "const m = import('../app/router')\nexport { m }\n")).toHaveLength(
      1,
    )
  })

  it("today's board takes values from the contract's modules without zod, types from anywhere", async () => {
    const refused = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: 'src/features/home/components/x.tsx' })
      return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').length
    }
    expect(await refused("import { statusOf } from '@contract'\nexport { statusOf }\n")).toBe(1)
    expect(await refused("import { Agendamento } from '@contract/entities'\nexport { Agendamento }\n")).toBe(1)
    expect(await refused("import { z } from 'zod'\nexport { z }\n")).toBe(1)
    expect(await refused("import { statusOf } from '@contract/status'\nexport { statusOf }\n")).toBe(0)
    expect(await refused("import type { Agendamento } from '@contract'\nexport type A = Agendamento\n")).toBe(0)
  })
})
