import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../paths.js';
import { lastLines, settlesWithin, sleep } from './process-utils.js';

/** The live video engine (Janus Gateway): found on the PATH like redis-server, or given as JANUS_URL. */
export interface JanusHandle {
  /** Janus's HTTP API (`http://127.0.0.1:<port>/janus`), or null when live classes are unavailable. */
  url: string | null;
  source: 'env' | 'local-started' | 'unavailable';
  /** Why there is none (shown once by the launcher; the portal says it in its pages). */
  reason?: string;
  /** Where this Janus writes class recordings (`.mjr`), when it was started here. */
  recordingsDir?: string;
  stop(): Promise<void>;
}

export interface EnsureJanusOptions {
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** Default `janus` on the PATH. */
  command?: string;
  log?: (line: string) => void;
  /** Its configuration and recordings; default .data/janus. */
  dataDir?: string;
}

export const privateJanusPort = 6396;

export const janusInstallHelp =
  'Live classes are unavailable: `janus` is not on the PATH (Debian/Ubuntu: `sudo apt-get install janus janus-tools`) and JANUS_URL is not set. ' +
  'Everything else works; schedules can still be made.';

/** Debian's plugin and transport folders (the packaged sample config names them the same way). */
const JANUS_LIB = '/usr/lib/x86_64-linux-gnu/janus';
// Only the video room, the audio bridge (the class's audio mix: the educator and the learner on stage) and plain
// HTTP on loopback: the services drive Janus; browsers never reach its API.
const DISABLED_PLUGINS = ['duktape', 'echotest', 'lua', 'nosip', 'recordplay', 'sip', 'streaming', 'textroom', 'videocall', 'voicemail'];
const DISABLED_TRANSPORTS = ['websockets', 'pfunix', 'mqtt', 'nanomsg', 'rabbitmq'];

export async function janusAnswers(url: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) });
    return answer.ok && ((await answer.json()) as { janus?: string }).janus === 'server_info';
  } catch {
    return false;
  }
}

function commandExists(command: string): boolean {
  return !spawnSync(command, ['--version'], { stdio: 'ignore' }).error;
}

/** A private configuration: HTTP API on 127.0.0.1:<port>, the video room only, media on a port range. */
export function writeJanusConfig(folder: string, port: number, libFolder = JANUS_LIB): string {
  mkdirSync(folder, { recursive: true });
  const libs = (names: string[]) => names.map((name) => `libjanus_${name}.so`).join(',');
  writeFileSync(
    path.join(folder, 'janus.jcfg'),
    `general: {\n  configs_folder = "${folder}"\n  plugins_folder = "${libFolder}/plugins"\n  transports_folder = "${libFolder}/transports"\n` +
      `  events_folder = "${libFolder}/events"\n  loggers_folder = "${libFolder}/loggers"\n  debug_level = 3\n  session_timeout = 60\n}\n` +
      `media: {\n  rtp_port_range = "20000-40000"\n}\nnat: {\n  nice_debug = false\n  ice_ignore_list = "vmnet"\n}\n` +
      `plugins: {\n  disable = "${libs(DISABLED_PLUGINS)}"\n}\ntransports: {\n  disable = "${libs(DISABLED_TRANSPORTS)}"\n}\n` +
      `events: {\n  broadcast = false\n}\nloggers: {\n  disable = "libjanus_jsonlog.so"\n}\n`,
  );
  writeFileSync(
    path.join(folder, 'janus.transport.http.jcfg'),
    `general: {\n  json = "plain"\n  base_path = "/janus"\n  http = true\n  port = ${port}\n  ip = "127.0.0.1"\n  https = false\n}\n` +
      `admin: {\n  admin_http = false\n  admin_https = false\n}\ncors: {\n}\n`,
  );
  writeFileSync(path.join(folder, 'janus.plugin.videoroom.jcfg'), `general: {\n  events = false\n}\n`);
  // The bridge's plain RTP ports stay below the packager's (50000 and up, live-packager.ts forwardPorts).
  writeFileSync(path.join(folder, 'janus.plugin.audiobridge.jcfg'), `general: {\n  events = false\n  rtp_port_range = "40000-49999"\n}\n`);
  return path.join(folder, 'janus.jcfg');
}

/**
 * JANUS_URL when set; otherwise a private `janus` on port 6396 (HTTP API on loopback only), reused if one already
 * answers there; otherwise no engine, said once: live classes are then unavailable and everything else works.
 */
export async function ensureJanus(options: EnsureJanusOptions = {}): Promise<JanusHandle> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const none = async () => undefined;
  if (env.JANUS_URL) return { url: env.JANUS_URL, source: 'env', stop: none };
  const port = options.port ?? privateJanusPort;
  const url = `http://127.0.0.1:${port}/janus`;
  const folder = options.dataDir ?? path.join(dataDir, 'janus');
  const recordingsDir = path.join(folder, 'recordings');
  mkdirSync(recordingsDir, { recursive: true });
  if (await janusAnswers(url)) {
    log(`Janus already answering on port ${port}: reusing it`);
    return { url, source: 'env', recordingsDir, stop: none };
  }
  const command = options.command ?? 'janus';
  if (!commandExists(command)) return { url: null, source: 'unavailable', reason: janusInstallHelp, stop: none };
  return startJanus(command, writeJanusConfig(path.join(folder, 'conf'), port), url, recordingsDir, log);
}

async function startJanus(command: string, configFile: string, url: string, recordingsDir: string, log: (line: string) => void): Promise<JanusHandle> {
  let output = '';
  const child = spawn(command, ['--config', configFile, '--configs-folder', path.dirname(configFile), '--disable-colors', '--debug-level', '3'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  const deadline = Date.now() + 15_000;
  while (!(await janusAnswers(url))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      // Janus failing to start must not stop the portal: live classes are then unavailable, and the reason logged.
      const reason = `Live classes are unavailable: janus did not start (${lastLines(output, 8)})`;
      return { url: null, source: 'unavailable', reason, stop: async () => undefined };
    }
    await sleep(100);
  }
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  log(`janus started: ${url}`);
  return {
    url,
    source: 'local-started',
    recordingsDir,
    stop: async () => {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      if (!(await settlesWithin(done, 5000))) child.kill('SIGKILL');
    },
  };
}
