import Fastify from 'fastify'

// The bare Fastify "Pong" of baseline-server.ts with Ping's extras added one kind at a time
// (VARIANT=headers,hooks): what an extra response header or an extra hook costs on its own.
const variant = process.env.VARIANT ?? ''
const app = Fastify({ logger: false })
const noop = (_request: unknown, _reply: unknown, done: () => void) => done()
if (variant.includes('hooks')) {
  // As many as Ping runs: api-version, auth and rate limit on request, metrics on response.
  app.addHook('onRequest', noop)
  app.addHook('onRequest', noop)
  app.addHook('onRequest', noop)
  app.addHook('onResponse', noop)
}
app.get('/api/Ping', async (_request, reply) => {
  // The four that Ping sends and the baseline does not, with values of the same length.
  if (variant.includes('headers')) {
    reply.header('x-request-id', '3f9a1c0e7b2d4411-8a7b6c5d').header('api-supported-versions', '1.0')
      .header('ratelimit-policy', '"default";q=1000000;w=1').header('ratelimit', '"default";r=999987;t=1')
  }
  return reply.type('text/plain; charset=utf-8').send('Pong')
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => { app.close().then(() => process.exit(0)) })
