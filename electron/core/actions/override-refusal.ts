// A refused override (422 and friends) told in the form's terms: the service's `user_references.N.value`
// becomes the N-th person the user typed, `start`/`end` the window, so the form can show each problem next to
// its field and the message names people, not API paths.
import type { ApiError, FieldProblem } from '../../api/errors';
import type { OverrideRequest } from '../../shared/ipc-contract';
import { withServiceWords } from '../../api/error-mapping';
import { failure, type Failure } from './common';
import type { PlannedOverride } from './override-window';

type Rejected = Extract<ApiError, { kind: 'rejected' }>;

interface Placed {
  /** Field of the override form ("emails.1", "window.end", "emails"); undefined when the form has none. */
  field?: string;
  /** How the user text names it ("Person 2 (bob@example.com)"). */
  label?: string;
  message: string;
}

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function placePerson(index: number, message: string, request: OverrideRequest, plan: PlannedOverride): Placed {
  const email = plan.input.user_references[index]?.value;
  if (email === undefined) return { field: 'emails', label: 'Who covers', message };
  // The request's e-mails are the form's, in its order; the plan dropped blanks and repeats, so match by value.
  const at = request.emails.findIndex((e) => e.trim().toLowerCase() === email.toLowerCase());
  const field = at >= 0 ? `emails.${at}` : 'emails';
  // "Person N" counts people: blank entries before it are not people.
  const person = at >= 0 ? request.emails.slice(0, at).filter((e) => e.trim() !== '').length + 1 : index + 1;
  return { field, label: `Person ${person} (${email})`, message };
}

function place(problem: FieldProblem, request: OverrideRequest, plan: PlannedOverride): Placed {
  // The service's problem comes as a phrase (api/error-mapping.ts), worded into a sentence here.
  const p = { field: problem.field, message: problem.message };
  const person = /^user_references\.(\d+)(\.|$)/.exec(p.field);
  if (person) return placePerson(Number(person[1]), p.message, request, plan);
  if (p.field === 'user_references') return { field: 'emails', label: 'Who covers', message: p.message };
  if (p.field === 'start') return { field: 'window.start', label: 'Start', message: p.message };
  if (p.field === 'end') return { field: 'window.end', label: 'End', message: p.message };
  return { message: p.message };
}

/** The typed error for a refused override; without a per-field list from the service, its message as it is. */
export function overrideRefusal(error: Rejected, request: OverrideRequest, plan: PlannedOverride): Failure {
  const placed = (error.problems ?? []).map((p) => place(p, request, plan));
  if (placed.length === 0) return failure(error.kind, error.message);
  const listed = `${placed.map((p) => (p.label ? `${p.label}: ${p.message}` : sentence(p.message))).join('; ')}.`;
  // The service's own top-level words go first; its field text is said once, in the form's terms, after them.
  // Said only when it adds something: a summary that restates a field problem (with its wire path, say
  // "user_references.1.value no user has …") is left to the placed problem, which names the person instead.
  const summary = error.serverSummary;
  const restates = summary !== undefined && (error.problems ?? []).some((p) => summary.includes(p.message));
  const told = summary === undefined || restates ? listed : `${withServiceWords('', summary).trim()} ${listed}`;
  const problems = placed.flatMap((p) => (p.field ? [{ field: p.field, message: sentence(p.message) }] : []));
  const refused = failure(
    error.kind,
    `The service refused the override. ${told}`,
    problems.length > 0 ? problems : undefined,
  );
  return { ...refused, error: { ...refused.error, told } };
}
