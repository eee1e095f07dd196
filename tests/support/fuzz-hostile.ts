import { request } from 'node:http';

// The bodies of issue 38's findings, for the tests and `npm run fuzz`, and how to send one.

/**
 * The body of issue 38's first finding: `count` empty fields of one name, 58 bytes each (150,000 of them,
 * 8.7 MB, are within the inquiry's 10 MB), with its content type.
 */
export function emptyFields(count: number): { type: string; body: Uint8Array<ArrayBuffer> } {
  const boundary = 'b0undary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: new TextEncoder().encode(`${part.repeat(count)}--${boundary}--\r\n`),
  };
}

/**
 * Posts a body over HTTP and resolves once the whole answer has arrived: its status and text, or why
 * there is none. node:http rather than fetch: the server answers a body it refuses before the body has
 * all been sent, and node:http hands the answer over as it comes, where fetch first sends the whole body.
 * What the connection does after the answer (the server reads the rest, or closes it) is not waited for.
 * `chunked` sends the body in 64 KB chunks without a Content-Length.
 */
export function postBody(
  url: string,
  headers: Record<string, string>,
  body: Uint8Array,
  timeoutMs: number,
  chunked = false,
): Promise<{ status: number | string; text: string }> {
  return new Promise((resolve) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: chunked ? headers : { ...headers, 'content-length': body.length },
        timeout: timeoutMs,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    sent.once('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', (error: Error & { code?: string }) =>
      resolve({ status: `no answer (${error.code ?? error.message})`, text: '' }),
    );
    if (!chunked) sent.end(body);
    else {
      for (let at = 0; at < body.length; at += 65536) sent.write(body.subarray(at, at + 65536));
      sent.end();
    }
  });
}
