import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for the tests, on a free port of this machine.
 * Its sign-in page asks only for the account's name and whether to count it as a second factor;
 * the client is consented in advance, as a company's own application is.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  /** Microsoft Entra ID's "the address's domain is the tenant's". */
  xms_edov?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people the provider knows, by subject. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

const readForm = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const LOGIN_PAGE = (uid: string) => `<!doctype html><html><head><title>Test provider</title></head><body>
<form method="post" action="/interaction/${uid}">
<label>Account <input name="login" autofocus></label>
<label><input type="checkbox" name="mfa" value="1"> Second factor</label>
<button type="submit">Continue</button>
</form></body></html>`;

export async function startOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'extranet';
  const clientSecret = 'extranet-test-secret-0123456789';
  let provider: Provider | undefined;
  const server: Server = createServer((request, response) => {
    const match = request.url?.match(/^\/interaction\/([\w-]+)$/);
    if (!match || !provider) return provider?.callback()(request, response);
    void (async () => {
      try {
        await provider!.interactionDetails(request, response);
        if (request.method === 'GET') {
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(LOGIN_PAGE(match[1]!));
          return;
        }
        const form = await readForm(request);
        const accountId = form.get('login') ?? '';
        await provider!.interactionFinished(
          request,
          response,
          { login: { accountId, amr: form.get('mfa') ? ['pwd', 'mfa'] : ['pwd'] } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // amr is in the ID token only when a scope lists it: the sign-in's second factor is there.
    claims: {
      openid: ['sub', 'amr', 'acr', 'auth_time'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name'],
    },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    // The ID token carries the e-mail claims, which the extranet reads from it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['extranet-test-cookie-key'] },
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cookies of one browser, kept across the hops of a redirect flow driven by fetch. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: opens the authorization address, signs in as the account
 * and follows the redirects until the one back to the extranet, whose address it answers.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  options: { accountId: string; mfa?: boolean; redirectPrefix: string },
): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(options.redirectPrefix)) return url;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
    } else if (response.status === 200 && url.includes('/interaction/')) {
      form = new URLSearchParams({ login: options.accountId, ...(options.mfa ? { mfa: '1' } : {}) });
    } else {
      throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    }
  }
  throw new Error('too many redirects at the provider');
}
