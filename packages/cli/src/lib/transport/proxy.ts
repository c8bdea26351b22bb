import type { Agent } from 'node:http';
import { addSecret } from './redact.js';

/*
 * The proxy a CI runner names in its environment: HTTPS_PROXY for https URLs, HTTP_PROXY for
 * http ones, NO_PROXY for the hosts to reach directly (lower-case spellings too), read as curl
 * and most tools read them (proxy-from-env). Requests go through TooTallNate's proxy agents:
 * CONNECT tunnels for https, absolute-form requests for http. Nothing is loaded unless one of
 * the variables is set, so a command without a proxy pays nothing at start-up.
 */

const PROXY_VARIABLES = ['https_proxy', 'http_proxy', 'all_proxy'];

/** One agent per proxy URL and target protocol, so connections to the proxy are reused. */
const agents = new Map<string, Agent>();

function namesAProxy(): boolean {
  return PROXY_VARIABLES.some((name) => process.env[name] || process.env[name.toUpperCase()]);
}

/**
 * The agent that sends a request for `url` through the environment's proxy, or undefined when
 * no proxy applies (none set, or NO_PROXY names the host). A proxy's credentials are registered
 * as secrets, so no error line can show them.
 */
export async function proxyAgentFor(url: URL): Promise<Agent | undefined> {
  if (!namesAProxy()) return undefined;
  const { getProxyForUrl } = await import('proxy-from-env');
  const proxy = getProxyForUrl(url.href);
  if (!proxy) return undefined;
  const proxyUrl = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`);
  addSecret(decodeURIComponent(proxyUrl.password));
  const key = `${url.protocol} ${proxyUrl.href}`;
  let agent = agents.get(key);
  if (!agent) {
    agent =
      url.protocol === 'https:'
        ? new (await import('https-proxy-agent')).HttpsProxyAgent(proxyUrl, { keepAlive: true })
        : new (await import('http-proxy-agent')).HttpProxyAgent(proxyUrl, { keepAlive: true });
    agents.set(key, agent);
  }
  return agent;
}
