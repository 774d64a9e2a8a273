import type { JWTPayload } from 'jose';

/** The signed-in user as the API sees it; `id` is the token subject. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  imageUrl: string;
  roles: string[];
  /** When the user last typed their credentials (Unix seconds), from `${namespace}auth_time`; for actions that need a recent sign-in. */
  authTime?: number;
}

function stringClaim(payload: JWTPayload, ...names: string[]): string {
  for (const name of names) {
    const value = payload[name];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return '';
}

/** Reads the profile from namespaced claims (Auth0 custom claims) first, then the standard OIDC ones. */
export function authUserFromClaims(payload: JWTPayload, claimsNamespace: string): AuthUser {
  if (!payload.sub) throw new Error('token has no subject');
  const rolesClaim = payload[`${claimsNamespace}roles`];
  const roles = Array.isArray(rolesClaim) ? rolesClaim.filter((role): role is string => typeof role === 'string') : [];
  return {
    id: payload.sub,
    name: stringClaim(payload, `${claimsNamespace}name`, 'name', 'nickname'),
    email: stringClaim(payload, `${claimsNamespace}email`, 'email'),
    imageUrl: stringClaim(payload, `${claimsNamespace}picture`, 'picture'),
    roles,
    ...(typeof payload[`${claimsNamespace}auth_time`] === 'number' ? { authTime: payload[`${claimsNamespace}auth_time`] as number } : {}),
  };
}
