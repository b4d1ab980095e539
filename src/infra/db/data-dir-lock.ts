import { createHash } from 'node:crypto'
import { mkdirSync, realpathSync, rmSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { join } from 'node:path'

export class DataDirBusy extends Error {}

/**
 * PGlite files must be opened by one process at a time. The lock is a listening Unix socket, which
 * the kernel closes when its holder dies however it dies (kill -9, a zombie, a container restarted
 * with the same pid), so a crash never blocks the next start while a live holder always does. On
 * Linux it lives in the abstract namespace (no file to leave behind); elsewhere it is a socket file
 * in the data directory that a connection attempt tells alive from dead. The holder answers each
 * connection with its name and pid, for the refused process's message.
 */
export async function lockDataDir (dataDir: string, holder: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  rmSync(join(dataDir, 'idcheck.lock'), { force: true }) // the pid file of earlier versions means nothing now
  const address = lockAddress(dataDir)
  const server = createServer((socket) => socket.end(JSON.stringify({ pid: process.pid, holder }) + '\n'))
  for (let attempt = 0; attempt < 3; attempt++) {
    const error = await listen(server, address)
    if (!error) {
      server.unref()
      return () => server.close()
    }
    if (error.code !== 'EADDRINUSE') throw error
    const owner = await askHolder(address)
    if (owner) {
      throw new DataDirBusy(`the data directory ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}). ` +
        `Stop it first (Ctrl-C or kill ${owner.pid}), or run against PostgreSQL with DATABASE_URL.`)
    }
    if (process.platform !== 'linux') rmSync(address, { force: true }) // a socket file whose holder died
  }
  throw new DataDirBusy(`could not lock the data directory ${dataDir}`)
}

function lockAddress (dataDir: string): string {
  if (process.platform !== 'linux') return join(dataDir, 'idcheck.lock.sock')
  const digest = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 32)
  return `\0idcheck-data-dir:${digest}`
}

function listen (server: Server, address: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const onError = (err: NodeJS.ErrnoException) => resolve(err)
    server.once('error', onError)
    server.listen(address, () => {
      server.off('error', onError)
      resolve(null)
    })
  })
}

/** The live holder's name and pid; null when nothing listens (its holder died). */
function askHolder (address: string): Promise<{ pid: number, holder: string } | null> {
  return new Promise((resolve) => {
    const socket = connect(address)
    let text = ''
    socket.setEncoding('utf8')
    socket.setTimeout(2000, () => socket.destroy())
    socket.on('data', (chunk) => { text += chunk })
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // Refused or gone: the holder is dead. Anything else: assume it lives, to be safe.
      resolve(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? null : { pid: 0, holder: 'another process' })
    })
    socket.on('close', () => {
      try {
        resolve(JSON.parse(text))
      } catch {
        resolve({ pid: 0, holder: 'another process' })
      }
    })
  })
}
