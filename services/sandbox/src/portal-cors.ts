import type { NextFunction, Request, Response } from 'express';

/** CORS for the browser calls of the portal: only its origins, only GET and POST. */
export function portalCors(portalOrigins: Set<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('Origin');
    if (origin && portalOrigins.has(origin)) {
      res.vary('Origin');
      res.set('Access-Control-Allow-Origin', origin);
      if (req.method === 'OPTIONS') {
        res.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        res.set('Access-Control-Allow-Headers', req.get('Access-Control-Request-Headers') ?? 'Content-Type, Accept');
        res.set('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
    }
    next();
  };
}
