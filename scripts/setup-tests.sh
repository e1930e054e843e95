#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine with Node 20:
# the npm packages (exactly as locked) and the Debian packages below
# (Playwright's own browser download is not used).
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian packages the tests need, installed only when missing: chromium for the
# end-to-end tests; libxml2-utils (xmllint --c14n11) and openssl check the
# ZATCA canonical form, hash, stamp and CSR independently of Till's code.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-noto-core fonts-noto-color-emoji)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages for the tests: ${missing[*]}…"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
npm ci
