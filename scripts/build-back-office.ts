// Builds the back office (packages/back-office/) into src/modules/back-office/public/, which is committed.
// Usage: node scripts/build-back-office.ts [--check]
//   --check: write nothing; exit 1 if the committed files are not what the build makes (test/back-office/back-office-serving.test.ts runs the same comparison).
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

export const BACK_OFFICE_UI_DIR = path.resolve(import.meta.dirname, '../packages/back-office')
export const BACK_OFFICE_PUBLIC_DIR = path.resolve(import.meta.dirname, '../src/modules/back-office/public')

/** The files of public/, by name, as the build makes them from packages/back-office/. */
export async function buildBackOffice (): Promise<Map<string, string>> {
  const result = await build({
    entryPoints: [path.join(BACK_OFFICE_UI_DIR, 'src/main.ts'), path.join(BACK_OFFICE_UI_DIR, 'src/app.css')],
    bundle: true, write: false, format: 'esm', target: 'es2022', platform: 'browser',
    minify: true, legalComments: 'none', charset: 'utf8', logLevel: 'silent',
    outdir: BACK_OFFICE_PUBLIC_DIR, entryNames: '[name]',
  })
  const files = new Map<string, string>()
  for (const output of result.outputFiles) {
    const name = path.basename(output.path) === 'main.js' ? 'app.js' : path.basename(output.path)
    files.set(name, output.text)
  }
  files.set('index.html', await readFile(path.join(BACK_OFFICE_UI_DIR, 'index.html'), 'utf8'))
  return files
}

if (import.meta.main) {
  const files = await buildBackOffice()
  if (process.argv.includes('--check')) {
    const stale: string[] = []
    for (const [name, text] of files) {
      if (await readFile(path.join(BACK_OFFICE_PUBLIC_DIR, name), 'utf8').catch(() => '') !== text) stale.push(name)
    }
    if (stale.length > 0) {
      console.error(`src/modules/back-office/public is out of date (${stale.join(', ')}): run npm run build:back-office`)
      process.exitCode = 1
    } else {
      console.log('src/modules/back-office/public is up to date')
    }
  } else {
    await mkdir(BACK_OFFICE_PUBLIC_DIR, { recursive: true })
    for (const [name, text] of files) await writeFile(path.join(BACK_OFFICE_PUBLIC_DIR, name), text)
    console.log(`wrote src/modules/back-office/public/{${[...files.keys()].join(',')}}`)
  }
}
