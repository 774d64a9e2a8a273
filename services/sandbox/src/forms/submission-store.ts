import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readJsonFile, writeJsonFile } from '../json-file.js';

export type FormService = 'newsletter' | 'contact';

export interface FormSubmission {
  id: string;
  service: FormService;
  /** The form key (newsletter) or form id (contact) the submission was addressed to. */
  formName: string;
  receivedAt: string;
  fields: Record<string, string>;
}

const SUBMISSIONS_FILE = 'form-submissions.json';
/** Enough for any demo or test run; older entries fall off so the file stays small. */
const MAX_KEPT = 500;

/** Submissions in memory, newest first, mirrored to a JSON file in the data dir. */
export class SubmissionStore {
  private submissions: FormSubmission[] = [];
  private writeQueue: Promise<void> = Promise.resolve();

  private constructor(private readonly filePath: string) {}

  static async open(dataDir: string): Promise<SubmissionStore> {
    const store = new SubmissionStore(path.join(dataDir, SUBMISSIONS_FILE));
    store.submissions = (await readJsonFile<FormSubmission[]>(store.filePath)) ?? [];
    return store;
  }

  async add(service: FormService, formName: string, fields: Record<string, string>): Promise<FormSubmission> {
    const submission: FormSubmission = {
      id: randomUUID(),
      service,
      formName,
      receivedAt: new Date().toISOString(),
      fields,
    };
    this.submissions = [submission, ...this.submissions].slice(0, MAX_KEPT);
    const write = this.writeQueue.then(() => writeJsonFile(this.filePath, this.submissions));
    this.writeQueue = write.catch(() => undefined);
    await write;
    return submission;
  }

  newestFirst(): FormSubmission[] {
    return [...this.submissions];
  }
}
