import { randomBytes } from 'node:crypto';
import type { auth, ErrorCode } from '@extranet/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import { userCompanies } from '../../db/schema';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { hashToken, newToken } from '../../http/session';
import { companiesLetUserIn, findUserById, findUserByUsername } from './auth.repository';
import { type Client, openSession } from './auth.service';
import { hashPassword } from './password';
import { checkSecondFactor } from './second-factor';
import {
  bindSsoSubject,
  deleteSsoHandoff,
  findCompanyIdByName,
  findSsoHandoff,
  findUnboundUsersByEmail,
  findUserBySsoSubject,
  insertSsoHandoff,
  insertSsoStart,
  takeSsoStart,
} from './sso.repository';
import { insertUser } from './users.repository';

/**
 * Single sign-on through an OpenID Connect provider (docs/decisions.md 'Single sign-on'): the
 * authorization code flow with PKCE, state and nonce (openid-client). The browser's state is
 * also kept in a cookie of its own, so a callback started in another browser is refused (login
 * CSRF). The callback never puts the session token in an address: it hands the web a one-time
 * code, in the fragment, which the web exchanges for a session (sso_exchange).
 */

/** `amr` values (RFC 8176) that say the provider asked for more than a password. */
const SECOND_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sms', 'sc', 'fpt', 'face', 'iris', 'retina']);
const START_MINUTES = 10;
const HANDOFF_MINUTES = 5;
export const SSO_STATE_COOKIE = 'sso_state';
const ROLE_OF_CREATED_USER = 1;

const providers = new WeakMap<Config, Promise<oidc.Configuration>>();

function settingsOf(config: Config) {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URL } = config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !OIDC_REDIRECT_URL)
    throw new AppError('sso_not_configured');
  return {
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    secret: OIDC_CLIENT_SECRET,
    redirect: OIDC_REDIRECT_URL,
  };
}

/** The provider's metadata, discovered once per configuration (again after a failure). */
function providerOf(config: Config): Promise<oidc.Configuration> {
  const settings = settingsOf(config);
  let provider = providers.get(config);
  if (!provider) {
    const issuer = new URL(settings.issuer);
    // config.ts lets plain http through only for a provider on this machine.
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    provider = oidc.discovery(issuer, settings.clientId, settings.secret, undefined, {
      execute,
      timeout: 10,
    });
    provider.catch(() => providers.delete(config));
    providers.set(config, provider);
  }
  return provider;
}

/** Where the browser goes to sign in at the provider, and the state its cookie keeps. */
export async function startSso(deps: Deps): Promise<{ url: string; state: string }> {
  const settings = settingsOf(deps.config);
  const provider = await providerOf(deps.config);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await insertSsoStart(deps.db, { stateHash: hashToken(state), nonce, codeVerifier, minutes: START_MINUTES });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: settings.redirect,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

/** Is the cookie sent over https only? When the server's public address is https. */
export const isSecureCookie = (config: Config) => config.OIDC_REDIRECT_URL?.startsWith('https:') ?? false;

type Claims = Record<string, unknown>;

/**
 * The browser back from the provider: the state checked against the cookie and used once, the
 * code exchanged (PKCE, nonce), the person matched. Answers the web's address to go to: the
 * sign-in page with a one-time code, or with the refusal's code.
 */
export async function finishSso(
  deps: Deps,
  options: { search: string; cookieState: string | undefined; log: FastifyBaseLogger },
): Promise<string> {
  const settings = settingsOf(deps.config);
  const loginPage = new URL('/login', settings.redirect);
  try {
    const code = await signInFromCallback(deps, { ...options, redirect: settings.redirect });
    loginPage.hash = new URLSearchParams({ sso: code }).toString();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    loginPage.hash = new URLSearchParams({ sso_error: error.code }).toString();
  }
  return loginPage.href;
}

async function signInFromCallback(
  deps: Deps,
  options: { search: string; cookieState: string | undefined; redirect: string; log: FastifyBaseLogger },
): Promise<string> {
  const query = new URLSearchParams(options.search);
  const state = query.get('state');
  if (!state || !options.cookieState || state !== options.cookieState)
    throw new AppError('sso_state_invalid');
  const started = await takeSsoStart(deps.db, hashToken(state));
  if (!started) throw new AppError('sso_state_invalid');
  const provider = await providerOf(deps.config);
  const currentUrl = new URL(options.redirect);
  currentUrl.search = query.toString();
  let claims: Claims | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, currentUrl, {
      pkceCodeVerifier: started.codeVerifier,
      expectedState: state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    // The provider's refusal (a code used before, a denied consent) or an ID token that fails.
    options.log.warn({ err: error }, 'single sign-on refused by the provider');
    throw new AppError('sso_failed');
  }
  if (!claims || typeof claims.sub !== 'string') throw new AppError('sso_failed');
  const user = await matchUser(deps, claims as Claims & { sub: string });
  if (user.excluded) throw new AppError('user_excluded');
  if (!(await companiesLetUserIn(deps.db, user.id))) throw new AppError('company_disabled');
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  const handoff = newToken();
  await insertSsoHandoff(deps.db, {
    handoffHash: hashToken(handoff),
    userId: user.id,
    secondFactorDone: amr.some((value) => typeof value === 'string' && SECOND_FACTOR_AMR.has(value)),
    minutes: HANDOFF_MINUTES,
  });
  return handoff;
}

/**
 * The user of the provider's subject; else, once, the one user not yet tied to a subject with the
 * e-mail address the provider has verified (then tied); else, when OIDC_AUTO_CREATE_COMPANY names
 * a company, a new user of it with no permissions. Nobody else gets in.
 */
async function matchUser(deps: Deps, claims: Claims & { sub: string }) {
  const bound = await findUserBySsoSubject(deps.db, claims.sub);
  if (bound) return bound;
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) throw new AppError('sso_unknown_user');
  // Microsoft Entra ID sends no email_verified; its xms_edov says the address's domain is the tenant's.
  if (claims.email_verified !== true && claims.xms_edov !== true) throw new AppError('sso_email_unverified');
  const candidates = await findUnboundUsersByEmail(deps.db, email);
  if (candidates.length === 1 && (await bindSsoSubject(deps.db, candidates[0]!.id, claims.sub)))
    return candidates[0]!;
  // Two users with one address: neither is chosen for the person.
  if (candidates.length > 0) throw new AppError('sso_unknown_user');
  const companyName = deps.config.OIDC_AUTO_CREATE_COMPANY;
  const companyId = companyName ? await findCompanyIdByName(deps.db, companyName) : undefined;
  if (companyId === undefined) throw new AppError('sso_unknown_user');
  return createSsoUser(deps, { claims, email, companyId });
}

