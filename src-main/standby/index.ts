export { ChangeApplier, type JournalChange } from './apply-changes.ts';
export { dropJournalTriggers, installJournal, journalInstalled, journaledTables, type JournaledTable } from './journal-triggers.ts';
export { journalOldest, journalSince, pruneJournal } from './journal.ts';
export { ensureStandbyTables, journalHead, readStandbyState, writeStandbyState, type StandbyRole, type StandbyState } from './standby-state.ts';
