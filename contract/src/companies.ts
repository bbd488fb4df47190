import { z } from 'zod';
import { type CallDef, defineCall } from './call';
import { BusinessLineRef, MasterData, MasterOutcome } from './catalogs';
import { Empty, Id, IdList, listRequest, listResponse, Ok, Smart } from './list';

/**
 * The logistics provider's client companies, managed by role 99 only. A company's
 * `code` is what the warehouse system calls the client: master data names companies by it.
 * A deactivated company keeps its data; its users cannot sign in (unless another company of
 * theirs is active) and no picker offers it.
 */

export const CompanyCode = z.string().trim().min(1).max(50);
export const CompanyName = z.string().trim().min(1).max(200);

export const CompanyFields = z.object({ code: CompanyCode, name: CompanyName });
export type CompanyFields = z.infer<typeof CompanyFields>;

export const CompanyItem = z.object({
  company_id: Id,
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  second_factor_required: z.boolean(),
  /** Every user signs in through single sign-on; passwords are refused. */
  sso_required: z.boolean(),
  /** How many users and consignees the company has. */
  users: z.int(),
  consignees: z.int(),
});
export type CompanyItem = z.infer<typeof CompanyItem>;

export const CompanyConsignee = z.object({
  consignee_id: Id,
  code: z.string(),
  name: z.string(),
  business_line: BusinessLineRef,
  active: z.boolean(),
});
export type CompanyConsignee = z.infer<typeof CompanyConsignee>;

export const MAX_COMPANY_CONSIGNEES = 1000;

export const CompanyView = CompanyItem.extend({
  /** By name; at most MAX_COMPANY_CONSIGNEES. */
  consignees_list: z.array(CompanyConsignee),
});
export type CompanyView = z.infer<typeof CompanyView>;

export const COMPANY_ORDERINGS = ['code', 'name'] as const;

/** `smart` searches code and name; `active` narrows to active (true) or deactivated (false). */
export const ListCompaniesRequest = listRequest(
  { smart: Smart, company_id_list: IdList, active: z.boolean() },
  COMPANY_ORDERINGS,
);
export type ListCompaniesRequest = z.infer<typeof ListCompaniesRequest>;

export const CompanyIdRequest = z.object({ company_id: Id });

/**
 * Role 99 uploads master data itself when its warehouse system cannot push it: the same records
 * as a warehouse event's `master` part. With `dry_run` nothing is written and the answer says what
 * would be added, changed and refused, record by record; without, the refused records are left
 * out and the rest applied in one transaction. With `company_id` (an upload from a company's page)
 * only that company's consignees are known, and consignees may name no other company.
 */
export const ImportMasterDataRequest = z.object({
  master: MasterData,
  dry_run: z.boolean().default(false),
  company_id: Id.optional(),
});
export const ImportMasterDataResponse = z.object({ outcomes: z.array(MasterOutcome) });

/** Role 99 only: anyone else is refused with permission_required. */
const ADMIN: Pick<CallDef, 'access'> = { access: 'session' };

export const listCompanies = defineCall({
  path: '/companies/list_companies',
  summary: 'Role 99: every client company, by name unless told otherwise, with its counts.',
  ...ADMIN,
  request: ListCompaniesRequest,
  response: listResponse(CompanyItem),
});

export const viewCompany = defineCall({
  path: '/companies/view_company',
  summary: 'Role 99: one company with its consignees.',
  ...ADMIN,
  request: CompanyIdRequest,
  response: CompanyView,
});

export const addCompany = defineCall({
  path: '/companies/add_company',
  summary: 'Role 99: adds a client company; its code and name are unique.',
  ...ADMIN,
  request: CompanyFields,
  response: z.object({ company_id: Id }),
});

export const editCompany = defineCall({
  path: '/companies/edit_company',
  summary: "Role 99: changes a company's code and name.",
  ...ADMIN,
  request: CompanyFields.extend({ company_id: Id }),
  response: Ok,
});

export const disableCompany = defineCall({
  path: '/companies/disable_company',
  summary: 'Role 99: deactivates a company; its users cannot sign in, its data stays.',
  ...ADMIN,
  request: CompanyIdRequest,
  response: Ok,
});

export const enableCompany = defineCall({
  path: '/companies/enable_company',
  summary: 'Role 99: activates a deactivated company again.',
  ...ADMIN,
  request: CompanyIdRequest,
  response: Ok,
});

export const importMasterData = defineCall({
  path: '/companies/import_master_data',
  summary: 'Role 99: applies (or, with dry_run, previews) master data uploaded from files.',
  ...ADMIN,
  request: ImportMasterDataRequest,
  response: ImportMasterDataResponse,
});

/** The first steps of a bare installation, in the order they are taken (README "Going live"). */
export const SETUP_STEPS = ['company', 'warehouse', 'master_data', 'users'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SetupStepsResponse = z.object({
  items: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupStepsResponse = z.infer<typeof SetupStepsResponse>;

export const getSetupSteps = defineCall({
  path: '/companies/get_setup_steps',
  summary:
    'Role 99: the getting-started steps (a company, the warehouse heard from, master data, client users), each done or not, read from the data.',
  ...ADMIN,
  request: Empty,
  response: SetupStepsResponse,
});