async function createSsoUser(
  deps: Deps,
  options: { claims: Claims & { sub: string }; email: string; companyId: number },
) {
  const username =
    options.email.length <= 64 && !(await findUserByUsername(deps.db, options.email))
      ? options.email
      : `sso-${hashToken(options.claims.sub).slice(0, 20)}`;
  // A password nobody knows: the user signs in through the provider.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const name = typeof options.claims.name === 'string' ? options.claims.name.slice(0, 200) : null;
  const userId = await deps.db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      username,
      passwordHash,
      fio: name,
      email: options.email,
      roleId: ROLE_OF_CREATED_USER,
      ssoSubject: options.claims.sub,
    });
    await tx.insert(userCompanies).values({ userId: id, companyId: options.companyId });
    return id;
  });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('sso_unknown_user');
  return user;
}

/**
 * The web's exchange of the one-time code for a session: with the authenticator code when the
 * user has a second factor and the provider did none. A refused code keeps the handoff for the
 * next try (wrong codes count as at sign-in); the session's opening uses it up.
 */
export async function exchangeSsoCode(
  deps: Deps,
  options: { code: string; otp?: string; client: Client },
): Promise<auth.Session> {
  const handoff = await findSsoHandoff(deps.db, hashToken(options.code));
  if (!handoff) throw new AppError('sso_code_invalid');
  const user = await findUserById(deps.db, handoff.userId);
  if (!user) throw new AppError('sso_code_invalid');
  if (user.totpEnabledAt && !handoff.secondFactorDone) {
    if (options.otp === undefined) throw new AppError('second_factor_required');
    const outcome = await checkSecondFactor(deps.db, {
      key: deps.secretKey,
      userId: user.id,
      code: options.otp,
      lockMinutes: deps.config.LOGIN_LOCK_MINUTES,
      address: options.client.address,
    });
    const refusal: Partial<Record<typeof outcome, ErrorCode>> = {
      locked: 'too_many_login_failures',
      invalid: 'second_factor_invalid',
    };
    const code = refusal[outcome];
    if (code) throw new AppError(code);
  }
  if (user.excluded) throw new AppError('user_excluded');
  if (!(await companiesLetUserIn(deps.db, user.id))) throw new AppError('company_disabled');
  if (!(await deleteSsoHandoff(deps.db, handoff.id))) throw new AppError('sso_code_invalid');
  return openSession(deps, user, options.client, { secondFactorDone: handoff.secondFactorDone });
}
