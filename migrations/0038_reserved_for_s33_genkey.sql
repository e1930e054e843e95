-- Placeholder: number 0038 belongs to another change of issue 37 (branch s33-genkey,
-- the replica's keys generation first). The migration runner refuses a gap, so
-- this branch carries an empty 0038 to run; drop this file when the two merge.
SELECT 1;
