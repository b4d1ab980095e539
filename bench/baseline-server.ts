import Fastify from 'fastify'

// The yardstick: a bare Fastify route answering Pong, on the same Node and machine as idcheck.
const app = Fastify({ logger: false })
app.get('/api/Ping', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('Pong'))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => { app.close().then(() => process.exit(0)) })
