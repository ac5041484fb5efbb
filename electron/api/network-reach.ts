// What the OS said of a connection that failed, kept only where the app can word it truthfully: refused (nothing
// listens at the address), the name not found (DNS), or the TLS handshake failed. Anything else is just "could not
// connect"; a request that got no answer in time is a timeout, never one of these (a slow service is not offline).
import type { NetworkReach } from './errors';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const TLS_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'EPROTO',
]);

/** The reach of a failed connection from the error Node gave, or undefined when it says nothing wordable. */
export function reachOf(error: unknown): NetworkReach | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  if (typeof code !== 'string') return undefined;
  if (code === 'ECONNREFUSED') return 'refused';
  if (DNS_CODES.has(code)) return 'dns';
  if (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')) return 'tls';
  return undefined;
}
