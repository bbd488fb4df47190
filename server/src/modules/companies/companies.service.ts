import { type catalogs, companies as contract } from '@extranet/contract';
import type { Deps } from '../../http/calls';
import { AppError } from '../../http/errors';
import { toPage } from '../../http/lists';
import type { Actor } from '../../http/session';
import { applyMasterData } from '../catalogs/catalogs.master';
import * as repository from './companies.repository';

/** Client companies are the logistics provider's to manage: role 99 only. */
function assertAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new AppError('permission_required');
}

export async function listCompanies(deps: Deps, actor: Actor, query: contract.ListCompaniesRequest) {
  assertAdmin(actor);
  const { rows, total } = await repository.listCompanies(deps.db, query);
  return toPage(rows, query, total);
}

export async function viewCompany(deps: Deps, actor: Actor, companyId: number) {
  assertAdmin(actor);
  const company = await repository.findCompany(deps.db, companyId);
  if (!company) throw new AppError('company_not_found', { company_id: companyId });
  const consignees = await repository.listCompanyConsignees(
    deps.db,
    companyId,
    contract.MAX_COMPANY_CONSIGNEES,
  );
  return { ...company, consignees_list: consignees };
}

/** Checked before writing, so the answer names the field; the unique indexes settle a race. */
async function assertUnique(deps: Deps, fields: contract.CompanyFields, exceptId?: number) {
  const clash = await repository.findClash(deps.db, fields, exceptId);
  if (!clash) return;
  if (clash.code === fields.code) throw new AppError('company_code_dublicate', { code: fields.code });
  throw new AppError('company_name_dublicate', { name: fields.name });
}

export async function addCompany(deps: Deps, actor: Actor, fields: contract.CompanyFields) {
  assertAdmin(actor);
  await assertUnique(deps, fields);
  return { company_id: await repository.insertCompany(deps.db, fields) };
}

export async function editCompany(
  deps: Deps,
  actor: Actor,
  companyId: number,
  fields: contract.CompanyFields,
) {
  assertAdmin(actor);
  await assertUnique(deps, fields, companyId);
  if (!(await repository.updateCompany(deps.db, companyId, fields))) {
    throw new AppError('company_not_found', { company_id: companyId });
  }
  return {};
}

/**
 * A deactivated company's users lose their sessions and cannot sign in unless another company of
 * theirs is active (http/session.ts); nothing of its data is removed.
 */
export async function setCompanyActive(deps: Deps, actor: Actor, companyId: number, active: boolean) {
  assertAdmin(actor);
  if (!(await repository.updateCompany(deps.db, companyId, { active }))) {
    throw new AppError('company_not_found', { company_id: companyId });
  }
  return {};
}

class DryRun extends Error {
  constructor(readonly outcomes: catalogs.MasterOutcome[]) {
    super('dry run');
  }
}

/** A dry run applies in a transaction that is rolled back: the preview is what applying would do. */
export async function importMasterData(
  deps: Deps,
  actor: Actor,
  request: { master: catalogs.MasterData; dry_run: boolean; company_id?: number },
) {
  assertAdmin(actor);
  try {
    const outcomes = await deps.db.transaction(async (tx) => {
      const result = await applyMasterData(tx, request.master, { companyId: request.company_id });
      if (request.dry_run) throw new DryRun(result);
      return result;
    });
    return { outcomes };
  } catch (error) {
    if (error instanceof DryRun) return { outcomes: error.outcomes };
    throw error;
  }
}

export async function getSetupSteps(deps: Deps, actor: Actor): Promise<contract.SetupStepsResponse> {
  assertAdmin(actor);
  const done = await repository.setupProgress(deps.db);
  return { items: contract.SETUP_STEPS.map((step) => ({ step, done: done[step] })) };
}
