// Runnable entry: `node --import tsx emulator/main.ts [flags]` (the same as `pos emulator`).
import { runEmulatorCli } from './cli.ts';

process.exitCode = await runEmulatorCli(process.argv.slice(2));
