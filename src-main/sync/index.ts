export { pullCatalog, writeListToReplica, CatalogChangedError, type PullOptions, type PullProgress, type PullSummary } from './pull-catalog.ts';
export { readReplicaMeta, type LastPull, type ReplicaMeta } from './replica-meta.ts';
export { REPLICA_TABLES, type ReplicaTable } from './replica-tables.ts';
