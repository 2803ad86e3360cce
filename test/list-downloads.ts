/** A local stand-in for the list publishers: an HTTP server on 127.0.0.1 with scripted answers, and a ZIP writer. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';

export interface Route {
  body?: Buffer | string;
  /** Answer 500 to the first `failTimes` requests. */
  failTimes?: number;
  /** Status of every answer (e.g. 404, 500). */
  status?: number;
  /** Announce the whole body's length, send only this many bytes and close the connection. */
  truncateAt?: number;
  /** Send the headers, then nothing. */
  stall?: boolean;
  /** Answer `Range: bytes=N-` with 206 and the rest (with this ETag); `truncateAt` then cuts the first answer only. */
  etag?: string;
}

export interface FileServer {
  url(path: string): string;
  set(path: string, route: Route): void;
  /** Requests received per path, and their full URLs. */
  hits(path: string): number;
  requests: string[];
  close(): Promise<void>;
}

export async function startFileServer(routes: Record<string, Route> = {}): Promise<FileServer> {
  const table = new Map(Object.entries(routes));
  const counts = new Map<string, number>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(req.url ?? '/');
    const n = (counts.get(url.pathname) ?? 0) + 1;
    counts.set(url.pathname, n);
    const route = table.get(url.pathname);
    if (!route) return void res.writeHead(404).end('not found');
    if (route.failTimes && n <= route.failTimes) return void res.writeHead(500).end('try later');
    if (route.status && route.status !== 200) return void res.writeHead(route.status).end('no');
    const body = Buffer.from(route.body ?? '');
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (route.etag && range && req.headers['if-range'] === route.etag && Number(range[1]) < body.length) {
      const from = Number(range[1]);
      res.writeHead(206, { 'content-length': body.length - from, 'content-range': `bytes ${from}-${body.length - 1}/${body.length}`, etag: route.etag });
      return void res.end(body.subarray(from));
    }
    res.writeHead(200, { 'content-length': body.length, 'content-type': 'text/csv', ...(route.etag ? { etag: route.etag, 'accept-ranges': 'bytes' } : {}) });
    if (route.stall) return void res.flushHeaders();
    // The bytes sent get time to reach the client before the connection is cut.
    if (route.truncateAt !== undefined) return void res.write(body.subarray(0, route.truncateAt), () => setTimeout(() => res.destroy(), 100));
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, route) => void table.set(path, route),
    hits: (path) => counts.get(path) ?? 0,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A ZIP archive of the given files (deflated, or stored when `store`), as a real writer makes it. */
export function buildZip(files: { name: string; data: Buffer | string; store?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = Buffer.from(file.data);
    const packed = file.store ? data : deflateRawSync(data);
    const name = Buffer.from(file.name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(file.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(file.store ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
