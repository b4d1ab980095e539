import { hostname } from 'node:os'

/** What a request-completed line says. */
export interface Completed { reqId: string, method: string, url: string, statusCode: number, responseTime: number }

/**
 * The request-completed line, byte for byte as pino writes it (level, time, the pid and hostname
 * bindings, the fields, msg), formatted directly rather than by pino's general path (a key-by-key
 * loop with serializer lookups and a character loop per string). Request ids are a UUID or a client
 * id checked against [A-Za-z0-9._:-], and methods are HTTP tokens, so neither needs escaping; the URL
 * is the client's and is escaped.
 */
export function accessLineFormatter (pid = process.pid, host = hostname()): (line: Completed, time: number) => string {
  const bindings = `,"pid":${pid},"hostname":${JSON.stringify(host)}`
  // The head up to the request id, kept for the millisecond it stays the same: a busy server writes
  // many lines per millisecond, and each would convert the 13-digit time anew.
  let headTime = -1
  let head = ''
  return (line, time) => {
    if (time !== headTime) head = `{"level":30,"time":${headTime = time}${bindings},"reqId":"`
    return `${head}${line.reqId}","method":"${line.method}","url":${JSON.stringify(line.url)},"statusCode":${line.statusCode},"responseTime":${line.responseTime},"msg":"request completed"}\n`
  }
}
