import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWeb, PublisherError } from './web';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let publisher: Server;
let publisherUrl: string;
let proxy: Server;
let proxyUrl: string;
const seen: { path: string; ua: string; cookie: string; referer: string }[] = [];
const proxied: string[] = [];

beforeAll(async () => {
  publisher = createServer((req: IncomingMessage, res) => {
    seen.push({ path: req.url ?? '', ua: req.headers['user-agent'] ?? '', cookie: req.headers.cookie ?? '', referer: req.headers.referer ?? '' });
    if (req.url?.startsWith('/blocked')) return void res.writeHead(403).end('no');
    if (req.url?.startsWith('/session')) return void res.writeHead(200, { 'set-cookie': 'ASP.NET_SessionId=abc123; path=/; HttpOnly' }).end('<html>form</html>');
    res.end(`answer for ${req.url}`);
  });
  publisherUrl = await listen(publisher);
  // A forward proxy as hospital networks run them: absolute URIs in, the request made for the client.
  proxy = createServer((req, res) => {
    proxied.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  // undici tunnels every request through CONNECT, as browsers do for HTTPS.
  proxy.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    proxied.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  proxyUrl = await listen(proxy);
});
afterAll(async () => {
  await new Promise((resolve) => publisher.close(resolve));
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

describe('the publisher client', () => {
  it("sends a desktop browser's User-Agent, and keeps a publisher's cookies for the next request", async () => {
    const web = createWeb();
    await web.page(`${publisherUrl}/session`);
    await web.page(`${publisherUrl}/next`);
    expect(seen.at(-2)!.ua).toMatch(/^Mozilla\/5\.0 .*Chrome/);
    expect(seen.at(-1)!.cookie).toBe('ASP.NET_SessionId=abc123');
  });

  it('goes through HTTP_PROXY, and not for the hosts NO_PROXY names', async () => {
    const through = createWeb({ proxy: { http: proxyUrl } });
    expect((await through.page(`${publisherUrl}/via-proxy`)).text).toBe('answer for /via-proxy');
    expect(proxied.at(-1)).toBe(`CONNECT ${publisherUrl.replace('http://', '')}`);
    const before = proxied.length;
    const bypass = createWeb({ proxy: { http: proxyUrl, no: '127.0.0.1' } });
    expect((await bypass.page(`${publisherUrl}/direct`)).text).toBe('answer for /direct');
    expect(proxied.length).toBe(before);
  });

  it('sends every publisher URL to LIST_PUBLISHERS_URL, the host as the first path segment', async () => {
    const web = createWeb({ publishersUrl: publisherUrl });
    expect(web.rewrite('https://oig.hhs.gov/exclusions/x.csv?a=1')).toBe(`${publisherUrl}/oig.hhs.gov/exclusions/x.csv?a=1`);
    expect((await web.page('https://download.cms.gov/nppes/NPI_Files.html')).text).toBe('answer for /download.cms.gov/nppes/NPI_Files.html');
  });

  it('says a 403 in words, after retrying it, and names upload as the way out', async () => {
    const web = createWeb({ delay: async () => {} });
    const before = seen.length;
    const error = await web.page(`${publisherUrl}/blocked`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublisherError);
    expect((error as Error).message).toMatch(/answered HTTP 403 \(forbidden\).*outside the US.*upload the file instead/);
    expect(seen.length - before).toBe(3);
  });

  it('says when a data service answers a web page instead of JSON', async () => {
    const web = createWeb();
    await expect(web.json(`${publisherUrl}/session`)).rejects.toThrow(/answered a web page where its data service gives JSON/);
  });

  it('keeps the network code of a failure (the Lists page tells an offline server by it)', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const web = createWeb({ attempts: 1 });
    await expect(web.page(`${url}/x`)).rejects.toThrow(/could not reach .*connection was refused \(ECONNREFUSED\)/);
  });
});
