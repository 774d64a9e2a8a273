import type { LiveChatMessage } from '@academy/contracts';
import { mergeMessages } from './useLiveRoom';

const message = (id: number, text = `m${id}`): LiveChatMessage => ({ id, classId: 'c', userId: 'u', userName: 'U', fromEducator: false, text, clientId: `k${id}`, sentAt: '2026-12-01T00:00:00.000Z' });

describe('mergeMessages', () => {
  it('keeps each message once, in id order, whatever order they arrive in', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3), message(4)]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });
});
