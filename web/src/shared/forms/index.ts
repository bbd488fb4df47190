export { fieldError } from './field-error';
export { MESSAGES, requiredText } from './rules';
export { clearAllDrafts, type FormDraft, useFormDraft } from './use-form-draft';
