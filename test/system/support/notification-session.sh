#!/bin/sh
# Runs inside `xvfb-run -a dbus-run-session --`: starts a bus monitor and dunst, waits until both are really there
# (no fixed sleeps), runs the reminder script, then waits for its Notify call to be logged. $1 = output directory.
set -eu
out="$1"; shift
dbus-monitor --session "type='method_call',interface='org.freedesktop.Notifications',member='Notify'" >"$out/monitor.txt" 2>"$out/monitor.err" &
monitor=$!
dunst -config /dev/null >"$out/dunst.log" 2>&1 &
dunst=$!
has_owner() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null | grep -q 'boolean true'
}
tries=0
until has_owner org.freedesktop.Notifications && [ -s "$out/monitor.txt" ]; do
  tries=$((tries + 1)); [ "$tries" -gt 200 ] && { echo "dunst or dbus-monitor did not come up" >&2; exit 3; }
  sleep 0.05
done
"$@" >"$out/script.out"
tries=0
until grep -q 'member=Notify' "$out/monitor.txt"; do
  tries=$((tries + 1)); [ "$tries" -gt 100 ] && break
  sleep 0.05
done
kill "$monitor" "$dunst" 2>/dev/null || true
