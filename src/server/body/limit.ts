import type { Context } from 'hono';
import type { MessageKey } from '#i18n/index.ts';

// The body limit of a streamed (chunked) request, counted as the body is read rather than before: the
// body reaches the parser chunk by chunk, so a form of too many parts is refused at its first chunks
// whichever way it is sent. A declared length is checked from the header alone (app.ts).

/** The requests whose streamed body passed its limit, with the message to answer them with. */
const overLimit = new WeakMap<Request, MessageKey>();

/** Counts the request's body as it is read and ends it with an error past `maxBytes`. */
export function limitStreamedBody(c: Context, maxBytes: number, message: MessageKey): void {
  const body = c.req.raw.body;
  if (!body) return;
  let size = 0;
  const request: Request = new Request(c.req.raw, {
    body: body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size <= maxBytes) return controller.enqueue(chunk);
          overLimit.set(request, message);
          controller.error(new Error(`the body is over ${maxBytes} bytes`));
        },
      }),
    ),
    duplex: 'half',
  } as RequestInit);
  c.req.raw = request;
}

/** The message for a request whose body a read found over its limit, if it was. */
export const bodyOverLimit = (c: Context): MessageKey | undefined => overLimit.get(c.req.raw);
