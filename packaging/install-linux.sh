#!/bin/sh
# Put Tavolo in the desktop's menu for the current user (no root needed):
#   the executable  -> ~/.local/bin/tavolo
#   the menu entry  -> ~/.local/share/applications/tavolo.desktop (Exec= the absolute path, so
#                      it works even when ~/.local/bin is not on the desktop session's PATH)
#   the icon        -> ~/.local/share/icons/hicolor/NxN/apps/tavolo.png, every size we draw
#
#   packaging/install-linux.sh [EXECUTABLE]     # default: dist/tavolo, from `python build/make_exe.py`
#   packaging/install-linux.sh --uninstall
#
# XDG_DATA_HOME and XDG_BIN_HOME are honoured when set.  Only files named tavolo are touched;
# the player's settings and saves (in ~/.config/tavolo, ~/.local/share/tavolo) are left alone.
# The desktop's own indexes (applications/mimeinfo.cache, written by update-desktop-database,
# and hicolor/icon-theme.cache) list every application and are the desktop's: left alone too.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=${XDG_BIN_HOME:-$HOME/.local/bin}
apps=$data/applications
icons=$data/icons/hicolor
sizes="16 24 32 48 64 128 256 512"

refresh() {
    # Menus pick up the change without a new login.  The icon folder's new mtime makes GTK
    # rescan it; no icon-theme.cache is written there on purpose, since a stale user cache
    # hides every icon installed after it.
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$apps" 2>/dev/null || true
    fi
    if [ -d "$icons" ]; then touch "$icons"; fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$bin/tavolo" "$apps/tavolo.desktop"
    for n in $sizes; do rm -f "$icons/${n}x${n}/apps/tavolo.png"; done
    refresh
    echo "Tavolo removed from $bin, $apps and $icons"
    exit 0
fi

exe=${1:-$root/dist/tavolo}
if [ ! -f "$exe" ]; then
    echo "no executable at $exe: build it with 'python build/make_exe.py' or pass its path" >&2
    exit 2
fi

mkdir -p "$bin" "$apps"
install -m 755 "$exe" "$bin/tavolo"
for n in $sizes; do
    install -D -m 644 "$root/assets/icon/tavolo-$n.png" "$icons/${n}x${n}/apps/tavolo.png"
done
sed "s|^Exec=.*|Exec=\"$bin/tavolo\"|" "$here/tavolo.desktop" > "$apps/tavolo.desktop"
chmod 644 "$apps/tavolo.desktop"
refresh
echo "Tavolo installed: $bin/tavolo, $apps/tavolo.desktop, icons in $icons"
