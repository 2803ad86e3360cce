/** A small HTTP client for benches: session and CSRF cookies, JSON and CSV uploads. */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(private base: string) {}

  async login(username: string, password: string): Promise<void> {
    await this.call('/services/health');
    const code = await this.postJson('/services/user/login', { username, password });
    if (code !== 'LOGIN_SUCCESSFUL') throw new Error(`login answered ${String(code)}`);
  }

  async uploadCsv(csv: string | Uint8Array, fileName: string): Promise<number> {
    const form = new FormData();
    form.set('typeName', 'Flex');
    form.set('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), fileName);
    const res = await this.call('/services/fileupload', { method: 'POST', body: form });
    return ((await res.json()) as { batchId: number }).batchId;
  }

  async getJson(url: string): Promise<unknown> {
    return (await this.call(url)).json();
  }

  async postJson(url: string, body: unknown): Promise<unknown> {
    const res = await this.call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.json();
  }

  private async call(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    // The token on every call: the state-changing GETs need it too (ADR 026).
    headers.set('x-csrf-token', this.cookies.get('csrf') ?? '');
    const res = await fetch(this.base + url, { ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0].split('=');
      this.cookies.set(name, value);
    }
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${(await res.clone().text()).slice(0, 300)}`);
    return res;
  }
}
