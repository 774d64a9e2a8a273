import express from 'express';
import request from 'supertest';
import { coreConfigShape, loadConfig } from '../config/config.js';
import { trustProxy } from './trust-proxy.js';

function appTrusting(trusted: string) {
  const app = express();
  trustProxy(app, trusted);
  app.get('/ip', (req, res) => {
    res.json({ ip: req.ip });
  });
  return app;
}

describe('trustProxy', () => {
  const defaultTrust = loadConfig(coreConfigShape, {
    DATABASE_URL: 'postgres://x/y',
    REDIS_URL: 'redis://x',
    AUTH_ISSUER: 'https://issuer.example/',
    AUTH_AUDIENCE: 'a',
    INTERNAL_TOKEN: 'long-enough-token',
  }).TRUST_PROXY;

  it('by default believes a proxy on a local address (the edge, the ingress) about the client address', async () => {
    const response = await request(appTrusting(defaultTrust)).get('/ip').set('X-Forwarded-For', '203.0.113.7').expect(200);
    expect(response.body.ip).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from an address it does not trust', async () => {
    const response = await request(appTrusting('10.1.2.3')).get('/ip').set('X-Forwarded-For', '203.0.113.7').expect(200);
    expect(response.body.ip).not.toBe('203.0.113.7');
  });

  it('accepts a hop count', async () => {
    const response = await request(appTrusting('1')).get('/ip').set('X-Forwarded-For', '198.51.100.1, 203.0.113.7').expect(200);
    expect(response.body.ip).toBe('203.0.113.7');
  });
});
