import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { readJsonFile, writeJsonFile } from '../json-file.js';
import { DEMO_CLASSMATES } from './demo-classmates.js';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keyLength: number) => Promise<Buffer>;

/** `academy-admin`: the academy's own staff, who moderate reviews on every course. */
export type AccountRole = 'educator' | 'student' | 'parent' | 'academy-admin';

export interface Account {
  /** Token subject, e.g. `sandbox|educator-meera`. */
  subject: string;
  /** The part of the subject that names the avatar file (`/avatars/<avatarId>.svg`). */
  avatarId: string;
  name: string;
  email: string;
  role: AccountRole;
  isDemo: boolean;
}

interface StoredSignUp {
  subject: string;
  avatarId: string;
  name: string;
  email: string;
  passwordSalt: string;
  passwordHash: string;
  createdAt: string;
  /** Absent in files written before parent accounts: a student. */
  role?: 'student' | 'parent';
}

export const DEMO_PASSWORD = 'learn-academy';
export const MIN_PASSWORD_LENGTH = 8;

const DEMO_ACCOUNTS: Account[] = [
  { subject: 'sandbox|educator-meera', avatarId: 'educator-meera', name: 'Meera Iyer', email: 'meera@demo.academy', role: 'educator', isDemo: true },
  { subject: 'sandbox|student-aarav', avatarId: 'student-aarav', name: 'Aarav Sharma', email: 'aarav@demo.academy', role: 'student', isDemo: true },
  { subject: 'sandbox|student-diya', avatarId: 'student-diya', name: 'Diya Patel', email: 'diya@demo.academy', role: 'student', isDemo: true },
  // Aarav's mother; the link to Aarav is made at start by a demo activity step, through the API (a code Aarav creates).
  { subject: 'sandbox|parent-kavita', avatarId: 'parent-kavita', name: 'Kavita Sharma', email: 'kavita@demo.academy', role: 'parent', isDemo: true },
  // The academy's moderator: hides or shows reported reviews on any course.
  { subject: 'sandbox|admin-nisha', avatarId: 'admin-nisha', name: 'Nisha Rao', email: 'nisha@demo.academy', role: 'academy-admin', isDemo: true },
];

const FIXED_ACCOUNTS = [...DEMO_ACCOUNTS, ...DEMO_CLASSMATES];

const SIGN_UPS_FILE = 'accounts.json';
const KEY_LENGTH = 32;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export class SignUpError extends Error {
  constructor(
    readonly field: 'name' | 'email' | 'password',
    message: string,
    readonly isDuplicate = false,
  ) {
    super(message);
  }
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function hashPassword(password: string, salt: Buffer): Promise<Buffer> {
  return scrypt(password, salt, KEY_LENGTH);
}

/** Demo accounts (fixed) plus students who signed up, kept in `accounts.json` in the data dir. */
export class AccountStore {
  private readonly signUps = new Map<string, StoredSignUp>();
  private demoPasswordSalt: Buffer = randomBytes(16);
  private demoPasswordHash: Buffer = Buffer.alloc(0);
  private writeQueue: Promise<void> = Promise.resolve();

  private constructor(private readonly filePath: string) {}

  static async open(dataDir: string): Promise<AccountStore> {
    const store = new AccountStore(path.join(dataDir, SIGN_UPS_FILE));
    store.demoPasswordHash = await hashPassword(DEMO_PASSWORD, store.demoPasswordSalt);
    const stored = (await readJsonFile<StoredSignUp[]>(store.filePath)) ?? [];
    for (const signUp of stored) store.signUps.set(signUp.subject, signUp);
    return store;
  }

  demoAccounts(): Account[] {
    return DEMO_ACCOUNTS;
  }

  findBySubject(subject: string): Account | undefined {
    const demo = FIXED_ACCOUNTS.find((account) => account.subject === subject);
    if (demo) return demo;
    const signUp = this.signUps.get(subject);
    return signUp ? toAccount(signUp) : undefined;
  }

  findByAvatarId(avatarId: string): Account | undefined {
    return this.allAccounts().find((account) => account.avatarId === avatarId);
  }

  /** Returns the account when the email and password match, otherwise undefined (same answer for both faults). */
  async authenticate(email: string, password: string): Promise<Account | undefined> {
    const wanted = normaliseEmail(email);
    const demo = FIXED_ACCOUNTS.find((account) => account.email === wanted);
    if (demo) {
      const candidate = await hashPassword(password, this.demoPasswordSalt);
      return timingSafeEqual(candidate, this.demoPasswordHash) ? demo : undefined;
    }
    const signUp = [...this.signUps.values()].find((stored) => stored.email === wanted);
    if (!signUp) {
      // Hash anyway so an unknown email takes as long as a wrong password.
      await hashPassword(password, this.demoPasswordSalt);
      return undefined;
    }
    const candidate = await hashPassword(password, Buffer.from(signUp.passwordSalt, 'base64'));
    return timingSafeEqual(candidate, Buffer.from(signUp.passwordHash, 'base64')) ? toAccount(signUp) : undefined;
  }

  /** Creates a student account; throws SignUpError with a readable message for bad or duplicate input. */
  signUpStudent(input: { name: string; email: string; password: string }): Promise<Account> {
    return this.signUp({ ...input, role: 'student' });
  }

  /** Creates a student or parent account; throws SignUpError with a readable message for bad or duplicate input. */
  async signUp(input: { name: string; email: string; password: string; role: 'student' | 'parent' }): Promise<Account> {
    const name = input.name.trim();
    const email = normaliseEmail(input.email);
    if (name === '') throw new SignUpError('name', 'Please enter your name.');
    if (name.length > 80) throw new SignUpError('name', 'Please keep your name under 80 characters.');
    if (email === '') throw new SignUpError('email', 'Please enter your email address.');
    if (!EMAIL_PATTERN.test(email)) throw new SignUpError('email', 'Please enter a valid email address.');
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new SignUpError('password', `Your password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
    if (this.allAccounts().some((account) => account.email === email)) {
      throw new SignUpError('email', 'An account with this email already exists. Sign in instead.', true);
    }

    const avatarId = `${input.role}-${randomBytes(6).toString('hex')}`;
    const salt = randomBytes(16);
    const signUp: StoredSignUp = {
      subject: `sandbox|${avatarId}`,
      avatarId,
      name,
      email,
      passwordSalt: salt.toString('base64'),
      passwordHash: (await hashPassword(input.password, salt)).toString('base64'),
      createdAt: new Date().toISOString(),
      role: input.role,
    };
    this.signUps.set(signUp.subject, signUp);
    await this.persist();
    return toAccount(signUp);
  }

  private allAccounts(): Account[] {
    return [...FIXED_ACCOUNTS, ...[...this.signUps.values()].map(toAccount)];
  }

  private persist(): Promise<void> {
    // Serialise writes so two sign-ups at once cannot overwrite each other's file.
    const write = this.writeQueue.then(() => writeJsonFile(this.filePath, [...this.signUps.values()], 0o600));
    this.writeQueue = write.catch(() => undefined);
    return write;
  }
}

function toAccount(signUp: StoredSignUp): Account {
  return {
    subject: signUp.subject,
    avatarId: signUp.avatarId,
    name: signUp.name,
    email: signUp.email,
    role: signUp.role ?? 'student',
    isDemo: false,
  };
}
