#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine with Node 20:
# the npm packages (exactly as locked) and Debian's Chromium for the
# end-to-end tests (Playwright's own browser download is not used).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests…"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-core fonts-noto-color-emoji >/dev/null
fi
npm ci
