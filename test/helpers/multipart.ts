/** A multipart/form-data body and its content type, as a browser or curl -F would send it, for app.inject. */
export async function multipartBody (fields: Record<string, string | { bytes: Uint8Array, fileName: string, contentType?: string }>): Promise<{ payload: Buffer, contentType: string }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new Blob([Uint8Array.from(value.bytes)], { type: value.contentType ?? 'application/octet-stream' }), value.fileName)
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! }
}
