#!/bin/sh
# Runs inside `xvfb-run -a dbus-run-session --`: asks the readiness check with dunst running, then with dunst paused
# (`dunstctl set-paused true`), printing one RESULT line each. $@ = the command that asks. (Before dunst runs, D-Bus
# would start it on the first call, as on a real desktop: "no server" is proven in test/adapters instead.)
set -eu
dunst -config /dev/null >/dev/null 2>&1 &
dunst=$!
tries=0
until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q 'boolean true'; do
  tries=$((tries + 1)); [ "$tries" -gt 200 ] && { echo "dunst did not come up" >&2; exit 3; }
  sleep 0.05
done
"$@" running
dunstctl set-paused true
"$@" paused
kill "$dunst" 2>/dev/null || true
