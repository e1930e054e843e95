// The one usage line of `pos emulator`: printed by the emulator's --help and
// by `pos --help`. Its own file so `pos` can show it without loading the emulator.
export const EMULATOR_COMMAND_LINE =
  'pos emulator [--port N] [--host H] [--products N] [--flaky RATE] [--latency-ms N] [--reset-rate R] [--fail-page products:3]... [--throttle-page products:2]... [--retry-after SECONDS|HTTP-DATE] [--token-ttl-ms N] [--seed N] [--profile full|spec-only|variant]';

export const EMULATOR_USAGE = `usage: ${EMULATOR_COMMAND_LINE}`;
