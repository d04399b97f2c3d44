// Browser tests drive Debian's Chromium; install it with apt when it is missing (CI machines start without it).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`${CHROMIUM} is missing; installing Debian's chromium with apt ...`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core`, { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) throw new Error(`apt installed chromium but ${CHROMIUM} is still missing`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
