import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy the test owns, between the server and its database: `cut()` drops every open
 * connection and refuses new ones, as a failover or a network partition would; `restore()`
 * lets connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }, { open = true } = {}) {
  let passing = open;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (!passing) return client.destroy();
    const upstream = connect(target.port, target.host);
    const pair = [client, upstream];
    for (const socket of pair) {
      sockets.add(socket);
      socket.on('error', () => pair.forEach((each) => each.destroy()));
      socket.on('close', () => {
        sockets.delete(socket);
        pair.forEach((each) => each.destroy());
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    port,
    cut() {
      passing = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      passing = true;
    },
    async close() {
      this.cut();
      server.close();
      await once(server, 'close');
    },
  };
}
