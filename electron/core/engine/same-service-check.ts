// "This is the same service as …": one refusal, in the Add form's words, for both ways a service is added or
// changed ("Add another service" and Settings' save), judged by the one identity rule (shared/service-identity.ts).
import { sameService } from '../../shared/service-identity';

/** The Add form's words when `candidate` is the same service as one of `others` (same address and e-mail, however
 *  the address is spelt), or undefined. */
export function sameServiceProblem(
  others: readonly { label: string; baseUrl: string; email: string }[],
  candidate: { baseUrl: string; email: string },
): string | undefined {
  const same = others.find((a) => sameService(a, candidate));
  return same
    ? `This is the same service as ${same.label} (same address and e-mail): every reminder would come twice.`
    : undefined;
}
