// How the build renders the React islands' server HTML (decision 0040).
//
// @astrojs/react renders each island with React's streaming renderer (`renderToReadableStream`) and reads
// the stream back into a string: a web stream, its bytes encoded and decoded again, several promises a
// chunk; and it renders each island twice, the first time to learn that it is React's (its `check`). At
// 10,000 products that was 4-5 s of the renderer's thread, of which React's own work was a fraction. A
// static build waits for the whole HTML anyway, so this has the build's copy of the renderer call React's
// synchronous `renderToString`, with the same options (`identifierPrefix`, so the ids React makes on the
// server are the ones hydration makes on the client; the renderer's own `experimentalDisableStreaming`
// leaves them out, and every `useId` then differs).
//
// An island rendered on the server must not suspend (lazy components, data it waits for): renderToString
// renders a Suspense boundary's fallback where the stream waited for its content. The islands that load
// parts lazily (the account's) are `client:only`, never rendered here.

/** The renderer's streaming call, in @astrojs/react's server.js. */
const STREAMED = 'html = await renderToReadableStreamAsync(vnode, renderOptions);';
const SYNCHRONOUS = 'html = ReactDOM.renderToString(vnode, renderOptions);';
const REACT_SERVER = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;

/**
 * A Vite plugin for the build: React's islands rendered with `renderToString`. Should the renderer's code
 * change, it warns and changes nothing: the islands are then streamed, as before, and as correct.
 */
export function syncIslandsPlugin() {
  return {
    name: 'sync-islands',
    apply: 'build' as const,
    transform(code: string, id: string): string | undefined {
      if (!REACT_SERVER.test(id.split('?')[0] ?? id)) return undefined;
      if (!code.includes(STREAMED)) {
        console.warn(`sync-islands: @astrojs/react's server renderer has changed (${id}); its islands are streamed`);
        return undefined;
      }
      return code.replace(STREAMED, SYNCHRONOUS);
    },
  };
}
