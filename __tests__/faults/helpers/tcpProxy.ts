import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can fail the way networks do:
 * `refuse` stops listening (new connections are refused) and resets the open ones;
 * `blackhole` accepts connections and forwards nothing, either way, with the sockets left open;
 * `forward` heals (connections held by the blackhole are then closed, as a partition's would time out).
 */
export class TcpProxy {
  private server: net.Server;
  private sockets = new Set<net.Socket>();
  private mode: 'forward' | 'blackhole' = 'forward';
  port = 0;

  constructor(
    private upstreamPort: number,
    private upstreamHost = '127.0.0.1',
  ) {
    this.server = this.createServer();
  }

  private createServer() {
    return net.createServer((client) => {
      this.track(client);
      if (this.mode === 'blackhole') return;
      const upstream = net.connect(this.upstreamPort, this.upstreamHost);
      this.track(upstream);
      client.on('data', (data) => this.mode === 'forward' && upstream.write(data));
      upstream.on('data', (data) => this.mode === 'forward' && client.write(data));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** Closes the listening socket (ECONNREFUSED from now on) and resets every open connection. */
  async refuse() {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.resetAndDestroy();
    });
  }

  /** Connections stay open and new ones are accepted, but no byte goes through. */
  blackhole() {
    this.mode = 'blackhole';
  }

  /** Back to normal, listening on the same port again if it was refusing. */
  async heal() {
    this.mode = 'forward';
    for (const socket of this.sockets) socket.destroy();
    if (!this.server.listening) {
      this.server = this.createServer();
      await this.listen(this.port);
    }
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
