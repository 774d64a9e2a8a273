import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Appends JSON lines (each ending in a newline) in one write. */
export async function appendLines(filePath: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  await mkdir(path.dirname(filePath), { recursive: true });
  await appendFile(filePath, lines.join(''));
}

/**
 * Every record of a JSON-lines log, oldest first; none when it does not exist yet. A last line cut short by a crash
 * mid-append is dropped (its save never resolved); a bad line anywhere else is an error.
 */
export async function readLogLines<T>(filePath: string): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`Cannot read ${filePath}: ${(error as Error).message}`, { cause: error });
  }
  const lines = text.split('\n');
  const complete = lines.slice(0, -1); // what follows the last newline is empty, or a line torn by a crash
  return complete.map((line, index) => {
    try {
      return JSON.parse(line) as T;
    } catch (error) {
      throw new Error(`Cannot read ${filePath}: line ${index + 1} is not JSON (${(error as Error).message})`, { cause: error });
    }
  });
}

/** Replaces the log with these records, through a temporary file and a rename (a crash leaves the old log whole). */
export async function rewriteLog(filePath: string, records: unknown[]): Promise<void> {
  await mkdir(path.dirname(filePath), { recursive: true });
  const temporaryPath = `${filePath}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporaryPath, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  await rename(temporaryPath, filePath);
}
