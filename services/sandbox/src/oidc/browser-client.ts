/**
 * A tiny browser stand-in for tests: keeps cookies per name (paths are ignored; the provider's cookie names do
 * not collide) and follows redirects by hand so a test can stop at the portal's redirect URI.
 */
export class BrowserClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(new URL(url, this.origin), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const setCookie of response.headers.getSetCookie()) this.storeCookie(setCookie);
    return response;
  }

  /** Follows redirects on the sandbox's own origin; returns the first response elsewhere or not a redirect. */
  async followRedirects(first: Response): Promise<{ response: Response; location?: string }> {
    let response = first;
    for (let hop = 0; hop < 20; hop += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response };
      const target = new URL(location, response.url || this.origin);
      if (target.origin !== new URL(this.origin).origin) return { response, location: target.href };
      await response.arrayBuffer();
      response = await this.request(target.href);
    }
    throw new Error('too many redirects');
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  private storeCookie(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key = '', attributeValue = ''] = attribute.split('=');
      if (key.trim().toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
      if (key.trim().toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
