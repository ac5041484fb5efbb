// The address rules themselves live in shared/base-url.ts (the renderer's forms check with the same code); the
// client and the core read them here, typed with the client's own errors.
import { checkBaseUrl as checkAddress } from '../shared/base-url';
import type { ApiError, Result } from './errors';

export {
  addressWithoutSecrets,
  BASE_URL_RULE,
  isLoopbackHost,
  shownAddress,
  unusableBaseUrlMessage,
} from '../shared/base-url';

export type ValidationError = Extract<ApiError, { kind: 'validation' }>;

/** Parses and checks a service base URL (it may carry a path prefix, e.g. `https://host/api`). */
export const checkBaseUrl: (raw: string) => Result<URL, ValidationError> = checkAddress;
