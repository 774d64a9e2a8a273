import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import type { RequestHandler } from 'express';
import { requestedFile } from './precompressed.js';

/**
 * Brotli's best quality: about 15 % smaller than quality 5 on a remote's entry, but about 50 ms of work for one, too
 * slow for every answer and right for once per deployed version.
 */
export const BEST_BROTLI_QUALITY = 11;

const compress = promisify(brotliCompress);

interface CompressedVersion {
  /** The file's size and modification time when it was read: a redeploy changes them. */
  version: string;
  /** Null while it is being compressed. */
  body: Buffer | null;
}

/** The same weak validator the static handler gives the file, so a browser's copy revalidates on either path. */
const weakEtag = (size: number, modified: Date) => `W/"${size.toString(16)}-${modified.getTime().toString(16)}"`;

/**
 * Files whose name carries no content hash and that browsers revalidate on every load (a remote's `remoteEntry.js`
 * and `mf-manifest.json`): the build writes no compressed copy of them, since a copy could outlive its file. Each
 * version of such a file is compressed once at brotli's best quality, in the background, and kept in memory while it
 * is the deployed one (looked up by size and modification time on every request: a remote redeployed alone is sent
 * as deployed, never an older copy). Until a version's copy is ready, the file is answered as before (`serveFiles`,
 * compressed as it goes out). Only the few names `compressOnce` accepts are kept, so the memory used is bounded by
 * the number of remotes served.
 */
export function withEntryFilesCompressedOnce(dir: string, serveFiles: RequestHandler, compressOnce: (name: string) => boolean, cacheControl: string): RequestHandler {
  const root = path.resolve(dir);
  const compressed = new Map<string, CompressedVersion>();

  const startCompressing = (file: string, version: string) => {
    const entry: CompressedVersion = { version, body: null };
    compressed.set(file, entry);
    readFile(file)
      .then(async (content) => {
        const body = await compress(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BEST_BROTLI_QUALITY } });
        const after = await stat(file);
        // Replaced while it was read: keep nothing; the next request starts again from the new version.
        if (`${after.size}-${after.mtimeMs}` !== version || after.size !== content.length) compressed.delete(file);
        else if (compressed.get(file) === entry) entry.body = body;
      })
      .catch(() => compressed.delete(file));
  };

  return (req, res, next) => {
    const name = path.posix.basename(req.path);
    const file = (req.method === 'GET' || req.method === 'HEAD') && compressOnce(name) && req.acceptsEncodings('br') === 'br' ? requestedFile(root, req) : null;
    if (!file) {
      serveFiles(req, res, next);
      return;
    }
    stat(file).then(
      (found) => {
        const version = `${found.size}-${found.mtimeMs}`;
        const entry = compressed.get(file);
        if (!found.isFile() || !entry || entry.version !== version || !entry.body) {
          if (found.isFile() && entry?.version !== version) startCompressing(file, version);
          serveFiles(req, res, next);
          return;
        }
        res.vary('Accept-Encoding');
        res.type(path.extname(file));
        res.setHeader('Cache-Control', cacheControl);
        res.setHeader('Last-Modified', found.mtime.toUTCString());
        res.setHeader('ETag', weakEtag(found.size, found.mtime));
        if (req.fresh) {
          res.status(304).end();
          return;
        }
        res.setHeader('Content-Encoding', 'br');
        res.setHeader('Content-Length', String(entry.body.length));
        res.status(200).end(req.method === 'HEAD' ? undefined : entry.body);
      },
      () => serveFiles(req, res, next),
    );
  };
}
