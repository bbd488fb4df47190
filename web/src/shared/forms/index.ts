export { fieldError, MESSAGES, requiredText } from './rules';
