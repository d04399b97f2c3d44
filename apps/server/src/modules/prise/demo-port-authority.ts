// `npm start` with the demo data and no PORT_AUTHORITY_URL: the local port authority runs in-process on an ephemeral
// port of 127.0.0.1 and the adapter points at it, so PRISE notices get answers out of the box.
import { type AppConfig, readPortAuthorityConfig } from '../../config';
import { startLocalPortAuthority } from './local-port-authority';

export async function startDemoPortAuthority(config: AppConfig): Promise<{ config: AppConfig; close(): Promise<void> }> {
  if (!config.seedDemo || config.portAuthority?.url) return { config, close: async () => {} };
  const local = await startLocalPortAuthority({ host: '127.0.0.1', port: 0 });
  const base = config.portAuthority ?? readPortAuthorityConfig({});
  return { config: { ...config, portAuthority: { ...base, url: local.url, username: local.username, password: local.password, isLocal: true } }, close: local.close };
}
