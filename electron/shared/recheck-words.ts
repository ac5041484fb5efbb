// Words of "Check again" that both sides say: main for a checked window (core/actions/override-recheck.ts), the
// override form when nothing was previewed and there is no window to look for. One sentence, one place.
export const CANNOT_TELL_TEXT = 'The schedule cannot tell from here. Check it on the service before creating it again.';
