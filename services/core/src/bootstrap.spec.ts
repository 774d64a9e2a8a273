import { describe, expect, it } from '@jest/globals';
import { onUnhandledRejection } from './bootstrap.js';

describe('unhandled rejections', () => {
  it('keeps the process alive for a store outage nobody awaited (a timed-out Redis command inside a library)', () => {
    const lines: string[] = [];
    expect(onUnhandledRejection(new Error('Command timed out'), (line) => lines.push(line))).toBe('ignored');
    expect(onUnhandledRejection(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), (line) => lines.push(line))).toBe('ignored');
    expect(lines[0]).toMatch(/store unavailable in a background command .*Command timed out/);
  });

  it('treats anything else as a bug: logged, and the process exits', () => {
    const lines: string[] = [];
    expect(onUnhandledRejection(new TypeError('x is undefined'), (line) => lines.push(line))).toBe('fatal');
    expect(lines[0]).toMatch(/unhandled rejection, exiting: TypeError: x is undefined/);
  });
});
