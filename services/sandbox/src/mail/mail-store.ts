import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readJsonFile, writeJsonFile } from '../json-file.js';

export interface ReceivedMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The HTML part as sent, or '' when the message had none. */
  html: string;
}

const MAIL_FILE = 'mail.json';
const MAX_KEPT = 300;

/** Mail the sandbox's SMTP server received, newest first, mirrored to a JSON file in the data dir. */
export class MailStore {
  private mail: ReceivedMail[] = [];
  private writeQueue: Promise<void> = Promise.resolve();

  private constructor(private readonly filePath: string) {}

  static async open(dataDir: string): Promise<MailStore> {
    const store = new MailStore(path.join(dataDir, MAIL_FILE));
    store.mail = (await readJsonFile<ReceivedMail[]>(store.filePath)) ?? [];
    return store;
  }

  async add(message: Omit<ReceivedMail, 'id' | 'receivedAt'>): Promise<ReceivedMail> {
    const mail: ReceivedMail = { id: randomUUID(), receivedAt: new Date().toISOString(), ...message };
    this.mail = [mail, ...this.mail].slice(0, MAX_KEPT);
    const write = this.writeQueue.then(() => writeJsonFile(this.filePath, this.mail));
    this.writeQueue = write.catch(() => undefined);
    await write;
    return mail;
  }

  newestFirst(): ReceivedMail[] {
    return [...this.mail];
  }

  find(id: string): ReceivedMail | undefined {
    return this.mail.find((mail) => mail.id === id);
  }
}
