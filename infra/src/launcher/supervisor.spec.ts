import { eventually } from '@academy/service-core/testing';
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isProcessAlive } from '../local/process-utils.js';
import { infraDir } from '../paths.js';
import { ManagedChild, type OutputSink } from './child-process.js';
import { LauncherRecordFile } from './leftovers.js';
import { Supervisor } from './supervisor.js';

const folder = mkdtempSync(path.join(tmpdir(), 'academy-supervisor-'));
const quiet: OutputSink = { write: () => undefined };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, body);
  return file;
}


describe('Supervisor', () => {
  it('starts a process that stopped on its own again, with a log line, and records the new process', async () => {
    const crashing = script('crash-once.js', `
      const fs = require('node:fs');
      const marker = ${JSON.stringify(path.join(folder, 'ran-once'))};
      if (!fs.existsSync(marker)) { fs.writeFileSync(marker, ''); process.exit(3); }
      setInterval(() => {}, 1000);`);
    const children = [new ManagedChild('catalogue:worker', crashing, process.env, quiet)];
    const lines: string[] = [];
    let changes = 0;
    const supervisor = new Supervisor(children, (line) => lines.push(line), () => (changes += 1));
    supervisor.watchAll();
    const first = children[0]!;
    await eventually(() => children[0] !== first && !children[0]!.hasExited && children[0]!.pid !== undefined, { what: 'the restarted process' });
    expect(lines[0]).toMatch(/^catalogue:worker exited with code 3; restarting it in 1 s$/);
    expect(lines).toContain('catalogue:worker restarted');
    expect(changes).toBe(2);
    supervisor.stop();
    await children[0]!.kill();
  });

  it('leaves a process being restarted by hand to the caller, and nothing after stop', async () => {
    const running = script('runs.js', 'setInterval(() => {}, 1000);');
    const children = [new ManagedChild('progress:worker', running, process.env, quiet)];
    const lines: string[] = [];
    const supervisor = new Supervisor(children, (line) => lines.push(line));
    supervisor.watchAll();
    const before = children[0]!;
    await supervisor.restartByHand('progress:worker', 'SIGKILL', 100);
    expect(children[0]).not.toBe(before);
    expect(lines).toEqual([]);
    supervisor.stop();
    await children[0]!.kill();
    // A restart is announced ("…; restarting it in 1 s") as soon as the exit is seen, before its delay: once the
    // exit's handlers have run, an empty log proves none is coming.
    await new Promise((resolve) => setImmediate(resolve));
    expect(children[0]!.hasExited).toBe(true);
    expect(lines).toEqual([]);
  });
});

describe('LauncherRecordFile', () => {
  const repoMarker = path.join(folder, 'repo');

  it('stops what a killed launcher left running, and only that', async () => {
    const left = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', repoMarker], { stdio: 'ignore' });
    const deadLauncher = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => deadLauncher.once('exit', resolve));
    writeFileSync(path.join(folder, 'launcher.json'), JSON.stringify({ launcherPid: deadLauncher.pid, childPids: [left.pid, 999_999] }));
    const lines: string[] = [];
    const gone = new Promise((resolve) => left.once('exit', resolve));
    expect(await new LauncherRecordFile(folder, repoMarker).cleanUpAfterDeadLauncher((line) => lines.push(line))).toBe(1);
    await gone;
    expect(lines).toEqual(['stopped 1 processes left running by an earlier npm start that was killed']);
  });

  it('leaves the processes of a launcher that is still running alone', async () => {
    const launcher = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', repoMarker], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(folder, 'launcher.json'), JSON.stringify({ launcherPid: launcher.pid, childPids: [child.pid] }));
      expect(await new LauncherRecordFile(folder, repoMarker).cleanUpAfterDeadLauncher(() => undefined)).toBe(0);
      expect(child.exitCode).toBeNull();
    } finally {
      launcher.kill('SIGKILL');
      child.kill('SIGKILL');
    }
  });
});

describe('ManagedChild', () => {
  it('stops as on SIGTERM when the launcher that started it is killed outright', async () => {
    const marker = path.join(folder, 'stopped-with-launcher');
    const service = script(
      'service.cjs',
      `const fs = require('fs');
       process.on('SIGTERM', () => { fs.writeFileSync(${JSON.stringify(marker)}, 'SIGTERM'); process.exit(0); });
       setInterval(() => {}, 1000);`,
    );
    // A launcher (the built one, as npm start, the tests and the benchmarks run it) that starts a service, then dies.
    const built = pathToFileURL(path.join(infraDir, 'dist', 'launcher', 'child-process.js')).href;
    const launcher = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { ManagedChild } = await import(${JSON.stringify(built)}); const child = new ManagedChild('service', ${JSON.stringify(service)}, process.env, { write: () => undefined }); process.send(child.pid); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    try {
      const servicePid = await new Promise<number>((resolve, reject) => {
        launcher.once('message', (pid) => resolve(pid as number));
        launcher.once('exit', (code) => reject(new Error(`the launcher exited (${code}) before starting the service`)));
      });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the service has registered its handler
      expect(isProcessAlive(servicePid)).toBe(true);
      launcher.kill('SIGKILL');
      await eventually(() => !isProcessAlive(servicePid), { timeoutMs: 10_000, what: 'the orphaned service to stop' });
      expect(readFileSync(marker, 'utf8')).toBe('SIGTERM');
    } finally {
      launcher.kill('SIGKILL');
    }
  });
});
