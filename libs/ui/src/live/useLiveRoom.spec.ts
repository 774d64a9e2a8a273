import type { LiveChatMessage, LiveDoubt } from '@academy/contracts';
import { mergeDoubts, mergeMessages } from './useLiveRoom';

const message = (id: number, text = `m${id}`): LiveChatMessage => ({ id, classId: 'c', userId: 'u', userName: 'U', fromEducator: false, text, clientId: `k${id}`, sentAt: '2026-12-01T00:00:00.000Z' });

describe('mergeMessages', () => {
  it('keeps each message once, in id order, whatever order they arrive in', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3), message(4)]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});

const doubt = (id: string, askedAt: string): LiveDoubt => ({ id, classId: 'c', userId: 'u', userName: 'U', atSecond: 1, html: '<p>?</p>', clientId: `k${id}`, askedAt });

describe('mergeDoubts', () => {
  it('keeps each doubt once, oldest first (a join after the live event, an ack after the broadcast)', () => {
    const merged = mergeDoubts([doubt('b', '2026-12-01T00:00:02.000Z')], [doubt('a', '2026-12-01T00:00:01.000Z'), doubt('b', '2026-12-01T00:00:02.000Z')]);
    expect(merged.map((item) => item.id)).toEqual(['a', 'b']);
  });
});
