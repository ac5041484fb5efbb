// Two services for the accounts tests: each a seed whose key belongs to its first person, rotating two people of its
// own daily on THE SAME schedule id (sch_primary), so only the account tells the schedules apart.
import { baseSeed } from '../simulator/helpers';

/** A service whose key belongs to `first`, rotating `first` and `second` daily on sch_primary. */
export function serviceSeed(key: string, people: [string, string]) {
  const seed = baseSeed();
  const [first, second] = people;
  const person = (id: string) => ({
    id: `usr_${id}`,
    name: `${id[0]!.toUpperCase()}${id.slice(1)} Person`,
    email: `${id}@example.com`,
    time_zone: 'Europe/Berlin',
    role: 'standard',
    seat: 'member',
    chat_id: `U_${id}`,
  });
  seed.api_keys = [{ key, user_id: `usr_${first}` }];
  seed.users = [person(first), person(second)];
  const layer = seed.schedules[0]!.layers[0]!;
  layer.user_ids = [`usr_${first}`, `usr_${second}`];
  layer.shift_length = { amount: 1, unit: 'days' };
  return seed;
}
