// Where Settings opens when a fix opened it (issue 49: a fix lands where the problem is, never at the top where the
// shared reminders may read on while the schedule's own choice is off). The places are the ones
// electron/shared/readiness-fix.ts names: Phone; a service's schedule's reminder choice; a service's mute and pause;
// the global shortcut another app holds (its field and the error under it); a service's "My e-mail" (it names no one
// on that service's schedules, or the service lists me under another); a watched schedule the service doesn't have
// (its row's "Stop watching").
// Only Settings (the forms chunk) loads it.

/** The first element under `root` whose `data-<key>` is `value` (compared, never put into a selector). */
function marked(root: ParentNode, key: string, value: string | undefined): HTMLElement | undefined {
  const all = root.querySelectorAll<HTMLElement>(`[data-${key}]`);
  return [...all].find((e) => e.getAttribute(`data-${key}`) === value);
}

/** The schedule's reminder choice ("its own choice", its own set below it) when it has one; else the shared
 *  reminders it follows, whose first field is what to change. */
function reminderChoice(root: ParentNode, account?: string, schedule?: string): HTMLElement | null | undefined {
  const list = marked(root, 'reminders-of', account);
  const row = list ? marked(list, 'schedule', schedule) : undefined;
  if (row?.dataset.own === 'true') return row.querySelector('input');
  return root.querySelector<HTMLElement>('[data-fix="reminders"] input');
}

/** A service's mute (when muted) or its pause's Resume (when paused). */
function silenceChoice(root: ParentNode, account?: string): HTMLElement | null | undefined {
  const box = marked(root, 'silence-of', account);
  const mute = box?.querySelector('input');
  return mute?.checked === false ? (box?.querySelector('button') ?? mute) : mute;
}

/** The service's "My e-mail" field: `my-email-<account>` with several services, `my-email` with one. */
function emailField(root: ParentNode, account?: string): HTMLElement | undefined {
  const all = [...root.querySelectorAll<HTMLElement>('input[id^="my-email"]')];
  return all.find((e) => e.id === `my-email-${account}`) ?? all.find((e) => e.id === 'my-email');
}

/** Svelte action on Settings' page: once mounted, what `params` names is scrolled into view (clear of the Save bar:
 *  see keepFocusClearOf) and focused, so the keyboard starts there. Nothing named: the page's own first field. */
export function landAt(node: HTMLElement, params: Record<string, string>): void {
  const { section, account, schedule } = params;
  if (section === 'phone') {
    const form = node.querySelector<HTMLElement>('[data-testid="phone-settings"]');
    form?.scrollIntoView({ block: 'start' });
    return form?.focus({ preventScroll: true });
  }
  const target =
    section === 'shortcut' || section === 'login'
      ? node.querySelector<HTMLElement>(`[data-fix="${section}"] input`)
      : section === 'email'
        ? emailField(node, account)
        : section === 'reminders'
          ? reminderChoice(node, account, schedule)
          : section === 'silence'
            ? silenceChoice(node, account)
            : section === 'schedules'
              ? // Its Remove ("Stop watching <name>") in its service's editor (AccountItem's), or the one service's.
                marked(document.getElementById(`account-${account}-fields`) ?? node, 'unwatch', schedule)
              : undefined;
  // Centred: a schedule's row keeps its own choices below it on screen with it, and the shortcut's field keeps room
  // under it for its "could not be registered", which comes a moment later (asked of main).
  const box = target?.closest('[data-schedule]') ?? target?.closest('[data-fix="shortcut"]') ?? target;
  box?.scrollIntoView({ block: 'center' });
  target?.focus({ preventScroll: true });
}
