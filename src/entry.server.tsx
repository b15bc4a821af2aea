import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { installAppPages } from "./app/pages.server.ts";

// The server build holds its own copy of the platform's route table: its loaders (the placeholder page, the
// home page's "coming" list) read the features' pages and modules from it, installed as the build loads.
installAppPages();

export const streamTimeout = 5_000;

/**
 * Renders every page. Our own entry (React Router's default has no nonce):
 * the page's CSP nonce, made by the pages plugin and sent in its
 * Content-Security-Policy header, goes on every inline script React Router and
 * React stream; the HTML says its charset.
 *
 * A page is answered whole, in one buffer, once everything is rendered: every
 * loader has its data before the render starts and the parts a page loads
 * lazily are loaded before it renders, so nothing arrives later to stream, and
 * one buffer spares each of React's ~2 KB chunks three stream hops on its way
 * to the socket (decision 0038).
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              callback();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        status = 500;
        // Errors before the shell reach handleDocumentRequest, which logs them.
        if (shellRendered) console.error(error);
      },
    });
  });
}
