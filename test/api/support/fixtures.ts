// Wire-format sample resources (spec section 2) and a client factory that never really sleeps.
import { createClient, type CreateClientOptions } from '../../../electron/api/client';
import type { OncallClient } from '../../../electron/api/client-types';

export const API_KEY = 'ocs_TEST_KEY_7f3a9c_do_not_leak';

export const user = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `usr_${n}`,
  name: `User ${n}`,
  email: `user${n}@example.com`,
  time_zone: 'Europe/Berlin',
  role: 'standard',
  seat: 'member',
  chat_id: `U0${n}`,
  ...extra,
});

export const shift = (startIso: string, endIso: string, users = [user(1)]) => ({ users, start: startIso, end: endIso });

export const schedule = () => ({
  name: 'Platform primary',
  description: '',
  time_zone: 'Europe/Berlin',
  layers: [
    {
      name: 'Weekly',
      rotation_start: '2026-03-02T08:00:00Z',
      concurrent_oncall_users: 1,
      users: [user(1), user(2)],
      shift_length: { amount: 1, unit: 'weeks' },
      restriction_intervals: [],
    },
  ],
  current_revision: 3,
  current_revision_valid_from: '2026-03-01T00:00:00Z',
  current_oncall_shift: shift('2026-03-02T08:00:00Z', '2026-03-09T08:00:00Z'),
  next_oncall_shift: shift('2026-03-09T08:00:00Z', '2026-03-16T08:00:00Z', [user(2)]),
  users: [user(1), user(2)],
  teams: [{ id: 'tea_platform', name: 'Platform', description: 'Core platform' }],
});

export const override = () => ({
  id: 'ovr_1',
  start: '2026-03-03T10:00:00Z',
  end: '2026-03-03T12:00:00Z',
  users: [user(2)],
});

export const coverageRequest = (n: number) => ({
  id: `cov_${n}`,
  user: user(2),
  reason: 'Dentist',
  status: 'pending',
  shifts: [
    {
      start: '2026-03-04T08:00:00Z',
      end: '2026-03-04T16:00:00Z',
      schedule_reference: { id: 'sch_primary', name: 'Platform primary' },
    },
  ],
});

export const meta = (total: number, page: number, perPage: number) => ({ total, page, per_page: perPage });

export interface TestClient {
  client: OncallClient;
  /** Every backoff the client asked to wait, in ms (nothing is really waited for). */
  sleeps: number[];
}

export function testClient(baseUrl: string, options: Partial<CreateClientOptions> = {}): TestClient {
  const sleeps: number[] = [];
  const client = createClient({
    baseUrl,
    getApiKey: () => API_KEY,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { client, sleeps };
}
