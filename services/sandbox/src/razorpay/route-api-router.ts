import path from 'node:path';
import express, { type Request, type Router } from 'express';
import type { RazorpaySandboxOptions } from '../config.js';
import { readJsonFile, writeJsonFile } from '../json-file.js';
import { newRazorpayId, RazorpayApiError, unixSeconds, unknownIdError, type Notes } from './entities.js';
import { readPage, requireApiKey } from './orders-api-router.js';

/** A Route linked account (v2 Accounts API), as far as the portal uses it. */
export interface LinkedAccount {
  id: string;
  type: 'route';
  status: 'created' | 'activated';
  email: string;
  phone: string;
  legal_business_name: string;
  business_type: string;
  contact_name: string;
  reference_id: string | null;
  created_at: number;
}

/** The account's `route` product: activated once settlement bank details are set. */
export interface RouteProduct {
  id: string;
  account_id: string;
  product_name: 'route';
  activation_status: 'needs_clarification' | 'activated';
  tnc_accepted: boolean;
  active_configuration: { settlements: { account_number: string; ifsc_code: string; beneficiary_name: string } | null };
  requested_at: number;
}

export interface Transfer {
  id: string;
  entity: 'transfer';
  status: 'processed';
  source: string;
  recipient: string;
  amount: number;
  currency: 'INR';
  amount_reversed: 0;
  notes: Notes;
  on_hold: false;
  created_at: number;
}

interface RouteState {
  accounts: LinkedAccount[];
  products: RouteProduct[];
  transfers: Transfer[];
}

const STATE_FILE = 'razorpay-route.json';
// Razorpay's own checks of settlement details (it stands apart from the portal's code, as the real one does).
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

/** The Route sandbox's state, kept in memory and written through to one JSON file after each change. */
export class RouteStore {
  readonly accounts = new Map<string, LinkedAccount>();
  readonly products = new Map<string, RouteProduct>();
  readonly transfers = new Map<string, Transfer>();
  /** Test-only: how many of the next transfer requests fail as a Razorpay outage would (500). */
  failNextTransfers = 0;
  private writes: Promise<void> = Promise.resolve();

  private constructor(private readonly filePath: string) {}

  static async open(dataDir: string): Promise<RouteStore> {
    const store = new RouteStore(path.join(dataDir, STATE_FILE));
    const state = await readJsonFile<RouteState>(store.filePath);
    for (const account of state?.accounts ?? []) store.accounts.set(account.id, account);
    for (const product of state?.products ?? []) store.products.set(product.id, product);
    for (const transfer of state?.transfers ?? []) store.transfers.set(transfer.id, transfer);
    return store;
  }

  save(): Promise<void> {
    const snapshot: RouteState = { accounts: [...this.accounts.values()], products: [...this.products.values()], transfers: [...this.transfers.values()] };
    this.writes = this.writes.then(() => writeJsonFile(this.filePath, snapshot));
    return this.writes;
  }
}

function text(body: Record<string, unknown>, field: string, max = 200): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw new RazorpayApiError(400, `The ${field} field is required.`, { field });
  if (value.length > max) throw new RazorpayApiError(400, `The ${field} may not be greater than ${max} characters.`, { field });
  return value.trim();
}

function bodyOf(req: Request): Record<string, unknown> {
  return typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
}

/**
 * The part of Razorpay Route the portal uses, at `/razorpay/v2/accounts` (linked accounts and their `route` product,
 * where the settlement bank account is set) and `/razorpay/v1/transfers` (money from the platform's balance to a
 * linked account). Validation and answers follow Razorpay's documented shapes.
 */
