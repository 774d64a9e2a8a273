import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Razorpay from 'razorpay';
import { razorpayClientFor, sdkFailure } from '../testing/razorpay-sdk.js';
import { makeTemporaryDataDir, startSandbox, type RunningSandbox } from '../testing/sandbox-server.js';

const KEY = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox_key_secret' };

/** Route (linked accounts, their route product, transfers) through the real razorpay SDK. */
describe('Razorpay Route stand-in', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let removeDataDir: () => Promise<void>;
  let rzp: Razorpay;

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    dataDir = temporary.dataDir;
    removeDataDir = temporary.remove;
    sandbox = await startSandbox(dataDir);
    rzp = razorpayClientFor(sandbox.baseUrl, KEY);
  });

  afterAll(async () => {
    await sandbox.close();
    await removeDataDir();
  });

  const linkedAccount = (email: string) =>
    rzp.accounts.create({
      email,
      phone: '9800000000',
      type: 'route',
      legal_business_name: 'Meera Iyer',
      business_type: 'individual',
      contact_name: 'Meera Iyer',
      profile: { category: 'education', subcategory: 'coaching', addresses: { registered: { street1: 'a', street2: 'b', city: 'Pune', state: 'MAHARASHTRA', postal_code: '411001', country: 'IN' } } },
    } as Parameters<Razorpay['accounts']['create']>[0]);

  it('activates a linked account once its settlement bank account is set, then transfers to it', async () => {
    const account = await linkedAccount('route-one@demo.academy');
    expect(account).toMatchObject({ id: expect.stringMatching(/^acc_/), type: 'route', status: 'created' });
    // Not activated yet: no transfer.
    await expect(rzp.transfers.create({ account: account.id, amount: 10_000, currency: 'INR' })).rejects.toMatchObject({ statusCode: 400 });

    const product = await rzp.products.requestProductConfiguration(account.id, { product_name: 'route', tnc_accepted: true });
    expect(product).toMatchObject({ id: expect.stringMatching(/^acc_prd_/), activation_status: 'needs_clarification' });
    const bad = await sdkFailure(rzp.products.edit(account.id, product.id, { settlements: { account_number: '12', ifsc_code: 'HDFC0001234', beneficiary_name: 'Meera Iyer' } }));
    expect(bad).toMatchObject({ statusCode: 400, error: { field: 'account_number' } });
    const activated = await rzp.products.edit(account.id, product.id, { settlements: { account_number: '50100012345678', ifsc_code: 'HDFC0001234', beneficiary_name: 'Meera Iyer' } });
    expect(activated).toMatchObject({ activation_status: 'activated' });

    const transfer = await rzp.transfers.create({ account: account.id, amount: 10_050, currency: 'INR', notes: { payout_id: 'p-1' } });
    expect(transfer).toMatchObject({ id: expect.stringMatching(/^trf_/), recipient: account.id, amount: 10_050, status: 'processed', notes: { payout_id: 'p-1' } });
    expect(await rzp.transfers.fetch(transfer.id)).toMatchObject({ id: transfer.id });
    const listed = (await rzp.transfers.all({ count: 10 })) as unknown as { items: { id: string }[] };
    expect(listed.items.map((item) => item.id)).toContain(transfer.id);
  });

  it('refuses a duplicate email, a bad IFSC, an amount under ₹1 and an unknown account, as Razorpay does', async () => {
    const account = await linkedAccount('route-two@demo.academy');
    expect(await sdkFailure(linkedAccount('route-two@demo.academy'))).toMatchObject({ statusCode: 400, error: { field: 'email' } });
    const product = await rzp.products.requestProductConfiguration(account.id, { product_name: 'route', tnc_accepted: true });
    expect(await sdkFailure(rzp.products.edit(account.id, product.id, { settlements: { account_number: '50100012345678', ifsc_code: 'HDFC1234', beneficiary_name: 'X Y' } }))).toMatchObject({
      statusCode: 400,
      error: { field: 'ifsc_code' },
    });
    await rzp.products.edit(account.id, product.id, { settlements: { account_number: '50100012345678', ifsc_code: 'SBIN0000001', beneficiary_name: 'X Y' } });
    expect(await sdkFailure(rzp.transfers.create({ account: account.id, amount: 99, currency: 'INR' }))).toMatchObject({ statusCode: 400, error: { field: 'amount' } });
    expect(await sdkFailure(rzp.transfers.create({ account: 'acc_unknown000000', amount: 500, currency: 'INR' }))).toMatchObject({ statusCode: 400 });
  });

  it('fails the next transfers on request (an outage), then works again; state survives a restart', async () => {
    const account = await linkedAccount('route-three@demo.academy');
    const product = await rzp.products.requestProductConfiguration(account.id, { product_name: 'route', tnc_accepted: true });
    await rzp.products.edit(account.id, product.id, { settlements: { account_number: '123456789', ifsc_code: 'ICIC0000001', beneficiary_name: 'X Y' } });
    const outage = await fetch(new URL('razorpay/sandbox/transfers/fail-next', sandbox.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1 }),
    });
    expect(outage.status).toBe(200);
    expect(await sdkFailure(rzp.transfers.create({ account: account.id, amount: 500, currency: 'INR' }))).toMatchObject({ statusCode: 500 });
    const transfer = await rzp.transfers.create({ account: account.id, amount: 500, currency: 'INR' });

    await sandbox.close();
    sandbox = await startSandbox(dataDir);
    rzp = razorpayClientFor(sandbox.baseUrl, KEY);
    expect(await rzp.transfers.fetch(transfer.id)).toMatchObject({ amount: 500, recipient: account.id });
  });
});
