/** Log paths that may carry secrets; pino replaces their values before a line is written. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.clientSecret',
  '*.accessToken',
  '*.secret',
  '*.apiKey',
  'clientSecret',
  'accessToken',
  'secret',
  'apiKey',
]
