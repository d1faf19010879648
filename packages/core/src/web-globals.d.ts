/**
 * The few Web-platform globals core uses that exist in every runtime it targets (Node 20, browsers, web workers)
 * but are not in the ES2022 library. Declared here, narrowly, instead of pulling in the DOM or Node type libraries,
 * so core cannot start depending on anything else by accident.
 */
declare class URLSearchParams {
  constructor(init?: string);
  append(name: string, value: string): void;
  delete(name: string): void;
  toString(): string;
}
