import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { makeTemporaryDataDir } from '../testing/sandbox-server.js';
import type { RazorpayOrder } from './entities.js';
import { PaymentStore } from './payment-store.js';

const order = (id: string, status: RazorpayOrder['status'] = 'created'): RazorpayOrder =>
  ({ id, entity: 'order', amount: 50_000, amount_paid: 0, amount_due: 50_000, currency: 'INR', receipt: `receipt-${id}`, offer_id: null, status, attempts: 0, notes: {}, created_at: 1_700_000_000, expire_by: null }) as RazorpayOrder;

describe('PaymentStore (in memory, an append-only log on disk)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });
  const dataDir = async () => {
    const temporary = await makeTemporaryDataDir();
    cleanups.push(temporary.remove);
    return temporary.dataDir;
  };

  it('appends one line per save and replays the last state of each entity on open, compacted', async () => {
    const dir = await dataDir();
    const store = await PaymentStore.open(dir);
    const first = order('order_A');
    await Promise.all([store.saveOrder(first), store.saveOrder(order('order_B'))]);
    first.status = 'paid';
    await store.saveOrder(first);
    const log = await readFile(path.join(dir, 'razorpay.log'), 'utf8');
    expect(log.trimEnd().split('\n')).toHaveLength(3);

    const reopened = await PaymentStore.open(dir);
    expect(reopened.allOrders().map((entry) => [entry.id, entry.status])).toEqual([['order_A', 'paid'], ['order_B', 'created']]);
    expect((await readFile(path.join(dir, 'razorpay.log'), 'utf8')).trimEnd().split('\n')).toHaveLength(2);
  });

  it('drops a last line torn by a crash mid-append, and refuses a log damaged elsewhere', async () => {
    const dir = await dataDir();
    const store = await PaymentStore.open(dir);
    await store.saveOrder(order('order_C'));
    await appendFile(path.join(dir, 'razorpay.log'), '{"order":{"id":"order_D","sta');
    expect((await PaymentStore.open(dir)).allOrders().map((entry) => entry.id)).toEqual(['order_C']);

    await writeFile(path.join(dir, 'razorpay.log'), 'not json\n{"order":{"id":"order_E"}}\n');
    await expect(PaymentStore.open(dir)).rejects.toThrow('line 1 is not JSON');
  });

  it('takes over the JSON file of earlier versions once, then removes it', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'razorpay.json'), JSON.stringify({ orders: [order('order_F', 'paid')], payments: [], events: [] }));
    expect((await PaymentStore.open(dir)).findOrder('order_F')?.status).toBe('paid');
    await expect(readFile(path.join(dir, 'razorpay.json'))).rejects.toThrow('ENOENT');
    expect((await PaymentStore.open(dir)).findOrder('order_F')?.status).toBe('paid');
  });
});
