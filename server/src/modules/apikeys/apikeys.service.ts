import { apikeys as contract, type Permission } from '@extranet/contract';
import { newKeySecret } from '../../http/api-key';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { toPage } from '../../http/lists';
import { type Actor, hashToken } from '../../http/session';
import * as repository from './apikeys.repository';

/** Role 99 sees every key; anyone else the keys of their own companies (and their own keys). */
function scopeOf(actor: Actor): repository.KeyScope {
  return actor.isAdmin ? { userId: actor.userId } : { userId: actor.userId, companyIds: actor.companyIds };
}

export async function listKeys(deps: Deps, actor: Actor, query: contract.ListKeysRequest) {
  const { rows, total } = await repository.listKeys(deps.db, scopeOf(actor), query);
  const companies = await repository.companiesOfKeys(
    deps.db,
    rows.map((row) => row.key_id),
  );
  const items = rows.map(({ expired, ...row }) => ({
    ...row,
    permissions: row.permissions.filter((p): p is Permission =>
      contract.KEY_PERMISSIONS.includes(p as never),
    ),
    scopes: row.scopes.filter((s): s is contract.KeyScope => contract.KEY_SCOPES.includes(s as never)),
    // Another company of a key the caller made is not the caller's to see any more.
    companies: companies
      .filter((c) => c.keyId === row.key_id && (actor.isAdmin || actor.companyIds.includes(c.company_id)))
      .map(({ company_id, name }) => ({ company_id, name })),
    status: row.revoked ? ('revoked' as const) : expired ? ('expired' as const) : ('active' as const),
  }));
  return toPage(items, query, total);
}

/**
 * The companies a new key works for: those named, each an active company of the caller's (any
 * company for role 99), or, when none are named, every company of the caller's. Role 99 names
 * them, since its own reach is every company.
 */
async function keyCompanies(deps: Deps, actor: Actor, named: number[] | undefined): Promise<number[]> {
  if (named === undefined) {
    if (actor.isAdmin || actor.companyIds.length === 0) throw new AppError('no_companies_specified');
    return [...actor.companyIds];
  }
  const unique = [...new Set(named)];
  if (unique.length === 0) throw new AppError('no_companies_specified');
  const active = await repository.activeCompanyIds(deps.db, unique);
  const refused = unique.filter(
    (id) => !active.includes(id) || (!actor.isAdmin && !actor.companyIds.includes(id)),
  );
  if (refused.length) throw new AppError('company_not_permitted', { companies: refused });
  return unique;
}

export async function addKey(deps: Deps, actor: Actor, input: contract.AddKeyRequest) {
  const permissions = [...new Set(input.permissions)];
  if (permissions.includes('umgr'))
    throw new AppError('permissions_error', { permissions: ['umgr'], reason: 'not_for_api_keys' });
  const lacking = permissions.filter((p) => !actor.permissions.has(p));
  if (lacking.length) throw new AppError('permissions_error', { permissions: lacking });
  const today = contract.utcToday();
  const problem = contract.keyExpiryProblem(input.expires, today);
  if (problem) {
    throw new AppError('api_key_expiry_invalid', {
      reason: problem,
      earliest: today,
      latest: contract.latestKeyExpiry(today),
    });
  }
  const companyIds = await keyCompanies(deps, actor, input.companies);
  const secret = newKeySecret();
  const keyId = await deps.db.transaction((tx) =>
    repository.insertKey(
      tx,
      {
        secretHash: hashToken(secret),
        secretHint: secret.slice(-4),
        userId: actor.userId,
        name: input.name,
        permissions,
        scopes: [...new Set(input.scopes)],
        expiresOn: input.expires,
      },
      companyIds,
    ),
  );
  return { key_id: keyId, secret };
}

/** Revokes a key the caller sees; revoking it again changes nothing. */
export async function revokeKey(deps: Deps, actor: Actor, keyId: number) {
  const key = await repository.findKey(deps.db, scopeOf(actor), keyId);
  if (!key) throw new AppError('api_key_not_found', { key_id: keyId });
  if (!key.revokedAt) await repository.revokeKey(deps.db, keyId, actor.userId);
  return {};
}
