import { createRequire } from "node:module";

/**
 * The chess-web-api npm client, as existing public-API clients read our /pub
 * endpoints. It has no base-URL option: its endpoints build every request
 * through one shared module, whose builder is pointed here at the local
 * server, so nothing leaves the machine. Each test names the calls it uses.
 */
export interface ChessWebApiResponse<T> {
  readonly body: T;
  readonly statusCode: number;
  readonly headers: Record<string, string>;
}

interface RequestBuilder {
  withHost(host: string): RequestBuilder;
  withPort(port: number): RequestBuilder;
  withScheme(scheme: string): RequestBuilder;
}

const require = createRequire(import.meta.url);

export function localChessWebApi<Client>(baseUrl: string): Client {
  const url = new URL(baseUrl);
  const requestModule: { builder: () => RequestBuilder } = require("chess-web-api/src/request/webapi-request.js");
  const baseRequest: { builder: () => RequestBuilder } = require("chess-web-api/src/request/base-request.js");
  requestModule.builder = () => baseRequest.builder().withHost(url.hostname).withPort(Number(url.port)).withScheme("http");
  const ChessWebApi: new () => Client = require("chess-web-api");
  return new ChessWebApi();
}
