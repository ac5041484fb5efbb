#!/bin/sh
# Linux desktop services for the Electron smoke tests, run inside `xvfb-run -a dbus-run-session --`: an unlocked
# gnome-keyring (the Secret Service keytar stores the key in) and dunst (the notification daemon notify-send talks
# to), each waited for on the bus (no fixed sleeps), then the command; dunst is stopped afterwards.
# Usage: xvfb-run -a dbus-run-session -- sh scripts/desktop-session.sh npm run test:electron
# Needs the packages .ci/run installs (gnome-keyring, dunst, xvfb, xauth, libnotify-bin, dbus-x11).
set -eu
: "${DISPLAY:?no display: run this under xvfb-run -a}"
: "${DBUS_SESSION_BUS_ADDRESS:?no D-Bus session: run this under dbus-run-session --}"

logs=$(mktemp -d)
# A fresh login keyring with a throwaway password, unlocked for this session only.
printf '%s' "${KEYRING_PASSWORD:-oncall-ci}" | gnome-keyring-daemon --unlock --components=secrets >"$logs/keyring.log" 2>&1
dunst -config /dev/null >"$logs/dunst.log" 2>&1 &
dunst=$!

has_owner() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null | grep -q 'boolean true'
}
tries=0
until has_owner org.freedesktop.secrets && has_owner org.freedesktop.Notifications; do
  tries=$((tries + 1))
  if [ "$tries" -gt 200 ]; then
    echo "desktop-session: gnome-keyring or dunst did not come up on the session bus" >&2
    cat "$logs/keyring.log" "$logs/dunst.log" >&2
    exit 3
  fi
  sleep 0.05
done

status=0
"$@" || status=$?
kill "$dunst" 2>/dev/null || true
rm -rf "$logs"
exit "$status"
