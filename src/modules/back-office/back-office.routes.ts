import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { registerRoutes, route } from '../../infra/http/define-routes.ts'
import { matchRoute } from './page-paths.ts'

/**
 * The back office (docs/back-office.md): a browser app that is one more client of the public API.
 * Its committed bundle (public/, made by `npm run build:back-office`) and pdf.js (from the unpdf
 * package, for document previews) are read once here and served from memory. Public, not rate
 * limited, not in the API description; every page answers with a Content-Security-Policy that
 * allows this origin alone.
 */
export const BACK_OFFICE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob: data:", "font-src 'self' data:",
  "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ')

interface Asset { body: Buffer, type: string }

const PUBLIC_DIR = path.join(import.meta.dirname, 'public')

function loadAssets (): Map<string, Asset> {
  const pdfjs = createRequire(import.meta.url).resolve('unpdf').replace(/index\.cjs$/, 'pdfjs.mjs')
  const files: Array<[string, string, string]> = [
    ['app.js', path.join(PUBLIC_DIR, 'app.js'), 'text/javascript; charset=utf-8'],
    ['app.css', path.join(PUBLIC_DIR, 'app.css'), 'text/css; charset=utf-8'],
    ['vendor/pdfjs.mjs', pdfjs, 'text/javascript; charset=utf-8'],
  ]
  return new Map(files.map(([name, file, type]) => [name, { body: readFileSync(file), type }]))
}

function securityHeaders (reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', BACK_OFFICE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache')
}

export function backOfficeRoutes () {
  return async function (app: FastifyInstance) {
    const assets = loadAssets()
    const page = readFileSync(path.join(PUBLIC_DIR, 'index.html'))
    const sendPage = (pathname: string, reply: FastifyReply) =>
      securityHeaders(reply).code(matchRoute(pathname) ? 200 : 404).type('text/html; charset=utf-8').send(page)

    registerRoutes(app, {}, [
      route({
        method: 'GET', url: '/app', access: 'public', schema: { hide: true },
        handler: (request, reply) => sendPage(new URL(request.url, 'http://x').pathname, reply),
      }),
      route({
        method: 'GET', url: '/app/*', access: 'public', schema: { hide: true },
        handler: (request, reply) => {
          const rest = (request.params as { '*': string })['*']
          const asset = rest.startsWith('assets/') ? assets.get(rest.slice('assets/'.length)) : undefined
          if (asset) return securityHeaders(reply).type(asset.type).send(asset.body)
          if (rest.startsWith('assets/')) return reply.code(404).send()
          return sendPage(new URL(request.url, 'http://x').pathname, reply)
        },
      }),
    ])
  }
}
