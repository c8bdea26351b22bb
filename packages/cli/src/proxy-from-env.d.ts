// proxy-from-env 2 ships no types: its one export, as its README documents it.
declare module 'proxy-from-env' {
  /** The proxy URL for `url` from HTTP(S)_PROXY/ALL_PROXY and NO_PROXY in process.env, or ''. */
  export function getProxyForUrl(url: string | URL): string;
}
