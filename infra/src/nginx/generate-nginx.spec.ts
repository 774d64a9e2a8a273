import { readFileSync } from 'node:fs';
import { loadRouteTable } from '../routes/route-table.js';
import { generateNginxConfig, nginxConfigFile } from './generate-nginx.js';

describe('nginx config', () => {
  it('is in sync with routes.json (run `npm run build -w @academy/infra && npm run generate:nginx -w @academy/infra`)', () => {
    expect(readFileSync(nginxConfigFile, 'utf8')).toBe(generateNginxConfig());
  });

  it('sends every API prefix of the table to its service and denies /internal/', () => {
    const config = generateNginxConfig();
    for (const route of loadRouteTable().api) {
      const location = route.prefix.endsWith('/') ? `location ^~ ${route.prefix} {` : `location = ${route.prefix} {`;
      const start = config.indexOf(location);
      expect(start).toBeGreaterThan(-1);
      expect(config.slice(start, config.indexOf('}', start))).toContain(`proxy_pass http://${route.service};`);
    }
    const internal = config.slice(config.indexOf('location ^~ /internal/ {'));
    expect(internal.slice(0, internal.indexOf('}'))).toContain('return 404');
  });

  it('has balanced braces', () => {
    const config = generateNginxConfig();
    expect(config.split('{').length).toBe(config.split('}').length);
  });
});
