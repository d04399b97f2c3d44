// A UDP listener for what shore receivers push (one datagram may hold several lines).
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { type TAisSource, type TLineSink, type TSourceLog, createLineSplitter } from './source';

export class UdpAisSource implements TAisSource {
  readonly name: string;
  private socket: dgram.Socket | null = null;

  constructor(private readonly options: { host: string; port: number; log: TSourceLog }) {
    this.name = `udp ${options.host}:${options.port}`;
  }

  async start(sink: TLineSink): Promise<void> {
    const socket = dgram.createSocket({ type: options4(this.options.host), reuseAddr: false });
    this.socket = socket;
    socket.on('message', (data) => {
      const splitter = createLineSplitter((line) => sink(line));
      splitter.push(data.toString('latin1'));
      splitter.end();
    });
    socket.on('error', (err) => this.options.log.error({ source: this.name, err: err.message }, 'AIS UDP listener error'));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.options.port, this.options.host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    // A large receive buffer rides out bursts while the event loop is busy with a batch.
    try {
      socket.setRecvBufferSize(4 * 1024 * 1024);
    } catch {
      // The OS may cap it; the default still works.
    }
    this.options.log.info({ source: this.name, port: this.address()?.port }, 'AIS UDP listener ready');
  }

  /** The bound address (port 0 binds a free one). */
  address(): AddressInfo | null {
    return this.socket ? this.socket.address() : null;
  }

  async stop(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }
}

function options4(host: string): 'udp4' | 'udp6' {
  return host.includes(':') ? 'udp6' : 'udp4';
}
