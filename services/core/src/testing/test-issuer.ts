import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface TestUser {
  sub: string;
  name?: string;
  email?: string;
  picture?: string;
  roles?: string[];
}

export interface SignOptions {
  /** Defaults to the issuer's audience. */
  audience?: string;
  /** Defaults to the issuer's URL. */
  issuer?: string;
  /** e.g. '1h', or a negative number of seconds from now for an already expired token. */
  expiresIn?: string | number;
  /** Leave out `exp` (such a token never expires and must be refused). */
  withoutExpiry?: boolean;
  /** Put the profile in standard claims instead of the namespaced ones. */
  standardClaims?: boolean;
  /** When the user signed in (Unix seconds), as the `auth_time` claim. */
  authTime?: number;
}

export const TEST_AUDIENCE = 'https://api.academy.local';
export const TEST_CLAIMS_NAMESPACE = 'https://academy.example/';

/**
 * A real token issuer for tests: an RS256 key pair, its JWKS served over HTTP on a free port at
 * `/.well-known/jwks.json`, and signed access tokens shaped like the sandbox's (and Auth0's).
 */
export class TestIssuer {
  /** How many times the JWKS was fetched (to check that verifiers cache it). */
  get jwksRequests(): number {
    return this.counter.jwksRequests;
  }

  private constructor(
    private readonly server: Server,
    private readonly privateKey: CryptoKey,
    private readonly counter: { jwksRequests: number },
    readonly url: string,
    readonly audience: string,
    readonly claimsNamespace: string,
  ) {}

  static async start(options: { audience?: string; claimsNamespace?: string } = {}): Promise<TestIssuer> {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    const counter = { jwksRequests: 0 };
    const server = createServer((request, response) => {
      if (request.url === '/.well-known/jwks.json') {
        counter.jwksRequests += 1;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new TestIssuer(
      server,
      privateKey,
      counter,
      `http://127.0.0.1:${port}/`,
      options.audience ?? TEST_AUDIENCE,
      options.claimsNamespace ?? TEST_CLAIMS_NAMESPACE,
    );
  }

  /** Environment variables pointing a service at this issuer. */
  env(): Record<string, string> {
    return { AUTH_ISSUER: this.url, AUTH_AUDIENCE: this.audience, AUTH_CLAIMS_NAMESPACE: this.claimsNamespace };
  }

  async sign(user: TestUser, options: SignOptions = {}): Promise<string> {
    const ns = this.claimsNamespace;
    const profile = options.standardClaims
      ? { name: user.name, email: user.email, picture: user.picture }
      : { [`${ns}name`]: user.name, [`${ns}email`]: user.email, [`${ns}picture`]: user.picture };
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = options.expiresIn ?? '1h';
    const authTime = options.authTime === undefined ? {} : { [`${ns}auth_time`]: options.authTime };
    const jwt = new SignJWT({ ...profile, [`${ns}roles`]: user.roles ?? [], ...authTime })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'at+jwt' })
      .setSubject(user.sub)
      .setIssuer(options.issuer ?? this.url)
      .setAudience(options.audience ?? this.audience);
    if (options.withoutExpiry) jwt.setIssuedAt(now);
    else if (typeof expiresIn === 'number') jwt.setIssuedAt(now + expiresIn - 3600).setExpirationTime(now + expiresIn);
    else jwt.setIssuedAt(now).setExpirationTime(expiresIn);
    return jwt.sign(this.privateKey);
  }

  /** A token signed by a key the JWKS does not publish. */
  static async signWithForeignKey(user: TestUser, issuer: string, audience: string): Promise<string> {
    const { privateKey } = await generateKeyPair('RS256');
    return new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).setSubject(user.sub).setIssuer(issuer)
      .setAudience(audience).setIssuedAt().setExpirationTime('1h').sign(privateKey);
  }

  stop(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }
}

/** Demo identities (docs/DEVELOPING.md) for tests. */
export const demoUsers = {
  student: { sub: 'sandbox|student-aarav', name: 'Aarav Sharma', email: 'aarav@demo.academy', picture: 'https://example.test/aarav.png', roles: [] },
  otherStudent: { sub: 'sandbox|student-diya', name: 'Diya Patel', email: 'diya@demo.academy', picture: 'https://example.test/diya.png', roles: [] },
  educator: { sub: 'sandbox|educator-meera', name: 'Meera Iyer', email: 'meera@demo.academy', picture: 'https://example.test/meera.png', roles: ['educator'] },
  parent: { sub: 'sandbox|parent-kavita', name: 'Kavita Sharma', email: 'kavita@demo.academy', picture: 'https://example.test/kavita.png', roles: ['parent'] },
  otherParent: { sub: 'sandbox|parent-rohan', name: 'Rohan Patel', email: 'rohan@demo.academy', picture: 'https://example.test/rohan.png', roles: ['parent'] },
} satisfies Record<string, TestUser>;