export function createRouteApiRouter(options: RazorpaySandboxOptions, store: RouteStore): { v1: Router; v2: Router } {
  const guard = [requireApiKey(options), express.json({ limit: '64kb' })];
  const v2 = express.Router();
  v2.use(...guard);

  v2.post('/accounts', async (req, res) => {
    const body = bodyOf(req);
    if (body.type !== 'route') throw new RazorpayApiError(400, 'The type must be route.', { field: 'type' });
    const email = text(body, 'email');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new RazorpayApiError(400, 'The email must be a valid email address.', { field: 'email' });
    if ([...store.accounts.values()].some((account) => account.email === email)) {
      throw new RazorpayApiError(400, 'Merchant email already exists for account', { field: 'email' });
    }
    const account: LinkedAccount = {
      id: newRazorpayId('acc'),
      type: 'route',
      status: 'created',
      email,
      phone: text(body, 'phone', 15),
      legal_business_name: text(body, 'legal_business_name'),
      business_type: text(body, 'business_type', 40),
      contact_name: text(body, 'contact_name'),
      reference_id: typeof body.reference_id === 'string' ? body.reference_id : null,
      created_at: unixSeconds(),
    };
    store.accounts.set(account.id, account);
    await store.save();
    res.json(account);
  });

  const requireAccount = (accountId: string) => {
    const account = store.accounts.get(accountId);
    if (!account) throw unknownIdError('account_id');
    return account;
  };

  v2.get('/accounts/:accountId', (req, res) => {
    res.json(requireAccount(req.params.accountId!));
  });

  v2.post('/accounts/:accountId/products', async (req, res) => {
    const account = requireAccount(req.params.accountId!);
    const body = bodyOf(req);
    if (body.product_name !== 'route') throw new RazorpayApiError(400, 'The product name must be route.', { field: 'product_name' });
    const existing = [...store.products.values()].find((product) => product.account_id === account.id);
    if (existing) {
      res.json(existing);
      return;
    }
    const product: RouteProduct = {
      id: newRazorpayId('acc_prd'),
      account_id: account.id,
      product_name: 'route',
      activation_status: 'needs_clarification',
      tnc_accepted: body.tnc_accepted === true,
      active_configuration: { settlements: null },
      requested_at: unixSeconds(),
    };
    store.products.set(product.id, product);
    await store.save();
    res.json(product);
  });

  v2.patch('/accounts/:accountId/products/:productId', async (req, res) => {
    const account = requireAccount(req.params.accountId!);
    const product = store.products.get(req.params.productId!);
    if (!product || product.account_id !== account.id) throw unknownIdError('product_id');
    const body = bodyOf(req);
    const settlements = (typeof body.settlements === 'object' && body.settlements !== null ? body.settlements : {}) as Record<string, unknown>;
    const accountNumber = text(settlements, 'account_number', 18);
    const ifsc = text(settlements, 'ifsc_code', 11);
    if (!BANK_ACCOUNT_NUMBER_PATTERN.test(accountNumber)) throw new RazorpayApiError(400, 'The account number is invalid.', { field: 'account_number' });
    if (!IFSC_PATTERN.test(ifsc)) throw new RazorpayApiError(400, 'The ifsc code is invalid.', { field: 'ifsc_code' });
    const updated: RouteProduct = {
      ...product,
      tnc_accepted: product.tnc_accepted || body.tnc_accepted === true,
      activation_status: 'activated',
      active_configuration: { settlements: { account_number: accountNumber, ifsc_code: ifsc, beneficiary_name: text(settlements, 'beneficiary_name') } },
    };
    if (!updated.tnc_accepted) throw new RazorpayApiError(400, 'The terms and conditions must be accepted.', { field: 'tnc_accepted' });
    store.products.set(updated.id, updated);
    store.accounts.set(account.id, { ...account, status: 'activated' });
    await store.save();
    res.json(updated);
  });

  // Mounted beside the Orders API under /v1: the key check runs per route, so other /v1 paths are not checked twice.
  const v1 = express.Router();

  v1.post('/transfers', ...guard, async (req, res) => {
    if (store.failNextTransfers > 0) {
      store.failNextTransfers -= 1;
      throw new RazorpayApiError(500, 'The server encountered an error. The incident has been reported to admins.', { source: 'NA', step: 'NA', reason: 'NA' });
    }
    const body = bodyOf(req);
    const account = requireAccount(text(body, 'account', 40));
    if (account.status !== 'activated') throw new RazorpayApiError(400, 'The linked account is not activated for Route.', { field: 'account' });
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 100) throw new RazorpayApiError(400, 'The amount must be at least INR 1.00.', { field: 'amount' });
    if (body.currency !== 'INR') throw new RazorpayApiError(400, 'The currency must be INR.', { field: 'currency' });
    const transfer: Transfer = {
      id: newRazorpayId('trf'),
      entity: 'transfer',
      status: 'processed',
      source: `acc_${options.keyId}`,
      recipient: account.id,
      amount,
      currency: 'INR',
      amount_reversed: 0,
      notes: (typeof body.notes === 'object' && body.notes !== null ? body.notes : []) as Notes,
      on_hold: false,
      created_at: unixSeconds(),
    };
    store.transfers.set(transfer.id, transfer);
    await store.save();
    res.json(transfer);
  });

  v1.get('/transfers', ...guard, (req, res) => {
    const { count, skip } = readPage(req.query);
    const items = [...store.transfers.values()].reverse().slice(skip, skip + count);
    res.json({ entity: 'collection', count: items.length, items });
  });

  v1.get('/transfers/:transferId', ...guard, (req, res) => {
    const transfer = store.transfers.get(String(req.params.transferId));
    if (!transfer) throw unknownIdError('transfer_id');
    res.json(transfer);
  });

  return { v1, v2 };
}
