/**
 * The floor under the server's cost per request, for bench:cpu's `--floor`: Node's own HTTP
 * server answering every request with one answer the server gave (its status, headers and
 * body, read from a JSON file), and doing nothing else. What the server spends above this is
 * Fastify's, the site's and the log's; what this spends is Node's and the kernel's.
 *
 *   node scripts/bare-server.ts <answer.json> <port>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: node scripts/bare-server.ts <answer.json> <port>');
const answer = JSON.parse(readFileSync(file, 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(answer.body, 'base64');

createServer((_request, response) => {
  response.writeHead(answer.status, answer.headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
