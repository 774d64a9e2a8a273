import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';

/**
 * The compressed copies a production build writes beside each hashed script, style and SVG (`PrecompressedCopies`
 * in tools/rspack/create-app-config.mjs), smallest first. nginx serves the same copies (`brotli_static`,
 * `gzip_static`).
 */
export const PRECOMPRESSED_COPIES = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

type Copy = (typeof PRECOMPRESSED_COPIES)[number];

/** The name of the file a copy was made from (`main.1a2b3c4d.js.br` → `main.1a2b3c4d.js`). */
export function originalFileName(name: string): string {
  const copy = PRECOMPRESSED_COPIES.find(({ suffix }) => name.endsWith(suffix));
  return copy ? name.slice(0, -copy.suffix.length) : name;
}

/** The file a request names inside `dir` (an absolute, resolved folder); null outside it or for a malformed path. */
export function requestedFile(dir: string, req: Request): string | null {
  try {
    const file = path.join(dir, decodeURIComponent(req.path));
    return file.startsWith(dir + path.sep) ? file : null;
  } catch {
    return null; // the static handler answers a malformed path
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The smallest copy of the requested file that the browser accepts. Looked up on each request (a stat, not a listing
 * made at start): a remote redeployed alone brings new files with their copies.
 */
async function acceptedCopy(dir: string, req: Request, hasCopies: (name: string) => boolean): Promise<Copy | null> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !hasCopies(path.posix.basename(req.path))) return null;
  const file = requestedFile(dir, req);
  if (!file) return null;
  // Our order decides among the encodings the browser accepts (Chromium lists gzip first, with the same weight).
  for (const copy of PRECOMPRESSED_COPIES) {
    if (req.acceptsEncodings(copy.encoding) === copy.encoding && (await isFile(file + copy.suffix))) return copy;
  }
  return null;
}

/**
 * Answers a file with its compressed copy when the browser accepts the copy's encoding: the static handler is
 * pointed at the copy, and the answer keeps the file's own type. `hasCopies` says which names the build makes copies
 * of: only names carrying their content's hash, so a copy is never older than its file. The edge's compression as
 * answers go out leaves an answer that is already encoded alone.
 */
export function withPrecompressedCopies(dir: string, serveFiles: RequestHandler, hasCopies: (name: string) => boolean): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    acceptedCopy(root, req, hasCopies).then(
      (copy) => {
        if (!copy) {
          serveFiles(req, res, next);
          return;
        }
        const originalUrl = req.url;
        const queryStart = originalUrl.indexOf('?');
        res.vary('Accept-Encoding');
        res.type(path.extname(req.path));
        res.setHeader('Content-Encoding', copy.encoding);
        req.url = `${req.path}${copy.suffix}${queryStart === -1 ? '' : originalUrl.slice(queryStart)}`;
        serveFiles(req, res, (error?: unknown) => {
          // The copy went between the look-up and the answer (a deploy): whatever answers next is not encoded.
          req.url = originalUrl;
          res.removeHeader('Content-Encoding');
          next(error);
        });
      },
      (error: unknown) => next(error),
    );
  };
}
