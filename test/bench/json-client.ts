/** The benchmarks' HTTP client for the API under test. */
import { Agent, request as httpRequest } from 'node:http';
import type { RunningServer } from './api-process';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A minimal keep-alive JSON client (fetch costs this process noticeably more CPU per request). */
export class HttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly server: RunningServer,
    maxSockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  call(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown): Promise<HttpAnswer> {
    const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.server.port,
          method,
          path: url,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  }

  async json<T>(
    method: 'GET' | 'POST',
    url: string,
    expected: number,
    token: string | null,
    body?: unknown,
  ): Promise<{ body: T; answer: HttpAnswer }> {
    const answer = await this.call(method, url, token, body);
    if (answer.status !== expected)
      throw new Error(`${method} ${url} answered ${answer.status} (expected ${expected}): ${answer.text}`);
    return { body: JSON.parse(answer.text) as T, answer };
  }

  close(): void {
    this.agent.destroy();
  }
}
