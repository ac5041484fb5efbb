// Command line of `npm run status`. Parsed with node:util, then checked with zod like every other edge.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { unusableBaseUrlMessage } from '../api/base-url';
import { AccountIdSchema } from '../shared/settings';

export const USAGE = `Usage: npm run status -- [options]

Prints who is on call now and next on your watched schedules, your next shift and coverage requests.

Options:
  --demo                 use the embedded simulator with the demo data (no key needed)
  --json                 print the state as JSON
  --summary              print the hand-off text for chat (who is on call, until when, who follows; my next block)
  --ics                  print my on-call blocks as an iCalendar file (redirect it: > on-call.ics)
  --days N               with --ics: days ahead, 1 to 366 (default 90)
  --ack                  acknowledge the shift-start alarm that is ringing (or snoozed) now, as "I'm on it"
  --base-url URL         service address (overrides the settings)
  --schedule ID          watch this schedule (repeatable; overrides the settings)
  --email ADDRESS        your e-mail (overrides the settings)
  --account ID           only this account (its id in Settings → Accounts; default: every account)
  --data-dir DIR         app data folder (default: the one the app uses)
  -h, --help             show this help

Environment:
  ONCALL_API_KEY         API key to use instead of the one in the system keychain (one account)
  ONCALL_API_KEY_<ID>    with several accounts: the key of account <ID> (its id upper-cased, other
                         characters as _), e.g. ONCALL_API_KEY_WORK

Exit codes: 0 ok (every source fresh), 2 bad arguments (including an unusable --base-url), 3 no key or not set up
(or the stored service address is unusable), 4 key rejected or any source (a schedule or the coverage
requests) of any account could not be refreshed (the text and --json name the account).`;

export const StatusArgsSchema = z
  .object({
    demo: z.boolean(),
    json: z.boolean(),
    help: z.boolean(),
    // Checked here, before anything runs: an unusable address must fail loudly, not fetch nothing and say "ok".
    baseUrl: z
      .string()
      .min(1)
      .superRefine((raw, ctx) => {
        const problem = unusableBaseUrlMessage(raw);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    schedules: z.array(z.string().regex(/^sch_[A-Za-z0-9_-]+$/, 'must look like sch_…')),
    email: z.email({ message: 'must be an e-mail address' }).optional(),
    dataDir: z.string().min(1).optional(),
    account: AccountIdSchema.optional(),
    summary: z.boolean(),
    ics: z.boolean(),
    ack: z.boolean().default(false),
    days: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of days')
      .transform(Number)
      .pipe(z.number().int().min(1).max(366, 'must be at most 366'))
      .optional(),
  })
  .superRefine((a, ctx) => {
    if ([a.json, a.summary, a.ics].filter(Boolean).length > 1)
      ctx.addIssue({ code: 'custom', path: ['ics'], message: 'choose one of --json, --summary, --ics' });
    if (a.days !== undefined && !a.ics)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'only goes with --ics' });
  });
export type StatusArgs = z.infer<typeof StatusArgsSchema>;

const FLAG_OF: Record<string, string> = { baseUrl: 'base-url', schedules: 'schedule', dataDir: 'data-dir' };

export type ParsedArgs = { ok: true; args: StatusArgs } | { ok: false; message: string };

export function parseStatusArgs(argv: readonly string[]): ParsedArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      allowPositionals: false,
      options: {
        demo: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        'base-url': { type: 'string' },
        schedule: { type: 'string', multiple: true, default: [] },
        email: { type: 'string' },
        'data-dir': { type: 'string' },
        account: { type: 'string' },
        summary: { type: 'boolean', default: false },
        ics: { type: 'boolean', default: false },
        days: { type: 'string' },
        ack: { type: 'boolean', default: false },
      },
    }));
  } catch (cause) {
    return { ok: false, message: cause instanceof Error ? cause.message : 'bad arguments' };
  }
  const parsed = StatusArgsSchema.safeParse({
    demo: values.demo,
    json: values.json,
    help: values.help,
    baseUrl: values['base-url'],
    schedules: values.schedule,
    email: values.email,
    dataDir: values['data-dir'],
    account: values.account,
    summary: values.summary,
    ics: values.ics,
    days: values.days,
    ack: values.ack,
  });
  if (!parsed.success) {
    const flag = (key: PropertyKey | undefined): string => FLAG_OF[String(key)] ?? String(key);
    return { ok: false, message: parsed.error.issues.map((i) => `--${flag(i.path[0])}: ${i.message}`).join('; ') };
  }
  return { ok: true, args: parsed.data };
}
